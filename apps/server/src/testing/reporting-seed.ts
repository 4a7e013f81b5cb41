import { Q3_COUNTS, Q3_EVENTS } from '@brewcommand/domain/production/ttb-fixture.ts'
import type { Db } from '../db/client.ts'
import { liquidEvents } from '../db/schema/production.ts'
import { physicalInventories } from '../db/schema/reporting.ts'

/**
 * Test-only: writes the seeded quarter of `packages/domain/src/production/ttb-fixture.ts` into a brewery's
 * `liquid_events` (and, unless `counts: false`, its physical inventories) with drizzle inserts, as the cellar,
 * brew day and inventory would have recorded them. Ids are fresh per call (the fixture's are mapped), so several
 * breweries of one database can hold the quarter; the answer maps each fixture id to the stored one.
 */
export async function seedReportingQuarter(
  db: Db,
  entityId: string,
  { counts = true }: { counts?: boolean } = {},
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const event of Q3_EVENTS) ids[event.id] = crypto.randomUUID()
  await db.insert(liquidEvents).values(
    Q3_EVENTS.map((event) => ({
      id: ids[event.id],
      entityId,
      kind: event.kind,
      volumeBbl: event.volumeBbl,
      reason: event.reason,
      ttbClass: event.ttbClass,
      // Without batches here, the event carries its product's name (the reports fall back to it).
      details: { ...(event.details ?? {}), ...(event.productName ? { productName: event.productName } : {}) },
      supersedesId: event.supersedesId ? ids[event.supersedesId] : null,
      occurredAt: new Date(event.occurredAt),
      recordedAt: new Date(event.recordedAt),
    })),
  )
  if (counts) {
    for (const count of Q3_COUNTS) ids[count.id] = crypto.randomUUID()
    await db.insert(physicalInventories).values(
      Q3_COUNTS.map((count) => ({
        id: ids[count.id],
        entityId,
        month: count.month,
        // The fixture counts totals; here all of it is bulk.
        bulkBbl: count.totalBbl,
        packagedBbl: '0',
        note: count.note,
      })),
    )
  }
  return ids
}

/** One more ledger event of a brewery (a correction after a close, say). */
export async function insertLedgerEvent(
  db: Db,
  entityId: string,
  event: Partial<typeof liquidEvents.$inferInsert>,
) {
  const id = event.id ?? crypto.randomUUID()
  await db.insert(liquidEvents).values({
    id,
    entityId,
    kind: 'removed',
    volumeBbl: '1.00000',
    ttbClass: 'removed_taxpaid',
    ...event,
  })
  return id
}
