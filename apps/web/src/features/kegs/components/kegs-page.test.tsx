import type { Keg, KegBoard, KegDetail, KegEvent, KegPackageRun, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { KegPage } from './keg-page.tsx'
import { KegsPage } from './kegs-page.tsx'
import { ScanPage } from './scan-page.tsx'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const KEG = '22222222-2222-4222-8222-222222222222'
const CUSTOMER = '33333333-3333-4333-8333-333333333333'
const RUN = '44444444-4444-4444-8444-444444444444'
const BATCH = '55555555-5555-4555-8555-555555555555'

const keg: Keg = {
  id: KEG,
  assetNumber: 'K-0001',
  size: '1/6 BBL',
  owner: 'ours',
  ownerName: '',
  purchasedOn: null,
  costCents: 12000,
  status: 'at-customer',
  since: '2026-09-01T12:00:00.000Z',
  customerId: CUSTOMER,
  customerName: 'Oak Bar',
  fill: { batchId: BATCH, batchNumber: '2026-004', productName: 'Hazy IPA', packageRunId: RUN },
  daysOut: 87,
}
const board: KegBoard = {
  daysOutLimit: 60,
  atBrewery: {
    clean: 3,
    dirty: 1,
    damaged: 0,
    full: [{ productName: 'Hazy IPA', batchNumber: '2026-004', count: 2 }],
  },
  atCustomers: 1,
  lost: 0,
  retired: 0,
  overdue: 1,
  customers: [
    {
      customerId: CUSTOMER,
      customerName: 'Oak Bar',
      depositBalanceCents: 3000,
      kegs: [
        {
          kegId: KEG,
          assetNumber: 'K-0001',
          size: '1/6 BBL',
          since: '2026-09-01T12:00:00.000Z',
          daysOut: 87,
          isOverdue: true,
          batchNumber: '2026-004',
          productName: 'Hazy IPA',
        },
      ],
    },
  ],
}
const run: KegPackageRun = {
  id: RUN,
  batchId: BATCH,
  batchNumber: '2026-004',
  productName: 'Hazy IPA',
  packageType: '1/6 BBL Keg',
  size: '1/6 BBL',
  units: 4,
  filled: 1,
  occurredAt: '2026-08-30T12:00:00.000Z',
}

const event = (kind: KegEvent['kind'], extra: Partial<KegEvent>): KegEvent => ({
  id: crypto.randomUUID(),
  kegId: KEG,
  assetNumber: 'K-0001',
  kind,
  occurredAt: '2026-11-20T12:00:00.000Z',
  recordedBy: null,
  batchId: null,
  batchNumber: null,
  productName: null,
  customerId: null,
  customerName: null,
  orderId: null,
  orderNumber: null,
  depositCents: 0,
  writeOffCents: 0,
  chargedCents: 0,
  status: 'dirty',
  creditNoteNumber: null,
  lossBarrels: null,
  ...extra,
})
const detail: KegDetail = {
  keg: { ...keg, status: 'damaged', customerId: null, customerName: null, fill: null, daysOut: null },
  events: [
    event('damaged', { status: 'damaged', lossBarrels: 0.16667 }),
    event('returned', { customerName: 'Oak Bar', depositCents: -3000, creditNoteNumber: 'CN-00001' }),
  ],
}

type Call = { method: string; url: string; body: unknown }
const calls: Call[] = []
let scanAnswer: { status: number; body: unknown }

beforeEach(() => {
  calls.length = 0
  scanAnswer = { status: 201, body: { data: {} } }
  const answers: Record<string, unknown> = {
    '/api/kegs': [keg],
    '/api/kegs/board': board,
    '/api/kegs/package-runs': [run],
    '/api/kegs/orders': [],
    [`/api/kegs/${KEG}`]: detail,
    [`/api/kegs/${KEG}/trace`]: { assetNumber: 'K-0001', fills: [] },
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: init.body ? (JSON.parse(init.body as string) as unknown) : undefined,
      }
      calls.push(call)
      const path = url.split('?')[0]
      if (call.method === 'POST' && path === '/api/kegs/scans')
        return Promise.resolve(
          new Response(JSON.stringify(scanAnswer.body), {
            status: scanAnswer.status,
            headers: { 'content-type': 'application/json' },
          }),
        )
      const data = answers[path]
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
  localStorage.clear()
})

function renderAt(path: string, role: Role = 'Manager') {
  const appState: AppStateValue = {
    isLoaded: true,
    data: {
      user: { id: 'me', givenName: 'Ada', familyName: 'Test', email: 'ada@example.com', emailVerified: true },
      entities: [],
    },
    currentEntity: { entityId: ENTITY, role, products: [], packagingTypes: [] },
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
              <MemoryRouter initialEntries={[path]}>
                <Routes>
                  <Route path="/secure/inventory/kegs" element={<KegsPage />} />
                  <Route path="/secure/inventory/kegs/scan" element={<ScanPage />} />
                  <Route path="/secure/inventory/kegs/:kegId" element={<KegPage />} />
                </Routes>
              </MemoryRouter>
            </QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

describe('KegsPage', () => {
  it('shows where the kegs are, each customer with days out and the overdue flag, and the register', async () => {
    renderAt('/secure/inventory/kegs')
    const where = await screen.findByRole('region', { name: 'Where the kegs are' })
    expect(within(where).getByText('Clean').nextSibling).toHaveTextContent('3')
    expect(within(where).getByText('Hazy IPA (2026-004): 2 full')).toBeInTheDocument()
    const customers = screen.getByRole('region', { name: 'At customers' })
    expect(within(customers).getByText(/Oak Bar: 1 keg/)).toHaveTextContent('deposits held $30.00')
    expect(within(customers).getByText('87 days out')).toBeInTheDocument()
    expect(within(customers).getByText('Over 60 days')).toBeInTheDocument()
    const register = await screen.findByRole('region', { name: 'Register' })
    expect(within(register).getByRole('row', { name: /K-0001/ })).toHaveTextContent('At Oak Bar')
    expect(screen.getByRole('button', { name: 'Add Kegs' })).toBeInTheDocument()
  })

  it('hides Add Kegs and the deposits from a Brewer', async () => {
    renderAt('/secure/inventory/kegs', 'Brewer')
    await screen.findByRole('region', { name: 'At customers' })
    expect(screen.queryByRole('button', { name: 'Add Kegs' })).toBeNull()
    expect(screen.queryByText(/deposits held/)).toBeNull()
  })
})

describe('ScanPage', () => {
  it('records a typed number filled from the chosen run, queued, then confirmed and counted', async () => {
    const user = userEvent.setup()
    renderAt('/secure/inventory/kegs/scan')
    await screen.findByRole('option', { name: /Hazy IPA 2026-004/ })
    await user.selectOptions(screen.getByLabelText('Package run'), RUN)
    await user.type(screen.getByLabelText('Keg number'), 'k-0002{Enter}')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 keg recorded'))
    const sent = calls.find((c) => c.method === 'POST')
    expect(sent?.url).toBe('/api/kegs/scans')
    expect((sent?.body as { type: string; data: unknown }).data).toEqual({
      kind: 'filled',
      assetNumber: 'K-0002',
      packageRunId: RUN,
    })
    expect(screen.getByLabelText('Keg number')).toHaveValue('')
    expect(screen.getByRole('list', { name: 'Scans' })).toHaveTextContent(
      'K-0002 Filled · Hazy IPA 2026-004 · recorded',
    )
  })

  it('counts every keg of a quick run of scans, each answered while the next is typed', async () => {
    const user = userEvent.setup({ delay: null })
    renderAt('/secure/inventory/kegs/scan')
    await screen.findByRole('option', { name: /Hazy IPA 2026-004/ })
    await user.selectOptions(screen.getByLabelText('Package run'), RUN)
    const number = screen.getByLabelText('Keg number')
    for (const n of ['K-0001', 'K-0002', 'K-0003', 'K-0004', 'K-0005', 'K-0006'])
      await user.type(number, `${n}{Enter}`)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('6 kegs recorded'))
    expect(within(screen.getByRole('list', { name: 'Scans' })).getAllByRole('listitem')).toHaveLength(6)
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(6)
  })

  it('shows a refusal in the server’s words, and asks for the run before a fill', async () => {
    const user = userEvent.setup()
    renderAt('/secure/inventory/kegs/scan')
    await user.type(await screen.findByLabelText('Keg number'), 'K-0001{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Choose the package run the kegs are filled from.')
    scanAnswer = {
      status: 409,
      body: {
        error: {
          code: 'CONFLICT',
          message: 'Keg K-0001 is at Oak Bar (since 1 Sept): it must come back before it is filled.',
        },
      },
    }
    await screen.findByRole('option', { name: /Hazy IPA 2026-004/ })
    await user.selectOptions(screen.getByLabelText('Package run'), RUN)
    await user.click(screen.getByRole('button', { name: 'Record' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Keg K-0001 is at Oak Bar (since 1 Sept): it must come back before it is filled.',
      ),
    )
    expect(screen.getByRole('status')).toHaveTextContent('0 kegs recorded · 1 refused')
  })
})

describe('KegPage', () => {
  it('shows a return’s deposit credited on its credit note, and the beer a full keg lost', async () => {
    renderAt(`/secure/inventory/kegs/${KEG}`)
    const history = await screen.findByRole('region', { name: 'History' })
    const [damaged, returned] = within(history).getAllByRole('listitem')
    // 0.16667 bbl shown to two decimals, as the forms report barrels.
    expect(damaged).toHaveTextContent('0.17 bbl of beer lost (TTB losses)')
    expect(returned).toHaveTextContent('Oak Bar · deposit credited $30.00 on CN-00001')
  })
})
