import { BootstrapSchema, type Bootstrap } from '@brewcommand/domain'
import { api, ApiError } from '@/lib/api-client.ts'

// The wire contract lives in the domain (bootstrap/bootstrap.schema.ts); re-exported for the app's imports.
export type { Bootstrap, BootstrapEntity, BootstrapUser } from '@brewcommand/domain'
export { BootstrapEntitySchema, BootstrapSchema, BootstrapUserSchema } from '@brewcommand/domain'

export interface BootstrapTokens {
  accessToken: string
  idToken: string | undefined
}

/**
 * GET /api/users/bootstrap with the bearer access token; the ID token rides along as X-ID-Token so
 * the server can store the profile (docs/architecture.md "Identity"). A non-OK answer throws and is logged with
 * the spec's text (docs/product/01-access.md §8).
 */
export async function getBootstrap({ accessToken, idToken }: BootstrapTokens): Promise<Bootstrap> {
  const headers: Record<string, string> = { Authorization: `Bearer ${accessToken}` }
  if (idToken) headers['X-ID-Token'] = idToken
  try {
    return await api.get('/api/users/bootstrap', BootstrapSchema, { headers })
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
