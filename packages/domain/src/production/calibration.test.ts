import { describe, expect, it } from 'vitest'
import { proposeCalibration, type CurrentConstants, type MeasuredBrew } from './calibration.ts'

const current: CurrentConstants = {
  brewhouseEfficiency: 70,
  mashEfficiency: 80,
  boilOffGallonsPerHour: 1.5,
  kettleLossGallons: 0.5,
}

// 368 potential points (10 lb at 0.80 extract). Into the fermenter: 5 gal at 1.0478 is 65 %; pre-boil 7 gal at
// 1.0421 is 80.09 %; boil-off (7 − 5.8) / 1 h = 1.2 gal/h; kettle loss 5.8 − 5 = 0.8 gal.
const brew = (n: number, overrides: Partial<MeasuredBrew> = {}): MeasuredBrew => ({
  batchId: `b${n}`,
  batchNumber: `2026-00${n}`,
  brewedAt: `2026-11-0${n}T12:00:00Z`,
  potentialPoints: 368,
  boilMinutes: 60,
  preBoil: { gallons: 7, gravity: 1.0421 },
  postBoilGallons: 5.8,
  intoFermenter: { gallons: 5, gravity: 1.04784 },
  ...overrides,
})

describe('proposeCalibration', () => {
  it('proposes nothing before three measured brews', () => {
    expect(proposeCalibration([brew(1), brew(2)], current)).toEqual([])
  })

  it('proposes the means of the measured brews, each with the batches behind it', () => {
    const proposals = proposeCalibration([brew(1), brew(2), brew(3)], current)
    const byConstant = new Map(proposals.map((proposal) => [proposal.constant, proposal]))
    expect(byConstant.get('brewhouseEfficiency')).toMatchObject({ current: 70, proposed: 65 })
    expect(byConstant.get('boilOffGallonsPerHour')).toMatchObject({ current: 1.5, proposed: 1.2 })
    expect(byConstant.get('kettleLossGallons')).toMatchObject({ current: 0.5, proposed: 0.8 })
    expect(byConstant.get('brewhouseEfficiency')?.batches.map((batch) => batch.batchNumber)).toEqual([
      '2026-003',
      '2026-002',
      '2026-001',
    ])
    // 80.09 % rounds to 80.1, which differs from 80.
    expect(byConstant.get('mashEfficiency')?.proposed).toBe(80.1)
  })

  it('leaves out a constant the brews agree with, and brews that did not measure it', () => {
    const unmeasuredPreBoil = { preBoil: null }
    const proposals = proposeCalibration(
      [brew(1, unmeasuredPreBoil), brew(2, unmeasuredPreBoil), brew(3), brew(4)],
      { ...current, kettleLossGallons: 0.8 },
    )
    const constants = proposals.map((proposal) => proposal.constant)
    expect(constants).toContain('brewhouseEfficiency')
    expect(constants).not.toContain('kettleLossGallons')
    expect(constants).not.toContain('mashEfficiency')
    expect(constants).not.toContain('boilOffGallonsPerHour')
  })

  it('counts only the ten most recent brews', () => {
    const old = Array.from({ length: 9 }, (_, i) =>
      brew(i + 1, { brewedAt: `2025-01-0${i + 1}T00:00:00Z`, intoFermenter: { gallons: 5, gravity: 1.05 } }),
    )
    const recent = Array.from({ length: 10 }, (_, i) =>
      brew(i + 1, { brewedAt: `2026-10-${10 + i}T00:00:00Z` }),
    )
    const proposal = proposeCalibration([...old, ...recent], current).find(
      (item) => item.constant === 'brewhouseEfficiency',
    )
    expect(proposal?.batches).toHaveLength(10)
    expect(proposal?.proposed).toBe(65)
  })

  it('skips brews with unreadable dates or nonsense figures', () => {
    const bad = brew(9, { brewedAt: 'yesterday', intoFermenter: { gallons: Number.NaN, gravity: Infinity } })
    expect(proposeCalibration([bad, bad, bad], current)).toEqual([])
  })
})
