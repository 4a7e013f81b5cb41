import type { CellarTask } from '@brewcommand/domain'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { ColdCrashAction } from './cold-crash-action.tsx'

// The cold crash of a cellar task (issue 34, ADR 340): the temperature is asked, filled in with the recipe's,
// the brewery's or the standard 34 °F in the person's unit; out of a fridge's range it is refused under the field.
// Conversions by hand: 0 °C = 0 × 9/5 + 32 = 32 °F; 31 °F = (31 − 32) × 5/9 = −0.56 → −0.6 °C.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const task = (crash: CellarTask['crash']): CellarTask => ({
  id: `cold-crash:${uuid(3)}`,
  kind: 'cold-crash',
  batchId: uuid(3),
  batchNumber: '2026-014',
  productName: 'Crash Pale',
  title: 'Cold crash FV1',
  detail: 'Before the transfer to BT1',
  dueDate: '2026-12-12',
  overdue: false,
  vesselId: uuid(1),
  vesselName: 'FV1',
  stepKey: null,
  amount: null,
  toVesselId: null,
  toVesselName: null,
  crash,
})
const posts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST').map((call) => (call.body as { data: object }).data)

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the cold crash of a cellar task', { timeout: 20_000 }, () => {
  it('records the standard 34 °F with one tap', async () => {
    const calls = stubApi(() => ({ status: 201, body: { data: {} } }))
    const user = userEvent.setup()
    renderProduction(
      <ColdCrashAction task={task({ temperature: { value: 34, unit: 'F' }, from: 'standard' })} />,
      { role: 'Brewer' },
    )
    expect(screen.getByLabelText('Crash to (°F)')).toHaveValue('34')
    await user.click(screen.getByRole('button', { name: 'Crashed to 34 °F' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(calls.find((call) => call.method === 'POST')!.url).toBe('/api/cellar/tasks/cold-crash')
    expect(posts(calls)[0]).toMatchObject({ batchId: uuid(3), temperature: { value: 34, unit: 'F' } })
  })

  it('shows the standard as 1 °C to a person reading °C, and the brewery’s 0 °C as 32 °F to one reading °F', async () => {
    localStorage.setItem('brewcommand.cellar.temperatureUnit', 'C')
    stubApi(() => ({ status: 201, body: { data: {} } }))
    const { unmount } = renderProduction(
      <ColdCrashAction task={task({ temperature: { value: 34, unit: 'F' }, from: 'standard' })} />,
      { role: 'Brewer' },
    )
    expect(screen.getByLabelText('Crash to (°C)')).toHaveValue('1')
    expect(screen.getByRole('button', { name: 'Crashed to 1 °C' })).toBeVisible()
    unmount()
    localStorage.clear()
    renderProduction(
      <ColdCrashAction task={task({ temperature: { value: 0, unit: 'C' }, from: 'brewery' })} />,
      { role: 'Brewer' },
    )
    expect(screen.getByLabelText('Crash to (°F)')).toHaveValue('32')
  })

  it('takes the temperature the person sets, and refuses one out of range or missing without sending it', async () => {
    localStorage.setItem('brewcommand.cellar.temperatureUnit', 'C')
    const calls = stubApi(() => ({ status: 201, body: { data: {} } }))
    const user = userEvent.setup()
    renderProduction(
      <ColdCrashAction task={task({ temperature: { value: 31, unit: 'F' }, from: 'recipe' })} />,
      { role: 'Brewer' },
    )
    const field = screen.getByLabelText('Crash to (°C)')
    expect(field).toHaveValue('-0.6')
    await user.clear(field)
    await user.type(field, '25')
    await user.click(screen.getByRole('button', { name: 'Crashed to 25 °C' }))
    expect(await screen.findByText('A cold crash is between 14 and 68 °F (−10 and 20 °C)')).toBeVisible()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    await user.clear(field)
    await user.click(screen.getByRole('button', { name: /^Crashed to/ }))
    expect(await screen.findByText('Enter the temperature')).toBeVisible()
    expect(posts(calls)).toEqual([])
    await user.type(field, '0,5')
    expect(screen.queryByText('Enter the temperature')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Crashed to 0.5 °C' }))
    await waitFor(() => expect(posts(calls)).toHaveLength(1))
    expect(posts(calls)[0]).toMatchObject({ temperature: { value: 0.5, unit: 'C' } })
  })
})
