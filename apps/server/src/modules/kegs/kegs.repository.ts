import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import { kegEvents, kegSettings, kegs } from '../../db/schema/kegs.ts'
import { batches, liquidEvents } from '../../db/schema/production.ts'
import { customers, salesOrderLines, salesOrders } from '../../db/schema/sales.ts'
import { creditNotes } from '../../db/schema/sales-credits.ts'

// Kegs' queries (docs/decisions/290-kegs.md). Every one is scoped to the brewery; the services decide. Sales'
// tables are read here (an order's keg lines, a customer's name), never written.

export type KegRow = typeof kegs.$inferSelect
export type KegEventRow = typeof kegEvents.$inferSelect
export type NewKegRow = typeof kegs.$inferInsert
export type NewKegEventRow = typeof kegEvents.$inferInsert
/** Where a scan leaves a keg (its row's state-machine columns). */
export type KegPlace = {
  status: string
  since: Date
  customerId: string | null
  depositCents: number
  batchId: string | null
  packageRunId: string | null
}

export function createKegsRepository(db: Db) {
  return {
    kegs: (entityId: string) =>
      db.select().from(kegs).where(eq(kegs.entityId, entityId)).orderBy(asc(kegs.assetNumber)),
    /** The kegs by number, in number order (`lock`: their rows locked for the transaction, in that order). */
    async kegsNumbered(entityId: string, numbers: string[], { lock = false } = {}) {
      if (numbers.length === 0) return [] as KegRow[]
      const query = db
        .select()
        .from(kegs)
        .where(and(eq(kegs.entityId, entityId), inArray(kegs.assetNumber, numbers)))
        .orderBy(asc(kegs.assetNumber))
      return lock ? await query.for('update') : await query
    },
    async keg(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(kegs)
        .where(and(eq(kegs.entityId, entityId), eq(kegs.id, id)))
      return row ?? null
    },
    async kegNumbered(entityId: string, assetNumber: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(kegs)
        .where(and(eq(kegs.entityId, entityId), eq(kegs.assetNumber, assetNumber)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },
    assetNumbers: async (entityId: string) =>
      (await db.select({ n: kegs.assetNumber }).from(kegs).where(eq(kegs.entityId, entityId))).map(
        (r) => r.n,
      ),
    insertKegs: (rows: NewKegRow[]) => db.insert(kegs).values(rows).returning(),
    /**
     * Several kegs' rows changed in one statement (a scan's kegs, ADR 422), each to its own place; answers them as
     * changed.
     */
    updateKegs: (entityId: string, rows: { id: string; values: KegPlace }[]) => {
      if (rows.length === 0) return Promise.resolve([] as KegRow[])
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick))
      const places = sql`unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.values.status)}::text[],
        ${column((r) => r.values.since.toISOString())}::timestamptz[], ${column((r) => r.values.customerId)}::uuid[],
        ${column((r) => r.values.depositCents)}::bigint[], ${column((r) => r.values.batchId)}::uuid[],
        ${column((r) => r.values.packageRunId)}::uuid[])
        as place(id, status, since, customer_id, deposit_cents, batch_id, package_run_id)`
      return db
        .update(kegs)
        .set({
          status: sql`place.status`,
          since: sql`place.since`,
          customerId: sql`place.customer_id`,
          depositCents: sql`place.deposit_cents`,
          batchId: sql`place.batch_id`,
          packageRunId: sql`place.package_run_id`,
          updatedAt: new Date(),
        })
        .from(places)
        .where(and(eq(kegs.entityId, entityId), sql`${kegs.id} = place.id`))
        .returning(getTableColumns(kegs))
    },
    /** Events, in one statement whatever their number; answers them as stored. */
    insertEvents: (rows: NewKegEventRow[]) =>
      rows.length === 0
        ? Promise.resolve([] as KegEventRow[])
        : db.insert(kegEvents).values(rows).returning(),
    events: (entityId: string, kegId?: string) =>
      db
        .select()
        .from(kegEvents)
        .where(and(eq(kegEvents.entityId, entityId), kegId ? eq(kegEvents.kegId, kegId) : undefined))
        .orderBy(asc(kegEvents.occurredAt), asc(kegEvents.recordedAt)),
    /** Each keg's last Shipped event (the order its deposit was charged on), by keg. */
    async lastShipments(entityId: string, kegIds: string[]) {
      if (kegIds.length === 0) return new Map<string, KegEventRow>()
      const rows = await db
        .selectDistinctOn([kegEvents.kegId])
        .from(kegEvents)
        .where(
          and(
            eq(kegEvents.entityId, entityId),
            inArray(kegEvents.kegId, kegIds),
            eq(kegEvents.kind, 'shipped'),
          ),
        )
        .orderBy(kegEvents.kegId, desc(kegEvents.occurredAt), desc(kegEvents.recordedAt))
      return new Map(rows.map((row) => [row.kegId, row]))
    },
    /** The `packaged` finished-goods row of a package run (its liquid event). */
    async packageRun(entityId: string, liquidEventId: string) {
      const [row] = await db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            eq(finishedGoodsMovements.liquidEventId, liquidEventId),
            eq(finishedGoodsMovements.kind, 'packaged'),
          ),
        )
      return row ?? null
    },
    /** The latest package runs of the brewery (the scan screen filters the keg ones). */
    packageRuns: (entityId: string) =>
      db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            eq(finishedGoodsMovements.kind, 'packaged'),
            isNotNull(finishedGoodsMovements.liquidEventId),
          ),
        )
        .orderBy(desc(finishedGoodsMovements.occurredAt))
        .limit(200),
    async fillsOfRuns(entityId: string, runIds: string[]) {
      if (runIds.length === 0) return new Map<string, number>()
      const rows = await db
        .select({ runId: kegEvents.packageRunId, count: sql<number>`count(*)::int` })
        .from(kegEvents)
        .where(
          and(
            eq(kegEvents.entityId, entityId),
            eq(kegEvents.kind, 'filled'),
            inArray(kegEvents.packageRunId, runIds),
          ),
        )
        .groupBy(kegEvents.packageRunId)
      return new Map(rows.map((r) => [r.runId!, Number(r.count)]))
    },
    async batchNumbers(entityId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, { number: string; productName: string }>()
      const rows = await db
        .select({ id: batches.id, number: batches.number, productName: batches.productName })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), inArray(batches.id, ids)))
      return new Map(rows.map((r) => [r.id, { number: r.number, productName: r.productName }]))
    },
    async customerNames(entityId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>()
      const rows = await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.entityId, entityId), inArray(customers.id, ids)))
      return new Map(rows.map((r) => [r.id, r.name]))
    },
    async customer(entityId: string, id: string) {
      const [row] = await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(and(eq(customers.entityId, entityId), eq(customers.id, id)))
      return row ?? null
    },
    async order(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(salesOrders)
        .where(and(eq(salesOrders.entityId, entityId), eq(salesOrders.id, id)))
      return row ?? null
    },
    async ordersByIds(entityId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, number>()
      const rows = await db
        .select({ id: salesOrders.id, sequence: salesOrders.sequence })
        .from(salesOrders)
        .where(and(eq(salesOrders.entityId, entityId), inArray(salesOrders.id, ids)))
      return new Map(rows.map((r) => [r.id, r.sequence]))
    },
    async creditNoteNumbers(entityId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>()
      const rows = await db
        .select({ id: creditNotes.id, number: creditNotes.number })
        .from(creditNotes)
        .where(and(eq(creditNotes.entityId, entityId), inArray(creditNotes.id, ids)))
      return new Map(rows.map((r) => [r.id, r.number]))
    },
    async lossBarrels(entityId: string, ids: string[]) {
      if (ids.length === 0) return new Map<string, number>()
      const rows = await db
        .select({ id: liquidEvents.id, volumeBbl: liquidEvents.volumeBbl })
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), inArray(liquidEvents.id, ids)))
      return new Map(rows.map((r) => [r.id, Number(r.volumeBbl)]))
    },
    /** Orders kegs may be shipped on: confirmed to delivered, newest first. */
    openOrders: (entityId: string) =>
      db
        .select()
        .from(salesOrders)
        .where(
          and(
            eq(salesOrders.entityId, entityId),
            inArray(salesOrders.status, ['confirmed', 'picked', 'dispatched', 'delivered']),
          ),
        )
        .orderBy(desc(salesOrders.sequence))
        .limit(200),
    orderLines: (entityId: string, orderIds: string[]) =>
      orderIds.length === 0
        ? Promise.resolve([] as (typeof salesOrderLines.$inferSelect)[])
        : db
            .select()
            .from(salesOrderLines)
            .where(and(eq(salesOrderLines.entityId, entityId), inArray(salesOrderLines.orderId, orderIds))),
    /** Kegs scanned as shipped on orders, by order and size. */
    async shippedOnOrders(entityId: string, orderIds: string[]) {
      if (orderIds.length === 0) return [] as { orderId: string; size: string; count: number }[]
      const rows = await db
        .select({ orderId: kegEvents.orderId, size: kegs.size, count: sql<number>`count(*)::int` })
        .from(kegEvents)
        .innerJoin(kegs, eq(kegs.id, kegEvents.kegId))
        .where(
          and(
            eq(kegEvents.entityId, entityId),
            eq(kegEvents.kind, 'shipped'),
            inArray(kegEvents.orderId, orderIds),
          ),
        )
        .groupBy(kegEvents.orderId, kegs.size)
      return rows.map((r) => ({ orderId: r.orderId!, size: r.size, count: Number(r.count) }))
    },
    async settings(entityId: string) {
      const [row] = await db.select().from(kegSettings).where(eq(kegSettings.entityId, entityId))
      return row ?? null
    },
    async upsertSettings(entityId: string, daysOutLimit: number) {
      const [row] = await db
        .insert(kegSettings)
        .values({ entityId, daysOutLimit })
        .onConflictDoUpdate({ target: kegSettings.entityId, set: { daysOutLimit, updatedAt: new Date() } })
        .returning()
      return row
    },
    /** Breweries with kegs at customers (the daily check). */
    async breweriesWithKegsOut() {
      const rows = await db
        .selectDistinct({ entityId: kegs.entityId })
        .from(kegs)
        .where(eq(kegs.status, 'at-customer'))
      return rows.map((r) => r.entityId)
    },
  }
}
export type KegsRepository = ReturnType<typeof createKegsRepository>
