import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { EncodedBody } from '../../cache/brewery-read-cache.ts'
import { sendEncoded } from '../../cache/brewery-reads.ts'
import { breweryVersion } from '../../cache/brewery-version.ts'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'

/**
 * Reports depend on the day (the cost tables stop at the brewery's current month): a cached answer lives at
 * most within one quarter hour of UTC, the step of every time zone's offset, so "today" anywhere is one day in it.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000

/**
 * From this size a report's body is mostly its rows' event ids (the production and losses tables of a year: 1.3 to
 * 1.6 MB), random hex that brotli's quality 4 shrinks 2 % more than quality 1 in ten times the time: it is
 * compressed at quality 1 (ADR 413).
 */
export const FAST_COMPRESSION_BYTES = 256 * 1024

type Entry = { version: number; quarter: number; body: EncodedBody }

/**
 * The Reporting page's and the TTB reports' answers, serialised once per brewery data version (ADR 376): the
 * version lives in the database and every write of the brewery moves it in its own transaction (the write
 * runner's last statement, cache/brewery-version.ts), so no instance serves a report older than an acknowledged
 * write, and another brewery's writes leave it be. A hit costs no read of its own: the version comes with the
 * caller's row (auth/tenant.ts, ADR 415; read here for a caller without it, an API key); the answer goes
 * out with its strong ETag (304 on `If-None-Match`), brotli or gzip made once. Concurrent misses of one report
 * share one computation. Least recently used reports go first past `maxBytes`.
 */
export function createReportCache({
  db,
  maxBytes = 64 * 1024 * 1024,
  now = () => Date.now(),
}: {
  db: Db
  maxBytes?: number
  now?: () => number
}) {
  const entries = new Map<string, Entry>()
  const building = new Map<string, Promise<Entry>>()
  let total = 0

  function remember(key: string, entry: Entry) {
    const old = entries.get(key)
    if (old) {
      if (old.version > entry.version || old.quarter > entry.quarter) return
      total -= old.body.size
      entries.delete(key)
    }
    entries.set(key, entry)
    total += entry.body.size
    for (const [id, held] of entries) {
      if (total <= maxBytes || id === key) break
      entries.delete(id)
      total -= held.body.size
    }
  }

  /**
   * The report's `{ data }` as of now: from memory when neither the brewery's version nor the quarter hour moved,
   * else computed (the version read first, so what is computed is at least as new as the version it is kept under).
   */
  async function body<T>(
    entityId: string,
    report: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
    /** The version read with the caller's row, before this call (ADR 415); read here when not given. */
    known?: number,
  ): Promise<EncodedBody> {
    const version = known ?? (await breweryVersion(db, entityId))
    const quarter = Math.floor(now() / QUARTER_HOUR_MS)
    const key = `${entityId} ${report}`
    const cached = entries.get(key)
    if (version !== null && cached && cached.version >= version && cached.quarter === quarter) {
      entries.delete(key)
      entries.set(key, cached)
      return cached.body
    }
    const buildKey = `${key} ${version} ${quarter}`
    let pending = building.get(buildKey)
    if (!pending) {
      pending = (async () => {
        // The same bytes as the route's response schema would serialise (unknown keys dropped).
        const data = schema.parse(await compute())
        const raw = Buffer.from(JSON.stringify({ data }))
        const entry = {
          version: version ?? -1,
          quarter,
          body: new EncodedBody(raw, undefined, raw.length >= FAST_COMPRESSION_BYTES),
        }
        if (version !== null) remember(key, entry)
        return entry
      })().finally(() => building.delete(buildKey))
      building.set(buildKey, pending)
    }
    return (await pending).body
  }

  return {
    body,
    /**
     * Sends the report for `report` (the route and its query, canonical) of the caller's brewery, at the data
     * version read with the caller's row when the route asked for it (`config: { dataVersion: true }`, one round
     * trip for the role and the version, ADR 415); the caller has checked the permission.
     */
    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      tenant: Pick<Tenant, 'entityId' | 'dataVersion'>,
      report: string,
      schema: z.ZodType<T>,
      compute: () => Promise<T>,
    ) {
      return sendEncoded(request, reply, {
        body: await body(tenant.entityId, report, schema, compute, tenant.dataVersion),
        catalogEtag: null,
      })
    },
    /** How many reports and bytes are held (tests, diagnostics). */
    stats: () => ({ reports: entries.size, bytes: total }),
  }
}
export type ReportCache = ReturnType<typeof createReportCache>

/** A query as a cache key: its parameters sorted, so `?to=…&from=…` and `?from=…&to=…` are one report. */
export const queryKey = (path: string, query: unknown) =>
  `${path}?${Object.entries((query ?? {}) as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&')}`

/** Distinct queries remembered per route before the oldest are forgotten. */
const REMEMBERED_QUERIES = 256

/**
 * The reporting routes' query strings validated once per distinct query (ADR 415): their schemas (periods, month
 * ranges) are pure functions of the query (no clock, no database), and the re-read of an unchanged period sends the
 * same query each time, so its validation (the period's parsing and refinements, about a tenth of a kept report's
 * CPU) is remembered with its result, which is frozen (the handlers only read it). A query that fails is
 * validated every time; bodies and paths as zod's.
 */
export const reportQueryValidator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route)
  if (route.httpPart !== 'querystring') return validate
  const seen = new Map<string, { value: unknown }>()
  return (data) => {
    const key = JSON.stringify(data)
    const kept = seen.get(key)
    if (kept) return kept
    const result = validate(data) as { value?: unknown; error?: Error }
    if (result.error || typeof result.value !== 'object' || result.value === null) return result
    if (seen.size >= REMEMBERED_QUERIES) seen.delete(seen.keys().next().value!)
    const valid = { value: Object.freeze(result.value) }
    seen.set(key, valid)
    return valid
  }
}
