import {
  BootstrapSchema,
  CATALOG_ETAG_HEADER,
  INGREDIENT_REFS_ACCEPT,
  UnknownCatalogueRefError,
  type Bootstrap,
  type CatalogueIndex,
} from '@brewcommand/domain'
import { z } from 'zod'
import { api, ApiError } from '@/lib/api-client.ts'
import { catalogueFor, CatalogueMismatchError, expandBootstrap } from './catalogue-refs.ts'

// The wire contract lives in the domain (bootstrap/bootstrap.schema.ts); re-exported for the app's imports.
export type { Bootstrap, BootstrapEntity, BootstrapUser } from '@brewcommand/domain'
export { BootstrapEntitySchema, BootstrapSchema, BootstrapUserSchema } from '@brewcommand/domain'

export interface BootstrapTokens {
  accessToken: string
  idToken: string | undefined
}

/**
 * One bootstrap call. With `refs`, ingredient lines may come by catalogue reference: the catalogue the
 * answer names is fetched as soon as its headers are in, while the body still arrives, and the lines are
 * expanded before the answer is checked against the schema (docs/decisions/172-ingredient-lines-by-catalogue-reference.md).
 */
async function load({ accessToken, idToken }: BootstrapTokens, refs: boolean): Promise<Bootstrap> {
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` }
  if (idToken) headers['X-ID-Token'] = idToken
  if (refs) headers.accept = INGREDIENT_REFS_ACCEPT
  const pending: { catalogue?: Promise<CatalogueIndex> } = {}
  const raw = await api.get('/api/users/bootstrap', z.unknown(), {
    headers,
    onResponse: (response) => {
      const etag = response.headers.get(CATALOG_ETAG_HEADER)
      if (!refs || !etag) return
      pending.catalogue = catalogueFor(etag, accessToken)
      // Awaited below; this only keeps a failure while the body loads from being reported as unhandled.
      pending.catalogue.catch(() => undefined)
    },
  })
  return BootstrapSchema.parse(pending.catalogue ? expandBootstrap(raw, await pending.catalogue) : raw)
}

/**
 * GET /api/users/bootstrap with the bearer access token; the ID token rides along as X-ID-Token so
 * the server can store the profile (docs/architecture.md "Identity"). Lines come by catalogue reference
 * and are expanded here; should the catalogue not match, the full answer is asked for instead. A non-OK
 * answer throws and is logged with the spec's text (docs/product/01-access.md §8).
 */
export async function getBootstrap(tokens: BootstrapTokens): Promise<Bootstrap> {
  try {
    try {
      return await load(tokens, true)
    } catch (error) {
      if (error instanceof CatalogueMismatchError || error instanceof UnknownCatalogueRefError) {
        console.warn('Loading the full product list:', error.message)
        return await load(tokens, false)
      }
      throw error
    }
  } catch (error) {
    if (error instanceof ApiError) {
      const httpError = new Error(`HTTP error! status: ${error.status}`, { cause: error })
      console.error(httpError)
      throw httpError
    }
    console.error(error)
    throw error
  }
}
