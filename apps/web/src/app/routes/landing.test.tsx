import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { LandingPage } from './landing.tsx'

describe('the landing page', () => {
  it('says what brew day to back office has now, not that it is "on the way"', () => {
    render(
      <FakeAuthProvider value={fakeAuth()}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </FakeAuthProvider>,
    )
    const card = screen.getByText('Brew day to back office').parentElement!
    expect(card.textContent).not.toMatch(/on the way/)
    expect(card.textContent).toMatch(/timers and alarms/)
  })
})
