import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { entities } from '../db/schema/entities.ts'

/**
 * Marks the brewery's data as changed: call it inside the transaction of every write that changes what
 * `GET /api/products` or bootstrap's brewery part answer (products and everything in them, files, the
 * brewery's name, subscription, packaging types, its team). The version commits with the write, so no
 * instance serves a cached answer older than an acknowledged write (cache/brewery-read-cache.ts, ADR 170).
 * Concurrent writers of one brewery queue on this row's lock until the first commits.
 */
export async function bumpBreweryVersion(tx: Db, entityId: string): Promise<void> {
  await tx
    .update(entities)
    .set({ dataVersion: sql`${entities.dataVersion} + 1` })
    .where(eq(entities.id, entityId))
}

/**
 * `bumpBreweryVersion` as a statement, for the write runner to send in one round trip with the write's
 * stored response (writes/write-runner.ts `lastStatement`).
 */
export function bumpBreweryVersionStatement(entityId: string): SQL {
  return sql`update ${entities} set data_version = ${entities.dataVersion} + 1 where ${entities.id} = ${entityId}`
}

/** The brewery's data version as committed now, or null when there is no such brewery. */
export async function breweryVersion(db: Db, entityId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: entities.dataVersion })
    .from(entities)
    .where(eq(entities.id, entityId))
  return row ? Number(row.version) : null
}
