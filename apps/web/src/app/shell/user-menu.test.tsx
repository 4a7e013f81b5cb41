import type { AppConfig } from '@brewcommand/domain'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { RunTimeConfigContext } from '@/lib/run-time-config.ts'
import { UserMenu } from './user-menu.tsx'

function config(oidc: Partial<AppConfig['oidc']>): AppConfig {
  return {
    publicUrl: 'http://localhost:3000',
    environment: 'test',
    oidc: {
      issuer: 'http://localhost:3000/idp',
      clientId: 'brewcommand-web',
      audience: 'http://localhost:3000/api',
      builtIn: true,
      ...oidc,
    },
    payments: { mode: 'test', publishableKey: null },
    plans: [],
  }
}

async function openMenu(appConfig: AppConfig) {
  const user = userEvent.setup()
  render(
    <RunTimeConfigContext value={appConfig}>
      <MemoryRouter>
        <UserMenu
          user={{ givenName: 'Ada', familyName: 'Lovelace', email: 'ada@example.com' }}
          onSignOut={() => {}}
        />
      </MemoryRouter>
    </RunTimeConfigContext>,
  )
  await user.click(screen.getByRole('button', { name: 'AL, account menu for Ada Lovelace' }))
  // The menu is fetched on first use (components/deferred.tsx).
  await screen.findByRole('menu', {}, { timeout: 15_000 })
}

// The first render loads Radix and lucide, slow on a busy machine.
describe('UserMenu', { timeout: 20_000 }, () => {
  it("links to the built-in provider's Change password page", async () => {
    await openMenu(config({}))
    expect(screen.getByRole('menuitem', { name: 'Change password' })).toHaveAttribute(
      'href',
      'http://localhost:3000/idp/account/password',
    )
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
  })

  it('has no Change password with an external identity provider', async () => {
    await openMenu(config({ issuer: 'https://brewery.eu.auth0.com/', builtIn: false }))
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument()
    expect(screen.queryByRole('menuitem', { name: 'Change password' })).toBeNull()
  })

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
