import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Recipe } from '../recipes/recipe.schema.ts'
import { HOP_ADDITION_TYPES } from '../recipes/recipe.schema.ts'
import { silentLogger } from './logger.ts'
import { calculateRecipeStats, type RecipeStats } from './stats.ts'
import { grain, hop, other, recipe } from './testing/fixtures.ts'
import { WEIGHT_UNITS, type WeightUnit } from './units.ts'

const quiet = { logger: silentLogger }
// How many of each unit make a pound, by the spec's factors.
const UNITS_PER_POUND: Record<WeightUnit, number> = {
  Pounds: 1,
  Ounces: 16,
  Grams: 453.592,
  Kilograms: 1 / 2.20462,
}
const KEYS = ['originalGravity', 'finalGravity', 'abv', 'ibu', 'srm'] as const

const weightUnit = fc.constantFrom(...WEIGHT_UNITS)
const amount = fc.double({ min: 0.01, max: 1000, noNaN: true })
const grainArb = fc
  .record({
    value: amount,
    unit: weightUnit,
    extract: fc.double({ min: 0, max: 1, noNaN: true }),
    lovibond: fc.double({ min: 0, max: 600, noNaN: true }),
  })
  .map(({ value, unit, extract, lovibond }) => grain(value, unit, extract, lovibond))
const hopArb = fc
  .record({
    alpha: fc.double({ min: 0, max: 25, noNaN: true }),
    value: amount,
    unit: weightUnit,
    type: fc.constantFrom(...HOP_ADDITION_TYPES),
    minutes: fc.integer({ min: 0, max: 120 }),
  })
  .map(({ alpha, value, unit, type, minutes }) =>
    hop(alpha, value, unit, type, { value: minutes, unit: type === 'Dry Hop' ? 'Days' : 'Minutes' }),
  )
const otherArb = fc
  .record({ fermentable: fc.boolean(), value: amount, unit: weightUnit })
  .map(({ fermentable, value, unit }) => other(fermentable, value, unit))
const recipeArb = fc
  .record({
    gallons: fc.double({ min: 0.5, max: 5000, noNaN: true }),
    unit: fc.constantFrom('GAL' as const, 'BBL' as const),
    attenuation: fc.double({ min: 0, max: 100, noNaN: true }),
    boilTime: fc.integer({ min: 0, max: 120 }),
    whirlpoolTime: fc.integer({ min: 0, max: 60 }),
    grainBill: fc.array(grainArb, { minLength: 1, maxLength: 8 }),
    hopsBill: fc.array(hopArb, { maxLength: 6 }),
    otherIngredients: fc.array(otherArb, { maxLength: 3 }),
  })
  .map(({ gallons, unit, attenuation, ...parts }) => recipe(gallons, unit, attenuation, parts))

function scaled(base: Recipe, factor: number): Recipe {
  const scale = <T extends { amount: { value: number; unit: WeightUnit } }>(entry: T): T => ({
    ...entry,
    amount: { ...entry.amount, value: entry.amount.value * factor },
  })
  return {
    ...base,
    yield: { ...base.yield, quantity: base.yield.quantity * factor },
    grainBill: base.grainBill.map(scale),
    hopsBill: base.hopsBill.map(scale),
    otherIngredients: base.otherIngredients.map(scale),
  }
}

function expectClose(actual: RecipeStats, expected: RecipeStats) {
  for (const key of KEYS) {
    expect(Math.abs(actual[key] - expected[key]), key).toBeLessThanOrEqual(1e-9 * Math.max(1, expected[key]))
  }
}

describe('calculateRecipeStats properties', () => {
  it('is unit-invariant: the same grain bill in lb, oz (×16) and g (×453.592) gives the same figures', () => {
    fc.assert(
      fc.property(recipeArb, (base) => {
        const inUnit = (unit: WeightUnit, factor: number): Recipe => ({
          ...base,
          grainBill: base.grainBill.map((entry) => ({
            ...entry,
            amount: { unit, value: (entry.amount.value * factor) / UNITS_PER_POUND[entry.amount.unit] },
          })),
        })
        const inPounds = calculateRecipeStats(inUnit('Pounds', 1), quiet)
        for (const [unit, factor] of [
          ['Ounces', 16],
          ['Grams', 453.592],
        ] as const) {
          const other = calculateRecipeStats(inUnit(unit, factor), quiet)
          for (const key of KEYS) {
            expect(Math.abs(other[key] - inPounds[key])).toBeLessThanOrEqual(
              1e-6 * Math.max(1, inPounds[key]),
            )
          }
        }
      }),
    )
  })

  it('scaling every amount and the batch volume by one factor changes no figure', () => {
    fc.assert(
      fc.property(recipeArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (base, factor) => {
        expectClose(calculateRecipeStats(scaled(base, factor), quiet), calculateRecipeStats(base, quiet))
      }),
    )
  })

  it('more malt never lowers the original gravity', () => {
    fc.assert(
      fc.property(recipeArb, grainArb, fc.nat(), amount, (base, extra, index, more) => {
        const before = calculateRecipeStats(base, quiet).originalGravity
        const added = calculateRecipeStats({ ...base, grainBill: [...base.grainBill, extra] }, quiet)
        expect(added.originalGravity).toBeGreaterThanOrEqual(before)
        const i = index % base.grainBill.length
        const grown = base.grainBill.map((entry, j) =>
          j === i ? { ...entry, amount: { ...entry.amount, value: entry.amount.value + more } } : entry,
        )
        expect(
          calculateRecipeStats({ ...base, grainBill: grown }, quiet).originalGravity,
        ).toBeGreaterThanOrEqual(before)
      }),
    )
  })

  it('always gives finite figures in range, whatever numbers and units it is given', () => {
    const anyNumber = fc.oneof(
      fc.double(),
      fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_VALUE, Number.MIN_VALUE),
      fc.integer({ min: -1000, max: 1000 }),
    )
    const anyUnit = fc.oneof(fc.constantFrom(...WEIGHT_UNITS, 'GAL', 'BBL', 'Minutes', 'Days'), fc.string())
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
    const amountArb = maybe(fc.record({ value: maybe(anyNumber), unit: maybe(anyUnit) }))
    const wild = fc.record(
      {
        yield: maybe(fc.record({ quantity: maybe(anyNumber), unit: maybe(anyUnit) })),
        grainBill: maybe(
          fc.array(
            fc.record({
              ingredient: maybe(fc.record({ extractFgMin: maybe(anyNumber), lovibond: maybe(anyNumber) })),
              amount: amountArb,
            }),
          ),
        ),
        hopsBill: maybe(
          fc.array(
            fc.record({
              ingredient: maybe(fc.record({ alphaAcids: maybe(anyNumber) })),
              amount: amountArb,
              additionType: maybe(fc.oneof(fc.constantFrom(...HOP_ADDITION_TYPES), fc.string())),
              time: maybe(fc.record({ value: maybe(anyNumber), unit: maybe(anyUnit) })),
            }),
          ),
        ),
        otherIngredients: maybe(
          fc.array(
            fc.record({ ingredient: maybe(fc.record({ fermentable: fc.boolean() })), amount: amountArb }),
          ),
        ),
        yeast: maybe(fc.record({ attenuation: maybe(anyNumber) })),
        boilTime: maybe(anyNumber),
        whirlpoolTime: maybe(anyNumber),
      },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(wild, maybe(anyNumber), (input, efficiency) => {
        const stats = calculateRecipeStats(input, { efficiency, ...quiet })
        for (const key of KEYS) expect(Number.isFinite(stats[key]), key).toBe(true)
        expect(stats.originalGravity).toBeGreaterThanOrEqual(1)
        expect(stats.finalGravity).toBeGreaterThanOrEqual(1)
        expect(stats.finalGravity).toBeLessThanOrEqual(stats.originalGravity)
        expect(stats.abv).toBeGreaterThanOrEqual(0)
        expect(stats.ibu).toBeGreaterThanOrEqual(0)
        expect(stats.srm === 0 || (stats.srm >= 1 && stats.srm <= 40)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
