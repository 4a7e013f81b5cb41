import { RoleSchema } from '@brewcommand/domain'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { InvalidTokenError, unauthenticated } from '../../auth/token-verifier.ts'
import { sendEncoded, type BreweryReads } from '../../cache/brewery-reads.ts'
import { wantsIngredientRefs } from '../../cache/catalogue-refs.ts'
import type { UserService } from './users.service.ts'

export const BootstrapUserSchema = z.object({
  id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  picture: z.string().nullable(),
})

const BootstrapEntitySchema = z.looseObject({
  entityId: z.string(),
  name: z.string(),
  type: z.string(),
  role: RoleSchema,
  subscription: z.object({ plan: z.string().nullable(), status: z.string() }),
  packagingTypes: z.array(z.object({ packageTypeId: z.string(), packageType: z.string() })),
  products: z.array(z.unknown()),
})

const BootstrapResponseSchema = z.object({
  data: z.object({ user: BootstrapUserSchema, entities: z.array(BootstrapEntitySchema) }),
})

export const userRoutes: FastifyPluginCallbackZod<{ users: UserService; reads: BreweryReads }> = (
  app,
  { users, reads },
  done,
) => {
  // The body is assembled from the brewery's cached read (cache/brewery-reads.ts): it goes out as
  // bytes, so the schema documents it and the per-user parts are built from typed rows.
  app.get(
    '/bootstrap',
    // Before onboarding too: the caller may not have a brewery yet.
    { config: { tenant: false }, schema: { response: { 200: BootstrapResponseSchema } } },
    async (request, reply) => {
      const auth = request.auth!
      const header = request.headers['x-id-token']
      const idToken = Array.isArray(header) ? header[0] : header
      let claims
      if (idToken) {
        try {
          claims = await app.verifyIdToken(idToken)
        } catch (error) {
          if (error instanceof InvalidTokenError) throw unauthenticated(error.message)
          throw error
        }
        if (claims.sub !== auth.sub) throw unauthenticated('The ID token belongs to another user')
      }
      const caller = await users.bootstrap(auth, claims)
      // `Accept: application/json; ingredients=ref` asks for lines by catalogue reference (ADR 172).
      const form = wantsIngredientRefs(request.headers.accept) ? 'refs' : 'full'
      return sendEncoded(request, reply, await reads.bootstrap(caller.user, caller.membership, form))
    },
  )
  done()
}
