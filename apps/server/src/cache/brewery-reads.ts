import { CATALOG_ETAG_HEADER, compactProducts, INGREDIENT_REFS_PARAM, type Role } from '@brewcommand/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { createOnboardingRepository } from '../modules/onboarding/onboarding.repository.ts'
import { toEntitySummary } from '../modules/onboarding/onboarding.service.ts'
import type { FileUrl } from '../modules/media/media.repository.ts'
import { createProductRepository } from '../modules/products/products.repository.ts'
import { createBreweryReadCache, EncodedBody, matchesEtag, negotiateEncoding } from './brewery-read-cache.ts'
import { createCatalogueSnapshots } from './catalogue-refs.ts'

/** Below this a body goes out as it is: compressing it would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/** One wire form of the product list (ADR 172): the full shapes, or lines by catalogue reference. */
export type ListForm = 'full' | 'refs'

type Form = {
  /** `GET /api/products`'s whole body, `{"data":[…]}`. */
  list: EncodedBody
  /** The product array's JSON (the same bytes as in `list`). */
  products: Buffer
  /** The ETag of the catalogue the references point into; null when the list holds none. */
  catalogEtag: string | null
}

type Assembled = {
  full: Form
  /** Lines whose item is exactly the catalogue's by reference; the full form itself when none is. */
  refs: Form
  /** Bootstrap's brewery object without its closing brace, role and products (they follow). */
  entityHead: string
}

const listBody = (products: Buffer) =>
  new EncodedBody(Buffer.concat([Buffer.from('{"data":'), products, Buffer.from('}')]))

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
  const catalogue = createCatalogueSnapshots()
  const formSize = (form: Form) => form.list.size + form.products.length
  const cache = createBreweryReadCache<Assembled>({
    db,
    epoch: readLinkExpires,
    ...(maxBytes === undefined ? {} : { maxBytes }),
    sizeOf: (value) =>
      formSize(value.full) + (value.refs === value.full ? 0 : formSize(value.refs)) + value.entityHead.length,
    async build(tx, entityId) {
      const onboarding = createOnboardingRepository(tx)
      const entity = await onboarding.findEntity(entityId)
      const packagingTypes = await onboarding.listPackagingTypes(entityId)
      const list = await createProductRepository(tx, { fileUrl }).list(entityId)
      const products = Buffer.from(JSON.stringify(list))
      const full: Form = { list: listBody(products), products, catalogEtag: null }
      const { index, etag } = await catalogue(tx)
      const compact = compactProducts(list, index)
      const compactJson = compact.refs > 0 ? Buffer.from(JSON.stringify(compact.products)) : null
      const head = JSON.stringify({ ...toEntitySummary(entity!), packagingTypes })
      return {
        full,
        refs: compactJson ? { list: listBody(compactJson), products: compactJson, catalogEtag: etag } : full,
        entityHead: head.slice(0, -1),
      }
    },
  })

  // Bootstrap bodies per user, so a repeated bootstrap is compressed once, not per request.
  const bootstraps = new Map<string, EncodedBody>()
  const maxBootstrapBytes = Math.ceil((maxBytes ?? 256 * 1024 * 1024) / 4)
  let bootstrapBytes = 0

  return {
    /**
     * `{"data":[…products]}` for the brewery in the asked form, or null when it is gone; at `known`, the version read
     * with the caller's row (ADR 421), else read here.
     */
    async list(entityId: string, form: ListForm = 'full', known?: number): Promise<CachedBody | null> {
      const read = await cache.get(entityId, known)
      if (!read) return null
      const { list, catalogEtag } = read.value[form]
      return { body: list, catalogEtag }
    },

    /**
     * Bootstrap's whole body: the user (already in the JSON shape bootstrap answers) and, when they
     * belong to a brewery, that brewery with their role and its products.
     */
    async bootstrap(
      user: object & { id: string },
      /** `dataVersion`: the brewery's version read with the user's row (ADR 421); else read here. */
      entity: { entityId: string; role: Role; dataVersion?: number } | null,
      form: ListForm = 'full',
    ): Promise<CachedBody> {
      const read = entity ? await cache.get(entity.entityId, entity.dataVersion) : null
      const chosen = read?.value[form]
      const catalogEtag = chosen?.catalogEtag ?? null
      const userJson = JSON.stringify(user)
      // The brewery part is the version's (name, subscription and packaging too, not only the list).
      const brewery = read && chosen ? [chosen.list.etag, read.version, read.epoch, entity!.role] : null
      const tag = JSON.stringify([userJson, brewery])
      const key = `${user.id}:${form}`
      const cached = bootstraps.get(key)
      if (cached?.tag === tag) return { body: cached, catalogEtag }
      const parts: Buffer[] = [Buffer.from(`{"data":{"user":${userJson},"entities":[`)]
      if (read && chosen && entity) {
        parts.push(
          Buffer.from(`${read.value.entityHead},"role":${JSON.stringify(entity.role)},"products":`),
          chosen.products,
          Buffer.from('}'),
        )
      }
      parts.push(Buffer.from(']}}'))
      const body = new EncodedBody(Buffer.concat(parts), tag)
      if (cached) {
        bootstraps.delete(key)
        bootstrapBytes -= cached.size
      }
      bootstraps.set(key, body)
      bootstrapBytes += body.size
      for (const [id, old] of bootstraps) {
        if (bootstrapBytes <= maxBootstrapBytes || id === key) break
        bootstraps.delete(id)
        bootstrapBytes -= old.size
      }
      return { body, catalogEtag }
    },

    stats: cache.stats,
  }
}
export type BreweryReads = ReturnType<typeof createBreweryReads>

/** A cached answer, with the catalogue its ingredient references point into (null: it holds none). */
export type CachedBody = { body: EncodedBody; catalogEtag: string | null }

/**
 * Sends a cached JSON body: its strong ETag (a matching `If-None-Match` is a 304), compressed per
 * `Accept-Encoding` when it is large enough (brotli or gzip, made once per body), `Vary: Accept,
 * Accept-Encoding` (the `Accept` header chooses the list's form, ADR 172). A body holding ingredient
 * references says so in its media type and names their catalogue in `Catalog-ETag`.
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, catalogEtag }: CachedBody,
): FastifyReply | Promise<FastifyReply> {
  reply
    .header('etag', body.etag)
    .header('vary', 'Accept, Accept-Encoding')
    // Per user and always revalidated: a browser may keep it, but asks (If-None-Match) every time.
    .header('cache-control', 'private, no-cache')
  if (catalogEtag) reply.header(CATALOG_ETAG_HEADER, catalogEtag)
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.code(304).send()
  reply.header(
    'content-type',
    catalogEtag
      ? `application/json; charset=utf-8; ${INGREDIENT_REFS_PARAM.name}=${INGREDIENT_REFS_PARAM.value}`
      : 'application/json; charset=utf-8',
  )
  const encoding =
    body.raw.length >= COMPRESS_THRESHOLD_BYTES ? negotiateEncoding(request.headers['accept-encoding']) : null
  // A raw body goes out at once, without a promise (a kept report's hit, ADR 421).
  if (!encoding) return reply.send(body.raw)
  reply.header('content-encoding', encoding)
  return body.encode(encoding).then((encoded) => reply.send(encoded))
}
