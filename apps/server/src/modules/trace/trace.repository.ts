import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements, inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { batches, vessels } from '../../db/schema/production.ts'
import { productPackages } from '../../db/schema/products.ts'
import {
  customers,
  invoiceLines,
  invoices,
  salesOrderLines,
  salesOrders,
  salesReservations,
} from '../../db/schema/sales.ts'
import { createTraceRecordReads } from './trace-records.repository.ts'
import { createTraceSearch } from './trace-search.repository.ts'
import { packagesWhere, rowsOf, uuidArray } from './trace.sql.ts'

// Trace's queries (docs/decisions/300): each one set-based over the ids of one step of the walk, scoped to the
// brewery, so a trace is a fixed handful of statements whatever the size of the tree (never one per node).

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
  /** Units on hand per finished-goods lot (the finished-goods ledger) of the lots `filter` names. */
  const onHandWhere = (entityId: string, filter: SQL | undefined) =>
    db
      .select({
        packageId: finishedGoodsMovements.packageId,
        batchId: finishedGoodsMovements.batchId,
        units: sql<number>`sum(${finishedGoodsMovements.units})::int`,
      })
      .from(finishedGoodsMovements)
      .where(and(eq(finishedGoodsMovements.entityId, entityId), filter))
      .groupBy(finishedGoodsMovements.packageId, finishedGoodsMovements.batchId)
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
        : onHandWhere(
            entityId,
            and(
              inArray(finishedGoodsMovements.packageId, packageIds),
              batchIds ? inArray(finishedGoodsMovements.batchId, batchIds) : undefined,
            ),
          ),

    /** Units on hand per finished-goods lot that the package runs made (read beside the runs themselves). */
    onHandOfRuns: (entityId: string, runIds: string[]) =>
      runIds.length === 0
        ? Promise.resolve([])
        : onHandWhere(
            entityId,
            sql`(${finishedGoodsMovements.packageId}, ${finishedGoodsMovements.batchId}) in ${lotsOfRuns(entityId, runIds)}`,
          ),

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
            invoiceNumber: invoices.number,
            invoiceId: invoices.id,
          })
          .from(salesReservations)
          .innerJoin(salesOrderLines, eq(salesOrderLines.id, salesReservations.orderLineId))
          .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
          .innerJoin(customers, eq(customers.id, salesOrders.customerId))
          // The invoice that bills the line: its order's own, or one made for several orders (Create Invoice,
          // ADR 345), whose lines name the order lines; never a void one (an order line is billed by one invoice
          // that is not void: a second is refused, ADR 345).
          .leftJoin(
            invoiceLines,
            and(
              eq(invoiceLines.orderLineId, salesOrderLines.id),
              sql`exists (select 1 from invoices vi where vi.id = ${invoiceLines.invoiceId} and vi.voided_at is null)`,
            ),
          )
          .leftJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
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

    /** The packaging options (with product names), for labels and the SKU search. */
    packages: (entityId: string, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : packagesWhere(db, entityId, inArray(productPackages.id, ids)),

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

    ...createTraceRecordReads(db),
    ...createTraceSearch(db),
  }
}

export type TraceRepository = ReturnType<typeof createTraceRepository>
