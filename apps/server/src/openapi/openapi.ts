import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { ApiErrorSchema } from '@brewcommand/domain'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

// The public API's description (ADR 280): an OpenAPI 3.1 document generated from the zod schemas that
// validate every route (fastify-type-provider-zod's transform, through @fastify/swagger), served at
// /api/openapi.json, and a reference page at /api/docs (swagger-ui's files from the npm package, served by this
// server: no CDN). Nothing is written twice: a route's request and response schemas are the document.

/** The failures every authenticated route can answer, in the one error shape (docs/architecture.md "Errors"). */
const ERROR_RESPONSES: Record<number, string> = {
  400: 'The request is not valid: `error.issues` names each field and what is wrong with it.',
  401: 'No bearer token, or one that is invalid, expired or revoked.',
  402: "The brewery's subscription is not active: writes are refused until it is paid.",
  403: "The caller's role (or the API key's scopes) may not do this; the message names what is missing.",
  404: 'No such record in the caller’s brewery (another brewery’s record is a 404 too).',
  409: 'A conflict with the stored state; the message says which, in words a brewer understands.',
  429: 'Too many requests; `Retry-After` says when to try again.',
}

const ErrorBody = z.toJSONSchema(ApiErrorSchema, { target: 'draft-2020-12' })

type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown>; hide?: boolean }

/** Whether a route belongs to the public API: /api, except what exists for the web app's own build. */
export function isDescribed(url: string): boolean {
  return (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs')
}

/**
 * The zod transform, then what every operation shares: the error responses and, on routes that need a caller,
 * the bearer scheme. Routes outside /api (the identity provider, the web app) are not part of the document.
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0]) {
  const { url, route } = input
  if (!isDescribed(url)) return { schema: { ...(input.schema as object), hide: true }, url }
  const described = jsonSchemaTransform({ ...input, schema: input.schema ?? {} }) as {
    schema: RouteSchema | undefined
    url: string
  }
  const schema = described.schema ?? {}
  const isPublic = route.config?.public === true
  const response: Record<string, unknown> = { ...(schema.response ?? {}) }
  if (Object.keys(response).length === 0) {
    response[route.method === 'DELETE' ? 204 : 200] = { description: 'Done.' }
  }
  for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
    if (isPublic && (status === '401' || status === '402' || status === '403')) continue
    response[status] ??= { description, content: { 'application/json': { schema: ErrorBody } } }
  }
  return {
    url,
    schema: {
      ...schema,
      response,
      ...(isPublic ? { security: [] } : {}),
      tags: [tagOf(url)],
    },
  }
}

/** The operation's group in the reference: the path's first part after /api. */
function tagOf(url: string): string {
  return url.split('/')[2] ?? 'api'
}

/**
 * Registers the document's collector; call before any route is added (it watches them being added) and
 * `registerApiReference` after the routes.
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'BrewCommand API',
        version: '1',
        description:
          'The API of BrewCommand, for the web app and for other software: every route of a brewery, with a ' +
          'user access token (`Authorization: Bearer …`). Reads answer `{ "data": … }`; writes take a change ' +
          'envelope (`type`, `version: "1"`, `objectUri`, `timestamp`, `metadata.correlationIdentifier`, ' +
          '`data`) and an `Idempotency-Key` header, and answer the stored record. Errors are ' +
          '`{ "error": { "code", "message", "issues"? } }`.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  })
}

/** `/api/openapi.json` (public, rate limited) and the reference page at `/api/docs`. */
export async function registerApiReference(app: FastifyInstance) {
  app.get(
    '/api/openapi.json',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { hide: true },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  )
  await app.register(async (docs) => {
    // swagger-ui's own routes (its page and its files) are public like the document they show.
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true }
      // The auth plugin's list of public routes was written before this hook could mark them.
      for (const method of [route.method].flat())
        (app.publicRoutes as Set<string>).add(`${method} ${route.url}`)
    })
    // Limited per address like every public route (the rate-limit plugin has read the routes' own config
    // before this scope's hook could set it, so the limit is this scope's hook).
    docs.addHook('onRequest', app.rateLimit({ max: 60, timeWindow: '1 minute' }))
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The page reads the document from our route, not from swagger-ui's own copy.
      uiConfig: { url: '/api/openapi.json', deepLinking: true },
      staticCSP: false,
      logLevel: 'warn',
    })
  })
}
