import { createHash } from 'node:crypto'
import { and, eq, lt, sql, type SQL } from 'drizzle-orm'
import { executeNamed, namedStatement, type Db } from '../db/client.ts'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { AppError } from '../errors.ts'
import { defineJob } from '../jobs/job-queue.ts'

/** A write's response as stored under its key: answered again, unchanged, to every replay. */
export type StoredResponse = { statusCode: number; body: unknown }

/** How long a key is kept (docs/architecture.md "The write path"): a retried write is recognised for at least 7 days. */
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

/** One write's key: its scope (the brewery, or the user before they have one), the key and the request's fingerprint. */
export type Claim = { scope: string; key: string; hash: string }

/** The claim: one row for the key, unless it is there already (then nothing, and no row comes back). */
const claimStatement = namedStatement(
  'idempotency_claim',
  () => sql`insert into ${idempotencyRecords} (scope, key, request_hash, status_code)
    values (${sql.placeholder('scope')}, ${sql.placeholder('key')}, ${sql.placeholder('hash')}, 0)
    on conflict do nothing returning key`,
)

/**
 * Claims the key inside the write's transaction, or finds the response stored under it: the one
 * lookup of a replay. Returns null when the key is new (the caller then runs the write and stores its
 * response with `storeResponse` in the same transaction, so the key is kept exactly when the write is).
 * A copy of the same write still in flight holds the key: the claim waits for its transaction and then
 * answers its response. The same key with another request is a 409.
 */
export async function claimKey(tx: Db, claim: Claim): Promise<StoredResponse | null> {
  const { rows: claimed } = (await claimStatement(tx, {
    scope: claim.scope,
    key: claim.key,
    hash: claim.hash,
  })) as { rows: unknown[] }
  if (claimed.length > 0) return null
  const [row] = await tx
    .select({
      requestHash: idempotencyRecords.requestHash,
      statusCode: idempotencyRecords.statusCode,
      body: idempotencyRecords.body,
    })
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, claim.scope), eq(idempotencyRecords.key, claim.key)))
  // Unreachable in practice: the row that refused the claim has been pruned in between.
  if (!row) throw new AppError('CONFLICT', 'This Idempotency-Key is being used. Send the request again.')
  if (row.requestHash !== claim.hash) {
    throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.')
  }
  return { statusCode: row.statusCode, body: row.body }
}

/**
 * Stores the response of a claimed key, in the write's transaction (see `claimKey`). `also`, a statement
 * of the same transaction, goes in the same round trip (a data-modifying `with`), after the store.
 */
export async function storeResponse(
  tx: Db,
  claim: Claim,
  response: StoredResponse,
  also?: SQL | null,
): Promise<void> {
  if (!also) {
    await tx
      .update(idempotencyRecords)
      .set({ statusCode: response.statusCode, body: response.body })
      .where(and(eq(idempotencyRecords.scope, claim.scope), eq(idempotencyRecords.key, claim.key)))
      .prepare('idempotency_store')
      .execute()
    return
  }
  const body = response.body === null || response.body === undefined ? null : JSON.stringify(response.body)
  await executeNamed(
    tx,
    'idempotency_store_with',
    sql`with stored as (
      update ${idempotencyRecords} set status_code = ${response.statusCode}, body = ${body}::jsonb
      where ${idempotencyRecords.scope} = ${claim.scope} and ${idempotencyRecords.key} = ${claim.key})
    ${also}`,
  )
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
