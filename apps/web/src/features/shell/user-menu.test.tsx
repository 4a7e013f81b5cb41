import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { UserMenu } from './user-menu.tsx'

describe('UserMenu', () => {
  it('names the avatar button by the initials it shows, then whose menu it is (WCAG 2.5.3)', () => {
    render(
      <MemoryRouter>
        <UserMenu user={{ givenName: 'Ada', familyName: 'Lovelace', picture: null }} onSignOut={() => {}} />
      </MemoryRouter>,
    )
    const button = screen.getByRole('button', { name: 'AL, account menu for Ada Lovelace' })
    expect(button).toHaveTextContent('AL')
  })

  it('falls back to the e-mail address when there are no names', () => {
    render(
      <MemoryRouter>
        <UserMenu user={{ email: 'brewer@example.com' }} onSignOut={() => {}} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('button', { name: 'B, account menu for brewer@example.com' })).toHaveTextContent(
      'B',
    )
  })
})
