import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { breweryDataVersions, entities } from '../db/schema/entities.ts'

/**
 * How many slots a brewery's version is spread over (ADR 218): concurrent writes of one brewery wait for
 * each other only when they bump the same slot.
 */
export const VERSION_SLOTS = 32

// Slots are dealt round-robin from a random start: the writes of this process that are between their bump
// and their commit at one moment took consecutive slots, so they meet only past VERSION_SLOTS of them;
// other instances start elsewhere.
let nextSlot = Math.floor(Math.random() * VERSION_SLOTS)
function takeSlot(): number {
  nextSlot = (nextSlot + 1) % VERSION_SLOTS
  return nextSlot
}

/**
 * Marks the brewery's data as changed: call it inside the transaction of every write that changes what
 * `GET /api/products` or bootstrap's brewery part answer (products and everything in them, files, the
 * brewery's name, subscription, packaging types, its team). It adds one to one of the brewery's version
 * slots, which commits with the write, so no instance serves a cached answer older than an acknowledged
 * write (cache/brewery-read-cache.ts, ADR 170, ADR 218). A write holds its slot's row lock until it commits:
 * call it last.
 */
export async function bumpBreweryVersion(tx: Db, entityId: string): Promise<void> {
  await tx.execute(bumpBreweryVersionStatement(entityId))
}

/**
 * `bumpBreweryVersion` as a statement, for the write runner to send in one round trip with the write's
 * stored response (writes/write-runner.ts `lastStatement`).
 */
export function bumpBreweryVersionStatement(entityId: string): SQL {
  return sql`insert into ${breweryDataVersions} (entity_id, slot, version) values (${entityId}, ${takeSlot()}, 1)
    on conflict (entity_id, slot) do update set version = ${breweryDataVersions.version} + 1`
}

/**
 * The brewery's data version as committed now (the sum of its slots, read in one snapshot), or null when
 * there is no such brewery. Every commit that bumps adds exactly one, and a snapshot sees a prefix of the
 * commits, so a greater sum is a later snapshot (ADR 218).
 */
export async function breweryVersion(db: Db, entityId: string): Promise<number | null> {
  const [row] = await db
    .select({
      version: sql<string>`(select coalesce(sum(${breweryDataVersions.version}), 0) from ${breweryDataVersions}
        where ${breweryDataVersions.entityId} = ${entities.id})`,
    })
    .from(entities)
    .where(eq(entities.id, entityId))
  return row ? Number(row.version) : null
}
