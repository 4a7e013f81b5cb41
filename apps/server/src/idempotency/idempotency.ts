import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { AppError } from '../errors.ts'

export type StoredResponse<T> = { statusCode: number; body: T }

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

/**
 * Runs `write` once per (scope, key) inside a transaction that also stores its response. A replay with
 * the same request returns the stored response; the same key with another request is a 409.
 */
export async function idempotent<T>(
  db: Db,
  { scope, key, hash }: { scope: string; key: string; hash: string },
  write: (tx: Db) => Promise<StoredResponse<T>>,
): Promise<StoredResponse<T>> {
  const find = async (from: Db) => {
    const [row] = await from
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, scope), eq(idempotencyRecords.key, key)))
    return row
  }
  const replay = (row: NonNullable<Awaited<ReturnType<typeof find>>>): StoredResponse<T> => {
    if (row.requestHash !== hash) {
      throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.')
    }
    return { statusCode: row.statusCode, body: row.body as T }
  }

  const earlier = await find(db)
  if (earlier) return replay(earlier)
  try {
    return await db.transaction(async (tx) => {
      const response = await write(tx)
      await tx.insert(idempotencyRecords).values({
        scope,
        key,
        requestHash: hash,
        statusCode: response.statusCode,
        body: response.body,
      })
      return response
    })
  } catch (error) {
    // Two copies of one request raced: the loser answers with the winner's stored response.
    const winner = await find(db)
    if (winner) return replay(winner)
    throw error
  }
}
