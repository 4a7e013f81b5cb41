import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { grain, hop, recipe } from '../brewing/testing/fixtures.ts'
import type { MashStep } from '../recipes/recipe.schema.ts'
import {
  batchIdOfBrewDayUri,
  brewDayExpectations,
  brewDayObjectUri,
  compareBrewDay,
  ringingSteps,
  StepKeySchema,
  type BrewStep,
} from './brew-day.schema.ts'
import { brewTimeline, type MeasurementPoint } from './brew-timeline.ts'
import { DEFAULT_BREWHOUSE_CONSTANTS } from './equipment.schema.ts'

const constants = {
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  brewhouseEfficiency: 72,
  boilOffGallonsPerHour: 15,
  kettleTrubLossGallons: 10,
  chillerLossGallons: 2,
}
// 400 lb of a 0.8-extract malt: 46 × 0.8 × 400 = 14 720 potential points.
const snapshot = recipe(10, 'BBL', 75, { grainBill: [grain(400, 'Pounds', 0.8, 3)], boilTime: 60 })

describe('brewDayExpectations', () => {
  it('works the OG and the volumes out from the brewhouse and the target volume', () => {
    const expected = brewDayExpectations(snapshot, constants, 10)
    expect(expected.potentialPoints).toBeCloseTo(14_720, 6)
    expect(expected.intoFermenterGallons).toBe(310)
    // 1 + 14 720 ÷ 310 × 0.72 ÷ 1000
    expect(expected.originalGravity).toBeCloseTo(1 + ((14_720 / 310) * 0.72) / 1000, 9)
    expect(expected.postBoilGallons).toBe(322)
    expect(expected.preBoilGallons).toBe(337)
    expect(expected.preBoilGravity).toBeLessThan(expected.originalGravity)
  })

  // Issue 34, defect 4: brew day's first step had no volume and no temperature for an imported recipe.
  // Hand-computed: 400 lb × 1.25 qt/lb (no thickness in the recipe, none saved on the brewhouse) ÷ 4 = 125 gal;
  // Palmer: (0.2 ÷ 1.25) × (152 − 65) + 152 = 165.92 °F, + 2 °F of mash tun heat loss = 167.92 °F.
  it('gives the strike water and its temperature for the first step', () => {
    const rest: MashStep = {
      id: 'r1',
      order: 1,
      type: 'infusion-mash',
      temperature: '152 F',
      durationMins: '60',
      targetpH: '',
      brewersNotes: '',
    }
    const imported = { ...snapshot, mashThickness: 0, process: [rest] }
    const expected = brewDayExpectations(imported, { ...constants, mashTunHeatLossF: 2 }, 10)
    expect(expected.strikeWaterGallons).toBeCloseTo(125, 10)
    expect(expected.strikeTemperatureF).toBeCloseTo(167.92, 6)
  })

  it('never gives NaN or Infinity', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (target, efficiency, boilOff) => {
        const expected = brewDayExpectations(
          snapshot,
          { ...constants, brewhouseEfficiency: efficiency, boilOffGallonsPerHour: boilOff },
          target,
        )
        for (const value of Object.values(expected))
          if (value !== null) expect(Number.isFinite(value)).toBe(true)
      }),
    )
  })
})

describe('compareBrewDay', () => {
  const expected = brewDayExpectations(snapshot, constants, 10)
  const at = (
    point: MeasurementPoint,
    quantity: 'gravity' | 'volume',
    figure: number,
    takenAt = '2026-11-24T10:00:00Z',
  ) =>
    ({
      point,
      quantity,
      takenAt,
      gravity: quantity === 'gravity' ? figure : null,
      gallons: quantity === 'volume' ? figure : null,
    }) as const

  it('shows the brewhouse efficiency reached from the OG and the volume into the fermenter', () => {
    const [, , og] = compareBrewDay(expected, [
      at('original-gravity', 'gravity', 1.03),
      at('into-fermenter', 'volume', 300),
    ])
    // 30 points × 300 gal ÷ 14 720 = 61.1 %, below the 1.034 expected: add extract or boil longer
    expect(og.efficiencyPercent).toBeCloseTo((30 * 300 * 100) / 14_720, 6)
    expect(og.measuredGravity).toBe(1.03)
    expect(og.fix!.dilutionWaterGallons).toBe(0)
    expect(og.fix!.dryMaltExtractPounds).toBeGreaterThan(0)
    expect(og.fix!.extraBoilMinutes).toBeGreaterThan(0)
  })

  it('offers dilution when the OG is high, and no fix within two points', () => {
    const high = compareBrewDay(expected, [
      at('original-gravity', 'gravity', expected.originalGravity + 0.01),
    ])[2]
    expect(high.fix!.dilutionWaterGallons).toBeGreaterThan(0)
    expect(high.fix!.dryMaltExtractPounds).toBe(0)
    const close = compareBrewDay(expected, [
      at('original-gravity', 'gravity', expected.originalGravity + 0.001),
    ])[2]
    expect(close.fix).toBeNull()
  })

  it('never gives NaN or Infinity, whatever was measured', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (gravity, gallons, boilOff) => {
        const comparisons = compareBrewDay({ ...expected, boilOffGallonsPerHour: boilOff }, [
          at('original-gravity', 'gravity', gravity),
          at('into-fermenter', 'volume', gallons),
          at('pre-boil', 'gravity', gravity),
        ])
        for (const c of comparisons) {
          for (const value of [c.efficiencyPercent, c.measuredGravity, c.expectedGravity, c.expectedGallons])
            if (value !== null && c.measuredGravity !== null && Number.isFinite(c.measuredGravity))
              expect(Number.isFinite(value)).toBe(true)
          if (c.fix) for (const value of Object.values(c.fix)) expect(Number.isFinite(value)).toBe(true)
        }
      }),
    )
  })

  it('takes the latest measurement of a point', () => {
    const [preBoil] = compareBrewDay(expected, [
      at('pre-boil', 'gravity', 1.03, '2026-11-24T10:00:00Z'),
      at('pre-boil', 'gravity', 1.035, '2026-11-24T10:05:00Z'),
      at('pre-boil', 'volume', 330),
    ])
    expect(preBoil.measuredGravity).toBe(1.035)
    expect(preBoil.efficiencyPercent).toBeCloseTo((35 * 330 * 100) / 14_720, 6)
  })
})

describe('ringingSteps', () => {
  const mashStep: MashStep = {
    id: '00000000-0000-4000-8000-0000000000a1',
    order: 1,
    type: 'infusion-mash',
    temperature: '152 F',
    durationMins: '60',
    targetpH: '',
    brewersNotes: '',
  }
  const mashHop = hop(5, 1, 'Ounces', 'Mash', null, 'Mash Hop')
  const plan = brewTimeline(recipe(10, 'BBL', 75, { process: [mashStep], hopsBill: [mashHop], boilTime: 60 }))
  const stepsWith = (states: Partial<Record<string, Partial<BrewStep>>>): BrewStep[] =>
    plan.map((p, index) => ({
      key: p.key,
      position: index + 1,
      kind: p.kind,
      plan: p,
      startedAt: null,
      startedBy: null,
      completedAt: null,
      completedBy: null,
      extendedMinutes: 0,
      acknowledgedAt: null,
      acknowledgedBy: null,
      actual: null,
      ...states[p.key],
    }))
  const start = Date.parse('2026-11-24T10:00:00Z')

  it('rings for an addition due at its step start until acknowledged', () => {
    const running = stepsWith({
      'strike-water': { startedAt: '2026-11-24T09:00:00Z', completedAt: '2026-11-24T09:59:00Z' },
      [`mash:${mashStep.id}`]: { startedAt: '2026-11-24T10:00:00Z' },
    })
    expect(ringingSteps(running, start + 1000).map((s) => s.key)).toEqual([`hop:${mashHop.id}`])
    const acknowledged = stepsWith({
      'strike-water': { startedAt: '2026-11-24T09:00:00Z', completedAt: '2026-11-24T09:59:00Z' },
      [`mash:${mashStep.id}`]: { startedAt: '2026-11-24T10:00:00Z' },
      [`hop:${mashHop.id}`]: { acknowledgedAt: '2026-11-24T10:00:05Z' },
    })
    expect(ringingSteps(acknowledged, start + 10_000)).toEqual([])
  })

  it('rings for a timer whose time is up, and not before', () => {
    const steps = stepsWith({
      'strike-water': { startedAt: '2026-11-24T09:00:00Z', completedAt: '2026-11-24T09:59:00Z' },
      [`mash:${mashStep.id}`]: { startedAt: '2026-11-24T10:00:00Z' },
      [`hop:${mashHop.id}`]: { completedAt: '2026-11-24T10:00:05Z' },
    })
    expect(ringingSteps(steps, start + 59 * 60_000)).toEqual([])
    expect(ringingSteps(steps, start + 60 * 60_000).map((s) => s.key)).toEqual([`mash:${mashStep.id}`])
  })
})

describe('brew-day ids', () => {
  it('reads a batch id back from its brew-day object URI', () => {
    const id = '00000000-0000-4000-8000-0000000000b1'
    expect(batchIdOfBrewDayUri(brewDayObjectUri(id))).toBe(id)
    expect(batchIdOfBrewDayUri(`brewcommand://batches/${id}`)).toBeNull()
  })
  it('accepts the keys the timeline makes and nothing else', () => {
    for (const step of brewTimeline(snapshot)) expect(StepKeySchema.safeParse(step.key).success).toBe(true)
    expect(StepKeySchema.safeParse('hop:00000000-0000-4000-8000-0000000000b1').success).toBe(true)
    expect(StepKeySchema.safeParse('../etc').success).toBe(false)
    expect(StepKeySchema.safeParse('Boil').success).toBe(false)
  })
})
