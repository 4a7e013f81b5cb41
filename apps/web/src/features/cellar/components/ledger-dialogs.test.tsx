import type { TankCard } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { BulkRemovalDialog } from './bulk-removal-dialog.tsx'
import { MovementDialog } from './cellar-dialogs.tsx'

// The cellar's ledger dialogs: a sample names its purpose (lab: without tax; tasting: consumed on premises), and a
// bulk removal is taxpaid or names why it leaves without tax, never more than the tank holds.

const card: TankCard = {
  vessel: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'BT1',
    kind: 'brite-tank',
    state: 'in-use',
    capacityBbl: 15,
    workingCapacityBbl: 15,
  },
  contentsBbl: 6,
  batch: null,
  latest: null,
  trend: [],
  attenuation: null,
  lastCleanedAt: null,
  lastSanitisedAt: null,
  openAlerts: 0,
  devices: [],
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify({ data: url.includes('/api/reports/periods') ? [] : {} }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

function renderWith(children: ReactNode) {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'me', givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: {
      entityId: '22222222-2222-4222-8222-222222222222',
      role: 'Manager',
      products: [],
      packagingTypes: [],
    },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            <QueueProvider getAccessToken={() => Promise.resolve('t')}>{children}</QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

describe('the cellar’s ledger dialogs', { timeout: 20_000 }, () => {
  it('asks what a sample is for before recording it', async () => {
    const onOpenChange = vi.fn()
    renderWith(
      <MovementDialog
        kind="sampled"
        card={card}
        board={[card]}
        settings={undefined}
        open
        onOpenChange={onOpenChange}
      />,
    )
    await userEvent.type(screen.getByLabelText('Volume'), '0.01')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Choose what the sample is for: lab or tasting')).toBeVisible()
    await userEvent.selectOptions(screen.getByLabelText('What the sample is for'), 'lab')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('removes a tank in bulk: more than it holds is refused, a tax-free reason is a choice', async () => {
    const onOpenChange = vi.fn()
    renderWith(<BulkRemovalDialog card={card} open onOpenChange={onOpenChange} />)
    await userEvent.type(screen.getByLabelText('Volume'), '7')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('BT1 holds 6.00 bbl')).toBeVisible()
    await userEvent.clear(screen.getByLabelText('Volume'))
    await userEvent.type(screen.getByLabelText('Volume'), '3')
    await userEvent.selectOptions(screen.getByLabelText('Tax'), 'export')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })
})
