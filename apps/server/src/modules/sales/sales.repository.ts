import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import { batches } from '../../db/schema/production.ts'
import { productPackages, products } from '../../db/schema/products.ts'
import {
  customers,
  invoiceLines,
  invoices,
  payments,
  priceListPrices,
  priceLists,
  salesDeposits,
  salesOrderLines,
  salesOrders,
  salesReservations,
  salesSettings,
} from '../../db/schema/sales.ts'

// Sales' queries (docs/production.md "Sales"). Every one is scoped to the brewery; the services decide.

export type CustomerRow = typeof customers.$inferSelect
export type OrderRow = typeof salesOrders.$inferSelect
export type OrderLineRow = typeof salesOrderLines.$inferSelect
export type ReservationRow = typeof salesReservations.$inferSelect
export type InvoiceRow = typeof invoices.$inferSelect
export type InvoiceLineRow = typeof invoiceLines.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

const none = <T>() => Promise.resolve([] as T[])

export function createSalesRepository(db: Db) {
  return {
    // ---- settings, deposits, price lists ----

    async settings(entityId: string) {
      const [row] = await db.select().from(salesSettings).where(eq(salesSettings.entityId, entityId))
      return row ?? null
    },

    async ensureSettings(entityId: string) {
      await db.insert(salesSettings).values({ entityId }).onConflictDoNothing()
    },

    async updateSettings(entityId: string, values: { taxRateBasisPoints: number; invoicePrefix: string }) {
      await db
        .insert(salesSettings)
        .values({ entityId, ...values })
        .onConflictDoUpdate({ target: salesSettings.entityId, set: { ...values, updatedAt: new Date() } })
    },

    /** The brewery's sales settings (null before any) and its deposits, in one statement (ADR 407). */
    async settingsAndDeposits(entityId: string) {
      const result = await db.execute(sql`
        select s.tax_rate_basis_points, s.invoice_prefix, s.next_invoice_number, d.package_type_id,
          d.deposit_cents::text as deposit_cents
        from (select * from ${salesSettings} where entity_id = ${entityId}) s
        full join (select * from ${salesDeposits} where entity_id = ${entityId}) d on true
        order by d.package_type_id`)
      const rows = (
        result as {
          rows: {
            tax_rate_basis_points: number | null
            invoice_prefix: string | null
            next_invoice_number: number | null
            package_type_id: string | null
            deposit_cents: string | null
          }[]
        }
      ).rows
      const first = rows.find((row) => row.invoice_prefix !== null)
      return {
        settings: first
          ? {
              taxRateBasisPoints: Number(first.tax_rate_basis_points),
              invoicePrefix: first.invoice_prefix!,
              nextInvoiceNumber: Number(first.next_invoice_number),
            }
          : null,
        deposits: rows.flatMap((row) =>
          row.package_type_id === null
            ? []
            : [{ packageTypeId: row.package_type_id, depositCents: Number(row.deposit_cents) }],
        ),
      }
    },

    deposits: (entityId: string) =>
      db
        .select({ packageTypeId: salesDeposits.packageTypeId, depositCents: salesDeposits.depositCents })
        .from(salesDeposits)
        .where(eq(salesDeposits.entityId, entityId))
        .orderBy(asc(salesDeposits.packageTypeId)),

    async replaceDeposits(entityId: string, deposits: { packageTypeId: string; depositCents: number }[]) {
      await db.delete(salesDeposits).where(eq(salesDeposits.entityId, entityId))
      if (deposits.length > 0)
        await db.insert(salesDeposits).values(deposits.map((d) => ({ entityId, ...d })))
    },

    /**
     * Takes the next number of a counter (`order` or `invoice`) with one upsert `… RETURNING` (a brewery without its
     * settings row gets it, numbered from 1): the row stays locked until the transaction ends, so concurrent takers
     * queue and a rollback gives the number back.
     */
    async takeNumber(entityId: string, counter: 'order' | 'invoice', count = 1) {
      const column = counter === 'order' ? salesSettings.nextOrderNumber : salesSettings.nextInvoiceNumber
      // `count` numbers at once (a van's invoices, ADR 422): the first is answered, the rest follow it.
      const [row] = await db
        .insert(salesSettings)
        .values(
          counter === 'order'
            ? { entityId, nextOrderNumber: count + 1 }
            : { entityId, nextInvoiceNumber: count + 1 },
        )
        .onConflictDoUpdate({
          target: salesSettings.entityId,
          set:
            counter === 'order'
              ? { nextOrderNumber: sql`${column} + ${count}` }
              : { nextInvoiceNumber: sql`${column} + ${count}` },
        })
        .returning({ taken: sql<number>`${column} - ${count}`, prefix: salesSettings.invoicePrefix })
      return { sequence: Number(row.taken), prefix: row.prefix }
    },

    priceLists: (entityId: string) =>
      db.select().from(priceLists).where(eq(priceLists.entityId, entityId)).orderBy(asc(priceLists.name)),

    /**
     * The lists orders of several customers are priced from (ADR 422): the customers' lists and the brewery's
     * default, each with its prices of some options, in one statement; `chooseList` picks a customer's: its own list,
     * else the default (ADR 407).
     */
    async priceListsFor(entityId: string, priceListIds: string[], packageIds: string[]) {
      const rows = await db
        .select({ list: priceLists, price: priceListPrices })
        .from(priceLists)
        .leftJoin(
          priceListPrices,
          and(
            eq(priceListPrices.priceListId, priceLists.id),
            packageIds.length > 0 ? inArray(priceListPrices.packageId, packageIds) : sql`false`,
          ),
        )
        .where(
          and(
            eq(priceLists.entityId, entityId),
            priceListIds.length > 0
              ? or(inArray(priceLists.id, priceListIds), eq(priceLists.isDefault, true))
              : eq(priceLists.isDefault, true),
          ),
        )
        .orderBy(asc(priceLists.name), asc(priceListPrices.packageId), asc(priceListPrices.minQuantity))
      const lists = new Map<
        string,
        { list: typeof priceLists.$inferSelect; prices: (typeof priceListPrices.$inferSelect)[] }
      >()
      for (const row of rows) {
        const entry = lists.get(row.list.id) ?? { list: row.list, prices: [] }
        if (row.price) entry.prices.push(row.price)
        lists.set(row.list.id, entry)
      }
      const byName = [...lists.values()]
      return {
        /** The customer's list, else the default (the first by name), with its prices; none without either. */
        chooseList: (priceListId: string | null) =>
          (priceListId ? lists.get(priceListId) : undefined) ??
          byName.find((entry) => entry.list.isDefault) ?? { list: null, prices: [] },
      }
    },

    async priceList(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(priceLists)
        .where(and(eq(priceLists.entityId, entityId), eq(priceLists.id, id)))
      return row ?? null
    },

    prices: (entityId: string, priceListIds?: string[]) =>
      priceListIds?.length === 0
        ? none<typeof priceListPrices.$inferSelect>()
        : db
            .select()
            .from(priceListPrices)
            .where(
              and(
                eq(priceListPrices.entityId, entityId),
                priceListIds ? inArray(priceListPrices.priceListId, priceListIds) : undefined,
              ),
            )
            .orderBy(asc(priceListPrices.packageId), asc(priceListPrices.minQuantity)),

    async insertPriceList(values: typeof priceLists.$inferInsert) {
      const rows = await db.insert(priceLists).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    async updatePriceList(entityId: string, id: string, values: { name: string; isDefault: boolean }) {
      await db
        .update(priceLists)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(priceLists.entityId, entityId), eq(priceLists.id, id)))
    },

    /** Makes `id` the brewery's only default list. */
    async clearOtherDefaults(entityId: string, id: string) {
      await db
        .update(priceLists)
        .set({ isDefault: false })
        .where(
          and(
            eq(priceLists.entityId, entityId),
            sql`${priceLists.id} <> ${id}`,
            eq(priceLists.isDefault, true),
          ),
        )
    },

    async replacePrices(
      entityId: string,
      priceListId: string,
      prices: { packageId: string; minQuantity: number; unitPriceCents: number }[],
    ) {
      await db.delete(priceListPrices).where(eq(priceListPrices.priceListId, priceListId))
      if (prices.length > 0)
        await db.insert(priceListPrices).values(prices.map((p) => ({ entityId, priceListId, ...p })))
    },

    // ---- packaging options and finished goods ----

    /** The brewery's packaging options (the SKUs) with their product's name. */
    options: (entityId: string, packageIds?: string[]) =>
      packageIds?.length === 0
        ? none<{ option: typeof productPackages.$inferSelect; productName: string }>()
        : db
            .select({ option: productPackages, productName: products.name })
            .from(productPackages)
            .innerJoin(products, eq(products.id, productPackages.productId))
            .where(
              and(
                eq(productPackages.entityId, entityId),
                packageIds ? inArray(productPackages.id, packageIds) : undefined,
              ),
            )
            .orderBy(asc(products.name), asc(productPackages.position)),

    /** The finished-goods ledger of some options (or all), oldest first. */
    finishedGoods: (entityId: string, packageIds?: string[]) =>
      packageIds?.length === 0
        ? none<typeof finishedGoodsMovements.$inferSelect>()
        : db
            .select()
            .from(finishedGoodsMovements)
            .where(
              and(
                eq(finishedGoodsMovements.entityId, entityId),
                packageIds ? inArray(finishedGoodsMovements.packageId, packageIds) : undefined,
              ),
            )
            .orderBy(asc(finishedGoodsMovements.occurredAt)),

    /**
     * Some options' finished goods summed per option and batch (ADR 407), as `finishedLots` needs them and without
     * reading each movement: the units of each lot and when it was first packaged, and apart, what removals
     * recorded without a batch took of each option (one row each, batch null, negative units).
     */
    finishedLotTotals: (entityId: string, packageIds: string[]) => {
      if (packageIds.length === 0)
        return none<{ packageId: string; batchId: string | null; units: number; occurredAt: Date }>()
      const unattributed = sql<boolean>`(${finishedGoodsMovements.batchId} is null and ${finishedGoodsMovements.units} < 0)`
      return db
        .select({
          packageId: finishedGoodsMovements.packageId,
          batchId: finishedGoodsMovements.batchId,
          units: sql<number>`sum(${finishedGoodsMovements.units})`.mapWith(Number),
          occurredAt: sql<Date>`min(${finishedGoodsMovements.occurredAt})`.mapWith(
            finishedGoodsMovements.occurredAt,
          ),
        })
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            inArray(finishedGoodsMovements.packageId, packageIds),
          ),
        )
        .groupBy(finishedGoodsMovements.packageId, finishedGoodsMovements.batchId, unattributed)
        .orderBy(sql`min(${finishedGoodsMovements.occurredAt})`)
    },

    /** What confirmed orders hold, not yet released, of some options (or all). */
    activeReservations: (entityId: string, packageIds?: string[]) =>
      packageIds?.length === 0
        ? none<ReservationRow>()
        : db
            .select()
            .from(salesReservations)
            .where(
              and(
                eq(salesReservations.entityId, entityId),
                isNull(salesReservations.releasedAt),
                packageIds ? inArray(salesReservations.packageId, packageIds) : undefined,
              ),
            ),

    batchNumbers: async (entityId: string, batchIds: string[]) =>
      new Map(
        batchIds.length === 0
          ? []
          : (
              await db
                .select({ id: batches.id, number: batches.number })
                .from(batches)
                .where(and(eq(batches.entityId, entityId), inArray(batches.id, batchIds)))
            ).map((row) => [row.id, row.number]),
      ),

    // ---- customers ----

    customers: (entityId: string) =>
      db.select().from(customers).where(eq(customers.entityId, entityId)).orderBy(asc(customers.name)),

    async customer(entityId: string, id: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.entityId, entityId), eq(customers.id, id)))
      return row ?? null
    },

    /** Some customers of the brewery, by id. */
    customersOf: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? none<CustomerRow>()
        : db
            .select()
            .from(customers)
            .where(and(eq(customers.entityId, entityId), inArray(customers.id, ids))),

    async customerNamed(entityId: string, name: string) {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.entityId, entityId), sql`lower(${customers.name}) = lower(${name})`))
      return row ?? null
    },

    async insertCustomers(values: (typeof customers.$inferInsert)[]) {
      if (values.length === 0) return []
      return db.insert(customers).values(values).onConflictDoNothing().returning()
    },

    async updateCustomer(entityId: string, id: string, values: Partial<typeof customers.$inferInsert>) {
      const [row] = await db
        .update(customers)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(customers.entityId, entityId), eq(customers.id, id)))
        .returning()
      return row ?? null
    },

    // ---- orders ----

    orders: (entityId: string, customerId?: string) =>
      db
        .select({ order: salesOrders, customerName: customers.name })
        .from(salesOrders)
        .innerJoin(customers, eq(customers.id, salesOrders.customerId))
        .where(
          and(
            eq(salesOrders.entityId, entityId),
            customerId ? eq(salesOrders.customerId, customerId) : undefined,
          ),
        )
        .orderBy(desc(salesOrders.sequence)),

    async order(entityId: string, id: string, { lock = false } = {}) {
      const query = db
        .select({ order: salesOrders, customerName: customers.name })
        .from(salesOrders)
        .innerJoin(customers, eq(customers.id, salesOrders.customerId))
        .where(and(eq(salesOrders.entityId, entityId), eq(salesOrders.id, id)))
      const [row] = lock ? await query.for('update', { of: salesOrders }) : await query
      return row ?? null
    },

    /**
     * Several orders locked for one write (a van's load, ADR 422), in id order so that two writes locking some of the
     * same orders take them in the same order; the missing are not answered.
     */
    ordersLocked: (entityId: string, ids: string[]) =>
      db
        .select({ order: salesOrders, customerName: customers.name })
        .from(salesOrders)
        .innerJoin(customers, eq(customers.id, salesOrders.customerId))
        .where(and(eq(salesOrders.entityId, entityId), inArray(salesOrders.id, ids)))
        .orderBy(asc(salesOrders.id))
        .for('update', { of: salesOrders }),

    async insertOrder(values: typeof salesOrders.$inferInsert) {
      const rows = await db.insert(salesOrders).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    /** New orders (a second with an id already used is left out: the caller names it). */
    async insertOrders(values: (typeof salesOrders.$inferInsert)[]) {
      if (values.length === 0) return []
      return db.insert(salesOrders).values(values).onConflictDoNothing().returning()
    },

    /** Changes an order; answers its row as changed. */
    async updateOrder(entityId: string, id: string, values: Partial<typeof salesOrders.$inferInsert>) {
      const [row] = await db
        .update(salesOrders)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(salesOrders.entityId, entityId), eq(salesOrders.id, id)))
        .returning()
      return row
    },

    /** Changes several orders alike; answers their rows as changed. */
    updateOrders: (entityId: string, ids: string[], values: Partial<typeof salesOrders.$inferInsert>) =>
      db
        .update(salesOrders)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(salesOrders.entityId, entityId), inArray(salesOrders.id, ids)))
        .returning(),

    lines: (entityId: string, orderIds: string[]) =>
      orderIds.length === 0
        ? none<OrderLineRow>()
        : db
            .select()
            .from(salesOrderLines)
            .where(and(eq(salesOrderLines.entityId, entityId), inArray(salesOrderLines.orderId, orderIds)))
            .orderBy(asc(salesOrderLines.orderId), asc(salesOrderLines.position)),

    async lineIdsTaken(ids: string[]) {
      if (ids.length === 0) return []
      return db
        .select({ id: salesOrderLines.id, orderId: salesOrderLines.orderId })
        .from(salesOrderLines)
        .where(inArray(salesOrderLines.id, ids))
    },

    /** An order's lines replaced by `lines`; answers them as stored. */
    async replaceLines(
      entityId: string,
      orderId: string,
      lines: (typeof salesOrderLines.$inferInsert)[],
    ): Promise<OrderLineRow[]> {
      await db
        .delete(salesOrderLines)
        .where(and(eq(salesOrderLines.entityId, entityId), eq(salesOrderLines.orderId, orderId)))
      if (lines.length === 0) return []
      const rows = await db.insert(salesOrderLines).values(lines).returning()
      return rows.toSorted((a, b) => a.position - b.position)
    },

    /** New orders' lines (they have none to delete), of any number of orders; answers them as stored. */
    insertLines: (lines: (typeof salesOrderLines.$inferInsert)[]) =>
      lines.length === 0 ? none<OrderLineRow>() : db.insert(salesOrderLines).values(lines).returning(),

    reservationsOfLines: (entityId: string, lineIds: string[], { active = true } = {}) =>
      lineIds.length === 0
        ? none<ReservationRow>()
        : db
            .select()
            .from(salesReservations)
            .where(
              and(
                eq(salesReservations.entityId, entityId),
                inArray(salesReservations.orderLineId, lineIds),
                active ? isNull(salesReservations.releasedAt) : undefined,
              ),
            )
            .orderBy(asc(salesReservations.reservedAt)),

    /** Answers the reservations as stored. */
    async insertReservations(values: (typeof salesReservations.$inferInsert)[]): Promise<ReservationRow[]> {
      if (values.length === 0) return []
      return db.insert(salesReservations).values(values).returning()
    },

    /**
     * Releases what the lines hold; answers the reservations released. `pickedAt` marks them picked in the same
     * statement (picked and dispatched in one write, ADR 422).
     */
    async releaseReservations(
      entityId: string,
      lineIds: string[],
      reason: string,
      at: Date,
      { pickedAt }: { pickedAt?: Date } = {},
    ): Promise<ReservationRow[]> {
      if (lineIds.length === 0) return []
      return db
        .update(salesReservations)
        .set({ releasedAt: at, releaseReason: reason, ...(pickedAt ? { pickedAt } : {}) })
        .where(
          and(
            eq(salesReservations.entityId, entityId),
            inArray(salesReservations.orderLineId, lineIds),
            isNull(salesReservations.releasedAt),
          ),
        )
        .returning()
    },

    /** Marks what the lines hold picked; answers the reservations marked. */
    async markPicked(entityId: string, lineIds: string[], at: Date): Promise<ReservationRow[]> {
      if (lineIds.length === 0) return []
      return db
        .update(salesReservations)
        .set({ pickedAt: at })
        .where(
          and(
            eq(salesReservations.entityId, entityId),
            inArray(salesReservations.orderLineId, lineIds),
            isNull(salesReservations.releasedAt),
          ),
        )
        .returning()
    },

    // ---- invoices and payments ----

    invoices: (entityId: string, customerId?: string) =>
      db
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.entityId, entityId), customerId ? eq(invoices.customerId, customerId) : undefined),
        )
        .orderBy(desc(invoices.sequence)),

    async invoice(entityId: string, id: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(invoices)
        .where(and(eq(invoices.entityId, entityId), eq(invoices.id, id)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    /**
     * The live (not void) invoice holding each order's lines, by order id: Dispatch's own, or one Create Invoice
     * made of several orders (ADR 345).
     */
    async invoicesOfOrders(entityId: string, orderIds: string[]) {
      if (orderIds.length === 0) return new Map<string, { id: string; number: string }>()
      const rows = await db
        .selectDistinct({ orderId: salesOrderLines.orderId, id: invoices.id, number: invoices.number })
        .from(invoiceLines)
        .innerJoin(salesOrderLines, eq(salesOrderLines.id, invoiceLines.orderLineId))
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(
          and(
            eq(invoiceLines.entityId, entityId),
            inArray(salesOrderLines.orderId, orderIds),
            isNull(invoices.voidedAt),
          ),
        )
      return new Map(rows.map((row) => [row.orderId, { id: row.id, number: row.number }]))
    },

    /** Invoices and all their lines, in two statements whatever their number. */
    async insertInvoices(
      values: (typeof invoices.$inferInsert)[],
      lines: (typeof invoiceLines.$inferInsert)[],
    ) {
      if (values.length === 0) return
      await db.insert(invoices).values(values)
      if (lines.length > 0) await db.insert(invoiceLines).values(lines)
    },

    async voidInvoice(
      entityId: string,
      id: string,
      values: { voidedAt: Date; voidReason: string; voidedBy: string },
    ) {
      await db
        .update(invoices)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(invoices.entityId, entityId), eq(invoices.id, id)))
    },

    invoiceLines: (entityId: string, invoiceIds: string[]) =>
      invoiceIds.length === 0
        ? none<InvoiceLineRow>()
        : db
            .select()
            .from(invoiceLines)
            .where(and(eq(invoiceLines.entityId, entityId), inArray(invoiceLines.invoiceId, invoiceIds)))
            .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position)),

    payments: (entityId: string, invoiceIds?: string[]) =>
      invoiceIds?.length === 0
        ? none<PaymentRow>()
        : db
            .select()
            .from(payments)
            .where(
              and(
                eq(payments.entityId, entityId),
                invoiceIds ? inArray(payments.invoiceId, invoiceIds) : undefined,
              ),
            )
            .orderBy(asc(payments.receivedOn), asc(payments.recordedAt)),

    async insertPayment(values: typeof payments.$inferInsert) {
      const rows = await db.insert(payments).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    /** New payments (one with an id already used is left out: the caller names it). */
    insertPayments: (values: (typeof payments.$inferInsert)[]) =>
      values.length === 0
        ? none<PaymentRow>()
        : db.insert(payments).values(values).onConflictDoNothing().returning(),

    /** Some invoices locked for one write (a deposit, ADR 422), in id order; the missing are not answered. */
    invoicesLocked: (entityId: string, ids: string[]) =>
      db
        .select()
        .from(invoices)
        .where(and(eq(invoices.entityId, entityId), inArray(invoices.id, ids)))
        .orderBy(asc(invoices.id))
        .for('update'),
  }
}
export type SalesRepository = ReturnType<typeof createSalesRepository>
