import type { Role } from '@brewcommand/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { createOnboardingRepository } from '../modules/onboarding/onboarding.repository.ts'
import { toEntitySummary } from '../modules/onboarding/onboarding.service.ts'
import type { FileUrl } from '../modules/media/media.repository.ts'
import { createProductRepository } from '../modules/products/products.repository.ts'
import { createBreweryReadCache, EncodedBody, matchesEtag, negotiateEncoding } from './brewery-read-cache.ts'

/** Below this a body goes out as it is: compressing it would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024

type Assembled = {
  /** `GET /api/products`'s whole body, `{"data":[…]}`. */
  list: EncodedBody
  /** Bootstrap's brewery object without its closing brace, role and products (they follow). */
  entityHead: string
  /** The product array's JSON (the same bytes as in `list`). */
  products: Buffer
}

/**
 * The brewery's product list and bootstrap's brewery part, serialised once per data version and
 * served from memory (ADR 170). Bootstrap's per-user parts (the user, their role) are added per request.
 */
export function createBreweryReads({
  db,
  fileUrl,
  readLinkExpires,
  maxBytes,
}: {
  db: Db
  fileUrl: FileUrl
  readLinkExpires: () => number
  maxBytes?: number
}) {
  const cache = createBreweryReadCache<Assembled>({
    db,
    epoch: readLinkExpires,
    ...(maxBytes === undefined ? {} : { maxBytes }),
    sizeOf: (value) => value.list.size + value.products.length + value.entityHead.length,
    async build(tx, entityId) {
      const onboarding = createOnboardingRepository(tx)
      const entity = await onboarding.findEntity(entityId)
      const packagingTypes = await onboarding.listPackagingTypes(entityId)
      const products = Buffer.from(
        JSON.stringify(await createProductRepository(tx, { fileUrl }).list(entityId)),
      )
      const head = JSON.stringify({ ...toEntitySummary(entity!), packagingTypes })
      return {
        list: new EncodedBody(Buffer.concat([Buffer.from('{"data":'), products, Buffer.from('}')])),
        entityHead: head.slice(0, -1),
        products,
      }
    },
  })

  // Bootstrap bodies per user, so a repeated bootstrap is compressed once, not per request.
  const bootstraps = new Map<string, EncodedBody>()
  const maxBootstrapBytes = Math.ceil((maxBytes ?? 256 * 1024 * 1024) / 4)
  let bootstrapBytes = 0

  return {
    /** `{"data":[…products]}` for the brewery, or null when it is gone. */
    async list(entityId: string): Promise<EncodedBody | null> {
      return (await cache.get(entityId))?.value.list ?? null
    },

    /**
     * Bootstrap's whole body: the user (already in the JSON shape bootstrap answers) and, when they
     * belong to a brewery, that brewery with their role and its products.
     */
    async bootstrap(user: object & { id: string }, entity: { entityId: string; role: Role } | null) {
      const read = entity ? await cache.get(entity.entityId) : null
      const userJson = JSON.stringify(user)
      // The brewery part is the version's (name, subscription and packaging too, not only the list).
      const brewery = read ? [read.value.list.etag, read.version, read.epoch, entity!.role] : null
      const tag = JSON.stringify([userJson, brewery])
      const cached = bootstraps.get(user.id)
      if (cached?.tag === tag) return cached
      const parts: Buffer[] = [Buffer.from(`{"data":{"user":${userJson},"entities":[`)]
      if (read && entity) {
        parts.push(
          Buffer.from(`${read.value.entityHead},"role":${JSON.stringify(entity.role)},"products":`),
          read.value.products,
          Buffer.from('}'),
        )
      }
      parts.push(Buffer.from(']}}'))
      const body = new EncodedBody(Buffer.concat(parts), tag)
      if (cached) {
        bootstraps.delete(user.id)
        bootstrapBytes -= cached.size
      }
      bootstraps.set(user.id, body)
      bootstrapBytes += body.size
      for (const [id, old] of bootstraps) {
        if (bootstrapBytes <= maxBootstrapBytes || id === user.id) break
        bootstraps.delete(id)
        bootstrapBytes -= old.size
      }
      return body
    },

    stats: cache.stats,
  }
}
export type BreweryReads = ReturnType<typeof createBreweryReads>

/**
 * Sends a cached JSON body: its strong ETag (a matching `If-None-Match` is a 304), compressed per
 * `Accept-Encoding` when it is large enough (brotli or gzip, made once per body), `Vary: Accept-Encoding`.
 */
export async function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply
    .header('etag', body.etag)
    .header('vary', 'Accept-Encoding')
    // Per user and always revalidated: a browser may keep it, but asks (If-None-Match) every time.
    .header('cache-control', 'private, no-cache')
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send()
  reply.header('content-type', 'application/json; charset=utf-8')
  const encoding =
    body.raw.length >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null
  if (!encoding) return reply.send(body.raw)
  return reply.header('content-encoding', encoding).send(await body.encode(encoding))
}
