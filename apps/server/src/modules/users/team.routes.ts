import {
  InvitationAcceptedSchema,
  InvitationSummarySchema,
  InviteEnvelopeSchema,
  UserChangeEnvelopeSchema,
  UserSchema,
} from '@brewcommand/domain'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { InvalidTokenError, unauthenticated } from '../../auth/token-verifier.ts'
import { profileFromIdToken } from './users.service.ts'
import type { TeamService } from './team.service.ts'

const EntityParams = z.object({ entityId: z.uuid('The brewery id must be a UUID') })
const UserParams = EntityParams.extend({ userId: z.uuid('The user id must be a UUID') })
const RevQuery = z.object({
  rev: z.coerce
    .number('The revision (rev) is required.')
    .int('The revision (rev) must be a whole number.')
    .positive('The revision (rev) must be positive.'),
})
const Headers = z.looseObject({ 'x-socket-id': z.string().max(128).optional() })
const AcceptHeaders = Headers.extend({ 'x-id-token': z.string().max(16_384).optional() })
const TokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This invitation link is not valid.'),
})

const socketId = (request: FastifyRequest) => {
  const header = request.headers['x-socket-id']
  return (Array.isArray(header) ? header[0] : header) ?? ''
}

/**
 * `/api/entities/{entityId}/users`: the brewery's team (docs/product/01-access.md §7), Admin-only writes, `rev` checks,
 * and the resend/revoke actions of a pending invitation.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    '/:entityId/users',
    { schema: { params: EntityParams, response: { 200: z.object({ data: z.array(UserSchema) }) } } },
    async (request) => ({ data: await team.list(request.tenant, request.params.entityId) }),
  )

  app.post(
    '/:entityId/users',
    { schema: { params: EntityParams, body: InviteEnvelopeSchema, headers: Headers } },
    async (request, reply) => {
      const user = await team.invite(
        request.tenant,
        request.params.entityId,
        request.body.data,
        socketId(request),
      )
      return reply.code(201).send({ data: user })
    },
  )

  app.put(
    '/:entityId/users/:userId',
    { schema: { params: UserParams, body: UserChangeEnvelopeSchema, headers: Headers } },
    async (request) => ({
      data: await team.change(
        request.tenant,
        request.params.entityId,
        request.params.userId,
        request.body.data,
        socketId(request),
      ),
    }),
  )

  app.delete(
    '/:entityId/users/:userId',
    { schema: { params: UserParams, querystring: RevQuery, headers: Headers } },
    async (request, reply) => {
      await team.remove(
        request.tenant,
        request.params.entityId,
        request.params.userId,
        request.query.rev,
        socketId(request),
      )
      return reply.code(204).send()
    },
  )

  app.post(
    '/:entityId/users/:userId/invitation/resend',
    { schema: { params: UserParams, headers: Headers } },
    async (request) => ({
      data: await team.resend(
        request.tenant,
        request.params.entityId,
        request.params.userId,
        socketId(request),
      ),
    }),
  )

  app.delete(
    '/:entityId/users/:userId/invitation',
    { schema: { params: UserParams, headers: Headers } },
    async (request, reply) => {
      await team.revoke(request.tenant, request.params.entityId, request.params.userId, socketId(request))
      return reply.code(204).send()
    },
  )
}

/**
 * `/api/invitations/{token}`: what an invitation link offers (public: the token is the key) and its
 * acceptance by the signed-in person.
 */
export const invitationRoutes: FastifyPluginAsyncZod<{ team: TeamService; perMinute: number }> = async (
  app,
  { team, perMinute },
) => {
  app.get(
    '/:token',
    {
      config: { public: true, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { params: TokenParams, response: { 200: z.object({ data: InvitationSummarySchema }) } },
    },
    async (request) => ({ data: await team.summary(request.params.token) }),
  )

  app.post(
    '/:token/accept',
    {
      // The person accepting may not have a brewery yet.
      config: { tenant: false, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: {
        params: TokenParams,
        headers: AcceptHeaders,
        response: { 200: z.object({ data: InvitationAcceptedSchema }) },
      },
    },
    async (request) => {
      const auth = request.auth!
      const idToken = request.headers['x-id-token']
      let profile
      if (idToken) {
        let claims
        try {
          claims = await app.verifyIdToken(idToken)
        } catch (error) {
          if (error instanceof InvalidTokenError) throw unauthenticated(error.message)
          throw error
        }
        if (claims.sub !== auth.sub) throw unauthenticated('The ID token belongs to another user')
        profile = profileFromIdToken(claims)
      }
      return { data: await team.accept(auth, request.params.token, socketId(request), profile) }
    },
  )
}
