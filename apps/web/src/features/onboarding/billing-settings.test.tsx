import type { Billing, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { AuthContext } from '@/lib/auth/auth-context.ts'
import { fakeAuth } from '@/testing/fake-auth.tsx'
import { BillingSettings } from './billing-settings.tsx'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function appState(
  role: Role,
  subscription = { plan: 'monthly' as const, status: 'active' as const },
): AppStateValue {
  return {
    isLoaded: true,
    data: {
      user: { id: 'u1', givenName: 'Ada', familyName: 'L', email: 'a@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: 'e1', role, subscription, products: [], packagingTypes: [] },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
}

function renderBilling(role: Role, billing: Billing, navigateTo = vi.fn()) {
  const calls: { url: string; method: string; authorization: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const headers = new Headers(init.headers)
      calls.push({ url, method: init.method ?? 'GET', authorization: headers.get('authorization') })
      if (url === '/api/billing') return Promise.resolve(json(200, { data: billing }))
      if (url === '/api/billing/portal')
        return Promise.resolve(
          portalAnswer ?? json(200, { data: { url: 'https://billing.stripe.com/p/session/test_1' } }),
        )
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } }))
    }),
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState(role)}>
          <MemoryRouter>
            <BillingSettings navigateTo={navigateTo} />
          </MemoryRouter>
        </StaticAppStateProvider>
      </AuthContext>
    </QueryClientProvider>,
  )
  return { calls, navigateTo }
}
let portalAnswer: Response | undefined

afterEach(() => {
  vi.unstubAllGlobals()
  portalAnswer = undefined
})

const STRIPE_ACTIVE: Billing = {
  mode: 'stripe',
  plan: 'annual',
  status: 'active',
  statusChangedAt: '2026-11-20T10:00:00.000Z',
  hasPortal: true,
}

describe('BillingSettings', () => {
  it('shows Stripe’s state and sends the Admin to Stripe’s customer portal', async () => {
    const user = userEvent.setup()
    const { calls, navigateTo } = renderBilling('Admin', STRIPE_ACTIVE)
    expect(await screen.findByText('Essential Annual')).toBeVisible()
    expect(screen.getByText('Stripe')).toBeVisible()
    expect(screen.getByText('Active')).toBeVisible()
    expect(screen.getByText('Nov 20, 2026')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Manage billing in Stripe' }))
    await waitFor(() =>
      expect(navigateTo).toHaveBeenCalledWith('https://billing.stripe.com/p/session/test_1'),
    )
    expect(calls.at(-1)).toEqual({
      url: '/api/billing/portal',
      method: 'POST',
      authorization: 'Bearer access-token',
    })
  })

  it('tells a payment that failed, and shows the server’s message when the portal cannot be opened', async () => {
    portalAnswer = json(503, {
      error: { code: 'UNAVAILABLE', message: 'The payment provider could not be reached. Please try again.' },
    })
    const user = userEvent.setup()
    const { navigateTo } = renderBilling('Admin', { ...STRIPE_ACTIVE, status: 'past_due' })
    expect(await screen.findByText('Past due')).toBeVisible()
    expect(
      screen.getByText('Your last payment failed. Update your card to keep your subscription.'),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Manage billing in Stripe' }))
    expect(
      await screen.findByText('The payment provider could not be reached. Please try again.'),
    ).toBeVisible()
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('offers no portal to a Brewer', async () => {
    renderBilling('Brewer', STRIPE_ACTIVE)
    expect(await screen.findByText('Only an Admin of your brewery can manage billing.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Manage billing in Stripe' })).not.toBeInTheDocument()
  })

  it('shows the built-in test checkout as the payment method, without a portal', async () => {
    renderBilling('Admin', { ...STRIPE_ACTIVE, mode: 'test', plan: 'monthly', hasPortal: false })
    expect(await screen.findByText('Built-in test checkout (no real card is charged)')).toBeVisible()
    expect(screen.getByText('Essential Monthly')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Manage billing in Stripe' })).not.toBeInTheDocument()
  })

  it('offers to subscribe again after a cancellation', async () => {
    renderBilling('Admin', { ...STRIPE_ACTIVE, status: 'canceled' })
    expect(await screen.findByText('Canceled')).toBeVisible()
    expect(screen.getByText('Your subscription has ended.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Subscribe again' })).toHaveAttribute('href', '/plans')
  })
})
