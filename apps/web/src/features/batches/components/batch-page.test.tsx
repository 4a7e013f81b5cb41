import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTABLES,
  newRecipe,
  type Batch,
  type Recipe,
  type Vessel,
} from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { BatchPage } from './batch-page.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const recipe: Recipe = {
  ...newRecipe(uuid(50), uuid(51)),
  yield: { quantity: 5, unit: 'BBL' },
  boilTime: 60,
  mashThickness: 1.25,
  grainBill: [
    {
      id: uuid(60),
      ingredient: { ...FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')! },
      amount: { value: 300, unit: 'Pounds' },
    },
  ],
}
const batch: Batch = {
  id: uuid(3),
  number: '2026-014',
  status: 'planned',
  productId: uuid(50),
  productName: 'Hazy Daze',
  recipeId: uuid(51),
  recipeSnapshot: recipe,
  brewhouse: {
    id: uuid(1),
    name: 'Ten barrel',
    versionId: uuid(11),
    version: 2,
    constants: { name: 'Ten barrel', ...DEFAULT_BREWHOUSE_CONSTANTS },
  },
  plannedBrewDate: '2026-12-01',
  targetVolumeBbl: 5,
  targetVolumeUnit: 'BBL',
  fermenterId: null,
  brewDayStartedAt: null,
  brewDayFinishedAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  serverTime: '2026-11-24T08:00:00.000Z',
}
const fermenter: Vessel = {
  id: uuid(7),
  name: 'FV1',
  kind: 'fermenter',
  capacityBbl: 5,
  workingCapacityBbl: 4,
  state: 'clean',
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

const page = { path: `/secure/operations/batches/${uuid(3)}`, route: '/secure/operations/batches/:batchId' }

describe('the batch page', { timeout: 20_000 }, () => {
  it('shows the volume plan line by line with formulas, the OG beside the recipe’s, and the capacity warning', async () => {
    stubApi(({ url }) =>
      url === `/api/batches/${uuid(3)}`
        ? { status: 200, body: { data: batch } }
        : { status: 200, body: { data: url === '/api/equipment/vessels' ? [fermenter] : [] } },
    )
    renderProduction(<BatchPage />, { ...page, role: 'Brewer' })
    expect(await screen.findByRole('heading', { level: 1, name: /Batch 2026-014/ })).toBeVisible()
    const strike = screen.getByRole('article', { name: 'Strike water' })
    expect(strike).toHaveTextContent('93.75 gal')
    expect(strike).toHaveTextContent('300 lb × 1.25 qt/lb ÷ 4 = 93.75 gal')
    const into = screen.getByRole('article', { name: 'Into the fermenter' })
    expect(into).toHaveTextContent('155 gal (5 BBL)')
    expect(screen.getByRole('article', { name: 'Expected OG on this brewhouse' })).toHaveTextContent(
      '× 75% ÷ 1000',
    )
    expect(screen.getByRole('article', { name: "Recipe's OG at 70 %" })).toHaveTextContent('× 70% ÷ 1000')
    expect(await screen.findByRole('status', { name: 'Capacity' })).toHaveTextContent(
      'Into the fermenter (155 gal) is more than the fermenter’s working capacity of 124 gal.',
    )
    expect(screen.getByRole('link', { name: 'Brew Day' })).toHaveAttribute(
      'href',
      `/secure/operations/batches/${uuid(3)}/brew-day`,
    )
    expect(
      within(screen.getByRole('table', { name: 'Grain Bill' })).getByText('Pale 2-Row Malt'),
    ).toBeVisible()
    // A Brewer reads; only a Manager changes the plan.
    expect(screen.queryByRole('button', { name: 'Change Plan' })).toBeNull()
  })

  it('offers Change Plan to a Manager while the batch is planned', async () => {
    stubApi(({ url }) =>
      url === `/api/batches/${uuid(3)}`
        ? { status: 200, body: { data: batch } }
        : { status: 200, body: { data: [] } },
    )
    renderProduction(<BatchPage />, { ...page, role: 'Manager' })
    expect(await screen.findByRole('button', { name: 'Change Plan' })).toBeVisible()
  })

  it('says at once why a planned batch is not booked, naming the batch in the way', async () => {
    stubApi(({ url }) => {
      if (url === `/api/batches/${uuid(3)}`) return { status: 200, body: { data: batch } }
      if (url === `/api/schedule/batches/${uuid(3)}`)
        return {
          status: 200,
          body: {
            data: {
              batchId: uuid(3),
              batchNumber: '2026-014',
              bookings: [],
              notBooked:
                'No brite tank that holds 5 bbl is free from 2026-12-15 to 2026-12-22: BT1 is booked for batch 2026-013 from 2026-12-10 to 2026-12-17 (with cleaning time).',
            },
          },
        }
      return { status: 200, body: { data: [] } }
    })
    renderProduction(<BatchPage />, { ...page, role: 'Brewer' })
    const section = await screen.findByText(/Batch 2026-014 is not booked yet\./)
    expect(section).toHaveTextContent('BT1 is booked for batch 2026-013')
    expect(screen.getByRole('link', { name: 'Open the Schedule' })).toHaveAttribute(
      'href',
      '/secure/operations/schedule',
    )
    // Not in the cellar yet: nothing to complete.
    expect(screen.queryByRole('button', { name: 'Complete Batch' })).toBeNull()
  })

  it('lets a Manager complete a batch in the cellar, asking the reason for what is left in its tanks', async () => {
    const packaging = { ...batch, status: 'packaging' as const }
    const calls = stubApi(({ url, method }) => {
      if (method === 'POST') return { status: 200, body: { data: { id: uuid(3), status: 'completed' } } }
      if (url === `/api/batches/${uuid(3)}`) return { status: 200, body: { data: packaging } }
      if (url === `/api/cellar/batches/${uuid(3)}?points=10`)
        return { status: 200, body: { data: { yield: { inVesselsBbl: 0.3 } } } }
      if (url === `/api/schedule/batches/${uuid(3)}`)
        return {
          status: 200,
          body: {
            data: {
              batchId: uuid(3),
              batchNumber: '2026-014',
              bookings: [
                {
                  id: uuid(90),
                  stage: 'conditioning',
                  vesselId: uuid(8),
                  vesselName: 'BT1',
                  start: '2026-12-03T00:00:00.000Z',
                  end: '2026-12-10T00:00:00.000Z',
                  actualStart: '2026-12-03T09:00:00.000Z',
                  actualEnd: null,
                },
              ],
              notBooked: null,
            },
          },
        }
      return { status: 200, body: { data: [] } }
    })
    const user = userEvent.setup()
    renderProduction(<BatchPage />, { ...page, role: 'Manager' })
    expect(await screen.findByText('Conditioning in BT1')).toBeVisible()
    await user.click(await screen.findByRole('button', { name: 'Complete Batch' }))
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 })
    expect(await within(dialog).findByText(/0\.30 bbl is still in its tanks/)).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Complete Batch' }))
    expect(await within(dialog).findByText('Give the reason for what is left in the tanks')).toBeVisible()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])
    await user.type(within(dialog).getByLabelText('Reason for what is left'), 'Below the outlet')
    await user.click(within(dialog).getByRole('button', { name: 'Complete Batch' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe(`/api/cellar/batches/${uuid(3)}/complete`)
    expect((post.body as { data: object }).data).toEqual({ reason: 'Below the outlet' })
  })

  it('says Batch not found for an unknown batch', async () => {
    stubApi(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Batch not found' } } }))
    renderProduction(<BatchPage />, page)
    expect(await screen.findByRole('alert')).toHaveTextContent('Batch not found.')
    expect(screen.getByRole('link', { name: 'Back to Operations' })).toBeVisible()
  })
})
