import { describe, expect, it } from 'vitest'
import { explainVolumePlan, volumesOverCapacity } from './volume-plan-explain.ts'

const input = {
  boilOffGallonsPerHour: 1.5,
  kettleTrubLossGallons: 0.5,
  chillerLossGallons: 0.25,
  grainAbsorptionGallonsPerPound: 0.125,
  mashTunDeadSpaceGallons: 0.5,
  intoFermenterGallons: 5,
  grainPounds: 10,
  mashThicknessQuartsPerPound: 1.25,
  boilMinutes: 60,
  potentialPoints: 368,
  brewhouseEfficiency: 75,
}

describe('explainVolumePlan', () => {
  const { plan, lines } = explainVolumePlan(input)
  const line = (key: string) => lines.find((item) => item.key === key)!

  it("gives the brewhouse's OG beside the recipe's at 70 %", () => {
    // 368 / 5 × 0.75 = 55.2 points; at 70 %, 51.52.
    expect(line('expectedOriginalGravity').value).toBeCloseTo(1.0552, 10)
    expect(line('recipeOriginalGravity').value).toBeCloseTo(1.05152, 10)
    expect(line('expectedOriginalGravity').numbers).toBe('1 + 368 ÷ 5 × 75% ÷ 1000 = 1.055')
  })

  it('shows each volume with its formula and numbers', () => {
    expect(line('postBoilGallons').numbers).toBe('5 gal + 0.5 gal + 0.25 gal = 5.75 gal')
    expect(line('preBoilGallons').numbers).toBe('5.75 gal + 1.5 gal/h × 1 h = 7.25 gal')
    expect(line('spargeWaterGallons').numbers).toBe('9 gal − 3.13 gal = 5.88 gal')
    expect(line('strikeWaterGallons').value).toBe(plan.strikeWaterGallons)
    expect(lines.every((item) => item.formula.length > 0 && Number.isFinite(item.value))).toBe(true)
  })
})

describe('volumesOverCapacity', () => {
  it('warns when a volume exceeds a vessel', () => {
    const { plan } = explainVolumePlan(input)
    expect(
      volumesOverCapacity(plan, { kettleGallons: 7, fermenterGallons: 6, mashTunGallons: null }),
    ).toEqual([{ key: 'preBoilGallons', vessel: 'kettle', gallons: 7.25, capacity: 7 }])
  })
})
