import { ProductSchema, RoleSchema, SubscriptionSchema } from '@brewcommand/domain'
import { z } from 'zod'
import { api, ApiError } from '@/lib/api-client.ts'

/** The signed-in user as bootstrap answers it (docs/architecture.md "Reads and bootstrap"). */
export const BootstrapUserSchema = z.object({
  id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  picture: z.string().nullish(),
})
export type BootstrapUser = z.infer<typeof BootstrapUserSchema>

/** The current entity (docs/architecture.md "Reads and bootstrap"): the brewery with its packaging types and full products. */
export const BootstrapEntitySchema = z.looseObject({
  entityId: z.string(),
  name: z.string().optional(),
  role: RoleSchema.optional(),
  subscription: SubscriptionSchema.optional(),
  products: z.array(ProductSchema).default([]),
  packagingTypes: z.array(z.object({ packageTypeId: z.string(), packageType: z.string() })).default([]),
})
export type BootstrapEntity = z.infer<typeof BootstrapEntitySchema>

export const BootstrapSchema = z.object({
  user: BootstrapUserSchema,
  entities: z.array(BootstrapEntitySchema),
})
export type Bootstrap = z.infer<typeof BootstrapSchema>

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
