import { describe, expect, it } from 'vitest'
import { calculateRecipeStats, type RecipeStats } from './stats.ts'
import { silentLogger } from './logger.ts'
import { collectingLogger, grain, hop, other, recipe } from './testing/fixtures.ts'

const quiet = { logger: silentLogger }

function expectStats(actual: RecipeStats, expected: RecipeStats, digits = 9) {
  for (const key of Object.keys(expected) as (keyof RecipeStats)[]) {
    expect(actual[key], key).toBeCloseTo(expected[key], digits)
  }
}

// Worked examples: every expected figure is computed by hand from docs/product/02-products.md §9, not by the code under test.
// util(G, t) = 1.65 × 0.000125^(G − 1) × (1 − e^(−0.04 t)) / 4.15;  IBU = α/100 × oz × util × 7490 / gal
describe('calculateRecipeStats worked examples', () => {
  it('a single-malt recipe: 10 lb pale malt in 5 gal, 75 % attenuation', () => {
    // points = 46 × 0.80 × 10 lb = 368
    // OG = 1 + (368 / 5 gal × 70 / 100) / 1000 = 1 + 51.52 / 1000 = 1.05152
    // FG = 1 + 0.05152 × (1 − 0.75) = 1.01288
    // ABV = (1.05152 − 1.01288) × 131.25 = 0.03864 × 131.25 = 5.0715
    // MCU = 10 lb × 2 °L / 5 gal = 4; SRM = 1.4922 × 4^0.6859 = 1.4922 × 2.587933 = 3.861713
    const stats = calculateRecipeStats(
      recipe(5, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }),
      quiet,
    )
    expectStats(
      stats,
      { originalGravity: 1.05152, finalGravity: 1.01288, abv: 5.0715, ibu: 0, srm: 3.861713 },
      6,
    )
  })

  it('a typical American IPA: three malts and four hops, the dry hop adding no bitterness', () => {
    const ipa = recipe(6, 'GAL', 80, {
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
    })
    // points = 46 × (12 × 0.80 + 1 × 0.74 + 0.5 × 0.72) = 46 × 10.7 = 492.2
    // OG = 1 + (492.2 / 6 × 0.7) / 1000 = 1 + 82.03333 × 0.7 / 1000 = 1.0574233
    // FG = 1 + 0.0574233 × 0.2 = 1.0114847;  ABV = 0.0459387 × 131.25 = 6.029450
    // MCU = (12 × 2 + 1 × 40 + 0.5 × 1.5) / 6 = 64.75 / 6 = 10.791667; SRM = 1.4922 × 10.791667^0.6859 = 7.628207
    // bigness = 1.65 × 0.000125^0.0574233 = 0.984817; f(60) = (1 − e^−2.4) / 4.15 = 0.219104;
    //   f(20) = (1 − e^−0.8) / 4.15 = 0.132692; util(60) = 0.215777, util(20) = 0.130677
    // Magnum boil 60 min:   0.12 × 1 oz × 0.215777 × 7490 / 6 = 32.323460
    // Cascade first wort (boil time 60): 0.07 × 1 × 0.215777 × 1248.333 = 18.855352
    // Citra whirlpool (whirlpool time 20): 0.12 × 2 × 0.130677 × 1248.333 = 39.150873
    // Citra dry hop: 0.  IBU = 32.323460 + 18.855352 + 39.150873 = 90.329685
    expectStats(
      calculateRecipeStats(ipa, quiet),
      { originalGravity: 1.0574233, finalGravity: 1.0114847, abv: 6.02945, ibu: 90.329685, srm: 7.628207 },
      5,
    )
  })

  it('a stout just under the SRM clamp, then clamped at 40 with more black malt', () => {
    const grains = [
      grain(10, 'Pounds', 0.81, 3, 'Maris Otter'),
      grain(1, 'Pounds', 0.55, 300, 'Roasted Barley'),
      grain(0.5, 'Pounds', 0.6, 350, 'Chocolate Malt'),
    ]
    // points = 46 × (8.1 + 0.55 + 0.3) = 411.7; OG = 1 + (411.7 / 5 × 0.7) / 1000 = 1.057638
    // FG = 1 + 0.057638 × 0.25 = 1.0144095; ABV = 0.0432285 × 131.25 = 5.673741
    // MCU = (30 + 300 + 175) / 5 = 101; SRM = 1.4922 × 101^0.6859 = 1.4922 × 23.700856 = 35.366417
    expectStats(
      calculateRecipeStats(recipe(5, 'GAL', 75, { grainBill: grains }), quiet),
      { originalGravity: 1.057638, finalGravity: 1.0144095, abv: 5.673741, ibu: 0, srm: 35.366417 },
      6,
    )
    // + 1 lb black patent (500 °L): MCU = 201, 1.4922 × 201^0.6859 = 84.6 → clamped to 40
    const darker = [...grains, grain(1, 'Pounds', 0.55, 500, 'Black Patent')]
    expect(calculateRecipeStats(recipe(5, 'GAL', 75, { grainBill: darker }), quiet).srm).toBe(40)
  })

  it('gives the same figures for 7 BBL as for 217 GAL (1 BBL = 31 gal)', () => {
    const parts = {
      boilTime: 60,
      grainBill: [grain(500, 'Pounds', 0.8, 3), grain(40, 'Pounds', 0.74, 60)],
      hopsBill: [hop(10, 5, 'Pounds', 'Boil', { value: 60, unit: 'Minutes' as const })],
      otherIngredients: [other(true, 10, 'Pounds')],
    }
    const inBarrels = calculateRecipeStats(recipe(7, 'BBL', 78, parts), quiet)
    expect(calculateRecipeStats(recipe(217, 'GAL', 78, parts), quiet)).toEqual(inBarrels)
    expect(inBarrels.originalGravity).toBeGreaterThan(1.05)
  })

  it('takes weights in every unit: Pounds, Ounces, Grams and Kilograms', () => {
    const mixed = recipe(5, 'GAL', 75, {
      grainBill: [
        grain(8, 'Pounds', 0.8, 2),
        grain(16, 'Ounces', 0.74, 40), // 16 / 16 = 1 lb
        grain(453.592, 'Grams', 0.85, 2), // 453.592 / 453.592 = 1 lb
        grain(1, 'Kilograms', 0.8, 10), // 1 × 2.20462 = 2.20462 lb
      ],
      hopsBill: [
        hop(7, 28, 'Grams', 'Boil', { value: 60, unit: 'Minutes' }), // 28 × 0.035274 = 0.987672 oz
        hop(13, 0.05, 'Kilograms', 'Boil', { value: 30, unit: 'Minutes' }), // 0.05 × 35.274 = 1.7637 oz
      ],
    })
    // points = 46 × (6.4 + 0.74 + 0.85 + 2.20462 × 0.8) = 46 × 9.753696 = 448.670016
    // OG = 1 + (448.670016 / 5 × 0.7) / 1000 = 1.06281380224; FG = 1 + 0.06281380224 × 0.25 = 1.01570345056
    // ABV = 0.04711035168 × 131.25 = 6.183233658
    // MCU = (16 + 40 + 2 + 22.0462) / 5 = 16.00924; SRM = 1.4922 × 16.00924^0.6859 = 9.997811
    // util(1.0628138, 60) = 0.2055732, util(1.0628138, 30) = 0.1579881
    // IBU = 0.07 × 0.987672 × 0.2055732 × 1498 + 0.13 × 1.7637 × 0.1579881 × 1498 = 21.290661 + 54.263062
    expectStats(
      calculateRecipeStats(mixed, quiet),
      {
        originalGravity: 1.06281380224,
        finalGravity: 1.01570345056,
        abv: 6.183233658,
        ibu: 75.553723,
        srm: 9.997811,
      },
      6,
    )
  })

  it('counts fermentable other ingredients at 46 points per pound and ignores the rest', () => {
    const parts = { grainBill: [grain(10, 'Pounds', 0.8, 2)] }
    // + 1 lb sugar: points = 368 + 46 = 414; OG = 1 + (414 / 5 × 0.7) / 1000 = 1.05796
    const sugar = recipe(5, 'GAL', 75, { ...parts, otherIngredients: [other(true, 1, 'Pounds')] })
    expect(calculateRecipeStats(sugar, quiet).originalGravity).toBeCloseTo(1.05796, 9)
    const lactose = recipe(5, 'GAL', 75, { ...parts, otherIngredients: [other(false, 1, 'Pounds')] })
    expect(calculateRecipeStats(lactose, quiet).originalGravity).toBeCloseTo(1.05152, 9)
  })

  it('uses the efficiency given, 70 % by default', () => {
    const single = recipe(5, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] })
    // 75 %: OG = 1 + (368 / 5 × 0.75) / 1000 = 1.0552
    expect(calculateRecipeStats(single, { efficiency: 75, ...quiet }).originalGravity).toBeCloseTo(1.0552, 9)
    expect(calculateRecipeStats(single, { efficiency: Number.NaN, ...quiet }).originalGravity).toBeCloseTo(
      1.05152,
      9,
    )
  })

  it('uses a boil gravity of 1.05 for hops when there is no grain bill', () => {
    // util(1.05, 60) = 1.65 × 0.000125^0.05 × 0.219104 = 1.052760 × 0.219104 = 0.230664
    // IBU = 0.10 × 1 oz × 0.230664 × 7490 / 5 = 34.553479
    const hopsOnly = recipe(5, 'GAL', 75, {
      hopsBill: [hop(10, 1, 'Ounces', 'Boil', { value: 60, unit: 'Minutes' })],
    })
    expectStats(
      calculateRecipeStats(hopsOnly, quiet),
      { originalGravity: 1, finalGravity: 1, abv: 0, ibu: 34.553479, srm: 0 },
      5,
    )
  })
})

describe('calculateRecipeStats edge cases (docs/product/02-products.md §8)', () => {
  const nothing = { originalGravity: 1, finalGravity: 1, abv: 0, ibu: 0, srm: 0 }

  it.each([
    ['no recipe', undefined, 'No recipe'],
    ['a null recipe', null, 'No recipe'],
    ['an empty recipe', recipe(5, 'GAL', 75), 'Empty grain bill'],
    [
      'a zero batch volume',
      recipe(0, 'BBL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }),
      'Batch volume',
    ],
    [
      'a negative batch volume',
      recipe(-5, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }),
      'Batch volume',
    ],
    [
      'a NaN batch volume',
      recipe(Number.NaN, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }),
      'Batch',
    ],
  ])('%s gives OG 1, FG 1, ABV 0 and a warning', (_, input, warning) => {
    const logger = collectingLogger()
    expect(calculateRecipeStats(input, { logger })).toEqual(nothing)
    expect(logger.messages.join('\n')).toContain(warning)
  })

  it('an empty recipe object gives OG 1 and no crash', () => {
    expect(calculateRecipeStats({}, quiet)).toEqual(nothing)
  })

  it('counts an item with an unknown weight unit as 0 and warns', () => {
    const logger = collectingLogger()
    const broken = recipe(5, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] })
    broken.grainBill.push({ ...grain(5, 'Pounds', 0.8, 2), amount: { value: 5, unit: 'Stone' as 'Pounds' } })
    const stats = calculateRecipeStats(broken, { logger })
    expect(stats.originalGravity).toBeCloseTo(1.05152, 9)
    expect(logger.messages.some((m) => m.includes('"Stone"'))).toBe(true)
  })

  it('treats an unknown batch volume unit as no volume and warns', () => {
    const logger = collectingLogger()
    const litres = { ...recipe(20, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }) }
    const stats = calculateRecipeStats({ ...litres, yield: { quantity: 20, unit: 'Litres' } }, { logger })
    expect(stats).toEqual(nothing)
    expect(logger.messages.join('\n')).toMatch(/Unknown volume unit "Litres"/)
  })

  it('accepts unit words in another case', () => {
    const lower = { ...recipe(5, 'GAL', 75), yield: { quantity: 5, unit: 'gal' } }
    const stats = calculateRecipeStats(
      { ...lower, grainBill: [{ ...grain(10, 'Pounds', 0.8, 2), amount: { value: 10, unit: 'pounds' } }] },
      quiet,
    )
    expect(stats.originalGravity).toBeCloseTo(1.05152, 9)
  })

  it('gives FG = OG and ABV 0 without a yeast', () => {
    const noYeast = { ...recipe(5, 'GAL', 75, { grainBill: [grain(10, 'Pounds', 0.8, 2)] }), yeast: null }
    const stats = calculateRecipeStats(noYeast, quiet)
    expect(stats.finalGravity).toBe(stats.originalGravity)
    expect(stats.abv).toBe(0)
  })

  it.each([
    ['NaN', Number.NaN],
    ['negative', -3],
    ['infinite', Number.POSITIVE_INFINITY],
    ['huge', 1e308],
  ])('stays finite with %s amounts, alpha acids, extracts, colours and times', (_, bad) => {
    const messy = recipe(5, 'GAL', bad, {
      boilTime: bad,
      whirlpoolTime: bad,
      grainBill: [
        grain(bad, 'Kilograms', bad, bad),
        grain(10, 'Pounds', 0.8, bad),
        grain(bad, 'Pounds', 0.8, 0),
      ],
      hopsBill: [
        hop(bad, bad, 'Kilograms', 'Boil', { value: bad, unit: 'Days' }),
        hop(10, 1, 'Ounces', 'First Wort'),
        hop(bad, 1, 'Ounces', 'Whirlpool'),
      ],
      otherIngredients: [other(true, bad, 'Kilograms')],
    })
    for (const options of [quiet, { efficiency: bad, ...quiet }]) {
      const stats = calculateRecipeStats(messy, options)
      for (const value of Object.values(stats)) expect(Number.isFinite(value)).toBe(true)
      expect(stats.finalGravity).toBeLessThanOrEqual(stats.originalGravity)
      expect(stats.abv).toBeGreaterThanOrEqual(0)
    }
  })

  it('survives a stored document that is not a recipe at all', () => {
    const junk = { grainBill: 'lots', hopsBill: [null], yield: { quantity: 5, unit: 'GAL' } } as never
    expect(calculateRecipeStats(junk, quiet)).toEqual(nothing)
  })
})
