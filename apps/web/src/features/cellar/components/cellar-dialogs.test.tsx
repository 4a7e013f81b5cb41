import type { TankCard } from '@brewcommand/domain'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { MovementDialog } from './cellar-dialogs.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const card = (n: number, name: string, kind: string, contentsBbl: number): TankCard => ({
  vessel: {
    id: uuid(n),
    name,
    kind,
    state: contentsBbl > 0 ? 'in-use' : 'sanitised',
    capacityBbl: 10,
    workingCapacityBbl: 9,
  },
  contentsBbl,
  batch: null,
  latest: null,
  trend: [],
  attenuation: null,
  // Cleaned and sanitised a minute ago: no cleaning warning.
  lastCleanedAt: new Date(Date.now() - 60_000).toISOString(),
  lastSanitisedAt: new Date(Date.now() - 60_000).toISOString(),
  openAlerts: 0,
  devices: [],
})

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('the cellar’s movement dialog', { timeout: 20_000 }, () => {
  it('takes a loss of what the tank shows (0.14 of 0.1387 bbl) and refuses more than that', async () => {
    const calls = stubApi(() => ({ status: 201, body: { data: {} } }))
    const fv = card(1, 'FV1', 'fermenter', 0.1387)
    const user = userEvent.setup()
    renderProduction(
      <MovementDialog kind="lost" card={fv} board={[fv]} settings={undefined} open onOpenChange={() => {}} />,
      {
        role: 'Brewer',
      },
    )
    const dialog = screen.getByRole('dialog')
    await user.type(within(dialog).getByLabelText('Volume'), '0.15')
    await user.type(within(dialog).getByLabelText('Reason'), 'Trub')
    await user.click(within(dialog).getByRole('button', { name: /save/i }))
    expect(await within(dialog).findByText('FV1 holds 0.14 bbl')).toBeVisible()
    await user.clear(within(dialog).getByLabelText('Volume'))
    await user.type(within(dialog).getByLabelText('Volume'), '0.14')
    await user.click(within(dialog).getByRole('button', { name: /save/i }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    expect((calls.find((call) => call.method === 'POST')!.body as { data: object }).data).toMatchObject({
      kind: 'lost',
      volumeBbl: 0.14,
    })
  })

  it('offers Empty the tank on a transfer: the rest is booked as a loss with its reason', async () => {
    const calls = stubApi(() => ({ status: 201, body: { data: {} } }))
    const fv = card(1, 'FV1', 'fermenter', 5)
    const bt = card(2, 'BT1', 'brite-tank', 0)
    const user = userEvent.setup()
    renderProduction(
      <MovementDialog
        kind="transferred"
        card={fv}
        board={[fv, bt]}
        settings={undefined}
        open
        onOpenChange={() => {}}
      />,
      { role: 'Brewer' },
    )
    const dialog = screen.getByRole('dialog')
    await user.selectOptions(within(dialog).getByLabelText('To vessel'), uuid(2))
    await user.type(within(dialog).getByLabelText('Volume'), '4.8')
    await user.click(within(dialog).getByLabelText('Empty the tank'))
    expect(
      within(dialog).getByText('The rest, 0.20 bbl, is booked as a loss and the tank is empty.'),
    ).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: /save/i }))
    expect(await within(dialog).findByText('Give the reason for the rest')).toBeVisible()
    await user.type(within(dialog).getByLabelText('Reason for the rest'), 'Yeast cake')
    await user.click(within(dialog).getByRole('button', { name: /save/i }))
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1))
    expect((calls.find((call) => call.method === 'POST')!.body as { data: object }).data).toMatchObject({
      kind: 'transferred',
      toVesselId: uuid(2),
      volumeBbl: 4.8,
      emptyTank: { reason: 'Yeast cake', lossId: expect.any(String) as string },
    })
  })
})
