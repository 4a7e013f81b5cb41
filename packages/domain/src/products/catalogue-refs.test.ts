import { describe, expect, it } from 'vitest'
import { buildCatalog, FERMENTABLES, HOPS, OTHER_INGREDIENTS } from '../catalog/catalog.ts'
import {
  catalogueIndex,
  compactProducts,
  expandProducts,
  sameJson,
  UnknownCatalogueRefError,
} from './catalogue-refs.ts'

const index = catalogueIndex(buildCatalog())
/** The item with its keys in reverse order, as a jsonb column gives them back in its own order. */
const reordered = <T extends object>(item: T): T => Object.fromEntries(Object.entries(item).reverse()) as T

const product = () => ({
  id: 'p1',
  name: 'Beer',
  files: [],
  recipes: [
    {
      id: 'r1',
      grainBill: [
        { id: 'g1', ingredient: reordered(FERMENTABLES[0]), amount: { value: 10, unit: 'Pounds' } },
        {
          id: 'g2',
          ingredient: { ...FERMENTABLES[1], measured: { lovibond: 30 } },
          amount: { value: 1, unit: 'Pounds' },
        },
      ],
      hopsBill: [
        { id: 'h1', ingredient: { ...HOPS[0] }, amount: { value: 1, unit: 'Ounces' }, additionType: 'Boil' },
      ],
      otherIngredients: [
        {
          id: 'o1',
          ingredient: { id: 'my-spice', type: 'spice', name: 'My Spice' },
          amount: { value: 1, unit: 'Ounces' },
        },
        { id: 'o2', ingredient: { ...OTHER_INGREDIENTS[0] }, amount: { value: 1, unit: 'Ounces' } },
      ],
      process: [],
      yeast: null,
    },
  ],
})

describe('compactProducts / expandProducts', () => {
  it('sends exact catalogue items by id, and expands them back to equal lines', () => {
    const products = [product(), { id: 'p2', name: 'No recipes', recipes: [] }]
    const { products: compact, refs } = compactProducts(products, index)
    expect(refs).toBe(3)
    const recipe = (compact[0] as ReturnType<typeof product>).recipes[0] as unknown as Record<
      string,
      unknown[]
    >
    expect(recipe.grainBill[0]).toEqual({
      id: 'g1',
      ingredientRef: FERMENTABLES[0].id,
      amount: { value: 10, unit: 'Pounds' },
    })
    expect(recipe.hopsBill[0]).toMatchObject({ ingredientRef: HOPS[0].id })
    expect(recipe.otherIngredients[1]).toMatchObject({ ingredientRef: OTHER_INGREDIENTS[0].id })
    // A measured value and a custom item keep the whole item.
    expect(recipe.grainBill[1]).toHaveProperty('ingredient.measured')
    expect(recipe.otherIngredients[0]).toHaveProperty('ingredient.id', 'my-spice')
    // Unchanged products are passed through as they are.
    expect(compact[1]).toBe(products[1])

    expect(expandProducts(compact, index)).toEqual(products)
    expect(products[0]).toEqual(product()) // the input is not changed
  })

  it('gives every line its own copy of the catalogue item', () => {
    const { products: compact } = compactProducts([product(), product()], index)
    const [a, b] = expandProducts(compact, index) as ReturnType<typeof product>[]
    expect(a.recipes[0].hopsBill[0].ingredient).not.toBe(b.recipes[0].hopsBill[0].ingredient)
  })

  it('refuses a reference its catalogue does not hold, or one in another bill', () => {
    const line = { id: 'h1', ingredientRef: 'no-such-hop', amount: { value: 1, unit: 'Ounces' } }
    expect(() => expandProducts([{ id: 'p', recipes: [{ hopsBill: [line] }] }], index)).toThrow(
      UnknownCatalogueRefError,
    )
    const malt = { ...line, ingredientRef: FERMENTABLES[0].id }
    expect(() => expandProducts([{ id: 'p', recipes: [{ hopsBill: [malt] }] }], index)).toThrow(
      UnknownCatalogueRefError,
    )
  })

  it('leaves products without ingredient references as they are', () => {
    const products = [product()]
    const { products: compact } = compactProducts(
      products,
      catalogueIndex({ fermentables: [], hops: [], otherIngredients: [] }),
    )
    expect(compact[0]).toBe(products[0])
    expect(expandProducts(products, index)[0]).toBe(products[0])
  })
})

describe('sameJson', () => {
  it('compares JSON values with keys in any order', () => {
    expect(sameJson({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true)
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true)
    expect(sameJson([1, 2], [2, 1])).toBe(false)
    expect(sameJson({ a: null }, { a: 0 })).toBe(false)
    expect(sameJson([], {})).toBe(false)
    expect(sameJson(0.1 + 0.2, 0.3)).toBe(false)
  })
})
