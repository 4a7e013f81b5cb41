import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cleaningEvents } from '../../db/schema/cellar.ts'
import { finishedGoodsMovements, inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { kegs } from '../../db/schema/kegs.ts'
import { batches, measurements, vessels } from '../../db/schema/production.ts'
import { productPackages, products } from '../../db/schema/products.ts'
import {
  customers,
  invoiceLines,
  invoices,
  salesOrderLines,
  salesOrders,
  salesReservations,
} from '../../db/schema/sales.ts'

// Trace's queries (docs/decisions/300): each one set-based over the ids of one step of the walk, scoped to the
// brewery, so a trace is a fixed handful of statements whatever the size of the tree (never one per node).

/** A LIKE pattern that matches `q` literally anywhere (its % and _ escaped). */
const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
const uuidArray = (ids: readonly string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`

export type FlowRow = {
  id: string
  kind: string
  batch_id: string | null
  from_vessel_id: string | null
  to_vessel_id: string | null
  volume_bbl: string
  occurred_at: Date | string
  supersedes_id: string | null
}

/** A keg as trace shows it: where it is now, the run its fill came from, and the order that shipped it. */
export type KegTraceRow = {
  id: string
  asset_number: string
  size: string
  status: string
  since: Date | string | null
  customer_id: string | null
  customer_name: string | null
  contacts: { name: string; email: string; phone: string }[] | null
  batch_id: string | null
  /** The run of its current fill, else of its last fill (a keg back and cleaned still tells where it was). */
  fill_run_id: string | null
  order_id: string | null
  order_sequence: number | null
}

/** A finished-goods lot: a packaging option of one batch (how sales reserves and picks). */
export type GoodsLot = { packageId: string; batchId: string }
export const goodsLotKey = (lot: { packageId: string; batchId: string | null }) =>
  `${lot.packageId}:${lot.batchId ?? ''}`

/** The statement of `flowEvents` (exported so bench/trace.bench.ts explains exactly what the trace sends). */
export const flowEventsSql = (entityId: string, batchIds: string[]): SQL => sql`
  with recursive edges as (
    select distinct from_vessel_id as a, to_vessel_id as b from liquid_events
    where entity_id = ${entityId} and kind = 'transferred'
      and from_vessel_id is not null and to_vessel_id is not null
  ),
  pairs as (select a, b from edges union select b, a from edges),
  joined(id) as (
    select v.id from liquid_events le
      cross join lateral (values (le.from_vessel_id), (le.to_vessel_id)) v(id)
      where le.entity_id = ${entityId} and le.batch_id = any(${uuidArray(batchIds)}) and v.id is not null
    union
    select p.b from pairs p join joined on p.a = joined.id
  )
  select le.id, le.kind, le.batch_id, le.from_vessel_id, le.to_vessel_id, le.volume_bbl, le.occurred_at,
         le.supersedes_id
  from liquid_events le
  where le.entity_id = ${entityId}
    and (le.from_vessel_id in (select id from joined) or le.to_vessel_id in (select id from joined))
      `

/** The finished-goods lots (option, batch) that the package runs `runIds` put on hand. */
const lotsOfRuns = (entityId: string, runIds: string[]) => sql`(
  select package_id, batch_id from finished_goods_movements
  where entity_id = ${entityId} and kind = 'packaged' and liquid_event_id = any(${uuidArray(runIds)})
    and batch_id is not null)`

export function createTraceRepository(db: Db) {
  /** The invoice (not void) whose line bills an order line: read beside each shipment row. */
  const lineInvoice = db
    .select({ id: invoices.id, number: invoices.number })
    .from(invoiceLines)
    .innerJoin(invoices, and(eq(invoices.id, invoiceLines.invoiceId), isNull(invoices.voidedAt)))
    .where(eq(invoiceLines.orderLineId, salesOrderLines.id))
    .orderBy(asc(invoices.number))
    .limit(1)
    .as('line_invoice')
  /** Finished goods put on hand by package runs, of the runs, options or lots `filter` names. */
  const packagedWhere = (entityId: string, filter: SQL | undefined) =>
    db
      .select({
        runId: finishedGoodsMovements.liquidEventId,
        packageId: finishedGoodsMovements.packageId,
        batchId: finishedGoodsMovements.batchId,
        productName: finishedGoodsMovements.productName,
        packageType: finishedGoodsMovements.packageType,
        sku: finishedGoodsMovements.sku,
        units: finishedGoodsMovements.units,
        volumeBbl: finishedGoodsMovements.volumeBbl,
        occurredAt: finishedGoodsMovements.occurredAt,
      })
      .from(finishedGoodsMovements)
      .where(
        and(
          eq(finishedGoodsMovements.entityId, entityId),
          eq(finishedGoodsMovements.kind, 'packaged'),
          filter,
        ),
      )
  return {
    /**
     * Every liquid event of the vessels joined by transfers (either way) to the vessels the batches' own events
     * touched, in one statement: enough to replay what each outflow carried (ADR 301) and to know each batch's
     * vessels. The transfer edges are reduced to distinct vessel pairs before the recursive walk (a brewery has
     * thousands of transfers a year between a few dozen vessels).
     */
    async flowEvents(entityId: string, batchIds: string[]): Promise<FlowRow[]> {
      if (batchIds.length === 0) return []
      const result = await db.execute(flowEventsSql(entityId, batchIds))
      return rowsOf<FlowRow>(result)
    },

    /** The vessels each batch's own events went into or out of. */
    async vesselsOfBatches(entityId: string, batchIds: string[]) {
      if (batchIds.length === 0) return []
      const result = await db.execute(sql`
        select distinct batch_id, vessel_id, min(occurred_at) as first_at, max(occurred_at) as last_at from (
          select batch_id, from_vessel_id as vessel_id, occurred_at from liquid_events
            where entity_id = ${entityId} and batch_id = any(${uuidArray(batchIds)}) and from_vessel_id is not null
          union all
          select batch_id, to_vessel_id, occurred_at from liquid_events
            where entity_id = ${entityId} and batch_id = any(${uuidArray(batchIds)}) and to_vessel_id is not null
        ) touched group by batch_id, vessel_id
      `)
      return rowsOf<{ batch_id: string; vessel_id: string; first_at: Date | string; last_at: Date | string }>(
        result,
      )
    },

    /**
     * Kegs with their customer and the order that shipped them, in one statement: by id (backward from a keg), or
     * the kegs whose current fill came from `runIds` and that are still full or out at a customer (forward).
     */
    async kegs(entityId: string, by: { ids: string[] } | { runIds: string[] }): Promise<KegTraceRow[]> {
      const ids = 'ids' in by ? by.ids : by.runIds
      if (ids.length === 0) return []
      const filter =
        'ids' in by
          ? sql`k.id = any(${uuidArray(ids)})`
          : sql`k.package_run_id = any(${uuidArray(ids)}) and k.status in ('full', 'at-customer')`
      const result = await db.execute(sql`
        select k.id, k.asset_number, k.size, k.status, k.since, k.customer_id, c.name as customer_name,
               c.contacts, k.batch_id, coalesce(k.package_run_id, filled.package_run_id) as fill_run_id,
               shipped.order_id, o.sequence as order_sequence
        from kegs k
        left join customers c on c.id = k.customer_id and c.entity_id = k.entity_id
        left join lateral (
          select e.package_run_id from keg_events e
          where e.keg_id = k.id and e.kind = 'filled' order by e.occurred_at desc limit 1
        ) filled on k.package_run_id is null
        left join lateral (
          select e.order_id from keg_events e
          where e.keg_id = k.id and e.kind = 'shipped' order by e.occurred_at desc limit 1
        ) shipped on k.status = 'at-customer'
        left join sales_orders o on o.id = shipped.order_id and o.entity_id = k.entity_id
        where k.entity_id = ${entityId} and ${filter}
        order by k.asset_number
      `)
      return rowsOf<KegTraceRow>(result)
    },

    vessels: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: vessels.id, name: vessels.name, kind: vessels.kind })
            .from(vessels)
            .where(and(eq(vessels.entityId, entityId), inArray(vessels.id, ids))),

    batches: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: batches.id,
              number: batches.number,
              productName: batches.productName,
              plannedBrewDate: batches.plannedBrewDate,
              brewDayStartedAt: batches.brewDayStartedAt,
              status: batches.status,
            })
            .from(batches)
            .where(and(eq(batches.entityId, entityId), inArray(batches.id, ids))),

    /** What brew days took from the lots (consumed less reversed), per batch and lot. */
    async consumption(entityId: string, by: { lotIds?: string[]; batchIds?: string[] }) {
      const filter = by.lotIds
        ? inArray(stockMovements.lotId, by.lotIds)
        : inArray(stockMovements.batchId, by.batchIds ?? [])
      if ((by.lotIds ?? by.batchIds ?? []).length === 0) return []
      return db
        .select({
          batchId: stockMovements.batchId,
          lotId: stockMovements.lotId,
          used: sql<string>`-sum(${stockMovements.quantity})`,
          lotCode: lots.lotCode,
          supplier: lots.supplier,
          receivedOn: lots.receivedOn,
          itemName: inventoryItems.name,
          unit: inventoryItems.unit,
        })
        .from(stockMovements)
        .innerJoin(lots, eq(lots.id, stockMovements.lotId))
        .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
        .where(
          and(
            eq(stockMovements.entityId, entityId),
            isNotNull(stockMovements.batchId),
            inArray(stockMovements.kind, ['consumed', 'consumption-reversed']),
            filter,
          ),
        )
        .groupBy(
          stockMovements.batchId,
          stockMovements.lotId,
          lots.lotCode,
          lots.supplier,
          lots.receivedOn,
          inventoryItems.name,
          inventoryItems.unit,
        )
        .having(sql`sum(${stockMovements.quantity}) <> 0`)
    },

    /** Lots with their item and what is left of each. */
    lots: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: lots.id,
              lotCode: lots.lotCode,
              supplier: lots.supplier,
              receivedOn: lots.receivedOn,
              itemName: inventoryItems.name,
              unit: inventoryItems.unit,
              remaining: sql<string>`(select coalesce(sum(${stockMovements.quantity}), 0) from ${stockMovements}
                where ${stockMovements.lotId} = ${lots.id})`,
            })
            .from(lots)
            .innerJoin(inventoryItems, eq(inventoryItems.id, lots.itemId))
            .where(and(eq(lots.entityId, entityId), inArray(lots.id, ids))),

    /** The finished goods that package runs put on hand (by their liquid events), or every packaging of some lots. */
    packaged: (
      entityId: string,
      by: {
        runIds?: string[]
        packageIds?: string[]
        batchIds?: string[]
        /** The lots these orders (or these customers' orders) hold or shipped, as `shipments` reads them. */
        ordersOf?: { orderIds?: string[]; customerIds?: string[] }
      },
    ) => {
      if (by.ordersOf) {
        const orders = by.ordersOf.orderIds
          ? sql`l.order_id = any(${uuidArray(by.ordersOf.orderIds)})`
          : sql`o.customer_id = any(${uuidArray(by.ordersOf.customerIds ?? [])})`
        if ((by.ordersOf.orderIds ?? by.ordersOf.customerIds ?? []).length === 0) return Promise.resolve([])
        return packagedWhere(
          entityId,
          sql`(${finishedGoodsMovements.packageId}, ${finishedGoodsMovements.batchId}) in (
            select r.package_id, r.batch_id from sales_reservations r
            join sales_order_lines l on l.id = r.order_line_id
            join sales_orders o on o.id = l.order_id
            where r.entity_id = ${entityId} and ${orders}
              and (r.released_at is null or r.release_reason = 'dispatched'))`,
        )
      }
      const filter = by.runIds
        ? inArray(finishedGoodsMovements.liquidEventId, by.runIds)
        : and(
            inArray(finishedGoodsMovements.packageId, by.packageIds ?? []),
            by.batchIds ? inArray(finishedGoodsMovements.batchId, by.batchIds) : undefined,
          )
      if ((by.runIds ?? by.packageIds ?? []).length === 0) return Promise.resolve([])
      return packagedWhere(entityId, filter)
    },

    /** Units on hand per finished-goods lot of the options (the finished-goods ledger), of `batchIds` if given. */
    onHand: (entityId: string, packageIds: string[], batchIds?: string[]) =>
      packageIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              packageId: finishedGoodsMovements.packageId,
              batchId: finishedGoodsMovements.batchId,
              units: sql<number>`sum(${finishedGoodsMovements.units})::int`,
            })
            .from(finishedGoodsMovements)
            .where(
              and(
                eq(finishedGoodsMovements.entityId, entityId),
                inArray(finishedGoodsMovements.packageId, packageIds),
                batchIds ? inArray(finishedGoodsMovements.batchId, batchIds) : undefined,
              ),
            )
            .groupBy(finishedGoodsMovements.packageId, finishedGoodsMovements.batchId),

    /** Units on hand per finished-goods lot that the package runs made (read beside the runs themselves). */
    onHandOfRuns: (entityId: string, runIds: string[]) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              packageId: finishedGoodsMovements.packageId,
              batchId: finishedGoodsMovements.batchId,
              units: sql<number>`sum(${finishedGoodsMovements.units})::int`,
            })
            .from(finishedGoodsMovements)
            .where(
              and(
                eq(finishedGoodsMovements.entityId, entityId),
                sql`(${finishedGoodsMovements.packageId}, ${finishedGoodsMovements.batchId}) in ${lotsOfRuns(entityId, runIds)}`,
              ),
            )
            .groupBy(finishedGoodsMovements.packageId, finishedGoodsMovements.batchId),

    /**
     * What orders hold or shipped of the options' lots: reservations still held and those released by dispatch,
     * with the line, the order, its customer and its invoice (not void). Filtered to lots by the caller.
     */
    shipments: (
      entityId: string,
      by: {
        packageIds?: string[]
        batchIds?: string[]
        orderIds?: string[]
        customerIds?: string[]
        /** The lots these package runs made. */
        runIds?: string[]
      },
    ) => {
      const filter = by.runIds
        ? sql`(${salesReservations.packageId}, ${salesReservations.batchId}) in ${lotsOfRuns(entityId, by.runIds)}`
        : by.packageIds
          ? and(
              inArray(salesReservations.packageId, by.packageIds),
              by.batchIds ? inArray(salesReservations.batchId, by.batchIds) : undefined,
            )
          : by.orderIds
            ? inArray(salesOrders.id, by.orderIds)
            : inArray(salesOrders.customerId, by.customerIds ?? [])
      if ((by.runIds ?? by.packageIds ?? by.orderIds ?? by.customerIds ?? []).length === 0)
        return Promise.resolve([])
      return (
        db
          .select({
            packageId: salesReservations.packageId,
            batchId: salesReservations.batchId,
            units: salesReservations.units,
            releasedAt: salesReservations.releasedAt,
            pickedAt: salesReservations.pickedAt,
            productName: salesOrderLines.productName,
            packageType: salesOrderLines.packageType,
            orderId: salesOrders.id,
            sequence: salesOrders.sequence,
            status: salesOrders.status,
            dispatchedAt: salesOrders.dispatchedAt,
            customerId: customers.id,
            customerName: customers.name,
            contacts: customers.contacts,
            invoiceNumber: lineInvoice.number,
            invoiceId: lineInvoice.id,
          })
          .from(salesReservations)
          .innerJoin(salesOrderLines, eq(salesOrderLines.id, salesReservations.orderLineId))
          .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
          .innerJoin(customers, eq(customers.id, salesOrders.customerId))
          // The invoice that bills the line: its order's own, or one made for several orders (Create Invoice,
          // ADR 345), whose lines name the order lines; never a void one.
          .leftJoinLateral(lineInvoice, sql`true`)
          .where(
            and(
              eq(salesReservations.entityId, entityId),
              or(isNull(salesReservations.releasedAt), eq(salesReservations.releaseReason, 'dispatched')),
              filter,
            ),
          )
          .orderBy(asc(salesOrders.sequence))
      )
    },

    cleanings: (entityId: string, vesselIds: string[]) =>
      vesselIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              vesselId: cleaningEvents.vesselId,
              kind: cleaningEvents.kind,
              chemical: cleaningEvents.chemical,
              concentration: cleaningEvents.concentration,
              verification: cleaningEvents.verification,
              occurredAt: cleaningEvents.occurredAt,
            })
            .from(cleaningEvents)
            .where(and(eq(cleaningEvents.entityId, entityId), inArray(cleaningEvents.vesselId, vesselIds)))
            .orderBy(asc(cleaningEvents.occurredAt)),

    /** A batch's device and typed readings summed up in the database (a device posts every few minutes). */
    /**
     * Each batch's cellar readings summed up: how many, over which days, the temperature range, the first and
     * last gravity. The first and last gravity are one index probe each (readings by batch and time), not a sort
     * of every reading of the batch.
     */
    readingSummary: async (entityId: string, batchIds: string[]) => {
      if (batchIds.length === 0) return []
      const result = await db.execute(sql`
        select b.id as "batchId", s.count, s.first_at as "firstAt", s.last_at as "lastAt",
               fg.gravity_sg as "firstGravity", lg.gravity_sg as "lastGravity",
               s.min_t as "minTemperature", s.max_t as "maxTemperature"
        from unnest(${uuidArray(batchIds)}) b(id)
        cross join lateral (
          select count(*)::int as count, min(taken_at)::text as first_at, max(taken_at)::text as last_at,
                 min(temperature_c) as min_t, max(temperature_c) as max_t
          from readings where entity_id = ${entityId} and batch_id = b.id
        ) s
        left join lateral (
          select gravity_sg from readings
          where entity_id = ${entityId} and batch_id = b.id and gravity_sg is not null
          order by taken_at limit 1
        ) fg on true
        left join lateral (
          select gravity_sg from readings
          where entity_id = ${entityId} and batch_id = b.id and gravity_sg is not null
          order by taken_at desc limit 1
        ) lg on true
        where s.count > 0`)
      return rowsOf<{
        batchId: string
        count: number
        firstAt: string
        lastAt: string
        firstGravity: number | null
        lastGravity: number | null
        minTemperature: number | null
        maxTemperature: number | null
      }>(result)
    },

    measurements: (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              batchId: measurements.batchId,
              point: measurements.point,
              quantity: measurements.quantity,
              value: measurements.value,
              unit: measurements.unit,
              gravity: measurements.gravity,
              takenAt: measurements.takenAt,
            })
            .from(measurements)
            .where(and(eq(measurements.entityId, entityId), inArray(measurements.batchId, batchIds)))
            .orderBy(asc(measurements.takenAt)),

    /** The packaging options (with product names), for labels and the SKU search. */
    packages: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: productPackages.id,
              type: productPackages.type,
              sku: productPackages.sku,
              upc: productPackages.upc,
              productName: products.name,
            })
            .from(productPackages)
            .innerJoin(products, eq(products.id, productPackages.productId))
            .where(and(eq(productPackages.entityId, entityId), inArray(productPackages.id, ids))),

    orders: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: salesOrders.id,
              sequence: salesOrders.sequence,
              status: salesOrders.status,
              customerId: salesOrders.customerId,
              dispatchedAt: salesOrders.dispatchedAt,
            })
            .from(salesOrders)
            .where(and(eq(salesOrders.entityId, entityId), inArray(salesOrders.id, ids))),

    customers: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: customers.id, name: customers.name, contacts: customers.contacts })
            .from(customers)
            .where(and(eq(customers.entityId, entityId), inArray(customers.id, ids))),

    /** An invoice with the orders it bills: its own order, or each order its lines name (ADR 345). */
    invoice: async (entityId: string, id: string) => {
      const [row] = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          orderIds: sql<string[]>`array(
            select invoices.order_id where invoices.order_id is not null
            union
            select sol.order_id from invoice_lines il
              join sales_order_lines sol on sol.id = il.order_line_id
              where il.invoice_id = invoices.id and il.entity_id = ${entityId}
          )::text[]`,
        })
        .from(invoices)
        .where(and(eq(invoices.entityId, entityId), eq(invoices.id, id)))
      return row ?? null
    },

    // ---- search: each kind a bounded query ----

    searchLots: (entityId: string, q: string) =>
      db
        .select({
          id: lots.id,
          lotCode: lots.lotCode,
          supplier: lots.supplier,
          receivedOn: lots.receivedOn,
          itemName: inventoryItems.name,
        })
        .from(lots)
        .innerJoin(inventoryItems, eq(inventoryItems.id, lots.itemId))
        .where(and(eq(lots.entityId, entityId), ilike(lots.lotCode, containing(q))))
        .limit(10),

    searchKegs: (entityId: string, q: string) =>
      db
        .select({ id: kegs.id, assetNumber: kegs.assetNumber, size: kegs.size, status: kegs.status })
        .from(kegs)
        .where(and(eq(kegs.entityId, entityId), ilike(kegs.assetNumber, containing(q))))
        .orderBy(asc(kegs.assetNumber))
        .limit(10),

    searchBatches: (entityId: string, q: string) =>
      db
        .select({ id: batches.id, number: batches.number, productName: batches.productName })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), ilike(batches.number, containing(q))))
        .limit(10),

    searchOrders: (entityId: string, sequence: number) =>
      db
        .select({ id: salesOrders.id, sequence: salesOrders.sequence, customerName: customers.name })
        .from(salesOrders)
        .innerJoin(customers, eq(customers.id, salesOrders.customerId))
        .where(and(eq(salesOrders.entityId, entityId), eq(salesOrders.sequence, sequence)))
        .limit(10),

    searchInvoices: (entityId: string, q: string) =>
      db
        .select({ id: invoices.id, number: invoices.number, customerName: invoices.customerName })
        .from(invoices)
        .where(and(eq(invoices.entityId, entityId), ilike(invoices.number, containing(q))))
        .limit(10),

    searchPackages: (entityId: string, q: string) =>
      db
        .select({
          id: productPackages.id,
          type: productPackages.type,
          sku: productPackages.sku,
          upc: productPackages.upc,
          productName: products.name,
        })
        .from(productPackages)
        .innerJoin(products, eq(products.id, productPackages.productId))
        .where(
          and(
            eq(productPackages.entityId, entityId),
            or(ilike(productPackages.sku, containing(q)), eq(productPackages.upc, q)),
          ),
        )
        .limit(10),

    searchCustomers: (entityId: string, q: string) =>
      db
        .select({ id: customers.id, name: customers.name, kind: customers.kind })
        .from(customers)
        .where(and(eq(customers.entityId, entityId), ilike(customers.name, containing(q))))
        .limit(10),
  }
}

export type TraceRepository = ReturnType<typeof createTraceRepository>
