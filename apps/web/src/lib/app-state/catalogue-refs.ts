import { catalogueIndex, expandProducts, type CatalogueIndex } from '@brewcommand/domain'
import { z } from 'zod'
import { request } from '@/lib/api-client.ts'

// The client's side of the compact product list (docs/decisions/172-ingredient-lines-by-catalogue-reference.md):
// a line sent as `ingredientRef` gets its catalogue item back, from the catalogue the server named, before
// anything reaches the app's state.

/** The catalogue's lists, checked as far as expanding needs (each item an object with an id). */
const ListsSchema = z.looseObject({
  fermentables: z.array(z.looseObject({ id: z.string() })),
  hops: z.array(z.looseObject({ id: z.string() })),
  otherIngredients: z.array(z.looseObject({ id: z.string() })),
})

/** The catalogue the server names is not the one it answers (a release between the two requests). */
export class CatalogueMismatchError extends Error {
  constructor(readonly wanted: string) {
    super(`The catalogue ${wanted} could not be loaded`)
    this.name = 'CatalogueMismatchError'
  }
}

let held: { etag: string; index: CatalogueIndex } | null = null

/**
 * The index of the catalogue whose `GET /api/catalog` ETag is `etag`: kept for the visit, else fetched
 * (the browser revalidates its copy), once more past the browser's cache if the ETag differs.
 */
export async function catalogueFor(etag: string, token: string): Promise<CatalogueIndex> {
  if (held?.etag === etag) return held.index
  for (const cache of ['default', 'no-cache'] as const) {
    let answered: string | null = null
    const lists = await request('GET', '/api/catalog', ListsSchema, undefined, {
      token,
      cache,
      onResponse: (response) => (answered = response.headers.get('etag')),
    })
    if (answered === etag) {
      held = { etag, index: catalogueIndex(lists) }
      return held.index
    }
  }
  throw new CatalogueMismatchError(etag)
}

/** Forgets the kept catalogue (tests). */
export function forgetCatalogue() {
  held = null
}

/** The bootstrap answer with every brewery's products expanded to the full shapes. */
export function expandBootstrap(raw: unknown, index: CatalogueIndex): unknown {
  if (typeof raw !== 'object' || raw === null) return raw
  const { entities } = raw as { entities?: unknown }
  if (!Array.isArray(entities)) return raw
  return {
    ...raw,
    entities: entities.map((entity: unknown) => {
      const products = (entity as { products?: unknown } | null)?.products
      return Array.isArray(products)
        ? { ...(entity as object), products: expandProducts(products, index) }
        : entity
    }),
  }
}
