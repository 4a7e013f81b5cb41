import {
  ApiKeySchema,
  ApiKeyUseSchema,
  CreatedApiKeySchema,
  envelopeOf,
  NewApiKeySchema,
  OBJECT_URI_SCHEME,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { ApiKeyService } from './api-keys.service.ts'

const KeyParams = z.object({ keyId: z.uuid('The key id must be a UUID') })
const UsesQuery = z.object({
  before: z.iso.datetime({ offset: true, message: 'before must be an ISO 8601 instant' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})

/** Every key change is broadcast under this URI: an open Settings → API Keys reloads on it. */
export const API_KEYS_OBJECT_URI = `${OBJECT_URI_SCHEME}api-keys`
const keysChange = (id: string, change: string): Broadcast => ({
  objectUri: API_KEYS_OBJECT_URI,
  data: { id, change },
})

/**
 * `/api/api-keys` (ADR 281): an Admin's list, New API Key (the secret in the first answer only, never in the
 * stored replay), Revoke, and the audit list of every use. No API key reaches these routes.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeyService; runWrite: WriteRunner }> = async (
  app,
  { keys, runWrite },
) => {
  const headers = WriteHeadersSchema

  app.get(
    '/',
    { schema: { response: { 200: z.object({ data: z.array(ApiKeySchema) }) } } },
    async (request) => ({
      data: await keys.list(request.tenant),
    }),
  )

  app.get(
    '/uses',
    { schema: { querystring: UsesQuery, response: { 200: z.object({ data: z.array(ApiKeyUseSchema) }) } } },
    async (request) => ({ data: await keys.uses(request.tenant, request.query) }),
  )

  app.post(
    '/',
    {
      schema: {
        body: envelopeOf('api-key', NewApiKeySchema),
        headers,
        response: { 201: z.object({ data: CreatedApiKeySchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => keys.create(tx, request.tenant, request.body.data),
        body: ({ key }) => ({ data: key }),
        // The secret is in this answer only: a replay of the same request answers the key without it.
        shownOnce: ({ key, secret }) => ({ data: { ...key, secret } }),
        broadcast: ({ key }) => keysChange(key.id, 'created'),
      }),
  )

  app.post(
    '/:keyId/revoke',
    {
      schema: {
        params: KeyParams,
        body: envelopeOf('api-key', z.object({})),
        headers,
        response: { 200: z.object({ data: ApiKeySchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => keys.revoke(tx, request.tenant, request.params.keyId),
        body: (key) => ({ data: key }),
        broadcast: (key) => keysChange(key.id, 'revoked'),
      }),
  )
}
