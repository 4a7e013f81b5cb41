import { DEFAULT_BREWHOUSE_CONSTANTS, type BrewhouseDetail } from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi, type FakeRequest } from '@/testing/render-production.tsx'
import { EquipmentPage } from './equipment-page.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const brewhouse: BrewhouseDetail = {
  id: uuid(1),
  name: 'Ten barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  version: 2,
  versionId: uuid(12),
  savedAt: '2026-11-24T08:00:00.000Z',
  versions: [],
  calibration: {
    measuredBrews: 3,
    proposals: [
      {
        constant: 'boilOffGallonsPerHour',
        current: 15,
        proposed: 13.5,
        batches: [
          { batchId: uuid(7), batchNumber: '2026-007', value: 13 },
          { batchId: uuid(8), batchNumber: '2026-008', value: 14 },
          { batchId: uuid(9), batchNumber: '2026-009', value: 13.5 },
        ],
      },
    ],
  },
}

function api(brewhouses: BrewhouseDetail[] = []) {
  return stubApi(({ method, url }) => {
    if (method === 'GET' && url === '/api/equipment/brewhouses')
      return { status: 200, body: { data: brewhouses } }
    if (method === 'GET' && url === '/api/equipment/vessels') return { status: 200, body: { data: [] } }
    return { status: 201, body: { data: {} } }
  })
}
const posted = (calls: FakeRequest[], url: string) =>
  calls.find((call) => call.method !== 'GET' && call.url === url)?.body as {
    type: string
    data: Record<string, unknown>
  }

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('Settings → Equipment', { timeout: 20_000 }, () => {
  it('adds a brewhouse typed in litres and kilograms, stored in gallons and pounds', async () => {
    const calls = api()
    const user = userEvent.setup()
    renderProduction(<EquipmentPage />)
    expect(await screen.findByRole('heading', { name: 'Brewhouses' })).toBeVisible()
    await user.click(await screen.findByRole('button', { name: /Add Brewhouse/ }))
    const dialog = screen.getByRole('dialog', { name: 'Add Brewhouse' })
    await user.type(within(dialog).getByLabelText('Name'), 'Pilot')
    await user.selectOptions(within(dialog).getByLabelText('Water and losses'), 'L')
    await user.selectOptions(within(dialog).getByLabelText('Weight'), 'kg')
    // The defaults were converted; the person types their own.
    expect(within(dialog).getByLabelText(/Chiller loss/)).toHaveValue('7.5708')
    await user.clear(within(dialog).getByLabelText(/Boil-off per hour/))
    await user.type(within(dialog).getByLabelText(/Boil-off per hour/), '37.854117')
    await user.clear(within(dialog).getByLabelText(/Maximum grain weight/))
    await user.type(within(dialog).getByLabelText(/Maximum grain weight/), '100')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(posted(calls, '/api/equipment/brewhouses')).toBeDefined())
    const { type, data } = posted(calls, '/api/equipment/brewhouses')
    expect(type).toBe('brewhouse')
    expect(data.name).toBe('Pilot')
    expect(data.boilOffGallonsPerHour as number).toBeCloseTo(10, 5)
    expect(data.chillerLossGallons as number).toBeCloseTo(2, 3)
    expect(data.maxGrainPounds as number).toBeCloseTo(220.462, 3)
    expect(data.maxBatchGallons).toBe(310)
  })

  it('names the field of a bad constant and sends nothing', async () => {
    const calls = api()
    const user = userEvent.setup()
    renderProduction(<EquipmentPage />)
    await user.click(await screen.findByRole('button', { name: /Add Brewhouse/ }))
    const dialog = screen.getByRole('dialog', { name: 'Add Brewhouse' })
    await user.type(within(dialog).getByLabelText('Name'), 'Pilot')
    await user.clear(within(dialog).getByLabelText(/Brewhouse efficiency/))
    await user.type(within(dialog).getByLabelText(/Brewhouse efficiency/), '120')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Brewhouse efficiency is too large')).toBeVisible()
    expect(within(dialog).getByLabelText(/Brewhouse efficiency/)).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([])
  })

  it('shows the calibration proposals with their batches, and accepts them for the version shown', async () => {
    const calls = api([brewhouse])
    const user = userEvent.setup()
    renderProduction(<EquipmentPage />)
    const card = await screen.findByRole('article', { name: 'Ten barrel' })
    expect(within(card).getByText('Version 2')).toBeVisible()
    expect(within(card).getByText(/From 2026-007 \(13 gal\/h\), 2026-008/)).toBeVisible()
    await user.click(within(card).getByRole('button', { name: 'Accept as new version' }))
    await waitFor(() =>
      expect(posted(calls, `/api/equipment/brewhouses/${uuid(1)}/calibrations`)).toBeDefined(),
    )
    expect(posted(calls, `/api/equipment/brewhouses/${uuid(1)}/calibrations`).data).toEqual({
      version: 2,
      proposals: [{ constant: 'boilOffGallonsPerHour', proposed: 13.5 }],
    })
  })

  it('lets a Brewer read the equipment without adding, editing or accepting', async () => {
    api([brewhouse])
    renderProduction(<EquipmentPage />, { role: 'Brewer' })
    await screen.findByRole('article', { name: 'Ten barrel' })
    expect(screen.queryByRole('button', { name: /Add Brewhouse|Add Vessel|Edit|Accept/ })).toBeNull()
    expect(screen.getByText('No vessels yet.')).toBeVisible()
  })

  it('says when the equipment could not be loaded, with a way to try again', async () => {
    stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'x' } } }))
    renderProduction(<EquipmentPage />)
    await waitFor(() => expect(screen.getAllByText('The equipment could not be loaded.')).toHaveLength(2))
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2)
  })
})
