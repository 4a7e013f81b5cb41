import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HOP_ADDITION_TYPES } from '../recipes/recipe.schema.ts'
import { explainRecipeStats, moreyUnclamped } from './explain.ts'
import { silentLogger } from './logger.ts'
import { calculateRecipeStats } from './stats.ts'
import { grain, hop, other, recipe } from './testing/fixtures.ts'
import { WEIGHT_UNITS } from './units.ts'

const quiet = { logger: silentLogger }

const ipa = () =>
  recipe(6, 'GAL', 80, {
    boilTime: 60,
    whirlpoolTime: 20,
    grainBill: [
      grain(12, 'Pounds', 0.8, 2, 'Pale 2-Row'),
      grain(1, 'Pounds', 0.74, 40, 'Crystal 40L'),
      grain(8, 'Ounces', 0.72, 1.5, 'Carapils'),
    ],
    hopsBill: [
      hop(12, 1, 'Ounces', 'Boil', { value: 60, unit: 'Minutes' }, 'Magnum'),
      hop(7, 1, 'Ounces', 'First Wort', null, 'Cascade'),
      hop(12, 2, 'Ounces', 'Whirlpool', null, 'Citra'),
      hop(12, 3, 'Ounces', 'Dry Hop', { value: 5, unit: 'Days' }, 'Citra'),
    ],
    otherIngredients: [other(true, 1, 'Pounds', 'Corn Sugar'), other(false, 1, 'Ounces', 'Irish Moss')],
  })

describe('explainRecipeStats', () => {
  it('gives exactly the figures calculateRecipeStats gives', () => {
    expect(explainRecipeStats(ipa(), quiet).stats).toEqual(calculateRecipeStats(ipa(), quiet))
  })

  it('names the constants: 70 % efficiency, 46 points per pound, Tinseth, Morey', () => {
    const explained = explainRecipeStats(ipa(), quiet)
    expect(explained.efficiency).toBe(70)
    expect(explained.gravity.pointsPerPound).toBe(46)
    expect(explained.ibu.method).toBe('Tinseth')
    expect(explained.srm.method).toBe('Morey')
    expect(explained.abv.factor).toBe(131.25)
    expect(explained.finalGravity.attenuation).toBe(80)
    expect(explained.gallons).toBe(6)
  })

  it('lists points per malt and per fermentable ingredient, worked by hand', () => {
    const { gravity, stats } = explainRecipeStats(ipa(), quiet)
    // 46 × 0.80 × 12 = 441.6; 46 × 0.74 × 1 = 34.04; 46 × 0.72 × 0.5 = 16.56; corn sugar 46 × 1 = 46
    expect(gravity.contributions.map((c) => [c.name, c.source])).toEqual([
      ['Pale 2-Row', 'grain'],
      ['Crystal 40L', 'grain'],
      ['Carapils', 'grain'],
      ['Corn Sugar', 'other'],
    ])
    expect(gravity.contributions.map((c) => c.points)).toEqual([
      expect.closeTo(441.6, 9),
      expect.closeTo(34.04, 9),
      expect.closeTo(16.56, 9),
      expect.closeTo(46, 9),
    ])
    expect(gravity.totalPoints).toBeCloseTo(538.2, 9)
    // OG = 1 + 538.2 / 6 × 0.7 / 1000 = 1.06279
    expect(stats.originalGravity).toBeCloseTo(1.06279, 9)
    const sum = gravity.contributions.reduce((total, c) => total + c.gravity, 0)
    expect(1 + sum).toBeCloseTo(stats.originalGravity, 12)
  })

  it('lists IBU per hop, the dry hop adding none', () => {
    const { ibu, stats } = explainRecipeStats(ipa(), quiet)
    expect(ibu.contributions.map((c) => [c.name, c.additionType, c.minutes])).toEqual([
      ['Magnum', 'Boil', 60],
      ['Cascade', 'First Wort', 60],
      ['Citra', 'Whirlpool', 20],
      ['Citra', 'Dry Hop', 0],
    ])
    expect(ibu.contributions[3].ibu).toBe(0)
    expect(ibu.boilGravity).toBe(stats.originalGravity)
    const sum = ibu.contributions.reduce((total, c) => total + c.ibu, 0)
    expect(sum).toBeCloseTo(stats.ibu, 12)
  })

  it('lists MCU per malt, and Morey of their sum is the SRM', () => {
    const { srm, stats } = explainRecipeStats(ipa(), quiet)
    // MCU = (12 × 2 + 1 × 40 + 0.5 × 1.5) / 6 = 10.791667
    expect(srm.mcu).toBeCloseTo(10.791667, 6)
    expect(srm.contributions.map((c) => c.mcu)).toEqual([
      expect.closeTo(4, 9),
      expect.closeTo(40 / 6, 9),
      expect.closeTo(0.125, 9),
    ])
    expect(moreyUnclamped(srm.mcu)).toBeCloseTo(stats.srm, 12)
    expect(srm.clamp).toEqual([1, 40])
  })

  it('says why OG is 1 when there is nothing to calculate', () => {
    const explained = explainRecipeStats(
      recipe(0, 'GAL', 75, { grainBill: [grain(1, 'Pounds', 0.8, 2)] }),
      quiet,
    )
    expect(explained.missing).toBe('Batch volume is not above zero')
    expect(explained.stats.originalGravity).toBe(1)
    expect(explained.gravity.contributions).toEqual([])
  })

  it('contributions always sum to the figures (property)', () => {
    const weightUnit = fc.constantFrom(...WEIGHT_UNITS)
    const amount = fc.double({ min: 0.01, max: 500, noNaN: true })
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            value: amount,
            unit: weightUnit,
            extract: fc.double({ min: 0, max: 1, noNaN: true }),
            lovibond: fc.double({ min: 0, max: 500, noNaN: true }),
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(
          fc.record({
            alpha: fc.double({ min: 0, max: 25, noNaN: true }),
            value: amount,
            unit: weightUnit,
            type: fc.constantFrom(...HOP_ADDITION_TYPES),
            minutes: fc.integer({ min: 0, max: 120 }),
          }),
          { maxLength: 8 },
        ),
        fc.array(fc.record({ fermentable: fc.boolean(), value: amount, unit: weightUnit }), { maxLength: 4 }),
        fc.double({ min: 0.5, max: 1000, noNaN: true }),
        (grains, hops, others, gallons) => {
          const input = recipe(gallons, 'GAL', 75, {
            boilTime: 60,
            whirlpoolTime: 15,
            grainBill: grains.map((g) => grain(g.value, g.unit, g.extract, g.lovibond)),
            otherIngredients: others.map((o) => other(o.fermentable, o.value, o.unit)),
            hopsBill: hops.map((h) =>
              hop(h.alpha, h.value, h.unit, h.type, { value: h.minutes, unit: 'Minutes' }),
            ),
          })
          const explained = explainRecipeStats(input, quiet)
          const { stats } = explained
          expect(stats).toEqual(calculateRecipeStats(input, quiet))
          const gravity = explained.gravity.contributions.reduce((t, c) => t + c.gravity, 0)
          expect(Math.abs(1 + gravity - stats.originalGravity)).toBeLessThan(1e-9 * stats.originalGravity)
          const ibu = explained.ibu.contributions.reduce((t, c) => t + c.ibu, 0)
          expect(Math.abs(ibu - stats.ibu)).toBeLessThanOrEqual(1e-9 * Math.max(1, stats.ibu))
          const mcu = explained.srm.contributions.reduce((t, c) => t + c.mcu, 0)
          expect(Math.abs(mcu - explained.srm.mcu)).toBeLessThanOrEqual(1e-9 * Math.max(1, mcu))
        },
      ),
      { numRuns: 200 },
    )
  }, 30_000)
})
