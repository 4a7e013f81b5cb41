import type { Role } from '@brewcommand/domain'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { SettingsLayout } from './pages.tsx'

function renderAs(role: Role) {
  const entity = { entityId: 'e1', role, products: [] } as unknown as BootstrapEntity
  const value: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'u1', givenName: 'Ada', familyName: 'Admin', email: '', emailVerified: true },
      entities: [entity],
    },
    currentEntity: entity,
    currentAccessToken: 'token',
    applyLocal: () => undefined,
    reload: () => Promise.resolve(),
  }
  render(
    <StaticAppStateProvider value={value}>
      <MemoryRouter initialEntries={['/secure/settings/users']}>
        <SettingsLayout />
      </MemoryRouter>
    </StaticAppStateProvider>,
  )
  return screen.getByRole('navigation', { name: 'Settings' })
}

describe('SettingsLayout', () => {
  it('keeps each tab one word on a 390 px phone: the tabs scroll sideways instead of shrinking ("Use rs", "Equipm ent")', () => {
    const nav = renderAs('Admin')
    for (const item of within(nav).getAllByRole('listitem')) expect(item.className).toContain('shrink-0')
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.className).toContain('whitespace-nowrap')
      expect(link.className).toContain('min-h-11')
    }
    expect(within(nav).getByRole('list').className).toContain('overflow-x-auto')
  })

  it('shows the Integrations tab to an Admin only (the server refuses the others)', () => {
    expect(within(renderAs('Admin')).getByRole('link', { name: 'Integrations' })).toHaveAttribute(
      'href',
      '/secure/settings/integrations',
    )
  })

  it.each(['Manager', 'Brewer'] as const)('hides the Integrations tab from a %s', (role) => {
    const nav = renderAs(role)
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).toBeNull()
    expect(within(nav).getByRole('link', { name: 'Webhooks' })).toBeInTheDocument()
  })
})
