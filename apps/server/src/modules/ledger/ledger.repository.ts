import type { LedgerEvent, LiquidEventKind } from '@brewcommand/domain'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { namedStatement, type Db } from '../../db/client.ts'
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

/**
 * `packagedFrom`'s one statement (ADR 407), prepared once per connection: its text never changes (the options come
 * as one JSON array). The options' rows are read by `liquid_events_package_idx`; an event is effective unless one
 * of them supersedes it (a hashed set, not a join per row).
 */
const packagedFromStatement = namedStatement(
  'ledger.packaged_from',
  () => sql`
    with options as (
      select le.id, le.supersedes_id, le.batch_id, le.kind, le.from_vessel_id, le.to_vessel_id, le.volume_bbl,
        le.details ->> 'packageId' as package_id, le.details ->> 'units' as units, le.occurred_at, le.recorded_at
      from ${liquidEvents} le
      where le.entity_id = ${sql.placeholder('entityId')}
        and (le.details ->> 'packageId') = any(array(
          select json_array_elements_text(${sql.placeholder('packageIds')}::json)))
    ), effective as (
      select o.* from options o
      where o.id not in (select s.supersedes_id from options s where s.supersedes_id is not null)
    )
    select true as opening, null as id, e.package_id, e.batch_id::text as batch_id, 'packaged' as kind,
      null as from_vessel_id, null as to_vessel_id,
      sum(e.volume_bbl * case when e.kind in ('packaged', 'returned', 'received') then 1 else -1 end)::text
        as volume_bbl,
      sum(case when e.units ~ '^-?[0-9]+$' then e.units::bigint else 0 end
        * case when e.kind in ('packaged', 'returned', 'received') then 1 else -1 end)::text as units,
      null as supersedes_id,
      floor(extract(epoch from min(e.occurred_at)) * 1000)::bigint as at,
      (array_agg(e.recorded_at order by e.occurred_at, e.recorded_at))[1] as recorded
    from effective e
    where e.occurred_at < ${sql.placeholder('from')}::timestamptz and e.to_vessel_id is null
      and (e.kind = 'packaged' or e.from_vessel_id is null)
    group by e.package_id, e.batch_id
    union all
    select false, e.id::text, e.package_id, e.batch_id::text, e.kind, e.from_vessel_id::text,
      e.to_vessel_id::text, e.volume_bbl::text, case when e.units ~ '^-?[0-9]+$' then e.units end,
      e.supersedes_id::text, floor(extract(epoch from e.occurred_at) * 1000)::bigint, e.recorded_at
    from effective e
    where e.occurred_at >= ${sql.placeholder('from')}::timestamptz
    order by opening desc, at, recorded`,
)

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

    /**
     * The packaged events of some options as a take from `from` on needs them (ADR 407): before `from`, one opening
     * per option and batch — what its effective events there add up to, dated at its first one — and from `from`
     * on, every effective event. The same on-hand at every instant from `from` on as the options' whole ledgers
     * (`eventsOfPlaces`), without reading all of their history: a dispatch at a year of data read thousands.
     * Effective: no event of the options supersedes it (as `effectiveEvents` over their whole ledgers).
     */
    async packagedFrom(entityId: string, packageIds: readonly string[], from: Date): Promise<LedgerEvent[]> {
      if (packageIds.length === 0) return []
      // One statement: the openings (summed) first, then the events, each part in the order the whole ledger
      // would name them (by time, then as recorded). Instants as epoch milliseconds, as a Date holds them.
      const result = await packagedFromStatement(db, {
        entityId,
        packageIds: JSON.stringify([...packageIds]),
        from: from.toISOString(),
      })
      type Row = {
        id: string | null
        package_id: string
        batch_id: string | null
        kind: string
        from_vessel_id: string | null
        to_vessel_id: string | null
        volume_bbl: string
        units: string | null
        supersedes_id: string | null
        at: string | number
      }
      return (result as { rows: Row[] }).rows.map((row): LedgerEvent => ({
        id: row.id ?? `opening:${row.package_id}:${row.batch_id ?? ''}`,
        kind: row.kind as LiquidEventKind,
        batchId: row.batch_id,
        fromVesselId: row.from_vessel_id,
        toVesselId: row.to_vessel_id,
        volumeBbl: Number(row.volume_bbl),
        supersedesId: row.supersedes_id,
        occurredAt: new Date(Number(row.at)).toISOString(),
        packageId: row.package_id,
        units: row.units === null ? null : Number(row.units),
      }))
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
