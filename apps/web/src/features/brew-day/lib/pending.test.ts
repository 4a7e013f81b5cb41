import { brewStepPath, type BrewDay } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { applyPending } from './pending.ts'

const batchId = '00000000-0000-4000-8000-0000000000b1'
const me = { id: '00000000-0000-4000-8000-0000000000e1', name: 'Bea Brewer' }
const step = (key: string, kind: BrewDay['steps'][number]['kind'] = 'confirm') => ({
  key,
  position: 1,
  kind,
  plan: {} as BrewDay['steps'][number]['plan'],
  startedAt: null,
  startedBy: null,
  completedAt: null,
  completedBy: null,
  extendedMinutes: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  actual: null,
})
const brewDay = {
  batchId,
  number: '2026-001',
  status: 'brewing',
  productName: 'Pale',
  brewhouseName: '10 BBL',
  targetVolumeBbl: 10,
  brewDayStartedAt: '2026-11-24T08:00:00.000Z',
  brewDayFinishedAt: null,
  fermenterId: null,
  steps: [step('strike-water'), step('boil', 'timer')],
  measurements: [],
  expected: {
    potentialPoints: 0,
    brewhouseEfficiency: 75,
    mashEfficiency: 85,
    boilOffGallonsPerHour: 15,
    preBoilGallons: 0,
    preBoilGravity: 1,
    postBoilGallons: 0,
    originalGravity: 1,
    intoFermenterGallons: 0,
  },
  fermenters: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      name: 'FV1',
      kind: 'fermenter',
      state: 'clean',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      available: true,
      cleaningWarnings: [],
    },
  ],
  serverTime: '2026-11-24T09:00:00.000Z',
} satisfies BrewDay

const queued = (
  action: string,
  uri: string,
  data: Record<string, unknown> = {},
  timestamp = '2026-11-24T09:00:00.000Z',
) => ({
  requestId: crypto.randomUUID(),
  write: { kind: 'production' as const, action: action as 'brew-day:start-step', uri, data },
  data: { timestamp },
})

describe('applyPending', () => {
  it('shows a step started offline as started at the moment it was pressed, on the server clock', () => {
    const shown = applyPending(
      brewDay,
      [queued('brew-day:start-step', brewStepPath(batchId, 'strike-water', 'start'))],
      -2_000,
      me,
    )
    const strike = shown.brewDay.steps[0]
    expect(strike.startedAt).toBe('2026-11-24T08:59:58.000Z')
    expect(strike.startedBy).toEqual(me)
    expect(shown.pendingSteps.has('strike-water')).toBe(true)
    expect(brewDay.steps[0].startedAt).toBeNull()
  })

  it('adds extensions, and clears the acknowledgement they restart', () => {
    const acknowledged = {
      ...brewDay,
      steps: [brewDay.steps[0], { ...step('boil', 'timer'), acknowledgedAt: '2026-11-24T09:00:00.000Z' }],
    }
    const shown = applyPending(
      acknowledged,
      [
        queued('brew-day:extend-step', brewStepPath(batchId, 'boil', 'extend'), { minutes: 5 }),
        queued('brew-day:extend-step', brewStepPath(batchId, 'boil', 'extend'), { minutes: 5 }),
      ],
      0,
      me,
    )
    expect(shown.brewDay.steps[1]).toMatchObject({ extendedMinutes: 10, acknowledgedAt: null })
  })

  it('shows a queued measurement with its standard figure, and a queued finish', () => {
    const id = '00000000-0000-4000-8000-0000000000d1'
    const shown = applyPending(
      brewDay,
      [
        queued('brew-day:record-measurement', `/api/batches/${batchId}/measurements`, {
          id,
          point: 'into-fermenter',
          quantity: 'volume',
          value: 2,
          unit: 'BBL',
          instrument: 'meter',
        }),
        queued('brew-day:finish', `/api/batches/${batchId}/brew-day/finish`, {
          fermenterId: '00000000-0000-4000-8000-0000000000f1',
        }),
      ],
      0,
      me,
    )
    expect(shown.brewDay.measurements[0]).toMatchObject({ id, gallons: 62, takenBy: me })
    expect(shown.pendingMeasurements.has(id)).toBe(true)
    expect(shown.brewDay.status).toBe('fermenting')
    expect(shown.pendingFinish).toBe(true)
  })
})
