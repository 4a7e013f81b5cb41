import { barrelsToUnits, unitsToBarrels, type InventoryCount, type TtbLedgerEvent } from '@brewcommand/domain'
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
  {
    counts = true,
    events = Q3_EVENTS,
    inventories = Q3_COUNTS,
  }: { counts?: boolean; events?: TtbLedgerEvent[]; inventories?: InventoryCount[] } = {},
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const event of events) ids[event.id] = crypto.randomUUID()
  await db.insert(liquidEvents).values(
    events.map((event) => ({
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
    for (const count of inventories) ids[count.id] = crypto.randomUUID()
    await db.insert(physicalInventories).values(
      inventories.map((count) => ({
        id: ids[count.id],
        entityId,
        month: count.month,
        bulkBbl: count.bulkBbl,
        packagedBbl: unitsToBarrels(barrelsToUnits(count.kegBbl) + barrelsToUnits(count.caseBbl)),
        kegBbl: count.kegBbl,
        caseBbl: count.caseBbl,
        explanations: count.explanations,
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
