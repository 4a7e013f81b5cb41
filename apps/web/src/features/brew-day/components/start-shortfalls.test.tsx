import type { CanWeBrew } from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { StartShortfalls } from './start-shortfalls.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const batchId = uuid(3)
const path = `/api/inventory/can-we-brew/${batchId}`
/** What the route answers (`{ data: CanWeBrew }`) for a batch short of malt and of a hop it has none of. */
const answer: { data: CanWeBrew } = {
  data: {
    from: '2026-11-27',
    to: '2026-11-27',
    batches: [{ batchId, batchNumber: '2026-014', productName: 'Hazy Daze', plannedBrewDate: '2026-11-27' }],
    shortfalls: [
      {
        batchId,
        batchNumber: '2026-014',
        productName: 'Hazy Daze',
        date: '2026-11-27',
        itemId: uuid(10),
        itemName: 'Pale Malt',
        unit: 'lb',
        needed: 165,
        available: 100,
        short: 65,
      },
      {
        batchId,
        batchNumber: '2026-014',
        productName: 'Hazy Daze',
        date: '2026-11-27',
        itemId: null,
        itemName: 'Citra',
        unit: 'oz',
        needed: 24,
        available: 0,
        short: 24,
      },
    ],
  },
}

afterEach(() => vi.unstubAllGlobals())

describe('Start Brew Day’s shortfalls', () => {
  it('lists each ingredient the stock on record cannot cover, and says brew day still starts', async () => {
    const calls = stubApi(({ url }) => (url === path ? { status: 200, body: answer } : { status: 404 }))
    renderProduction(<StartShortfalls batchId={batchId} enabled />, { role: 'Brewer' })
    const warning = await screen.findByRole('region', { name: 'Not enough on record for this batch' })
    const items = within(warning).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Pale Malt: needs 165 lb, 100 lb on record — 65 lb short',
      'Citra: needs 24 oz, 0 oz on record — 24 oz short',
    ])
    expect(warning).toHaveTextContent('Brew day still starts')
    expect(calls.map((call) => call.url)).toEqual([path])
  })

  it('shows nothing when the stock covers the batch, or when it cannot be read', async () => {
    const read = stubApi(() => ({ status: 200, body: { data: { ...answer.data, shortfalls: [] } } }))
    const { unmount } = renderProduction(<StartShortfalls batchId={batchId} enabled />)
    await waitFor(() => expect(read).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region')).toBeNull()
    unmount()
    const calls = stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }))
    renderProduction(<StartShortfalls batchId={batchId} enabled={false} />)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region')).toBeNull()
    expect(calls).toEqual([])
  })
})
