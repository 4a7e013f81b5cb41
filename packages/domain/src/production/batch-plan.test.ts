import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { newRecipe, type Recipe } from '../recipes/recipe.schema.ts'
import { batchPlan, batchScale } from './batch-plan.ts'
import type { StoredBrewhouseConstants } from './equipment.schema.ts'

// A version saved before the strike-water fields: it reads their defaults (65 °F grain, no heat loss, 1.25 qt/lb).
const constants: StoredBrewhouseConstants = {
  name: 'Pilot',
  maxBatchGallons: 10,
  brewhouseEfficiency: 75,
  mashEfficiency: 85,
  boilOffGallonsPerHour: 1.5,
  kettleTrubLossGallons: 0.5,
  chillerLossGallons: 0.25,
  grainAbsorptionGallonsPerPound: 0.125,
  mashTunDeadSpaceGallons: 0.5,
  maxGrainPounds: 15,
}

// A 5 gallon recipe: 10 lb at 0.80 extract (368 points), 60 minutes, 1.25 qt/lb.
const recipe: Recipe = {
  ...newRecipe('0b5cf3c6-8a3a-4cf7-9f3c-5b0c2e6b7a10'),
  yield: { quantity: 5, unit: 'GAL' },
  boilTime: 60,
  mashThickness: 1.25,
  grainBill: [
    {
      id: '2f1a3d44-8a5e-4a4f-8b9e-0d7c9a1b2c3d',
      ingredient: { id: 'pale', type: 'Grain', extractFgMin: 0.8 },
      amount: { value: 10, unit: 'Pounds' },
    },
  ],
}
const bbl = (gallons: number) => gallons / 31

describe('batchPlan', () => {
  // Issue 34, defect 4: an imported recipe without infusion amounts planned "Strike water 0 gal", no temperature.
  // Hand-computed (Palmer, How to Brew: Tw = (0.2 ÷ r)(T2 − T1) + T2, r in qt/lb, °F), 10 lb of grain, rest 152 °F:
  //  - brewhouse without the fields: r = 1.25 → 10 × 1.25 ÷ 4 = 3.125 gal; (0.2 ÷ 1.25) × (152 − 65) + 152
  //    = 0.16 × 87 + 152 = 13.92 + 152 = 165.92 °F;
  //  - brewhouse at 1.5 qt/lb, grain 70 °F, tun heat loss 3 °F: 10 × 1.5 ÷ 4 = 3.75 gal;
  //    (0.2 ÷ 1.5) × (152 − 70) + 152 + 3 = 10.9333 + 155 = 165.9333 °F.
  it("brews a recipe without a mash thickness at the brewhouse's (or 1.25 qt/lb), with its strike temperature", () => {
    const imported: Recipe = {
      ...recipe,
      mashThickness: 0,
      process: [
        {
          id: 'a1',
          order: 1,
          type: 'infusion-mash',
          temperature: '152 F',
          durationMins: '60',
          targetpH: '',
          brewersNotes: '',
        },
      ],
    }
    const plan = batchPlan({ recipeSnapshot: imported, targetVolumeBbl: bbl(5), constants })
    expect(plan.thicknessFromBrewhouse).toBe(true)
    expect(plan.plan.strikeWaterGallons).toBeCloseTo(3.125, 10)
    expect(plan.strike.temperatureF).toBeCloseTo(165.92, 6)
    const line = plan.lines.find((l) => l.key === 'strikeTemperatureF')!
    expect(line).toMatchObject({ label: 'Strike temperature', unit: '°F' })
    expect(line.numbers).toBe('(0.2 ÷ 1.25) × (152 °F − 65 °F) + 152 °F + 0 °F = 165.9 °F')

    const own = batchPlan({
      recipeSnapshot: imported,
      targetVolumeBbl: bbl(5),
      constants: {
        ...constants,
        mashThicknessQuartsPerPound: 1.5,
        grainTemperatureF: 70,
        mashTunHeatLossF: 3,
      },
    })
    expect(own.plan.strikeWaterGallons).toBeCloseTo(3.75, 10)
    expect(own.plan.spargeWaterGallons).toBeCloseTo(own.plan.totalWaterGallons - 3.75, 10)
    expect(own.strike.temperatureF).toBeCloseTo(165.9333, 4)
  })

  it("keeps the recipe's own mash thickness when it has one", () => {
    const plan = batchPlan({
      recipeSnapshot: recipe,
      targetVolumeBbl: bbl(5),
      constants: { ...constants, mashThicknessQuartsPerPound: 2 },
    })
    expect(plan.thicknessFromBrewhouse).toBe(false)
    expect(plan.plan.strikeWaterGallons).toBeCloseTo(3.125, 10)
    // No mash rest in the recipe: no temperature to aim at, so none is made up.
    expect(plan.strike.temperatureF).toBeNull()
  })

  it('plans the recipe at its own size on the brewhouse', () => {
    const plan = batchPlan({ recipeSnapshot: recipe, targetVolumeBbl: bbl(5), constants })
    expect(plan.scale).toBeCloseTo(1, 10)
    expect(plan.plan.intoFermenterGallons).toBeCloseTo(5, 8)
    expect(plan.plan.postBoilGallons).toBeCloseTo(5.75, 8)
    expect(plan.plan.preBoilGallons).toBeCloseTo(7.25, 8)
    // 7.25 + 10 × 0.125 + 0.5; strike 10 × 1.25 ÷ 4.
    expect(plan.plan.totalWaterGallons).toBeCloseTo(9, 8)
    expect(plan.plan.strikeWaterGallons).toBeCloseTo(3.125, 8)
    const og = plan.lines.find((line) => line.key === 'expectedOriginalGravity')!
    expect(og.value).toBeCloseTo(1.0552, 8)
    expect(plan.lines.find((line) => line.key === 'recipeOriginalGravity')!.value).toBeCloseTo(1.05152, 8)
    expect(plan.overMaxBatch).toBe(false)
    expect(plan.overMaxGrain).toBe(false)
  })

  it('scales the recipe to a larger batch: same gravities, more grain, and says what is over the maximum', () => {
    const plan = batchPlan({ recipeSnapshot: recipe, targetVolumeBbl: bbl(10), constants })
    expect(plan.scale).toBeCloseTo(2, 10)
    expect(plan.grainPounds).toBeCloseTo(20, 8)
    expect(plan.lines.find((line) => line.key === 'expectedOriginalGravity')!.value).toBeCloseTo(1.0552, 8)
    expect(plan.overMaxGrain).toBe(true)
    expect(batchPlan({ recipeSnapshot: recipe, targetVolumeBbl: bbl(11), constants }).overMaxBatch).toBe(true)
  })

  it('keeps the scale at 1 for a recipe without a batch size', () => {
    expect(batchScale({ yield: { quantity: 0, unit: 'BBL' } }, 10)).toBe(1)
    // A stored snapshot without a batch size (an older or hand-made one) brews as written.
    expect(batchScale({}, 10)).toBe(1)
    expect(batchScale({ yield: undefined }, 10)).toBe(1)
  })

  it('never gives NaN or Infinity', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.double(),
        fc.double(),
        fc.constantFrom<'BBL' | 'GAL'>('BBL', 'GAL'),
        (target, yieldQuantity, boil, unit) => {
          const plan = batchPlan({
            recipeSnapshot: { ...recipe, yield: { quantity: yieldQuantity, unit }, boilTime: boil },
            targetVolumeBbl: target,
            constants,
          })
          for (const line of plan.lines) expect(Number.isFinite(line.value)).toBe(true)
          expect(Number.isFinite(plan.scale)).toBe(true)
        },
      ),
    )
  })
})
