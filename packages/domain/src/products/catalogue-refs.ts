// The product list's compact wire form (docs/decisions/172-ingredient-lines-by-catalogue-reference.md): an
// ingredient line whose item is exactly a catalogue item goes out as `ingredientRef: <id>` instead of the
// whole item, and the client, which holds the catalogue, puts the item back before the line reaches its
// state. Lines with custom or edited items (measured values, an imported file's own fields) stay whole.
// Pure and shared: the server compacts, the browser expands, with the same tables.

/** The `Accept` media-type parameter a client sends to receive lines by reference (`ingredients=ref`). */
export const INGREDIENT_REFS_PARAM = { name: 'ingredients', value: 'ref' } as const
/** What such a client sends as `Accept`. */
export const INGREDIENT_REFS_ACCEPT = `application/json; ${INGREDIENT_REFS_PARAM.name}=${INGREDIENT_REFS_PARAM.value}`
/** The response header naming the catalogue (its `GET /api/catalog` ETag) the references point into. */
export const CATALOG_ETAG_HEADER = 'catalog-etag'

/** Which catalogue list each bill's items come from. */
export const BILL_CATALOGUE = {
  grainBill: 'fermentables',
  hopsBill: 'hops',
  otherIngredients: 'otherIngredients',
} as const
type Bill = keyof typeof BILL_CATALOGUE
const BILLS = Object.keys(BILL_CATALOGUE) as Bill[]

type Item = { id: string }
/** The lists of a catalogue these references use (`GET /api/catalog`'s data has them). */
export type CatalogueLists = Record<(typeof BILL_CATALOGUE)[Bill], readonly Item[]>
/** Each bill's catalogue items by id. */
export type CatalogueIndex = Record<Bill, ReadonlyMap<string, Item>>

export function catalogueIndex(catalog: CatalogueLists): CatalogueIndex {
  const byId = (items: readonly Item[]) => new Map(items.map((item) => [item.id, item]))
  return {
    grainBill: byId(catalog.fermentables),
    hopsBill: byId(catalog.hops),
    otherIngredients: byId(catalog.otherIngredients),
  }
}

/** Equal as JSON values: the same keys (in any order) with equal values, arrays in order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((value, i) => sameJson(value, other[i]))
  }
  const left = Object.entries(a).filter(([, value]) => value !== undefined)
  const right = b as Record<string, unknown>
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined)
  return (
    left.length === rightKeys.length &&
    left.every(([key, value]) => Object.hasOwn(right, key) && sameJson(value, right[key]))
  )
}

type Line = { ingredient?: unknown; ingredientRef?: unknown; [field: string]: unknown }
type RecipeLike = { [bill: string]: unknown }
type ProductLike = { recipes?: unknown; [field: string]: unknown }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function mapLines(recipe: unknown, change: (bill: Bill, line: Line) => Line): unknown {
  if (!isObject(recipe)) return recipe
  let out: RecipeLike | null = null
  for (const bill of BILLS) {
    const lines = recipe[bill]
    if (!Array.isArray(lines)) continue
    const changed = lines.map((line: unknown) => (isObject(line) ? change(bill, line) : line))
    if (changed.some((line, i) => line !== lines[i])) (out ??= { ...recipe })[bill] = changed
  }
  return out ?? recipe
}

function mapRecipes(products: readonly unknown[], change: (recipe: unknown) => unknown): unknown[] {
  return products.map((product) => {
    if (!isObject(product) || !Array.isArray((product as ProductLike).recipes)) return product
    const recipes = product.recipes as unknown[]
    const changed = recipes.map(change)
    return changed.some((recipe, i) => recipe !== recipes[i]) ? { ...product, recipes: changed } : product
  })
}

/**
 * The products with every line whose item equals its catalogue item replaced by `ingredientRef`; `refs`
 * counts them. The input is not changed.
 */
export function compactProducts(
  products: readonly unknown[],
  index: CatalogueIndex,
): { products: unknown[]; refs: number } {
  let refs = 0
  const compacted = mapRecipes(products, (recipe) =>
    mapLines(recipe, (bill, line) => {
      const ingredient = line.ingredient
      if (!isObject(ingredient) || typeof ingredient.id !== 'string') return line
      const item = index[bill].get(ingredient.id)
      if (!item || !sameJson(ingredient, item)) return line
      refs++
      const { ingredient: _whole, ...rest } = line
      return { ...rest, ingredientRef: ingredient.id }
    }),
  )
  return { products: compacted, refs }
}

/** A reference the client's catalogue does not hold (another catalogue than the server's). */
export class UnknownCatalogueRefError extends Error {
  constructor(
    readonly bill: string,
    readonly ref: unknown,
  ) {
    super(`No catalogue item ${JSON.stringify(ref)} for ${bill}`)
    this.name = 'UnknownCatalogueRefError'
  }
}

/**
 * The products with every `ingredientRef` replaced by a copy of its catalogue item as `ingredient`: the
 * shapes of docs/product/02-products.md again. Throws UnknownCatalogueRefError for a reference the index
 * does not hold. The input is not changed.
 */
export function expandProducts(products: readonly unknown[], index: CatalogueIndex): unknown[] {
  return mapRecipes(products, (recipe) =>
    mapLines(recipe, (bill, line) => {
      if (!('ingredientRef' in line)) return line
      const { ingredientRef, ...rest } = line
      const item = typeof ingredientRef === 'string' ? index[bill].get(ingredientRef) : undefined
      if (!item) throw new UnknownCatalogueRefError(bill, ingredientRef)
      return { ...rest, ingredient: structuredClone(item) }
    }),
  )
}
