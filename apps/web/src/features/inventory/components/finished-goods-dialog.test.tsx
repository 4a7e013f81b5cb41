import type { FinishedGood, ReportPeriodRead, ReturnableRemoval } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { FinishedGoodsDialog } from './stock-dialogs.tsx'

// The finished-goods dialog puts each removal type on the ledger (docs/production.md "Removals on the ledger"):
// a tax-free removal asks its reason, a return is bounded by what its sale sent out less earlier returns, and a
// date in a closed period shows the sentence and offers the prior-period adjustment.

const ENTITY = '11111111-1111-4111-8111-111111111111'
const PACKAGE = '22222222-2222-4222-8222-222222222222'
const SALE = '33333333-3333-4333-8333-333333333333'
const good: FinishedGood = {
  packageId: PACKAGE,
  productId: null,
  productName: 'Pale',
  packageType: '16oz Cans',
  sku: 'P-16',
  upc: '',
  packaged: 500,
  onHand: 380,
  costPerUnitCents: null,
  valueCents: 0,
}
const sale: ReturnableRemoval = {
  liquidEventId: SALE,
  kind: 'sold',
  ttbClass: 'removed-taxpaid',
  batchId: null,
  units: 120,
  returnedUnits: 20,
  returnableUnits: 100,
  customer: 'Corner Bar',
  occurredAt: '2026-02-10T12:00:00.000Z',
}
const q1: ReportPeriodRead = {
  id: 'p1',
  report: '5130.26',
  period: '2026-Q1',
  from: '2026-01-01',
  to: '2026-03-31',
  contentHash: 'x',
  closedBy: null,
  closedAt: '2026-04-02T00:00:00.000Z',
}

let answers: Record<string, unknown>
const posts: unknown[] = []

beforeEach(() => {
  posts.length = 0
  answers = {
    [`/api/inventory/finished-goods/${PACKAGE}/removals`]: [sale],
    '/api/reports/periods': [q1],
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') !== 'GET') posts.push(JSON.parse(init.body as string))
      const data =
        (init.method ?? 'GET') === 'GET' ? answers[url.split('?')[0]] : { movements: [], liquidEventIds: [] }
      return Promise.resolve(
        new Response(JSON.stringify({ data }), {
          status: data === undefined ? 404 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
})

function renderDialog() {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'me', givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: ENTITY, role: 'Manager', products: [], packagingTypes: [] },
    currentAccessToken: 'access-token',
    applyLocal: vi.fn(),
    reload: vi.fn(() => Promise.resolve()),
  }
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider value={appState}>
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            <QueueProvider getAccessToken={() => Promise.resolve('t')}>
              <FinishedGoodsDialog open onOpenChange={vi.fn()} good={good} />
            </QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

describe('the finished-goods dialog', { timeout: 20_000 }, () => {
  it('asks why a tax-free removal leaves without tax', async () => {
    renderDialog()
    await userEvent.selectOptions(screen.getByLabelText('What happened'), 'removed')
    await userEvent.type(screen.getByLabelText('Units'), '24')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(await screen.findByText('Choose why it leaves without tax')).toBeVisible()
    await userEvent.selectOptions(screen.getByLabelText('Why without tax'), 'export')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(screen.queryByText('Choose why it leaves without tax')).toBeNull()
  })

  it('offers the sales that may come back and refuses more than is left of one', async () => {
    renderDialog()
    await userEvent.selectOptions(screen.getByLabelText('What happened'), 'returned')
    const option = await screen.findByRole('option', { name: /Corner Bar · 100 of 120 may come back/ })
    await userEvent.selectOptions(screen.getByLabelText('Returned from'), option)
    await userEvent.type(screen.getByLabelText('Units'), '101')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(
      await screen.findByText(
        'That sale sent out 120 and 20 came back already; at most 100 can be returned.',
      ),
    ).toBeVisible()
  })

  it('names a closed period and books it as a prior-period adjustment once confirmed', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true)
    renderDialog()
    await userEvent.type(screen.getByLabelText('Units'), '2')
    await userEvent.type(screen.getByLabelText('When'), '2026-03-14T10:00')
    expect(
      await screen.findByText('2026-03-14 is in 2026-Q1 (TTB F 5130.26), which is closed.'),
    ).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(screen.getAllByText('2026-03-14 is in 2026-Q1 (TTB F 5130.26), which is closed.')).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Book as a prior-period adjustment' }))
    expect(screen.getByText(/booked in the open period as a prior-period adjustment/)).toBeVisible()
  })
})
