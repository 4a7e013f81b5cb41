import type { CanWeBrew, InventoryItem, Role } from '@brewcommand/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StaticAppStateProvider, type AppStateValue } from '@/lib/app-state/app-state.tsx'
import { QueueProvider } from '@/lib/queue/queue-provider.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { fakeAuth, FakeAuthProvider } from '@/testing/fake-auth.tsx'
import { INVENTORY_TEXTS } from '../messages.ts'
import { InventoryPage } from './inventory-page.tsx'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const MALT = '33333333-3333-4333-8333-333333333333'
const HOPS = '44444444-4444-4444-8444-444444444444'

const item = (id: string, name: string, extra: Partial<InventoryItem> = {}): InventoryItem => ({
  id,
  name,
  category: 'fermentable',
  ingredientId: null,
  unit: 'kg',
  enteredUnit: 'kg',
  parLevel: null,
  packageTypeId: null,
  perUnit: null,
  onHand: 120,
  reserved: 100,
  available: 20,
  valueCents: 18_000,
  isBelowPar: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
})
const noShortfall: CanWeBrew = { from: '2026-01-01', to: '2026-01-29', batches: [], shortfalls: [] }

type Call = { method: string; url: string; body: unknown }
let answers: Record<string, unknown>
const calls: Call[] = []

beforeEach(() => {
  calls.length = 0
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
      const data = call.method === 'GET' ? answers[path] : {}
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

function renderPage(role: Role = 'Manager') {
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
              <MemoryRouter>
                <InventoryPage />
              </MemoryRouter>
            </QueueProvider>
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>,
  )
}

const stock = (items: InventoryItem[], canWeBrew: CanWeBrew = noShortfall) => {
  answers = {
    '/api/inventory/items': items,
    '/api/inventory/alerts': [],
    '/api/inventory/can-we-brew': canWeBrew,
    '/api/inventory/finished-goods': [],
  }
}

describe('the Inventory page', { timeout: 20_000 }, () => {
  it('shows its heading and, with nothing stocked, its blurb as the empty state', async () => {
    stock([])
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible()
    expect(await screen.findByText(INVENTORY_TEXTS.empty)).toBeVisible()
  })

  it('lists items with on hand, reserved, available and value, and filters below par', async () => {
    stock([
      item(MALT, 'Maris Otter'),
      item(HOPS, 'Citra', {
        category: 'hop',
        isBelowPar: true,
        parLevel: 5,
        onHand: 2,
        available: 2,
        reserved: 0,
      }),
    ])
    renderPage()
    const table = await screen.findByRole('table', { name: 'Inventory items' })
    const row = within(table).getByRole('row', { name: /Maris Otter/ })
    expect(row).toHaveTextContent('120 kg')
    expect(row).toHaveTextContent('100 kg')
    expect(row).toHaveTextContent('20 kg')
    expect(row).toHaveTextContent('$180.00')
    await userEvent.click(screen.getByRole('button', { name: 'Below par' }))
    expect(within(table).queryByRole('row', { name: /Maris Otter/ })).toBeNull()
    expect(within(table).getByRole('row', { name: /Citra/ })).toBeVisible()
  })

  it('shows each item in the unit it was received in: 453.5924 kg received as pounds reads 1,000 lb', async () => {
    // 453.5924 kg ÷ 0.45359237 kg/lb = 1000 lb; 283.495 g ÷ 28.349523 g/oz = 10 oz.
    stock([
      item(MALT, 'Pale 2-Row', { enteredUnit: 'lb', onHand: 453.5924, reserved: 0, available: 453.5924 }),
      item(HOPS, 'Cascade', {
        category: 'hop',
        unit: 'g',
        enteredUnit: 'oz',
        onHand: 283.495,
        reserved: 0,
        available: 283.495,
      }),
    ])
    renderPage()
    const table = await screen.findByRole('table', { name: 'Inventory items' })
    expect(within(table).getByRole('row', { name: /Pale 2-Row/ })).toHaveTextContent('1,000 lb')
    expect(within(table).getByRole('row', { name: /Pale 2-Row/ })).not.toHaveTextContent('453.59 kg')
    expect(within(table).getByRole('row', { name: /Cascade/ })).toHaveTextContent('10 oz')
  })

  it('shows each shortfall of Can we brew? with the date it bites', async () => {
    stock([item(MALT, 'Maris Otter')], {
      from: '2026-01-01',
      to: '2026-01-29',
      batches: [
        { batchId: MALT, batchNumber: '2026-007', productName: 'Pale', plannedBrewDate: '2026-01-12' },
      ],
      shortfalls: [
        {
          batchId: MALT,
          batchNumber: '2026-007',
          productName: 'Pale',
          date: '2026-01-12',
          itemId: MALT,
          itemName: 'Maris Otter',
          unit: 'kg',
          needed: 150,
          available: 120,
          short: 30,
        },
      ],
    })
    renderPage()
    expect(await screen.findByText('Maris Otter: 30 kg short for batch 2026-007 on 2026-01-12')).toBeVisible()
  })

  it('refuses a negative quantity in Receive Stock, then queues a good lot as a stock write', async () => {
    stock([item(MALT, 'Maris Otter')])
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Receive Stock' }))
    const dialog = await screen.findByRole('dialog', { name: 'Receive Stock' }, { timeout: 10_000 })
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '-5')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }))
    expect(await within(dialog).findByText('Quantity must be above 0')).toBeVisible()
    await userEvent.clear(within(dialog).getByLabelText('Quantity'))
    await userEvent.type(within(dialog).getByLabelText('Quantity'), '60')
    await userEvent.type(within(dialog).getByLabelText(/Unit cost/), '1.10')
    await userEvent.type(within(dialog).getByLabelText('Lot code'), 'GW-1')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe(`/api/inventory/items/${MALT}/lots`)
    expect(post.body).toMatchObject({
      type: 'stock',
      data: { quantity: 60, unit: 'kg', unitCostCents: 110, lotCode: 'GW-1' },
    })
  })

  it('opens an item with its lots and movements, and refuses an adjustment without a reason', async () => {
    const malt = item(MALT, 'Maris Otter')
    stock([malt])
    answers[`/api/inventory/items/${MALT}`] = {
      item: malt,
      lots: [
        {
          id: HOPS,
          itemId: MALT,
          supplier: 'Crisp',
          lotCode: 'CR-9',
          receivedOn: '2026-01-02',
          bestBefore: null,
          receivedQuantity: 120,
          enteredQuantity: 120,
          enteredUnit: 'kg',
          unitCostCents: 150,
          totalCostCents: 18_000,
          remaining: 120,
          valueCents: 18_000,
          alphaAcid: null,
          colorLovibond: 3,
          extractPct: null,
        },
      ],
      movements: [],
      reservations: [
        { batchId: HOPS, batchNumber: '2026-003', plannedBrewDate: '2026-02-01', quantity: 100 },
      ],
    }
    renderPage()
    const table = await screen.findByRole('table', { name: 'Inventory items' })
    await userEvent.click(within(table).getByRole('button', { name: 'Maris Otter' }))
    const sheet = await screen.findByRole('dialog', { name: 'Maris Otter' }, { timeout: 10_000 })
    expect(await within(sheet).findByRole('listitem', { name: 'Lot CR-9' })).toHaveTextContent(
      '120 kg of 120 kg',
    )
    expect(within(sheet).getByText('2026-003 (2026-02-01): 100 kg')).toBeVisible()
    await userEvent.click(within(sheet).getByRole('button', { name: 'Adjust' }))
    const adjust = await screen.findByRole('dialog', { name: 'Adjust Maris Otter' }, { timeout: 10_000 })
    await userEvent.type(within(adjust).getByLabelText('Quantity'), '2')
    await userEvent.click(within(adjust).getByRole('button', { name: 'Adjust' }))
    expect(await within(adjust).findByText('A reason is required')).toBeVisible()
    await userEvent.type(within(adjust).getByLabelText('Reason'), 'Torn sack')
    await userEvent.click(within(adjust).getByRole('button', { name: 'Adjust' }))
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true))
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: `/api/inventory/items/${MALT}/adjustments`,
      body: {
        type: 'stock',
        data: { direction: 'remove', quantity: 2, unit: 'kg', lotId: null, reason: 'Torn sack' },
      },
    })
  })

  it('shows a Brewer the stock but not the Manager’s buttons', async () => {
    stock([item(MALT, 'Maris Otter')])
    renderPage('Brewer')
    expect(await screen.findByRole('table', { name: 'Inventory items' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Receive Stock' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull()
  })

  it('says when the inventory cannot be loaded, with a way to try again', async () => {
    answers = {}
    renderPage()
    // One retry first (the reads retry once).
    expect(
      await screen.findByText(new RegExp(INVENTORY_TEXTS.loadFailed), {}, { timeout: 5000 }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})
