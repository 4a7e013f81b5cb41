import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import swagger from '@fastify/swagger'
import { ApiErrorSchema } from '@brewcommand/domain'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../errors.ts'

// The public API's description (ADR 280): an OpenAPI 3.1 document generated from the zod schemas that
// validate every route (fastify-type-provider-zod's transform, through @fastify/swagger), served at
// /api/openapi.json, and a reference page at /api/docs (swagger-ui-dist's files, served by this server: no CDN). Nothing is written twice: a route's request and response schemas are the document.

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

/** swagger-ui's files the reference page loads, from the swagger-ui-dist package (served here: no CDN). */
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}
const UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The reference page: swagger-ui reading /api/openapi.json; its scripts are files, so `script-src 'self'` holds. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>BrewCommand API</title>
    <link rel="icon" href="/api/docs/static/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/static/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="/api/docs/static/swagger-ui-bundle.js"></script>
    <script src="/api/docs/static/swagger-ui-standalone-preset.js"></script>
    <script src="/api/docs/static/start.js"></script>
  </body>
</html>
`
const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
})
`

/** `/api/openapi.json` (public, rate limited) and the reference page at `/api/docs` with its files. */
export async function registerApiReference(app: FastifyInstance) {
  const limited = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } })
  app.get('/api/openapi.json', { config: limited(30), schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  )
  // A page view fetches the page and five files.
  app.get('/api/docs', { config: limited(60), schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(PAGE),
  )
  app.get(
    '/api/docs/static/:file',
    { config: limited(60), schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string }
      if (file === 'start.js') return reply.type('text/javascript; charset=utf-8').send(START)
      const type = UI_FILES[file]
      if (!type) throw new AppError('NOT_FOUND', 'Not found.')
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(path.join(UI_DIR, file)))
    },
  )
}
