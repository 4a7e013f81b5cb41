import { BatchCostSchema, type BatchCost } from '@brewcommand/domain'
import { renderHook, screen, waitFor, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakeAuthProvider, fakeAuth } from '@/testing/fake-auth.tsx'
import { renderProduction, stubApi, TEST_ENTITY } from '@/testing/render-production.tsx'
import { StaticAppStateProvider } from '@/lib/app-state/app-state.tsx'
import { SocketProvider } from '@/lib/socket/socket-provider.tsx'
import { useBatchCost } from '../api/get-batch-cost.ts'
import { BatchCostSection } from './batch-cost.tsx'

// The case of issue 41, figured by hand: Pale Malt 100 lb of lot GW-1 at $0.80 = $80.00 and 65 lb of lot GW-2
// at $0.95 = $61.75, so $141.75 of malt; 124 cans at $0.12 = $14.88 of packaging; total $156.63. The malt over the
// 3 bbl brewed = $47.25/bbl; 1.65 bbl still in tanks = $77.96 (1.65 × 4,725 = 7,796.25 ¢, shared once).
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const batchId = uuid(3)
const COST: BatchCost = {
  batchId,
  batchNumber: '2026-014',
  ingredientCents: 14_175,
  materialCents: 1488,
  totalCents: 15_663,
  brewedBbl: 3,
  costPerBblCents: 4725,
  inTanksBbl: 1.65,
  inTanksCents: 7796,
  lossBbl: 0.3,
  lossCents: 1417,
  removedCents: 236,
  unaccountedCents: 0,
  ingredients: [
    {
      itemId: uuid(10),
      itemName: 'Pale Malt',
      unit: 'lb',
      quantity: 165,
      costCents: 14_175,
      lots: [
        { lotId: uuid(11), lotCode: 'GW-1', quantity: 100, costCents: 8000 },
        { lotId: uuid(12), lotCode: 'GW-2', quantity: 65, costCents: 6175 },
      ],
      shortfall: 0,
    },
  ],
  materials: [
    {
      itemId: uuid(20),
      itemName: '16oz can',
      unit: 'each',
      quantity: 124,
      costCents: 1488,
      lots: [{ lotId: uuid(21), lotCode: 'BALL-7', quantity: 124, costCents: 1488 }],
      shortfall: 0,
    },
  ],
  incomplete: false,
  consumed: [],
  perOption: [],
}
/** The exact body the route sends: `{ data: BatchCost }` (inventory.routes.ts, BatchCostSchema). */
const body = (cost: BatchCost) => ({ data: BatchCostSchema.parse(cost) })
const path = `/api/inventory/batches/${batchId}/cost`

afterEach(() => vi.unstubAllGlobals())

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return (
    <QueryClientProvider client={client}>
      <FakeAuthProvider value={fakeAuth({ isAuthenticated: true })}>
        <StaticAppStateProvider
          value={{
            isLoaded: true,
            data: {
              user: {
                id: 'me',
                givenName: 'A',
                familyName: 'B',
                email: 'a@example.com',
                emailVerified: true,
              },
              entities: [],
            },
            currentEntity: { entityId: TEST_ENTITY, role: 'Manager', products: [], packagingTypes: [] },
            currentAccessToken: 'access-token',
            applyLocal: vi.fn(),
            reload: vi.fn(() => Promise.resolve()),
          }}
        >
          <SocketProvider entityId={undefined} token={undefined} onDataModified={vi.fn()}>
            {children}
          </SocketProvider>
        </StaticAppStateProvider>
      </FakeAuthProvider>
    </QueryClientProvider>
  )
}

describe('useBatchCost', () => {
  it('reads the exact body the route returns', async () => {
    const calls = stubApi(({ url }) => (url === path ? { status: 200, body: body(COST) } : { status: 404 }))
    const { result } = renderHook(() => useBatchCost(batchId), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.data).toEqual(COST)
    expect(calls.map((call) => call.url)).toEqual([path])
  })
  it('fails on a body of another shape (a double wrapper), instead of showing nothing', async () => {
    stubApi(() => ({ status: 200, body: { data: body(COST) } }))
    const { result } = renderHook(() => useBatchCost(batchId), { wrapper })
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 5000 })
  })
})

describe('the batch cost section', { timeout: 20_000 }, () => {
  it('shows each ingredient with its lots, the packaging, the total and the cost per barrel, to the cent', async () => {
    stubApi(({ url }) => (url === path ? { status: 200, body: body(COST) } : { status: 404 }))
    renderProduction(<BatchCostSection batchId={batchId} />, { role: 'Manager' })
    const malt = await screen.findByRole('table', { name: 'Ingredients' })
    expect(within(malt).getByRole('row', { name: 'Pale Malt 165 lb $141.75' })).toBeVisible()
    expect(within(malt).getByRole('row', { name: 'Lot GW-1 100 lb $80.00' })).toBeVisible()
    expect(within(malt).getByRole('row', { name: 'Lot GW-2 65 lb $61.75' })).toBeVisible()
    const packaging = screen.getByRole('table', { name: 'Packaging materials' })
    expect(within(packaging).getByRole('row', { name: /16oz can 124 .* \$14\.88/ })).toBeVisible()
    expect(screen.getByText('$156.63')).toBeVisible()
    expect(screen.getByText('$47.25 over 3 bbl')).toBeVisible()
    expect(screen.getByText('$77.96 · 1.65 bbl')).toBeVisible()
    expect(screen.queryByText(/Cost incomplete/)).toBeNull()
  })

  it('marks the cost incomplete while a shortfall is unsettled', async () => {
    const short: BatchCost = {
      ...COST,
      ingredientCents: 8000,
      materialCents: 0,
      totalCents: 8000,
      incomplete: true,
      materials: [],
      ingredients: [
        {
          ...COST.ingredients[0],
          quantity: 100,
          costCents: 8000,
          lots: [COST.ingredients[0].lots[0]],
          shortfall: 65,
        },
      ],
    }
    stubApi(({ url }) => (url === path ? { status: 200, body: body(short) } : { status: 404 }))
    renderProduction(<BatchCostSection batchId={batchId} />, { role: 'Brewer' })
    expect(await screen.findByText(/Cost incomplete/)).toHaveAttribute('role', 'status')
    expect(
      screen.getByRole('row', { name: 'Used beyond the stock on record (no cost yet) 65 lb —' }),
    ).toBeVisible()
  })

  it('says when nothing was taken yet, and offers a retry when the cost cannot be read', async () => {
    stubApi(() => ({ status: 200, body: body({ ...COST, ingredients: [], materials: [] }) }))
    const { unmount } = renderProduction(<BatchCostSection batchId={batchId} />)
    expect(await screen.findByText(/Nothing has been taken from stock/)).toBeVisible()
    unmount()
    stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Try later.' } } }))
    renderProduction(<BatchCostSection batchId={batchId} />)
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The cost could not be loaded.',
    )
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})
