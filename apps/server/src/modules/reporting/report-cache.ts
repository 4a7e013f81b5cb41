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

type Entry = {
  version: number
  quarter: number
  body: EncodedBody
  /** When it was last served (a counter): the least recently used go first past `maxBytes`. */
  used: number
}

/**
 * The Reporting page's and the TTB reports' answers, serialised once per brewery data version (ADR 376): the
 * version lives in the database and every write of the brewery moves it in its own transaction (the write
 * runner's last statement, cache/brewery-version.ts), so no instance serves a report older than an acknowledged
 * write, and another brewery's writes leave it be. A hit costs no read of its own: the version comes with the
 * caller's row (auth/tenant.ts, ADR 415; read here for a caller without it, an API key); the answer goes
 * out with its strong ETag (304 on `If-None-Match`), brotli or gzip made once. Concurrent misses of one report
 * share one computation. Least recently used reports go first past `maxBytes`. A hit takes no promise and builds no
 * key (ADR 421): reports are held per brewery, each under the key its route made once for its query.
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
  const entries = new Map<string, Map<string, Entry>>()
  const building = new Map<string, Promise<Entry>>()
  let total = 0
  let count = 0
  let clock = 0

  /** Drops the least recently used report but `kept` (a scan: it runs only past `maxBytes`, after a computation). */
  function evictOne(kept: Entry): boolean {
    let oldest: { entityId: string; report: string; entry: Entry } | null = null
    for (const [entityId, reports] of entries)
      for (const [report, entry] of reports)
        if (entry !== kept && (!oldest || entry.used < oldest.entry.used))
          oldest = { entityId, report, entry }
    if (!oldest) return false
    const reports = entries.get(oldest.entityId)!
    reports.delete(oldest.report)
    if (reports.size === 0) entries.delete(oldest.entityId)
    total -= oldest.entry.body.size
    count -= 1
    return true
  }

  function remember(entityId: string, report: string, entry: Entry) {
    let reports = entries.get(entityId)
    const old = reports?.get(report)
    if (old) {
      if (old.version > entry.version || old.quarter > entry.quarter) return
      total -= old.body.size
      count -= 1
    }
    if (!reports) entries.set(entityId, (reports = new Map<string, Entry>()))
    entry.used = ++clock
    reports.set(report, entry)
    total += entry.body.size
    count += 1
    while (total > maxBytes && evictOne(entry));
  }

  /** The kept answer at `version` (or newer) in this quarter hour, else a computation shared by concurrent misses. */
  function bodyAt<T>(
    version: number | null,
    entityId: string,
    report: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
  ): EncodedBody | Promise<EncodedBody> {
    const quarter = Math.floor(now() / QUARTER_HOUR_MS)
    const cached = entries.get(entityId)?.get(report)
    if (version !== null && cached && cached.version >= version && cached.quarter === quarter) {
      cached.used = ++clock
      return cached.body
    }
    const buildKey = `${entityId} ${report} ${version} ${quarter}`
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
          used: 0,
        }
        if (version !== null) remember(entityId, report, entry)
        return entry
      })().finally(() => building.delete(buildKey))
      building.set(buildKey, pending)
    }
    return pending.then((entry) => entry.body)
  }

  /**
   * The report's `{ data }` as of now: from memory when neither the brewery's version nor the quarter hour moved,
   * else computed (the version read first, so what is computed is at least as new as the version it is kept under).
   * A hit is answered at once, not in a promise.
   */
  function body<T>(
    entityId: string,
    report: string,
    schema: z.ZodType<T>,
    compute: () => Promise<T>,
    /** The version read with the caller's row, before this call (ADR 415); read here when not given. */
    known?: number,
  ): EncodedBody | Promise<EncodedBody> {
    if (known !== undefined) return bodyAt(known, entityId, report, schema, compute)
    return breweryVersion(db, entityId).then((version) => bodyAt(version, entityId, report, schema, compute))
  }

  return {
    body,
    /**
     * Sends the report for `report` (the route and its query, canonical) of the caller's brewery, at the data
     * version read with the caller's row when the route asked for it (`config: { dataVersion: true }`, one round
     * trip for the role and the version, ADR 415); the caller has checked the permission.
     */
    send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      tenant: Pick<Tenant, 'entityId' | 'dataVersion'>,
      report: string,
      schema: z.ZodType<T>,
      compute: () => Promise<T>,
    ): void | Promise<void> {
      const kept = body(tenant.entityId, report, schema, compute, tenant.dataVersion)
      const sent =
        kept instanceof EncodedBody
          ? sendEncoded(request, reply, { body: kept, catalogEtag: null })
          : kept.then((computed) => sendEncoded(request, reply, { body: computed, catalogEtag: null }))
      // Sent already (a raw kept body): nothing to wait for.
      if (sent instanceof Promise) return sent.then(() => undefined)
    },
    /** How many reports and bytes are held (tests, diagnostics). */
    stats: () => ({ reports: count, bytes: total }),
  }
}
export type ReportCache = ReturnType<typeof createReportCache>

/** A query as a cache key: its parameters sorted, so `?to=…&from=…` and `?from=…&to=…` are one report. */
export const queryKey = (path: string, query: unknown) =>
  `${path}?${Object.entries((query ?? {}) as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&')}`

/**
 * `queryKey` made once per validated query: `reportQueryValidator` answers a repeated query with the same frozen
 * object, which belongs to one route, so the key (path and query) is kept beside it (ADR 421). `path` is read only
 * for a query not seen before.
 */
export function createQueryKeys() {
  const keys = new WeakMap<object, string>()
  return (path: () => string, query: unknown): string => {
    if (typeof query !== 'object' || query === null || !Object.isFrozen(query)) return queryKey(path(), query)
    let key = keys.get(query)
    if (key === undefined) keys.set(query, (key = queryKey(path(), query)))
    return key
  }
}

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
