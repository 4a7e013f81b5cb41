import { describe, expect, it } from 'vitest'
import { newRecipe, type Recipe } from '../recipes/recipe.schema.ts'
import {
  applyCalibration,
  brewhouseCalibration,
  calibrationCurrent,
  measuredBrewOf,
  type StoredMeasurement,
} from './brewhouse.schema.ts'
import { DEFAULT_BREWHOUSE_CONSTANTS, type BrewhouseConstants } from './equipment.schema.ts'

const constants: BrewhouseConstants = { name: 'Pilot', ...DEFAULT_BREWHOUSE_CONSTANTS }

// 10 lb at 0.80 extract: 368 potential points (46 × 0.8 × 10).
const snapshot: Recipe = {
  ...newRecipe('0b5cf3c6-8a3a-4cf7-9f3c-5b0c2e6b7a10'),
  boilTime: 60,
  grainBill: [
    {
      id: '2f1a3d44-8a5e-4a4f-8b9e-0d7c9a1b2c3d',
      ingredient: { id: 'pale', type: 'Grain', extractFgMin: 0.8 },
      amount: { value: 10, unit: 'Pounds' },
    },
  ],
}

const m = (point: string, figure: Partial<StoredMeasurement>, takenAt = '2026-11-01T10:00:00Z') => ({
  point,
  gravity: null,
  gallons: null,
  takenAt,
  ...figure,
})

const measurements: StoredMeasurement[] = [
  m('pre-boil', { gallons: 7 }),
  m('pre-boil', { gravity: 1.03 }, '2026-11-01T09:00:00Z'),
  m('pre-boil', { gravity: 1.0421 }, '2026-11-01T09:30:00Z'),
  m('post-boil', { gallons: 5.8 }),
  m('original-gravity', { gravity: 1.04784 }),
  m('into-fermenter', { gallons: 5 }),
]

describe('measuredBrewOf', () => {
  it('reads the latest figure of each point and the potential of the snapshot', () => {
    const brew = measuredBrewOf(
      { id: 'b1', number: '2026-001', brewedAt: '2026-11-01T12:00:00Z', snapshot },
      measurements,
    )
    expect(brew).toMatchObject({
      batchId: 'b1',
      boilMinutes: 60,
      preBoil: { gallons: 7, gravity: 1.0421 },
      postBoilGallons: 5.8,
      intoFermenter: { gallons: 5, gravity: 1.04784 },
    })
    expect(brew.potentialPoints).toBeCloseTo(368, 6)
  })

  it('leaves out what was not measured', () => {
    const brew = measuredBrewOf({ id: 'b', number: 'n', brewedAt: '2026-11-01T12:00:00Z', snapshot }, [])
    expect(brew.preBoil).toEqual({ gallons: null, gravity: null })
    expect(brew.intoFermenter).toEqual({ gallons: null, gravity: null })
  })
})

describe('brewhouseCalibration', () => {
  const brew = (n: number) =>
    measuredBrewOf(
      { id: `b${n}`, number: `2026-00${n}`, brewedAt: `2026-11-0${n}T12:00:00Z`, snapshot },
      measurements,
    )

  it('proposes nothing before three measured brews', () => {
    expect(brewhouseCalibration(constants, [brew(1), brew(2)])).toEqual({ measuredBrews: 2, proposals: [] })
  })

  it('proposes the measured efficiency, boil-off and kettle loss after three', () => {
    const { proposals } = brewhouseCalibration(constants, [brew(1), brew(2), brew(3)])
    const byConstant = Object.fromEntries(proposals.map((p) => [p.constant, p.proposed]))
    expect(byConstant).toMatchObject({
      brewhouseEfficiency: 65,
      boilOffGallonsPerHour: 1.2,
      kettleLossGallons: 0.8,
    })
    expect(proposals[0].batches.map((b) => b.batchNumber)).toEqual(['2026-003', '2026-002', '2026-001'])
  })
})

describe('applyCalibration', () => {
  it('counts the chiller in the kettle loss it compares and keeps the chiller loss when applying', () => {
    expect(calibrationCurrent(constants).kettleLossGallons).toBe(12)
    const next = applyCalibration(constants, [
      { constant: 'kettleLossGallons', proposed: 9.5 },
      { constant: 'brewhouseEfficiency', proposed: 71.5 },
    ])
    expect(next).toMatchObject({
      kettleTrubLossGallons: 7.5,
      chillerLossGallons: 2,
      brewhouseEfficiency: 71.5,
    })
    expect(
      applyCalibration(constants, [{ constant: 'kettleLossGallons', proposed: 1 }]).kettleTrubLossGallons,
    ).toBe(0)
  })
})
