import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Db } from '../db/client.ts'
import { breweryVersion } from './brewery-version.ts'

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

export type Encoding = 'br' | 'gzip'

/** Bytes ready to send, each encoding made at most once (on first demand). */
export class EncodedBody {
  readonly etag: string
  private readonly encoded = new Map<Encoding, Promise<Buffer>>()

  constructor(
    readonly raw: Buffer,
    /** What makes the bytes unique, when cheaper to hash than them; the strong ETag is its hash. */
    readonly tag?: string,
    /**
     * Compress at brotli's quality 1 and gzip's level 1: for bodies that are mostly random ids (a report's event
     * ids), where quality 4 saves about 2 % of the bytes at ten times the time (ADR 413).
     */
    private readonly fast = false,
  ) {
    const digest = createHash('sha256')
      .update(tag ?? raw)
      .digest('base64url')
      .slice(0, 27)
    this.etag = `"${digest}"`
  }

  encode(encoding: Encoding): Promise<Buffer> {
    let body = this.encoded.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? brotliAsync(this.raw, {
              params: {
                // Quality 4 (as @fastify/compress): most of brotli's gain at a fraction of quality 11's time.
                [constants.BROTLI_PARAM_QUALITY]: this.fast ? 1 : 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzipAsync(this.raw, { level: this.fast ? 1 : 6 })
      this.encoded.set(encoding, body)
    }
    return body
  }

  /** What it holds at most, counting its compressed forms (a fraction of the raw bytes) once made. */
  get size() {
    return Math.ceil(this.raw.length * 1.3)
  }
}

/** A brewery's cached read: its product list and the brewery part of bootstrap, at one version. */
export type BreweryRead<T> = {
  version: number
  /** The epoch of the signed file links inside (they are re-signed every quarter hour). */
  epoch: number
  value: T
  bytes: number
}

/**
 * A per-process cache of each brewery's assembled reads, keyed by the brewery's data version in the
 * database (cache/brewery-version.ts): every read asks the database for the version (the sum of the
 * brewery's version slots, one indexed lookup) and rebuilds when it moved, so several instances on one database never answer older than an
 * acknowledged write. The build reads the version and the data in one snapshot. Concurrent misses of
 * one brewery share one build. Least recently used breweries go first past `maxBytes`.
 */
export function createBreweryReadCache<T>({
  db,
  build,
  sizeOf,
  epoch = () => 0,
  maxBytes = 256 * 1024 * 1024,
}: {
  db: Db
  /** Assembles the brewery's read on a connection (a read-only snapshot transaction's). */
  build: (tx: Db, entityId: string) => Promise<T>
  sizeOf: (value: T) => number
  epoch?: () => number
  maxBytes?: number
}) {
  const entries = new Map<string, BreweryRead<T>>()
  const building = new Map<string, Promise<BreweryRead<T> | null>>()
  let total = 0

  function remember(entityId: string, read: BreweryRead<T>) {
    const old = entries.get(entityId)
    if (old) {
      total -= old.bytes
      entries.delete(entityId)
    }
    entries.set(entityId, read)
    total += read.bytes
    for (const [id, entry] of entries) {
      if (total <= maxBytes || id === entityId) break
      entries.delete(id)
      total -= entry.bytes
    }
  }

  async function rebuild(entityId: string, now: number): Promise<BreweryRead<T> | null> {
    const read = await db.transaction(
      async (tx) => {
        const version = await breweryVersion(tx, entityId)
        if (version === null) return null
        const value = await build(tx, entityId)
        return { version, epoch: now, value, bytes: sizeOf(value) }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    if (!read) return null
    const current = entries.get(entityId)
    if (!current || current.version < read.version || current.epoch < read.epoch) remember(entityId, read)
    return read
  }

  return {
    /**
     * The brewery's read as of now, or null when the brewery is gone. `known` is the version read with the caller's
     * row after the request began (auth/tenant.ts, ADR 421): the same guarantee as reading it here, one statement
     * fewer.
     */
    async get(entityId: string, known?: number): Promise<BreweryRead<T> | null> {
      const version = known ?? (await breweryVersion(db, entityId))
      if (version === null) return null
      const now = epoch()
      const cached = entries.get(entityId)
      if (cached && cached.version >= version && cached.epoch === now) {
        // Most recently used last.
        entries.delete(entityId)
        entries.set(entityId, cached)
        return cached
      }
      const key = `${entityId}:${version}:${now}`
      let pending = building.get(key)
      if (!pending) {
        pending = rebuild(entityId, now).finally(() => building.delete(key))
        building.set(key, pending)
      }
      return pending
    },
    /** How many breweries and bytes are held (tests, diagnostics). */
    stats: () => ({ breweries: entries.size, bytes: total }),
  }
}
export type BreweryReadCache<T> = ReturnType<typeof createBreweryReadCache<T>>

/**
 * The response encoding for an `Accept-Encoding` header: brotli, else gzip, else none (a `q=0` refuses
 * one). Only these two are made.
 */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  if (header === undefined || header === '') return null
  const value = Array.isArray(header) ? header.join(',') : header
  // A client sends the same header with every request: its answer is remembered (ADR 415).
  const known = negotiated.get(value)
  if (known !== undefined) return known
  const chosen = chooseEncoding(value)
  if (negotiated.size >= 64) negotiated.clear()
  negotiated.set(value, chosen)
  return chosen
}
const negotiated = new Map<string, Encoding | null>()

function chooseEncoding(value: string): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    accepted.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

/** True when an `If-None-Match` header names this strong ETag (or is `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value) return false
  return value.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}
