import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  brixToGravity,
  celsiusToFahrenheit,
  dilutionWaterGallons,
  dryMaltExtractPounds,
  efficiencyPercent,
  extraBoilMinutes,
  fahrenheitToCelsius,
  gallonsToBarrels,
  gallonsToLitres,
  gravityFix,
  gravityToPlato,
  hydrometerCorrection,
  litresToGallons,
  potentialPoints,
  refractometerFermentingGravity,
  refractometerWortGravity,
  strikeWaterTemperatureF,
  volumePlan,
} from './brew-day-maths.ts'

const brewhouse = {
  boilOffGallonsPerHour: 1.5,
  kettleTrubLossGallons: 0.5,
  chillerLossGallons: 0.25,
  grainAbsorptionGallonsPerPound: 0.125,
  mashTunDeadSpaceGallons: 0.5,
}

describe('volumePlan', () => {
  // A 5-gallon batch of 10 lb at 1.25 qt/lb with a 60-minute boil, worked by hand:
  // post-boil 5 + 0.5 + 0.25 = 5.75; pre-boil 5.75 + 1.5 = 7.25; absorption 10 × 0.125 = 1.25;
  // total 7.25 + 1.25 + 0.5 = 9; strike 10 × 1.25 / 4 = 3.125; sparge 5.875;
  // pre-boil gravity 1 + 52 × 5.75 / 7.25 / 1000 = 1.04124.
  const plan = volumePlan({
    ...brewhouse,
    intoFermenterGallons: 5,
    grainPounds: 10,
    mashThicknessQuartsPerPound: 1.25,
    boilMinutes: 60,
    originalGravity: 1.052,
  })

  it('works back from the fermenter to the water', () => {
    expect(plan.postBoilGallons).toBeCloseTo(5.75, 10)
    expect(plan.boilOffGallons).toBeCloseTo(1.5, 10)
    expect(plan.preBoilGallons).toBeCloseTo(7.25, 10)
    expect(plan.grainAbsorptionGallons).toBeCloseTo(1.25, 10)
    expect(plan.totalWaterGallons).toBeCloseTo(9, 10)
    expect(plan.strikeWaterGallons).toBeCloseTo(3.125, 10)
    expect(plan.spargeWaterGallons).toBeCloseTo(5.875, 10)
    expect(plan.preBoilGravity).toBeCloseTo(1.041241, 6)
  })

  it('never plans more strike water than water in all', () => {
    const thick = volumePlan({
      ...brewhouse,
      intoFermenterGallons: 1,
      grainPounds: 40,
      mashThicknessQuartsPerPound: 3,
      boilMinutes: 0,
      originalGravity: 1.1,
    })
    expect(thick.strikeWaterGallons).toBe(thick.totalWaterGallons)
    expect(thick.spargeWaterGallons).toBe(0)
  })
})

describe('strikeWaterTemperatureF', () => {
  it("gives Palmer's worked example: 1.5 qt/lb, grain at 70 °F, mash at 150 °F → 160.7 °F", () => {
    expect(strikeWaterTemperatureF(1.5, 70, 150)).toBeCloseTo(160.667, 3)
  })
  it('is the target itself without a thickness', () => {
    expect(strikeWaterTemperatureF(0, 70, 152)).toBe(152)
  })
})

describe('efficiencyPercent', () => {
  it('inverts the recipe OG formula: 368 points in 5 gal at 1.05152 is 70 %', () => {
    // README worked example: 10 lb × 46 × 0.80 = 368 points; at 70 % over 5 gal the OG is 1.05152.
    expect(potentialPoints(10, 0.8)).toBeCloseTo(368, 10)
    expect(efficiencyPercent(1.05152, 5, 368)).toBeCloseTo(70, 8)
  })
  it('is 0 without potential', () => {
    expect(efficiencyPercent(1.05, 5, 0)).toBe(0)
  })
})

describe('fixes for a gravity that is off', () => {
  it('dilutes 5 gal of 1.060 to 1.050 with 1 gal of water', () => {
    expect(dilutionWaterGallons(5, 1.06, 1.05)).toBeCloseTo(1, 10)
  })
  it('adds 1.136 lb of DME to raise 5 gal from 1.040 to 1.050 (50 points ÷ 44 ppg)', () => {
    expect(dryMaltExtractPounds(5, 1.04, 1.05)).toBeCloseTo(50 / 44, 10)
  })
  it('boils 6 gal of 1.040 down to 1.048 in 40 minutes at 1.5 gal/h', () => {
    // Same sugar: 6 × 40 / 48 = 5 gal; 1 gal at 1.5 gal/h is 40 minutes.
    expect(extraBoilMinutes(6, 1.04, 1.048, 1.5)).toBeCloseTo(40, 8)
  })
  it('offers only the fix in the right direction', () => {
    const high = gravityFix(5, 1.06, 1.05, 1.5)
    expect(high.dilutionWaterGallons).toBeCloseTo(1, 8)
    expect(high.dryMaltExtractPounds).toBe(0)
    expect(high.extraBoilMinutes).toBe(0)
    const low = gravityFix(5, 1.04, 1.05, 1.5)
    expect(low.dilutionWaterGallons).toBe(0)
    expect(low.dryMaltExtractPounds).toBeGreaterThan(0)
    expect(low.extraBoilMinutes).toBeGreaterThan(0)
  })
})

describe('instrument corrections', () => {
  it('corrects 1.050 read at 100 °F to 1.056 (hydrometer calibrated at 60 °F)', () => {
    expect(hydrometerCorrection(1.05, 100)).toBeCloseTo(1.0561, 4)
    expect(hydrometerCorrection(1.05, 60)).toBeCloseTo(1.05, 10)
  })
  it('reads 12 °Bx as 1.048 and 1.048 as 11.9 °P', () => {
    expect(brixToGravity(12)).toBeCloseTo(1.0484, 4)
    expect(gravityToPlato(1.048)).toBeCloseTo(11.91, 2)
  })
  it('applies the wort correction factor to an unfermented reading', () => {
    expect(refractometerWortGravity(12.48, 1.04)).toBeCloseTo(brixToGravity(12), 10)
  })
  it("corrects a fermenting reading for alcohol with Terrill's cubic", () => {
    // 16 °Bx at the start, 8 °Bx now, WCF 1.04: the refractometer alone would say 1.031.
    expect(refractometerFermentingGravity(16, 8)).toBeCloseTo(1.01368, 5)
    expect(refractometerFermentingGravity(16, 16)).toBeGreaterThan(refractometerFermentingGravity(16, 8))
  })
  it('converts temperatures and volumes both ways', () => {
    expect(fahrenheitToCelsius(212)).toBeCloseTo(100, 10)
    expect(celsiusToFahrenheit(20)).toBeCloseTo(68, 10)
    expect(litresToGallons(gallonsToLitres(7.5))).toBeCloseTo(7.5, 10)
    expect(gallonsToBarrels(31)).toBe(1)
  })
})

describe('no input gives NaN or Infinity', () => {
  const anything = fc.oneof(
    fc.double(),
    fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, -0, Number.MAX_VALUE),
  )
  const finite = (value: number) => expect(Number.isFinite(value), String(value)).toBe(true)

  it('holds for every formula', () => {
    fc.assert(
      fc.property(anything, anything, anything, anything, anything, (a, b, c, d, e) => {
        const plan = volumePlan({
          boilOffGallonsPerHour: a,
          kettleTrubLossGallons: b,
          chillerLossGallons: c,
          grainAbsorptionGallonsPerPound: d,
          mashTunDeadSpaceGallons: e,
          intoFermenterGallons: b,
          grainPounds: a,
          mashThicknessQuartsPerPound: c,
          boilMinutes: d,
          originalGravity: e,
        })
        Object.values(plan).forEach(finite)
        for (const value of [
          strikeWaterTemperatureF(a, b, c),
          efficiencyPercent(a, b, c),
          dilutionWaterGallons(a, b, c),
          dryMaltExtractPounds(a, b, c),
          extraBoilMinutes(a, b, c, d),
          hydrometerCorrection(a, b, c),
          brixToGravity(a),
          gravityToPlato(a),
          refractometerWortGravity(a, b),
          refractometerFermentingGravity(a, b, c),
          fahrenheitToCelsius(a),
          celsiusToFahrenheit(a),
          gallonsToLitres(a),
          litresToGallons(a),
          potentialPoints(a, b),
        ])
          finite(value)
        Object.values(gravityFix(a, b, c, d)).forEach((value) => {
          finite(value)
          expect(value).toBeGreaterThanOrEqual(0)
        })
      }),
      { numRuns: 2000 },
    )
  }, 30_000) // fast-check's runs of every formula: seconds on a loaded machine
})
