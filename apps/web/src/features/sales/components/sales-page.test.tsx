import type { Availability, Customer, Invoice, Order, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { SalesPage } from './sales-page.tsx'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const KEG = '22222222-2222-4222-8222-222222222222'
const CUSTOMER = '33333333-3333-4333-8333-333333333333'
const ORDER = '44444444-4444-4444-8444-444444444444'
const INVOICE = '55555555-5555-4555-8555-555555555555'
const LINE = '66666666-6666-4666-8666-666666666666'

const availability: Availability[] = [
  {
    packageId: KEG,
    productName: 'Hazy IPA',
    packageType: '1/6 BBL Keg',
    packageTypeId: 'keg',
    sku: 'HZ-K6',
    upc: '',
    onHand: 10,
    reserved: 2,
    available: 8,
  },
]
const order = (extra: Partial<Order> = {}): Order => ({
  id: ORDER,
  number: 'SO-00001',
  customerId: CUSTOMER,
  customerName: 'The Tap House',
  status: 'confirmed',
  requestedDeliveryOn: '2026-12-01',
  deliveryAddress: { line1: '', line2: '', city: '', state: '', zip: '', country: '' },
  notes: '',
  lines: [
    {
      id: LINE,
      packageId: KEG,
      productName: 'Hazy IPA',
      packageType: '1/6 BBL Keg',
      sku: 'HZ-K6',
      upc: '',
      quantity: 2,
      unitPriceCents: 8999,
      depositCents: 6000,
      subtotalCents: 17998,
      taxCents: 1485,
      lots: [{ batchId: null, batchNumber: '2026-007', units: 2 }],
    },
  ],
  subtotalCents: 17998,
  depositCents: 6000,
  taxCents: 1485,
  totalCents: 25483,
  confirmedAt: '2026-11-27T00:00:00.000Z',
  pickedAt: null,
  dispatchedAt: null,
  deliveredAt: null,
  cancelledAt: null,
  invoiceId: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  ...extra,
})
const invoice: Invoice = {
  id: INVOICE,
  number: 'INV-00001',
  sequence: 1,
  orderId: ORDER,
  customerId: CUSTOMER,
  customerName: 'The Tap House',
  status: 'part-paid',
  issuedOn: '2026-11-27',
  dueOn: '2026-12-27',
  paymentTerms: 'net-30',
  lines: [
    {
      id: LINE,
      productName: 'Hazy IPA',
      packageType: '1/6 BBL Keg',
      sku: 'HZ-K6',
      upc: '',
      batchNumber: '2026-007',
      quantity: 2,
      unitPriceCents: 8999,
      depositCents: 6000,
      subtotalCents: 17998,
      taxCents: 1485,
    },
  ],
  subtotalCents: 17998,
  depositCents: 6000,
  taxCents: 1485,
  totalCents: 25483,
  creditedCents: 0,
  creditNotes: [],
  paidCents: 10000,
  balanceCents: 15483,
  payments: [],
  voidedAt: null,
  voidReason: '',
}
const customer: Customer = {
  id: CUSTOMER,
  name: 'The Tap House',
  kind: 'bar',
  licenceNumber: '',
  licenceExpiresOn: null,
  billingAddress: { line1: '', line2: '', city: '', state: '', zip: '', country: '' },
  deliveryAddress: { line1: '', line2: '', city: '', state: '', zip: '', country: '' },
  contacts: [],
  paymentTerms: 'net-30',
  taxExempt: false,
  taxExemptReason: '',
  priceListId: null,
  notes: '',
  invoiceAtDispatch: true,
  balanceCents: 15483,
  createdAt: '2026-11-27T00:00:00.000Z',
}

type Call = { method: string; url: string; body: unknown }
let answers: Record<string, unknown>
const calls: Call[] = []

beforeEach(() => {
  calls.length = 0
  answers = {
    '/api/sales/availability': availability,
    '/api/sales/orders': [order()],
    '/api/sales/customers': [customer],
    '/api/sales/invoices': [invoice],
    '/api/sales/aging': {
      asOf: '2026-11-27',
      rows: [],
      total: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, totalCents: 0 },
    },
    '/api/sales/price-lists': [],
    '/api/sales/settings': {
      taxRateBasisPoints: 825,
      invoicePrefix: 'INV-',
      deposits: [],
      nextInvoiceNumber: 2,
    },
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
      const data = call.method === 'GET' ? answers[path] : path.endsWith('/preview') ? answers[path] : {}
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

function renderPage(role: Role = 'Manager', path = '/secure/sales') {
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
                  <Route path="/secure/sales" element={<SalesPage />} />
                  <Route path="/secure/sales/:section" element={<SalesPage />} />
                </Routes>
              </MemoryRouter>
            </QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}
const posted = (suffix: string) => calls.find((c) => c.method === 'POST' && c.url.endsWith(suffix))

describe('the Sales page', { timeout: 20_000 }, () => {
  it('shows available to promise per SKU and the order with its lots and totals to a Manager', async () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Sales' })).toBeVisible()
    const table = await screen.findByRole('table', { name: 'Available to promise' })
    const row = within(table).getByRole('row', { name: /Hazy IPA 1\/6 BBL Keg/ })
    expect(row).toHaveTextContent('10')
    expect(row).toHaveTextContent('8')
    const orders = await screen.findByRole('list', { name: 'Orders' })
    expect(orders).toHaveTextContent('2 × Hazy IPA 1/6 BBL Keg at $89.99 · batch 2026-007 (2)')
    expect(orders).toHaveTextContent('Total $254.83')
    expect(screen.getByRole('link', { name: 'Customers' })).toBeVisible()
  })

  it('shows a Brewer the order without money, no selling, and queues Pick', async () => {
    answers['/api/sales/orders'] = [
      order({
        lines: order().lines.map((l) => ({
          ...l,
          unitPriceCents: null,
          depositCents: null,
          subtotalCents: null,
          taxCents: null,
        })),
        subtotalCents: null,
        depositCents: null,
        taxCents: null,
        totalCents: null,
      }),
    ]
    renderPage('Brewer')
    const orders = await screen.findByRole('list', { name: 'Orders' })
    expect(orders).not.toHaveTextContent('$')
    expect(screen.queryByRole('button', { name: 'New Order' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Customers' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Cancel Order/ })).toBeNull()
    await userEvent.click(within(orders).getByRole('button', { name: 'Pick SO-00001' }))
    await waitFor(() => expect(posted(`/api/sales/orders/${ORDER}/pick`)).toBeDefined())
  })

  it('queues Dispatch of a picked order', async () => {
    answers['/api/sales/orders'] = [order({ status: 'picked' })]
    renderPage('Brewer')
    const orders = await screen.findByRole('list', { name: 'Orders' })
    await userEvent.click(within(orders).getByRole('button', { name: 'Dispatch SO-00001' }))
    await waitFor(() => expect(posted(`/api/sales/orders/${ORDER}/dispatch`)).toBeDefined())
  })

  it('shows the error with Retry when the orders cannot load, and the empty state', async () => {
    delete answers['/api/sales/orders']
    renderPage()
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Could not load orders.',
    )
    answers['/api/sales/orders'] = []
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No orders yet. Start one with New Order.')).toBeVisible()
  })

  it('refuses a New Order without a customer, naming the field', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'New Order' }))
    await userEvent.click(screen.getByRole('button', { name: 'Create' }))
    expect(await screen.findByText('Choose a customer')).toBeVisible()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('previews a customer import and names each bad line before anything is imported', async () => {
    answers['/api/sales/customers/import/preview'] = {
      rows: [{ line: 2, name: 'New Shop', kind: 'bottle-shop', email: '', phone: '', city: '' }],
      errors: [{ line: 3, field: 'email', message: '"nope" is not an email address' }],
    }
    renderPage('Manager', '/secure/sales/customers')
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }))
    await userEvent.type(screen.getByLabelText('Or paste the file'), 'name,email')
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }))
    expect(await screen.findByText('Line 3, email: "nope" is not an email address')).toBeVisible()
    expect(screen.getByRole('button', { name: /^Import/ })).toBeDisabled()
  })

  it('refuses a payment above the balance and queues one within it', async () => {
    renderPage('Manager', '/secure/sales/invoices')
    const list = await screen.findByRole('list', { name: 'Invoices' })
    expect(list).toHaveTextContent('2 × Hazy IPA 1/6 BBL Keg · batch 2026-007 · $179.98')
    expect(list).toHaveTextContent('Balance $154.83')
    await userEvent.click(within(list).getByRole('button', { name: 'Record Payment for INV-00001' }))
    const amount = screen.getByLabelText(/Amount/)
    await userEvent.clear(amount)
    await userEvent.type(amount, '154.84')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    expect(await screen.findByText('More than the balance due ($154.83)')).toBeVisible()
    await userEvent.clear(amount)
    await userEvent.type(amount, '154.83')
    await userEvent.click(screen.getByRole('button', { name: 'Record' }))
    await waitFor(() => expect(posted(`/api/sales/invoices/${INVOICE}/payments`)).toBeDefined())
    const body = posted(`/api/sales/invoices/${INVOICE}/payments`)!.body as { data: { amountCents: number } }
    expect(body.data.amountCents).toBe(15483)
  })

  it('creates one invoice of the chosen dispatched, not yet invoiced orders of one customer', async () => {
    const SECOND = '77777777-7777-4777-8777-777777777777'
    answers['/api/sales/orders'] = [
      order({ status: 'dispatched', invoiceId: null, dispatchedAt: '2026-11-20T10:00:00.000Z' }),
      order({ id: SECOND, number: 'SO-00002', status: 'delivered', invoiceId: null }),
      order({
        id: '88888888-8888-4888-8888-888888888888',
        number: 'SO-00003',
        status: 'dispatched',
        invoiceId: INVOICE,
      }),
    ]
    renderPage('Manager', '/secure/sales/invoices')
    await userEvent.click(await screen.findByRole('button', { name: 'Create Invoice' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create Invoice' })
    // The order already on an invoice is not offered.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2)
    expect(dialog).toHaveTextContent('2 orders · total $509.66')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /SO-00002/ }))
    expect(dialog).toHaveTextContent('1 order · total $254.83')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /SO-00001/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Invoice' }))
    expect(await within(dialog).findByText('Choose at least one dispatched order')).toBeVisible()
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /SO-00001/ }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /SO-00002/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Invoice' }))
    await waitFor(() => expect(posted('/api/sales/invoices')).toBeDefined())
    const body = posted('/api/sales/invoices')!.body as { data: { orderIds: string[] } }
    expect(body.data.orderIds).toEqual([ORDER, SECOND])
  })

  it('edits a customer to wait for Create Invoice instead of invoicing at dispatch', async () => {
    answers[`/api/sales/customers/${CUSTOMER}`] = { customer, orders: [], invoices: [], bought: [] }
    renderPage('Manager', '/secure/sales/customers')
    await userEvent.click(await screen.findByRole('button', { name: /The Tap House/ }))
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Customer' }))
    const setting = screen.getByRole('checkbox', { name: 'Invoice each order at dispatch' })
    expect(setting).toBeChecked()
    await userEvent.click(setting)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.endsWith(`/customers/${CUSTOMER}`))).toBeDefined(),
    )
    const put = calls.find((c) => c.method === 'PUT' && c.url.endsWith(`/customers/${CUSTOMER}`))!
    expect((put.body as { data: { invoiceAtDispatch: boolean; name: string } }).data).toMatchObject({
      invoiceAtDispatch: false,
      name: 'The Tap House',
    })
  })

  it('cuts the board’s today at midnight where the brewery is, not on the browser’s clock', async () => {
    // 11:00 UTC on Friday 27 November is 01:00 on Saturday 28 November in Kiritimati (UTC+14), a day ahead of any
    // browser from UTC−10 to UTC+12: the order due on the 27th is overdue there, and Saturday is today.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T11:00:00Z'))
    try {
      answers['/api/sales/today'] = { timeZone: 'Pacific/Kiritimati', today: '2026-11-28' }
      answers['/api/sales/orders'] = [order({ requestedDeliveryOn: '2026-11-27' })]
      renderPage('Brewer', '/secure/sales/board')
      expect(await screen.findByRole('heading', { name: 'Overdue (1)' })).toBeVisible()
      expect(screen.getByRole('listitem', { name: 'Saturday, Nov 28' })).toHaveTextContent('(today)')
      expect(screen.getByRole('listitem', { name: 'Friday, Nov 27' })).not.toHaveTextContent('(today)')
    } finally {
      vi.useRealTimers()
    }
  })
})
