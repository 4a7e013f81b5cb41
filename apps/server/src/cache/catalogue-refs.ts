import { createHash } from 'node:crypto'
import { catalogueIndex, INGREDIENT_REFS_PARAM, type Catalog, type CatalogueIndex } from '@brewcommand/domain'
import type { Db } from '../db/client.ts'
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts'

/**
 * `GET /api/catalog`'s ETag for a catalogue: the same bytes (`{"data":…}` as loaded) hashed the same way
 * as the catalogue route does, so a client can tell that the catalogue it holds is the one the
 * references of a compact product list point into (a test holds the two together).
 */
export function catalogEtag(catalog: Catalog): string {
  const body = JSON.stringify({ data: catalog })
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

export type CatalogueSnapshot = { index: CatalogueIndex; etag: string }

/**
 * The catalogue the compact product lists refer to, loaded once per process (it changes only with a
 * release, like the catalogue route's copy), on the connection it is first asked on (PGlite has one).
 */
export function createCatalogueSnapshots() {
  let loaded: Promise<CatalogueSnapshot> | undefined
  return (connection: Db): Promise<CatalogueSnapshot> =>
    (loaded ??= createCatalogRepository(connection)
      .load()
      .then((catalog) => ({ index: catalogueIndex(catalog), etag: catalogEtag(catalog) }))
      .catch((error: unknown) => {
        loaded = undefined
        throw error
      }))
}

/**
 * True when an `Accept` header asks for `application/json` with `ingredients=ref`: lines by catalogue
 * reference (docs/decisions/172-ingredient-lines-by-catalogue-reference.md). Anything else is the full shape.
 */
export function wantsIngredientRefs(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '')
  return value.split(',').some((range) => {
    const [type, ...params] = range.split(';').map((part) => part.trim().toLowerCase())
    if (type !== 'application/json') return false
    return params.some((param) => {
      const [name, raw = ''] = param.split('=').map((part) => part.trim())
      return name === INGREDIENT_REFS_PARAM.name && raw.replace(/^"|"$/g, '') === INGREDIENT_REFS_PARAM.value
    })
  })
}
