import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { AppError } from '../errors.ts'
import { defineJob } from '../jobs/job-queue.ts'

export type StoredResponse<T> = { statusCode: number; body: T }
/** A response, and whether it is a stored one answered again (then nothing was changed). */
export type IdempotentResponse<T> = StoredResponse<T> & { replayed: boolean }

/** How long a key is kept (DESIGN.md "Writes"): a retried write is recognised for at least 7 days. */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

/**
 * A stable fingerprint of a request: method, path and body (keys sorted). An envelope's `timestamp`
 * may differ between retries of one logical write, so it is left out.
 */
export function requestHash(method: string, path: string, body: unknown): string {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'timestamp' in body) {
    const { timestamp: _timestamp, ...rest } = body as Record<string, unknown>
    body = rest
  }
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical)
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      )
    }
    return value
  }
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body)]))
    .digest('hex')
}

type Claim = { scope: string; key: string; hash: string }

async function findRecord(db: Db, { scope, key }: Claim) {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)))
  return row
}

function replayOf<T>(row: NonNullable<Awaited<ReturnType<typeof findRecord>>>, hash: string) {
  if (row.requestHash !== hash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.')
  }
  return { statusCode: row.statusCode, body: row.body as T, replayed: true }
}

/**
 * The stored first response to (scope, key), or null when the key is new. The same key with another
 * request is a 409. Checked before anything else about a write, so a replay answers the same even
 * after the record it wrote has changed or gone (a replayed DELETE is still a 204).
 */
export async function storedResponse<T>(db: Db, claim: Claim): Promise<IdempotentResponse<T> | null> {
  const row = await findRecord(db, claim)
  return row ? replayOf<T>(row, claim.hash) : null
}

/**
 * Runs `write` once per (scope, key) inside a transaction that also stores its response: the response
 * is kept exactly when the write is. A replay with the same request returns the stored response; the
 * same key with another request is a 409. A write that throws (a refusal, a failed transaction) stores
 * no key, so the request may be sent again.
 */
export async function idempotent<T>(
  db: Db,
  claim: Claim,
  write: (tx: Db) => Promise<StoredResponse<T>>,
  /** Runs last in the transaction, after the key is stored (the brewery's version bump, ADR 170). */
  beforeCommit?: (tx: Db) => Promise<void>,
): Promise<IdempotentResponse<T>> {
  const earlier = await storedResponse<T>(db, claim)
  if (earlier) return earlier
  try {
    return await db.transaction(async (tx) => {
      const response = await write(tx)
      await tx.insert(idempotencyRecords).values({
        scope: claim.scope,
        key: claim.key,
        requestHash: claim.hash,
        statusCode: response.statusCode,
        body: response.body,
      })
      await beforeCommit?.(tx)
      return { ...response, replayed: false }
    })
  } catch (error) {
    // Two copies of one request raced: the loser answers with the winner's stored response.
    const winner = await findRecord(db, claim)
    if (winner) return replayOf<T>(winner, claim.hash)
    throw error
  }
}

/** Deletes the keys stored before `olderThan`; returns how many went. */
export async function pruneIdempotencyRecords(db: Db, olderThan: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.createdAt, olderThan))
    .returning({ key: idempotencyRecords.key })
  return deleted.length
}

/** When the prune job runs: hourly (minute 17, UTC), on whichever instance takes it. */
export const IDEMPOTENCY_PRUNE_CRON = '17 * * * *'

/**
 * The job that prunes keys older than the retention (docs/decisions/054-idempotency-replay-first-and-pruning.md),
 * scheduled on the database-stored job queue so that several instances prune once, not once each.
 */
export function idempotencyPruneJob(
  db: Db,
  {
    retentionMs = IDEMPOTENCY_RETENTION_MS,
    now = () => Date.now(),
    logger,
  }: {
    retentionMs?: number
    now?: () => number
    logger?: { info(obj: object, msg: string): void }
  } = {},
) {
  return defineJob('idempotency.prune', async () => {
    const pruned = await pruneIdempotencyRecords(db, new Date(now() - retentionMs))
    if (pruned > 0) logger?.info({ pruned }, 'pruned expired idempotency keys')
  })
}
