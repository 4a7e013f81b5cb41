import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { createCatalogRepository } from './catalog.repository.ts'

/**
 * `GET /api/catalog` (bearer token): the ingredient catalogue `{ yeast, fermentables, hops,
 * otherIngredients }`. It changes only with a release, so it is serialised once and sent with an ETag:
 * a repeat load with If-None-Match is a 304 without a body.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: ReturnType<typeof createCatalogRepository>
}> = async (app, { catalog }) => {
  let cached: Promise<{ body: string; etag: string }> | undefined
  const load = () =>
    (cached ??= catalog.load().then((data) => {
      const body = JSON.stringify({ data })
      return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
    }))

  // For members of a brewery: the auth plugin has resolved the caller's tenant (a 403 without one).
  app.get('/', async (request, reply) => {
    const { body, etag } = await load().catch((error: unknown) => {
      cached = undefined
      throw error
    })
    reply.header('etag', etag).header('cache-control', 'private, no-cache')
    const match = request.headers['if-none-match']
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(body)
  })
}
