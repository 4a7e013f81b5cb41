import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Address, CustomerContact } from '@brewcommand/domain'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { batches } from './production.ts'
import { users } from './users.ts'

// Sales (docs/production.md "Sales"; docs/decisions/270–272): customers, price lists and deposits, orders with
// their lines and the finished goods they hold, invoices numbered per brewery without gaps, and payments. Money is
// `bigint` cents. Nothing dispatched is edited; an invoice is voided, never deleted.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * One row per brewery: the sales tax rate, the invoices' prefix and the counters of order and invoice numbers.
 * The invoice counter is taken with `UPDATE … RETURNING` in the dispatch's transaction, so its row lock orders
 * concurrent dispatches and a rolled-back dispatch gives its number back (ADR 270).
 */
export const salesSettings = pgTable('sales_settings', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  /** Sales tax in basis points (825 = 8.25 %). */
  taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
  invoicePrefix: text('invoice_prefix').notNull().default('INV-'),
  nextInvoiceNumber: integer('next_invoice_number').notNull().default(1),
  nextOrderNumber: integer('next_order_number').notNull().default(1),
  /** Credit notes run on their own counter, taken like the invoices' (ADR 273). */
  nextCreditNoteNumber: integer('next_credit_note_number').notNull().default(1),
  ...timestamps,
})

/** The deposit of one package type (a keg's): charged per unit on a line, a liability, never taxed. */
export const salesDeposits = pgTable(
  'sales_deposits',
  {
    entityId: entityId(),
    packageTypeId: text('package_type_id').notNull(),
    depositCents: cents('deposit_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.packageTypeId] })],
)

export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('price_lists_entity_id_idx').on(t.entityId)],
)

/** A price per packaging option from a quantity up (1 for the base price). */
export const priceListPrices = pgTable(
  'price_list_prices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').notNull(),
    minQuantity: integer('min_quantity').notNull().default(1),
    unitPriceCents: cents('unit_price_cents').notNull(),
  },
  (t) => [uniqueIndex('price_list_prices_uq').on(t.priceListId, t.packageId, t.minQuantity)],
)

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    licenceNumber: text('licence_number').notNull().default(''),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<Address>().notNull(),
    contacts: jsonb('contacts').$type<CustomerContact[]>().notNull(),
    paymentTerms: text('payment_terms').notNull(),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    taxExemptReason: text('tax_exempt_reason').notNull().default(''),
    priceListId: uuid('price_list_id').references(() => priceLists.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** Dispatch issues the invoice (the default), or the orders wait for Create Invoice (ADR 274). */
    invoiceAtDispatch: boolean('invoice_at_dispatch').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('customers_entity_id_idx').on(t.entityId)],
)

/** An order: draft → confirmed → picked → dispatched → delivered, or cancelled before dispatch. */
export const salesOrders = pgTable(
  'sales_orders',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    sequence: integer('sequence').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    status: text('status').notNull().default('draft'),
    requestedDeliveryOn: date('requested_delivery_on', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address').$type<Address>().notNull(),
    notes: text('notes').notNull().default(''),
    /** The tax of the order's lines: the brewery's rate when last saved, 0 for an exempt customer. */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    confirmedAt: instant('confirmed_at'),
    pickedAt: instant('picked_at'),
    dispatchedAt: instant('dispatched_at'),
    deliveredAt: instant('delivered_at'),
    cancelledAt: instant('cancelled_at'),
    createdBy: byUser('created_by'),
    ...timestamps,
  },
  (t) => [
    index('sales_orders_entity_status_idx').on(t.entityId, t.status),
    index('sales_orders_customer_id_idx').on(t.customerId),
    uniqueIndex('sales_orders_sequence_uq').on(t.entityId, t.sequence),
  ],
)

/** A line of packaging option × quantity at a price per unit, with the option's names copied. */
export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    packageId: uuid('package_id').notNull(),
    productName: text('product_name').notNull(),
    packageType: text('package_type').notNull(),
    packageTypeId: text('package_type_id').notNull(),
    sku: text('sku').notNull().default(''),
    upc: text('upc').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** Per unit, from the package type's deposit when the line was saved. */
    depositCents: cents('deposit_cents').notNull().default(0),
  },
  (t) => [index('sales_order_lines_order_id_idx').on(t.orderId)],
)

/**
 * What a confirmed order holds of finished goods, per line and lot (batch), first-expiring first. Released (never
 * deleted) when the order is cancelled or dispatched; `pickedAt` once the lot is on the van.
 */
export const salesReservations = pgTable(
  'sales_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').notNull(),
    batchId: uuid('batch_id').references(() => batches.id),
    units: integer('units').notNull(),
    reservedAt: instant('reserved_at').notNull().defaultNow(),
    pickedAt: instant('picked_at'),
    releasedAt: instant('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    index('sales_reservations_entity_package_idx').on(t.entityId, t.packageId),
    index('sales_reservations_line_idx').on(t.orderLineId),
  ],
)

/** An invoice: numbered per brewery without gaps; voided, never deleted. The customer is copied as billed. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: uuid('order_id').references(() => salesOrders.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    customerName: text('customer_name').notNull(),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    licenceNumber: text('licence_number').notNull().default(''),
    paymentTerms: text('payment_terms').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    depositCents: cents('deposit_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    voidedAt: instant('voided_at'),
    voidReason: text('void_reason').notNull().default(''),
    voidedBy: byUser('voided_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_sequence_uq').on(t.entityId, t.sequence),
    index('invoices_customer_id_idx').on(t.customerId),
    // Trace joins an order to its invoice (docs/decisions/300).
    index('invoices_order_id_idx').on(t.orderId),
  ],
)

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    orderLineId: uuid('order_line_id').references(() => salesOrderLines.id),
    packageId: uuid('package_id').notNull(),
    productName: text('product_name').notNull(),
    packageType: text('package_type').notNull(),
    sku: text('sku').notNull().default(''),
    upc: text('upc').notNull().default(''),
    batchId: uuid('batch_id').references(() => batches.id),
    batchNumber: text('batch_number').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** The line's deposit (quantity × per unit). */
    depositCents: cents('deposit_cents').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    /** The removal on the ledger this line sent out (a credit note's return names it). */
    liquidEventId: uuid('liquid_event_id'),
  },
  (t) => [
    index('invoice_lines_invoice_id_idx').on(t.invoiceId),
    // The invoice that billed an order line (trace, credit notes: an invoice of several orders, ADR 345).
    index('invoice_lines_order_line_id_idx').on(t.orderLineId),
  ],
)

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    method: text('method').notNull(),
    amountCents: cents('amount_cents').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: byUser('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('payments_invoice_id_idx').on(t.invoiceId)],
)

/**
 * Email Invoice's outbox: one row per request, written in the request's transaction; the `sales.invoice-mail`
 * job sends unsent rows (after the commit, and a sweep every minute) and marks them sent.
 */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    to: text('to').notNull(),
    requestedBy: byUser('requested_by'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
  },
  (t) => [index('invoice_mails_unsent_idx').on(t.entityId, t.sentAt)],
)
