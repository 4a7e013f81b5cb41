import { describe, expect, it } from 'vitest'
import {
  extraFieldProblem,
  HOP_ADDITION_TYPES,
  MASH_STEP_TYPES,
  MashStepSchema,
  newRecipe,
  OTHER_ADDITION_TYPES,
  RecipeSchema,
  withHopAdditionType,
  type HopEntry,
} from './recipe.schema.ts'

describe('newRecipe', () => {
  it('has the spec defaults: yield 0 BBL, yeast flocculation Very Low, boil time 0, mash thickness 0', () => {
    const productId = crypto.randomUUID()
    const recipe = newRecipe(productId)
    expect(recipe).toMatchObject({
      productId,
      yield: { quantity: 0, unit: 'BBL' },
      yeast: { flocculation: 'Very Low', id: '', attenuation: 0 },
      boilTime: 0,
      mashThickness: 0,
      grainBill: [],
      hopsBill: [],
      otherIngredients: [],
      process: [],
    })
    expect(RecipeSchema.parse(recipe)).toEqual(recipe)
  })

  it('still accepts a recipe stored without a yeast', () => {
    expect(RecipeSchema.safeParse({ ...newRecipe(crypto.randomUUID()), yeast: null }).success).toBe(true)
  })

  it.each([
    [
      'a weight unit',
      {
        grainBill: [
          {
            id: crypto.randomUUID(),
            ingredient: { id: 'x', type: 'grain' },
            amount: { value: 1, unit: 'Stone' },
          },
        ],
      },
    ],
    ['a batch unit', { yield: { quantity: 1, unit: 'Litres' } }],
    ['a negative batch size', { yield: { quantity: -1, unit: 'GAL' } }],
  ])('refuses an unknown or bad %s', (_, change) => {
    expect(RecipeSchema.safeParse({ ...newRecipe(crypto.randomUUID()), ...change }).success).toBe(false)
  })
})

describe('choice constants (docs/product/02-products.md §9)', () => {
  it('lists the addition types and mash step slugs as stored', () => {
    expect(HOP_ADDITION_TYPES).toEqual(['Boil', 'First Wort', 'Whirlpool', 'Dry Hop', 'Mash', 'Hop Back'])
    expect(OTHER_ADDITION_TYPES).toEqual(['CLT', 'HLT', 'Mash', 'Boil', 'Primary', 'Secondary', 'Bright'])
    expect(Object.keys(MASH_STEP_TYPES)).toEqual([
      'infusion-mash',
      'step-mash',
      'vorlauf',
      'mash-out',
      'lautering',
      'fly-sparge',
      'batch-sparge',
      'ramp-to-boil',
    ])
    expect(MASH_STEP_TYPES['infusion-mash']).toBe('Single Infusion Mash')
    const step = { id: crypto.randomUUID(), order: 1, type: 'Single Infusion Mash' }
    expect(MashStepSchema.safeParse(step).success).toBe(false)
    expect(MashStepSchema.safeParse({ ...step, type: 'infusion-mash' }).success).toBe(true)
  })
})

describe('withHopAdditionType', () => {
  const hop: HopEntry = {
    id: crypto.randomUUID(),
    ingredient: { id: 'cascade', type: 'hop', alphaAcids: 7 },
    amount: { value: 1, unit: 'Ounces' },
    additionType: 'Whirlpool',
    time: { value: 20, unit: 'Minutes' },
  }
  it.each([
    ['Boil', { value: 20, unit: 'Minutes' }],
    ['Dry Hop', { value: 20, unit: 'Days' }],
    ['First Wort', null],
    ['Whirlpool', null],
    ['Mash', null],
    ['Hop Back', null],
  ] as const)('%s gives time %j', (additionType, time) => {
    expect(withHopAdditionType(hop, additionType)).toEqual({ ...hop, additionType, time })
  })
})

describe('extra fields of an ingredient', () => {
  const known = new Set(['id', 'type'])
  it('are bounded in depth, keys, text and size, naming the field, without recursion', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = { d: deep }
    expect(extraFieldProblem({ id: 'x', type: 'grain', deep }, known)).toEqual({
      key: 'deep',
      message: 'Nested at most 4 levels deep',
    })
    expect(extraFieldProblem({ id: 'x', type: 'grain', ok: { a: { b: { c: [1] } } } }, known)).toBeNull()
    expect(extraFieldProblem({ id: 'x', type: 'grain', long: 'x'.repeat(10_001) }, known)?.key).toBe('long')
    const many = Object.fromEntries(Array.from({ length: 61 }, (_, i) => [`k${i}`, i]))
    expect(extraFieldProblem(many, known)?.key).toBeNull()
    expect(extraFieldProblem({ id: 'x', type: 'y', list: Array(40_000).fill(1) }, known)?.message).toBe(
      'Extra fields of at most 32768 characters in all',
    )
  })
})
