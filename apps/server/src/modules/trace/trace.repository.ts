import type { FlowEvent } from '@brewcommand/domain'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { productPackages } from '../../db/schema/products.ts'
import { invoices } from '../../db/schema/sales.ts'
import { createTraceRecordReads } from './trace-records.repository.ts'
import { createTraceSearch } from './trace-search.repository.ts'
import { createReadBatcher, dateOf, dateOrNull } from './trace.batch.ts'
import { idsSql, noIds, packagesWhere, rowsOf, uuidArray, withOf, type Ids } from './trace.sql.ts'

// Trace's queries (docs/decisions/300, 408): each one set-based over the ids of one step of the walk, scoped to the
// brewery, so a trace is a fixed handful of reads whatever the size of the tree (never one per node).

/** A liquid event as the replay takes it (`at`: milliseconds since 1970, with the microseconds as a fraction). */
export type FlowRow = FlowEvent

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

/** The batches whose events a flow read starts from: ids, or the batches that brewed with some lots. */
export type FlowSeeds = string[] | { lotIds: string[] } | { ordersOf: OrdersOf }
/** Orders, or every order of some customers. */
export type OrdersOf = { orderIds?: string[]; customerIds?: string[] }

/** The batches that brewed with `lotIds` (consumed less reversed, as `consumption` reads them). */
const batchesOfLots = (entityId: string, lotIds: string[]) => sql`array(
  select batch_id from stock_movements
  where entity_id = ${entityId} and lot_id = any(${uuidArray(lotIds)}) and batch_id is not null
    and kind in ('consumed', 'consumption-reversed')
  group by batch_id, lot_id having sum(quantity) <> 0)`

/** The finished-goods lots (option, batch) the orders hold or shipped, as `shipments` reads them. */
const lotsOfOrders = (entityId: string, by: OrdersOf) => sql`(
  select r.package_id, r.batch_id from sales_reservations r
  join sales_order_lines l on l.id = r.order_line_id
  join sales_orders o on o.id = l.order_id
  where r.entity_id = ${entityId} and ${
    by.orderIds
      ? sql`l.order_id = any(${uuidArray(by.orderIds)})`
      : sql`o.customer_id = any(${uuidArray(by.customerIds ?? [])})`
  }
    and (r.released_at is null or r.release_reason = 'dispatched'))`

/** The batches the orders' lots were tagged with when packaged (the batches a backward walk starts from). */
export const batchesOfOrders = (entityId: string, by: OrdersOf) => sql`array(
  select distinct batch_id from finished_goods_movements
  where entity_id = ${entityId} and kind = 'packaged' and batch_id is not null
    and (package_id, batch_id) in ${lotsOfOrders(entityId, by)})`

/** The vessels the batches' own events went into or out of (what `touchedOf` finds among a walk's rows). */
export const vesselsOfBatchesSql = (entityId: string, batchIds: SQL) => sql`array(
  select distinct v.id from liquid_events le
    cross join lateral (values (le.from_vessel_id), (le.to_vessel_id)) v(id)
    where le.entity_id = ${entityId} and le.batch_id = any(${batchIds}) and v.id is not null)`

const seedsSql = (entityId: string, seeds: FlowSeeds): SQL =>
  Array.isArray(seeds)
    ? uuidArray(seeds)
    : 'lotIds' in seeds
      ? batchesOfLots(entityId, seeds.lotIds)
      : batchesOfOrders(entityId, seeds.ordersOf)

/** The statement of `flowEvents` (exported so bench/trace.bench.ts explains exactly what the trace sends). */
export const flowEventsSql = (entityId: string, seeds: FlowSeeds): SQL => sql`
  with recursive edges as (
    select distinct from_vessel_id as a, to_vessel_id as b from liquid_events
    where entity_id = ${entityId} and kind = 'transferred'
      and from_vessel_id is not null and to_vessel_id is not null
  ),
  pairs as (select a, b from edges union select b, a from edges),
  joined(id) as (
    select v.id from liquid_events le
      cross join lateral (values (le.from_vessel_id), (le.to_vessel_id)) v(id)
      where le.entity_id = ${entityId} and le.batch_id = any(${seedsSql(entityId, seeds)}) and v.id is not null
    union
    select p.b from pairs p join joined on p.a = joined.id
  )
  select le.id, le.kind, le.batch_id, le.from_vessel_id, le.to_vessel_id, le.volume_bbl::text as volume_bbl,
         (date_part('epoch', le.occurred_at) * 1000)::text as at, le.supersedes_id
  from liquid_events le
  where le.entity_id = ${entityId}
    and (le.from_vessel_id in (select id from joined) or le.to_vessel_id in (select id from joined))
      `

/** The finished-goods lots (option, batch) that the package runs `runIds` put on hand. */
const lotsOfRuns = (entityId: string, runIds: string[]) => sql`(
  select package_id, batch_id from finished_goods_movements
  where entity_id = ${entityId} and kind = 'packaged' and liquid_event_id = any(${uuidArray(runIds)})
    and batch_id is not null)`

export type LotRow = {
  id: string
  lotCode: string
  supplier: string
  receivedOn: string
  itemName: string
  unit: string
  /** Numeric text. */
  remaining: string
}
export type ConsumptionRow = {
  batchId: string | null
  lotId: string | null
  /** Numeric text: consumed less reversed. */
  used: string
  lotCode: string
  supplier: string
  receivedOn: string
  itemName: string
  unit: string
}
export type PackagedRow = {
  runId: string | null
  packageId: string
  batchId: string | null
  productName: string
  packageType: string
  sku: string
  units: number
  /** Numeric text. */
  volumeBbl: string
  occurredAt: Date
}
export type OnHandRow = { packageId: string; batchId: string | null; units: number }
export type ShipmentRow = {
  packageId: string
  batchId: string | null
  units: number
  releasedAt: Date | null
  pickedAt: Date | null
  productName: string
  packageType: string
  orderId: string
  sequence: number
  status: string
  dispatchedAt: Date | null
  customerId: string
  customerName: string
  contacts: { name: string; email: string; phone: string }[]
  invoiceNumber: string | null
  invoiceId: string | null
}
export type BatchRow = {
  id: string
  number: string
  productName: string
  plannedBrewDate: string
  brewDayStartedAt: Date | null
  status: string
}
export type OrderRow = {
  id: string
  sequence: number
  status: string
  customerId: string
  dispatchedAt: Date | null
  /** The order's customer's name (its label, read with it). */
  customerName: string | null
}

const packagedRow = (row: Record<string, unknown>) =>
  ({ ...row, occurredAt: dateOf(row.occurredAt) }) as PackagedRow
const shipmentRow = (row: Record<string, unknown>) =>
  ({
    ...row,
    releasedAt: dateOrNull(row.releasedAt),
    pickedAt: dateOrNull(row.pickedAt),
    dispatchedAt: dateOrNull(row.dispatchedAt),
  }) as ShipmentRow

/**
 * Trace's reads. Each one set-based over the ids of one step of the walk, scoped to the brewery, so a trace is a
 * fixed handful of reads whatever the size of the tree (never one per node); the reads a walk issues together go
 * as one statement (`createReadBatcher`, ADR 408).
 */
export function createTraceRepository(db: Db) {
  const read = createReadBatcher(db)
  /** Finished goods put on hand by package runs, of the runs, options or lots `filter` names. */
  const packagedWhere = (entityId: string, filter: SQL) =>
    read({
      sql: sql`select liquid_event_id as "runId", package_id as "packageId", batch_id as "batchId",
          product_name as "productName", package_type as "packageType", sku, units,
          volume_bbl::text as "volumeBbl", occurred_at as "occurredAt"
        from finished_goods_movements where entity_id = ${entityId} and kind = 'packaged' and ${filter}`,
      decode: packagedRow,
    })
  /** Units on hand per finished-goods lot (the finished-goods ledger) of the lots `filter` names. */
  const onHandWhere = (entityId: string, filter: SQL) =>
    read<OnHandRow>({
      sql: sql`select package_id as "packageId", batch_id as "batchId", sum(units)::int as units
        from finished_goods_movements where entity_id = ${entityId} and ${filter}
        group by package_id, batch_id`,
    })
  return {
    /**
     * Every liquid event of the vessels joined by transfers (either way) to the vessels the seed batches' own
     * events touched, in one read: enough to replay what each outflow carried (ADR 301) and to know each batch's
     * vessels. The transfer edges are reduced to distinct vessel pairs before the recursive walk (a brewery has
     * thousands of transfers a year between a few dozen vessels). The seeds are batch ids, or the batches of
     * lots or of orders chosen in the same statement (so the walk's first reads are one round, ADR 408).
     */
    async flowEvents(entityId: string, seeds: FlowSeeds): Promise<FlowRow[]> {
      if (Array.isArray(seeds) && seeds.length === 0) return []
      // A line of text per event (thousands of them): ids, kind and numbers hold no `|` and no line break. The
      // time goes as milliseconds since 1970: PostgreSQL writes that number at half the cost of ISO 8601 text
      // (`to_char`), and the replay orders numbers six times faster than text (ADR 428).
      return read<FlowRow>({
        sql: flowEventsSql(entityId, seeds),
        line: sql`t.id || '|' || t.kind || '|' || coalesce(t.batch_id::text, '') || '|' ||
          coalesce(t.from_vessel_id::text, '') || '|' || coalesce(t.to_vessel_id::text, '') || '|' ||
          t.volume_bbl || '|' || t.at || '|' || coalesce(t.supersedes_id::text, '')`,
        parse: ([id, kind, batchId, from, to, volume, at, supersedes]) => ({
          id,
          kind,
          batchId: batchId || null,
          fromVesselId: from || null,
          toVesselId: to || null,
          volumeBbl: Number(volume),
          at: Number(at),
          supersedesId: supersedes || null,
        }),
      })
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
     * Kegs with their customer and the order that shipped them, in one read: by id (backward from a keg), or
     * the kegs whose current fill came from `runIds` and that are still full or out at a customer (forward).
     */
    async kegs(entityId: string, by: { ids: string[] } | { runIds: string[] }): Promise<KegTraceRow[]> {
      const ids = 'ids' in by ? by.ids : by.runIds
      if (ids.length === 0) return []
      const filter =
        'ids' in by
          ? sql`k.id = any(${uuidArray(ids)})`
          : sql`k.package_run_id = any(${uuidArray(ids)}) and k.status in ('full', 'at-customer')`
      return read<KegTraceRow>({
        sql: sql`
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
        order by k.asset_number`,
      })
    },

    /** The ids a `uuid[]` expression finds, read beside what was read for them (ADR 418). */
    idsOf: async (ids: Ids) =>
      (await read<{ id: string }>({ with: withOf(ids), sql: sql`select unnest(${idsSql(ids)}) as id` })).map(
        (row) => row.id,
      ),

    vessels: async (entityId: string, ids: Ids) =>
      noIds(ids)
        ? []
        : read<{ id: string; name: string; kind: string }>({
            with: withOf(ids),
            sql: sql`select id, name, kind from vessels
              where entity_id = ${entityId} and id = any(${idsSql(ids)})`,
          }),

    batches: async (entityId: string, ids: Ids) =>
      noIds(ids)
        ? []
        : read({
            with: withOf(ids),
            sql: sql`select id, number, product_name as "productName", planned_brew_date as "plannedBrewDate",
                brew_day_started_at as "brewDayStartedAt", status
              from batches where entity_id = ${entityId} and id = any(${idsSql(ids)})`,
            decode: (row) => ({ ...row, brewDayStartedAt: dateOrNull(row.brewDayStartedAt) }) as BatchRow,
          }),

    /** What brew days took from the lots (consumed less reversed), per batch and lot. */
    async consumption(entityId: string, by: { lotIds?: string[]; batchIds?: Ids }) {
      if (noIds(by.lotIds ?? by.batchIds ?? [])) return []
      const filter = by.lotIds
        ? sql`sm.lot_id = any(${uuidArray(by.lotIds)})`
        : sql`sm.batch_id = any(${idsSql(by.batchIds ?? [])})`
      return read<ConsumptionRow>({
        with: by.lotIds ? undefined : withOf(by.batchIds ?? []),
        sql: sql`select sm.batch_id as "batchId", sm.lot_id as "lotId", (-sum(sm.quantity))::text as used,
            l.lot_code as "lotCode", l.supplier, l.received_on as "receivedOn", i.name as "itemName", i.unit
          from stock_movements sm
          join lots l on l.id = sm.lot_id
          join inventory_items i on i.id = sm.item_id
          where sm.entity_id = ${entityId} and sm.batch_id is not null
            and sm.kind in ('consumed', 'consumption-reversed') and ${filter}
          group by sm.batch_id, sm.lot_id, l.lot_code, l.supplier, l.received_on, i.name, i.unit
          having sum(sm.quantity) <> 0
          order by sm.batch_id, l.received_on, l.lot_code, sm.lot_id`,
      })
    },

    /** Lots with their item and what is left of each. */
    lots: async (entityId: string, ids: string[]) =>
      ids.length === 0
        ? []
        : read<LotRow>({
            sql: sql`select l.id, l.lot_code as "lotCode", l.supplier, l.received_on as "receivedOn",
                i.name as "itemName", i.unit,
                (select coalesce(sum(sm.quantity), 0) from stock_movements sm where sm.lot_id = l.id)::text
                  as remaining
              from lots l join inventory_items i on i.id = l.item_id
              where l.entity_id = ${entityId} and l.id = any(${uuidArray(ids)})`,
          }),

    /** The finished goods that package runs put on hand (by their liquid events), or every packaging of some lots. */
    packaged: async (
      entityId: string,
      by: {
        runIds?: string[]
        packageIds?: string[]
        batchIds?: string[]
        /** The lots these orders (or these customers' orders) hold or shipped, as `shipments` reads them. */
        ordersOf?: OrdersOf
      },
    ): Promise<PackagedRow[]> => {
      if (by.ordersOf) {
        if ((by.ordersOf.orderIds ?? by.ordersOf.customerIds ?? []).length === 0) return []
        return packagedWhere(entityId, sql`(package_id, batch_id) in ${lotsOfOrders(entityId, by.ordersOf)}`)
      }
      if ((by.runIds ?? by.packageIds ?? []).length === 0) return []
      const filter = by.runIds
        ? sql`liquid_event_id = any(${uuidArray(by.runIds)})`
        : by.batchIds
          ? sql`package_id = any(${uuidArray(by.packageIds ?? [])}) and batch_id = any(${uuidArray(by.batchIds)})`
          : sql`package_id = any(${uuidArray(by.packageIds ?? [])})`
      return packagedWhere(entityId, filter)
    },

    /** Units on hand per finished-goods lot of the options (the finished-goods ledger), of `batchIds` if given. */
    onHand: async (entityId: string, packageIds: string[], batchIds?: string[]) =>
      packageIds.length === 0
        ? []
        : onHandWhere(
            entityId,
            batchIds
              ? sql`package_id = any(${uuidArray(packageIds)}) and batch_id = any(${uuidArray(batchIds)})`
              : sql`package_id = any(${uuidArray(packageIds)})`,
          ),

    /** Units on hand per finished-goods lot that the package runs made (read beside the runs themselves). */
    onHandOfRuns: async (entityId: string, runIds: string[]) =>
      runIds.length === 0
        ? []
        : onHandWhere(entityId, sql`(package_id, batch_id) in ${lotsOfRuns(entityId, runIds)}`),

    /**
     * What orders hold or shipped of the options' lots: reservations still held and those released by dispatch,
     * with the line, the order, its customer and its invoice (not void). Filtered to lots by the caller.
     */
    shipments: async (
      entityId: string,
      by: {
        packageIds?: string[]
        batchIds?: string[]
        orderIds?: string[]
        customerIds?: string[]
        /** The lots these package runs made. */
        runIds?: string[]
      },
    ): Promise<ShipmentRow[]> => {
      if ((by.runIds ?? by.packageIds ?? by.orderIds ?? by.customerIds ?? []).length === 0) return []
      const filter = by.runIds
        ? sql`(r.package_id, r.batch_id) in ${lotsOfRuns(entityId, by.runIds)}`
        : by.packageIds
          ? by.batchIds
            ? sql`r.package_id = any(${uuidArray(by.packageIds)}) and r.batch_id = any(${uuidArray(by.batchIds)})`
            : sql`r.package_id = any(${uuidArray(by.packageIds)})`
          : by.orderIds
            ? sql`o.id = any(${uuidArray(by.orderIds)})`
            : sql`o.customer_id = any(${uuidArray(by.customerIds ?? [])})`
      return read({
        // The invoice that bills the line: its order's own, or one made for several orders (Create Invoice,
        // ADR 345), whose lines name the order lines; never a void one (an order line is billed by one invoice
        // that is not void: a second is refused, ADR 345).
        sql: sql`select r.package_id as "packageId", r.batch_id as "batchId", r.units, r.released_at as "releasedAt",
            r.picked_at as "pickedAt", l.product_name as "productName", l.package_type as "packageType",
            o.id as "orderId", o.sequence, o.status, o.dispatched_at as "dispatchedAt", c.id as "customerId",
            c.name as "customerName", c.contacts, i.number as "invoiceNumber", i.id as "invoiceId"
          from sales_reservations r
          join sales_order_lines l on l.id = r.order_line_id
          join sales_orders o on o.id = l.order_id
          join customers c on c.id = o.customer_id
          left join invoice_lines il on il.order_line_id = l.id
            and exists (select 1 from invoices vi where vi.id = il.invoice_id and vi.voided_at is null)
          left join invoices i on i.id = il.invoice_id
          where r.entity_id = ${entityId} and (r.released_at is null or r.release_reason = 'dispatched')
            and ${filter}
          order by o.sequence, l.position, r.reserved_at, r.id`,
        decode: shipmentRow,
      })
    },

    /** The packaging options (with product names), for labels and the SKU search. */
    packages: (entityId: string, ids: string[]) =>
      ids.length === 0 ? Promise.resolve([]) : packagesWhere(db, entityId, inArray(productPackages.id, ids)),

    orders: async (entityId: string, ids: string[]) =>
      ids.length === 0
        ? []
        : read({
            sql: sql`select o.id, o.sequence, o.status, o.customer_id as "customerId",
                o.dispatched_at as "dispatchedAt", c.name as "customerName"
              from sales_orders o
              left join customers c on c.id = o.customer_id and c.entity_id = ${entityId}
              where o.entity_id = ${entityId} and o.id = any(${uuidArray(ids)})`,
            decode: (row) => ({ ...row, dispatchedAt: dateOrNull(row.dispatchedAt) }) as OrderRow,
          }),

    customers: async (entityId: string, ids: string[]) =>
      ids.length === 0
        ? []
        : read<{ id: string; name: string; contacts: { name: string; email: string; phone: string }[] }>({
            sql: sql`select id, name, contacts from customers
              where entity_id = ${entityId} and id = any(${uuidArray(ids)})`,
          }),

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

    ...createTraceRecordReads(read),
    ...createTraceSearch(db),
  }
}

export type TraceRepository = ReturnType<typeof createTraceRepository>
