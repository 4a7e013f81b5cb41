import { describe, expect, it } from 'vitest'
import { cancelTarget, recipeMode, saveTarget, type RecipeRoute } from './navigation.ts'

const P = 'p1'
const R = 'r1'
const route = (over: Partial<RecipeRoute>): RecipeRoute => ({
  isViewMode: false,
  returnsToView: false,
  ...over,
})

describe('recipe screen modes', () => {
  it.each([
    [route({}), 'onboarding'],
    [route({ productId: P }), 'new'],
    [route({ productId: P, recipeId: R }), 'edit'],
    [route({ productId: P, recipeId: R, isViewMode: true }), 'view'],
  ] as const)('%j is %s', (r, mode) => expect(recipeMode(r)).toBe(mode))
})

describe('the save and cancel navigation matrix (docs/product/02-products.md §2)', () => {
  it.each([
    ['onboarding', route({}), '/secure/products', '/secure/products/new-product'],
    ['a new recipe', route({ productId: P }), `/secure/products/${P}`, `/secure/products/${P}`],
    [
      'a new recipe with returnTo=view',
      route({ productId: P, returnsToView: true }),
      `/secure/products/${P}`,
      `/secure/products/${P}`,
    ],
    ['an edit', route({ productId: P, recipeId: R }), `/secure/products/${P}`, `/secure/products/${P}`],
    [
      'an edit with returnTo=view',
      route({ productId: P, recipeId: R, returnsToView: true }),
      `/secure/products/${P}/recipes/${R}?viewMode=true`,
      `/secure/products/${P}/recipes/${R}?viewMode=true`,
    ],
  ])('%s: Cancel goes to %s… and Save to …', (_name, r, cancel, save) => {
    expect(cancelTarget(r)).toBe(cancel)
    expect(saveTarget(r, r.productId ?? 'new-product', R)).toBe(save)
  })
})
