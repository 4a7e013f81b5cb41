import { DEFAULT_BREWHOUSE_CONSTANTS, newRecipe, type Recipe } from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { PlanBatchButton } from './plan-batch-dialog.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const recipe: Recipe = { ...newRecipe(uuid(50), uuid(51)), yield: { quantity: 7, unit: 'BBL' } }
const brewhouse = {
  id: uuid(1),
  name: 'Ten barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  version: 3,
  versionId: uuid(11),
  savedAt: '2026-11-24T08:00:00.000Z',
  versions: [],
  calibration: { measuredBrews: 0, proposals: [] },
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('Plan Batch', { timeout: 20_000 }, () => {
  it('plans the recipe on a brewhouse at its batch size by default, refusing more than the brewhouse takes', async () => {
    const calls = stubApi(({ method }) =>
      method === 'GET' ? { status: 200, body: { data: [brewhouse] } } : { status: 201, body: { data: {} } },
    )
    const user = userEvent.setup()
    renderProduction(<PlanBatchButton product={{ id: uuid(50), name: 'Hazy Daze' }} recipe={recipe} />, {
      role: 'Manager',
    })
    await user.click(screen.getByRole('button', { name: 'Plan Batch' }))
    const dialog = screen.getByRole('dialog', { name: 'Plan Batch' })
    await waitFor(() => expect(within(dialog).getByLabelText('Brewhouse')).toHaveValue(uuid(1)))
    expect(within(dialog).getByLabelText('Target volume')).toHaveValue('7')
    await user.clear(within(dialog).getByLabelText('Planned brew date'))
    await user.type(within(dialog).getByLabelText('Planned brew date'), '2026-12-01')
    await user.clear(within(dialog).getByLabelText('Target volume'))
    await user.type(within(dialog).getByLabelText('Target volume'), '12')
    await user.click(within(dialog).getByRole('button', { name: 'Plan Batch' }))
    expect(await within(dialog).findByText(/Above Ten barrel’s maximum batch size of 10 BBL/)).toBeVisible()
    expect(calls.filter((call) => call.method === 'POST')).toEqual([])

    await user.clear(within(dialog).getByLabelText('Target volume'))
    await user.type(within(dialog).getByLabelText('Target volume'), '9.5')
    await user.click(within(dialog).getByRole('button', { name: 'Plan Batch' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe('/api/batches')
    expect((post.body as { data: object }).data).toMatchObject({
      productId: uuid(50),
      recipeId: uuid(51),
      brewhouseId: uuid(1),
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 9.5, unit: 'BBL' },
    })
    expect((post.body as { data: object }).data).not.toHaveProperty('conditionInFermenter')
  })

  it('plans a batch that conditions in its fermenter', async () => {
    const calls = stubApi(({ method }) =>
      method === 'GET' ? { status: 200, body: { data: [brewhouse] } } : { status: 201, body: { data: {} } },
    )
    const user = userEvent.setup()
    renderProduction(<PlanBatchButton product={{ id: uuid(50), name: 'Hazy Daze' }} recipe={recipe} />, {
      role: 'Manager',
    })
    await user.click(screen.getByRole('button', { name: 'Plan Batch' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() => expect(within(dialog).getByLabelText('Brewhouse')).toHaveValue(uuid(1)))
    await user.click(within(dialog).getByLabelText('Condition in the fermenter (no brite tank booked)'))
    await user.click(within(dialog).getByRole('button', { name: 'Plan Batch' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    const post = calls.find((call) => call.method === 'POST')!
    expect((post.body as { data: object }).data).toMatchObject({ conditionInFermenter: true })
  })

  it('offers an imported 6.9963 BBL recipe as 7 BBL and plans it as written, not scaled ×1.0005', async () => {
    const calls = stubApi(({ method }) =>
      method === 'GET' ? { status: 200, body: { data: [brewhouse] } } : { status: 201, body: { data: {} } },
    )
    const user = userEvent.setup()
    const imported: Recipe = { ...recipe, yield: { quantity: 6.9963, unit: 'BBL' } }
    renderProduction(<PlanBatchButton product={{ id: uuid(50), name: 'Hazy Daze' }} recipe={imported} />, {
      role: 'Manager',
    })
    await user.click(screen.getByRole('button', { name: 'Plan Batch' }))
    const dialog = screen.getByRole('dialog', { name: 'Plan Batch' })
    await waitFor(() => expect(within(dialog).getByLabelText('Brewhouse')).toHaveValue(uuid(1)))
    expect(within(dialog).getByLabelText('Target volume')).toHaveValue('7')
    await user.click(within(dialog).getByRole('button', { name: 'Plan Batch' }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    const post = calls.find((call) => call.method === 'POST')!
    expect((post.body as { data: object }).data).toMatchObject({
      targetVolume: { quantity: 6.9963, unit: 'BBL' },
    })
  })

  it('is not offered to a Brewer', () => {
    stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<PlanBatchButton product={{ id: uuid(50), name: 'Hazy Daze' }} recipe={recipe} />, {
      role: 'Brewer',
    })
    expect(screen.queryByRole('button', { name: 'Plan Batch' })).toBeNull()
  })
})
