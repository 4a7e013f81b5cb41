import type { LedgerEvent, LiquidEventKind } from '@brewcommand/domain'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import { batches, liquidEvents } from '../../db/schema/production.ts'
import { products, productPackages } from '../../db/schema/products.ts'
import { reportPeriods } from '../../db/schema/reporting.ts'

// The reads and writes of the one liquid ledger shared by every part that moves beer (cellar, brew day,
// packaging, finished goods): the events touching a vessel or a packaging option, the closed report periods,
// a batch's start, and the packaging option a removal takes from (docs/production.md "Removals on the ledger").

export type LiquidEventRow = typeof liquidEvents.$inferSelect

/** The ledger shape of a stored event: packaged beer carries its option and units from `details`. */
export function ledgerEventOf(row: LiquidEventRow): LedgerEvent {
  const details = row.details ?? {}
  const units = Number(details.units)
  return {
    id: row.id,
    kind: row.kind as LiquidEventKind,
    batchId: row.batchId,
    fromVesselId: row.fromVesselId,
    toVesselId: row.toVesselId,
    volumeBbl: Number(row.volumeBbl),
    supersedesId: row.supersedesId,
    occurredAt: row.occurredAt.toISOString(),
    packageId: typeof details.packageId === 'string' ? details.packageId : null,
    units: Number.isInteger(units) ? units : null,
  }
}

export function createLedgerRepository(db: Db) {
  return {
    /** Every event of the brewery that touches one of the vessels or moves one of the packaging options. */
    eventsOfPlaces(entityId: string, vesselIds: readonly string[], packageIds: readonly string[]) {
      const touching = [
        vesselIds.length ? inArray(liquidEvents.fromVesselId, [...vesselIds]) : undefined,
        vesselIds.length ? inArray(liquidEvents.toVesselId, [...vesselIds]) : undefined,
        packageIds.length
          ? inArray(sql<string>`${liquidEvents.details} ->> 'packageId'`, [...packageIds])
          : undefined,
      ].filter((condition) => condition !== undefined)
      if (touching.length === 0) return Promise.resolve([] as LiquidEventRow[])
      return db
        .select()
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), or(...touching)))
        .orderBy(asc(liquidEvents.occurredAt), asc(liquidEvents.recordedAt))
    },

    /** One event of the brewery, locked for the rest of the transaction when asked (a return's removal). */
    async event(entityId: string, eventId: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.id, eventId)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    /** The returns already booked against a removal (its `details.returnOf`). */
    returnsOf: (entityId: string, removalId: string) =>
      db
        .select()
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            eq(liquidEvents.kind, 'returned'),
            sql`${liquidEvents.details} ->> 'returnOf' = ${removalId}`,
          ),
        ),

    /** The ids of events some later event supersedes, among the given ones. */
    async supersededAmong(entityId: string, ids: readonly string[]) {
      if (ids.length === 0) return new Set<string>()
      const rows = await db
        .select({ id: liquidEvents.supersedesId })
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), inArray(liquidEvents.supersedesId, [...ids])))
      return new Set(rows.map((row) => row.id).filter((id): id is string => !!id))
    },

    async insertEvent(values: typeof liquidEvents.$inferInsert) {
      const rows = await db.insert(liquidEvents).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    /** Several events in one statement: the rows written (one whose id was taken is left out). */
    insertEvents: (values: (typeof liquidEvents.$inferInsert)[]) =>
      values.length === 0
        ? Promise.resolve([] as LiquidEventRow[])
        : db.insert(liquidEvents).values(values).onConflictDoNothing().returning(),

    /** The brewery's closed report periods (any report), as the ledger checks dates against them. */
    closedPeriods: (entityId: string) =>
      db
        .select({
          report: reportPeriods.report,
          period: reportPeriods.period,
          fromDate: reportPeriods.fromDate,
          toDate: reportPeriods.toDate,
        })
        .from(reportPeriods)
        .where(eq(reportPeriods.entityId, entityId)),

    async batch(entityId: string, batchId: string) {
      const [row] = await db
        .select({
          id: batches.id,
          number: batches.number,
          status: batches.status,
          brewDayStartedAt: batches.brewDayStartedAt,
          brewDayFinishedAt: batches.brewDayFinishedAt,
        })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
      return row ?? null
    },

    /** Some batches' numbers and when their brew began (the ledger's dates check events against it). */
    batchesBegun: (entityId: string, batchIds: readonly string[]) =>
      db
        .select({
          id: batches.id,
          number: batches.number,
          brewDayStartedAt: batches.brewDayStartedAt,
          brewDayFinishedAt: batches.brewDayFinishedAt,
        })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), inArray(batches.id, [...batchIds]))),

    async batchNumbers(entityId: string, batchIds: readonly string[]) {
      if (batchIds.length === 0) return new Map<string, string>()
      const rows = await db
        .select({ id: batches.id, number: batches.number })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), inArray(batches.id, [...batchIds])))
      return new Map(rows.map((row) => [row.id, row.number]))
    },

    /**
     * A packaging option with its product's name, its row locked for the rest of the transaction: removals of
     * one option are serialised, so two at once cannot both take the last kegs.
     */
    async lockedPackageOption(entityId: string, packageId: string) {
      const [row] = await db
        .select({ option: productPackages, productName: products.name })
        .from(productPackages)
        .innerJoin(products, eq(products.id, productPackages.productId))
        .where(and(eq(productPackages.entityId, entityId), eq(productPackages.id, packageId)))
        .for('update', { of: productPackages })
      return row ?? null
    },

    /** Several packaging options with their product's names, their rows locked (in id order) as above. */
    lockedPackageOptions: (entityId: string, packageIds: readonly string[]) =>
      db
        .select({ option: productPackages, productName: products.name })
        .from(productPackages)
        .innerJoin(products, eq(products.id, productPackages.productId))
        .where(and(eq(productPackages.entityId, entityId), inArray(productPackages.id, [...packageIds])))
        .orderBy(asc(productPackages.id))
        .for('update', { of: productPackages }),

    /** Whether a packaging option is the brewery's (an option of its products, or one its finished goods name). */
    async knowsPackage(entityId: string, packageId: string) {
      const [option] = await db
        .select({ id: productPackages.id })
        .from(productPackages)
        .where(and(eq(productPackages.entityId, entityId), eq(productPackages.id, packageId)))
      if (option) return true
      const [row] = await db
        .select({ id: finishedGoodsMovements.id })
        .from(finishedGoodsMovements)
        .where(
          and(eq(finishedGoodsMovements.entityId, entityId), eq(finishedGoodsMovements.packageId, packageId)),
        )
        .limit(1)
      return row !== undefined
    },

    /** The names a packaging option last had in finished goods (an option since removed from its product). */
    async lastNamesOf(entityId: string, packageId: string) {
      const [row] = await db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(eq(finishedGoodsMovements.entityId, entityId), eq(finishedGoodsMovements.packageId, packageId)),
        )
        .orderBy(sql`${finishedGoodsMovements.occurredAt} desc`)
        .limit(1)
      return row ?? null
    },

    async insertFinishedGoods(values: typeof finishedGoodsMovements.$inferInsert) {
      const rows = await db.insert(finishedGoodsMovements).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    /** Several finished-goods rows in one statement: the rows written (one whose id was taken is left out). */
    insertFinishedGoodsRows: (values: (typeof finishedGoodsMovements.$inferInsert)[]) =>
      values.length === 0
        ? Promise.resolve([] as (typeof finishedGoodsMovements.$inferSelect)[])
        : db.insert(finishedGoodsMovements).values(values).onConflictDoNothing().returning(),

    /** The finished-goods rows of some liquid events (a removal's, for the returns list). */
    async finishedGoodsOfEvents(entityId: string, eventIds: readonly string[]) {
      if (eventIds.length === 0) return []
      return db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            inArray(finishedGoodsMovements.liquidEventId, [...eventIds]),
          ),
        )
    },

    /** The packaged removals of an option (kind 'removed', no vessel), newest first. */
    removalsOf: (entityId: string, packageId: string) =>
      db
        .select()
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            eq(liquidEvents.kind, 'removed'),
            sql`${liquidEvents.details} ->> 'packageId' = ${packageId}`,
            sql`${liquidEvents.fromVesselId} is null`,
          ),
        )
        .orderBy(sql`${liquidEvents.occurredAt} desc`),
  }
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>
