import { DEFAULT_BREWHOUSE_CONSTANTS, newRecipe, type BatchSummary, type Product } from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { OperationsPage } from './operations-page.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const summary = (n: number, status: BatchSummary['status']): BatchSummary => ({
  id: uuid(n),
  number: `2026-00${n}`,
  status,
  productId: uuid(50),
  productName: 'Hazy Daze',
  recipeId: uuid(51),
  brewhouse: { id: uuid(1), name: 'Ten barrel', version: 1 },
  plannedBrewDate: '2026-12-01',
  targetVolumeBbl: 5,
  targetVolumeUnit: 'GAL',
  fermenterId: null,
  brewDayStartedAt: null,
  brewDayFinishedAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
})
const brewhouse = {
  id: uuid(1),
  name: 'Ten barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  version: 1,
  versionId: uuid(11),
  savedAt: '2026-11-24T08:00:00.000Z',
  versions: [],
  calibration: { measuredBrews: 0, proposals: [] },
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('Operations', { timeout: 20_000 }, () => {
  it('has Plan Batch: a Manager chooses a recipe and plans it in the recipe’s Plan Batch dialog', async () => {
    stubApi(({ url }) => ({ status: 200, body: { data: url.includes('brewhouses') ? [brewhouse] : [] } }))
    const user = userEvent.setup()
    const product = {
      id: uuid(50),
      name: 'Hazy Daze',
      recipes: [{ ...newRecipe(uuid(50), uuid(51)), yield: { quantity: 7, unit: 'BBL' } }],
    } as unknown as Product
    renderProduction(<OperationsPage />, {
      role: 'Manager',
      path: '/secure/operations',
      route: '/secure/operations',
      products: [product],
    })
    await user.click(screen.getByRole('button', { name: 'Plan Batch' }))
    const choose = screen.getByRole('dialog', { name: 'Plan Batch' })
    expect(within(choose).getByLabelText('Recipe')).toHaveDisplayValue('Hazy Daze · 7 BBL')
    await user.click(within(choose).getByRole('button', { name: 'Next' }))
    const plan = await screen.findByRole('dialog', { name: 'Plan Batch' })
    expect(within(plan).getByLabelText('Target volume')).toHaveValue('7')
  })

  it('offers no Plan Batch to a Brewer', async () => {
    stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<OperationsPage />, {
      role: 'Brewer',
      path: '/secure/operations',
      route: '/secure/operations',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Plan Batch' })).not.toBeInTheDocument()
  })

  it('is the Operations blurb without batches, whose Get Started leads to the equipment without a brewhouse', async () => {
    stubApi(() => ({ status: 200, body: { data: [] } }))
    const user = userEvent.setup()
    renderProduction(<OperationsPage />, { path: '/secure/operations', route: '/secure/operations' })
    expect(screen.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible()
    expect(await screen.findByText(/Run the brewhouse from one place/)).toBeVisible()
    await user.click(screen.getByRole('link', { name: 'Get Started' }))
    expect(await screen.findByText('Elsewhere')).toBeVisible()
  })

  it('explains Plan Batch once there is a brewhouse', async () => {
    stubApi(({ url }) => ({
      status: 200,
      body: { data: url === '/api/equipment/brewhouses' ? [brewhouse] : [] },
    }))
    const user = userEvent.setup()
    renderProduction(<OperationsPage />)
    const button = await screen.findByRole('button', { name: 'Get Started' })
    await user.click(button)
    expect(screen.getByText(/choose Plan Batch on one of its recipes/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Go to Products' })).toHaveAttribute('href', '/secure/products')
  })

  it('lists the batches with their status, and filters by status through the API', async () => {
    const calls = stubApi(({ url }) => ({
      status: 200,
      body: {
        data: url.endsWith('status=fermenting')
          ? [summary(2, 'fermenting')]
          : [summary(1, 'planned'), summary(2, 'fermenting')],
      },
    }))
    const user = userEvent.setup()
    renderProduction(<OperationsPage />)
    const row = await screen.findByRole('row', { name: /Batch 2026-001/ })
    expect(within(row).getByText('Hazy Daze')).toBeVisible()
    expect(within(row).getByText('155 gal')).toBeVisible()
    expect(within(row).getByText('Planned')).toBeVisible()
    expect(within(row).getByRole('link', { name: 'Batch 2026-001' })).toHaveAttribute(
      'href',
      `/secure/operations/batches/${uuid(1)}`,
    )
    await user.click(screen.getByRole('button', { name: 'Fermenting', pressed: false }))
    await waitFor(() => expect(screen.queryByRole('row', { name: /Batch 2026-001/ })).toBeNull())
    expect(screen.getByRole('row', { name: /Batch 2026-002/ })).toBeVisible()
    expect(calls.map((call) => call.url)).toContain('/api/batches?status=fermenting')
  })

  it('says when the batches could not be loaded', async () => {
    stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }))
    renderProduction(<OperationsPage />)
    expect(await screen.findByText('The batches could not be loaded.')).toBeVisible()
  })
})
