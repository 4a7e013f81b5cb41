import { createHash } from 'node:crypto'
import { eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { idpAttemptCounters } from '../db/schema/identity.ts'

/** One thing to count: a key (e.g. `sign-in:address:…`) and how many attempts it may have per window. */
export interface AttemptKey {
  key: string
  limit: number
}

/**
 * Counts attempts per key in the database, so every instance of the server shares the counts
 * (decision 110). An attempt is reserved before the work it limits (a password compare, a mail), in one
 * atomic statement per key: however many requests arrive at once, no more than `limit` are let through
 * per window.
 */
export interface AttemptLimiter {
  /**
   * Reserves one attempt on every key, or none: answers 0 when reserved, otherwise the milliseconds
   * until the first full key's window ends (and nothing stays reserved).
   */
  reserve(keys: AttemptKey[]): Promise<number>
  /** Gives one reserved attempt back (the attempt turned out not to count, e.g. a right password). */
  release(key: string): Promise<void>
  /** Forgets a key. */
  reset(key: string): Promise<void>
}

const PRUNE_EVERY_MS = 10 * 60 * 1000

/** The stored key: a SHA-256, so the table holds no address or email. */
export function storedAttemptKey(key: string, namespace = ''): string {
  return createHash('sha256').update(`${namespace}${key}`).digest('base64url')
}

export function createAttemptLimiter(
  db: Db,
  options: { windowMs: number; namespace?: string },
): AttemptLimiter {
  const { windowMs } = options
  const digest = (key: string) => storedAttemptKey(key, options.namespace)
  const windowStart = sql`now() - (${windowMs}::integer * interval '1 millisecond')`
  const t = idpAttemptCounters
  let lastPrune = 0

  async function prune() {
    lastPrune = Date.now()
    await db.delete(t).where(lt(t.windowStartedAt, sql`${windowStart}`))
  }

  /** One atomic upsert: a new window, or one more attempt while under the limit. */
  async function reserveOne({ key, limit }: AttemptKey): Promise<number> {
    const stored = digest(key)
    const expired = sql`${t.windowStartedAt} <= ${windowStart}`
    const [row] = await db
      .insert(t)
      .values({ key: stored, count: 1, windowStartedAt: sql`now()` })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`case when ${expired} then 1 else ${t.count} + 1 end`,
          windowStartedAt: sql`case when ${expired} then now() else ${t.windowStartedAt} end`,
        },
        setWhere: sql`${expired} or ${t.count} < ${limit}`,
      })
      .returning({ count: t.count })
    if (row) return 0
    const [full] = await db
      .select({
        waitMs: sql<number>`ceil(extract(epoch from (${t.windowStartedAt} + (${windowMs}::integer * interval '1 millisecond') - now())) * 1000)::integer`,
      })
      .from(t)
      .where(eq(t.key, stored))
    return Math.max(1, Number(full?.waitMs ?? windowMs))
  }

  async function release(key: string) {
    await db
      .update(t)
      .set({ count: sql`greatest(${t.count} - 1, 0)` })
      .where(eq(t.key, digest(key)))
  }

  return {
    async reserve(keys) {
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) await prune()
      const reserved: string[] = []
      for (const key of keys) {
        const waitMs = await reserveOne(key)
        if (waitMs > 0) {
          for (const done of reserved) await release(done)
          return waitMs
        }
        reserved.push(key.key)
      }
      return 0
    },
    release,
    async reset(key) {
      await db.delete(t).where(eq(t.key, digest(key)))
    },
  }
}
