import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SettingsLayout } from './pages.tsx'

describe('SettingsLayout', () => {
  it('keeps each tab one word on a 390 px phone: the tabs scroll sideways instead of shrinking ("Use rs", "Equipm ent")', () => {
    render(
      <MemoryRouter initialEntries={['/secure/settings/users']}>
        <SettingsLayout />
      </MemoryRouter>,
    )
    const nav = screen.getByRole('navigation', { name: 'Settings' })
    for (const item of within(nav).getAllByRole('listitem')) expect(item.className).toContain('shrink-0')
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.className).toContain('whitespace-nowrap')
      expect(link.className).toContain('min-h-11')
    }
    expect(within(nav).getByRole('list').className).toContain('overflow-x-auto')
  })
})
