import { z } from 'zod'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { MAX_CENTS } from '../production/inventory.ts'

// Sales on the wire (docs/production.md "Sales"; PRODUCTION.md "Beyond the cellar door"): customers, price lists
// with deposits per package type, orders and their lines, invoices and payments. Money is integer cents; ids of
// new records come from the browser. A Brewer reads orders without their money: every money field of an order
// read is null for a role that may not sell.

const text = (max: number) => z.string().trim().max(max)
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01'
  }, 'Not a real date')
/** Cents the person typed: a whole number from 0 to MAX_CENTS. */
export const centsOf = (label: string) =>
  z
    .number({ error: `${label} must be an amount` })
    .refine((value) => Number.isInteger(value), `${label} must be whole cents`)
    .refine((value) => value >= 0, `${label} cannot be negative`)
    .refine((value) => value <= MAX_CENTS, `${label} is too large`)
/** A count of units: a whole number above 0. */
export const unitsOf = (label = 'Quantity') =>
  z
    .number({ error: `${label} must be a number` })
    .refine((value) => Number.isInteger(value) && value > 0, `${label} must be a whole number above 0`)
    .refine((value) => value <= 1_000_000, `${label} is too large`)

export const CUSTOMER_KINDS = [
  'bar',
  'restaurant',
  'bottle-shop',
  'grocery',
  'distributor',
  'taproom',
  'export',
  'other',
] as const
export type CustomerKind = (typeof CUSTOMER_KINDS)[number]
export const CUSTOMER_KIND_LABELS: Record<CustomerKind, string> = {
  bar: 'Bar',
  restaurant: 'Restaurant',
  'bottle-shop': 'Bottle shop',
  grocery: 'Grocery',
  distributor: 'Distributor',
  taproom: 'Taproom',
  export: 'Export',
  other: 'Other',
}

export const PAYMENT_TERMS = ['due-on-receipt', 'net-7', 'net-15', 'net-30', 'net-60'] as const
export type PaymentTerms = (typeof PAYMENT_TERMS)[number]
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  'due-on-receipt': 'Due on receipt',
  'net-7': 'Net 7',
  'net-15': 'Net 15',
  'net-30': 'Net 30',
  'net-60': 'Net 60',
}

export const AddressSchema = z.object({
  line1: text(200).default(''),
  line2: text(200).default(''),
  city: text(100).default(''),
  state: text(50).default(''),
  zip: text(20).default(''),
  country: text(60).default(''),
})
export type Address = z.infer<typeof AddressSchema>
export const EMPTY_ADDRESS: Address = { line1: '', line2: '', city: '', state: '', zip: '', country: '' }

export const CustomerContactSchema = z.object({
  name: text(200).default(''),
  email: z.union([z.literal(''), z.email('Not an email address').max(254)]).default(''),
  phone: text(40).default(''),
})
export type CustomerContact = z.infer<typeof CustomerContactSchema>

const customerFields = {
  name: text(200).min(1, 'Name is required'),
  kind: z.enum(CUSTOMER_KINDS, { error: 'Choose a kind of customer' }),
  licenceNumber: text(100).default(''),
  licenceExpiresOn: isoDate.nullable().default(null),
  billingAddress: AddressSchema.default(EMPTY_ADDRESS),
  deliveryAddress: AddressSchema.default(EMPTY_ADDRESS),
  contacts: z.array(CustomerContactSchema).max(10, 'At most 10 contacts').default([]),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: 'Choose payment terms' }).default('net-30'),
  taxExempt: z.boolean().default(false),
  taxExemptReason: text(200).default(''),
  priceListId: z.uuid('Choose a price list').nullable().default(null),
  notes: text(2000).default(''),
  /** Dispatch issues the order's invoice (the default); off, dispatched orders wait for Create Invoice (ADR 345). */
  invoiceAtDispatch: z.boolean({ error: 'Say whether each order is invoiced at dispatch' }).default(true),
}
const exemptionNamed = (value: { taxExempt: boolean; taxExemptReason: string }) =>
  !value.taxExempt || value.taxExemptReason !== ''
const EXEMPTION_ISSUE = { message: 'Give the reason for the tax exemption', path: ['taxExemptReason'] }

/** New Customer. */
export const NewCustomerSchema = z
  .object({ id: z.uuid(), ...customerFields })
  .refine(exemptionNamed, EXEMPTION_ISSUE)
export type NewCustomer = z.infer<typeof NewCustomerSchema>
/** Edit a customer: the whole record again. */
export const CustomerChangeSchema = z.object(customerFields).refine(exemptionNamed, EXEMPTION_ISSUE)
export type CustomerChange = z.infer<typeof CustomerChangeSchema>

/** Import customers from a CSV file (QuickBooks, Breww or Ekos exports). */
export const CustomerImportSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(2_000_000, 'The file is larger than 2 MB'),
})

// ---- price lists and deposits ----

export const PriceSchema = z.object({
  /** The packaging option (product_packages id): the SKU. */
  packageId: z.uuid('Choose a packaging option'),
  /** The price applies from this quantity up (1 for the base price). */
  minQuantity: unitsOf('Minimum quantity').default(1),
  unitPriceCents: centsOf('Price'),
})
export type Price = z.infer<typeof PriceSchema>

const priceListFields = {
  name: text(100).min(1, 'Name is required'),
  isDefault: z.boolean().default(false),
  prices: z
    .array(PriceSchema)
    .max(2000, 'At most 2,000 prices')
    .default([])
    .refine((prices) => {
      const keys = prices.map((price) => `${price.packageId}:${price.minQuantity}`)
      return new Set(keys).size === keys.length
    }, 'A packaging option has one price per minimum quantity'),
}
export const NewPriceListSchema = z.object({ id: z.uuid(), ...priceListFields })
export type NewPriceList = z.infer<typeof NewPriceListSchema>
export const PriceListChangeSchema = z.object(priceListFields)
export type PriceListChange = z.infer<typeof PriceListChangeSchema>

/** Deposits per package type (the brewery's "1/6 BBL Keg"): a liability, not revenue. */
export const DepositSchema = z.object({
  packageTypeId: text(200).min(1, 'Choose a package type'),
  depositCents: centsOf('Deposit'),
})
export type Deposit = z.infer<typeof DepositSchema>

/** The brewery's sales settings: the deposits, the sales tax rate and the invoices' prefix. */
export const SalesSettingsChangeSchema = z.object({
  /** Sales tax in basis points: 825 = 8.25 %; 0 for none. */
  taxRateBasisPoints: z
    .number({ error: 'The tax rate must be a number' })
    .int('The tax rate is in hundredths of a percent')
    .min(0, 'The tax rate cannot be negative')
    .max(5000, 'The tax rate is at most 50 %'),
  invoicePrefix: z
    .string()
    .trim()
    .max(12, 'The prefix is at most 12 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'The prefix is letters, digits and dashes'),
  deposits: z
    .array(DepositSchema)
    .max(200)
    .refine(
      (deposits) => new Set(deposits.map((d) => d.packageTypeId)).size === deposits.length,
      'One deposit per package type',
    ),
})
export type SalesSettingsChange = z.infer<typeof SalesSettingsChangeSchema>

// ---- orders ----

export const ORDER_STATUSES = [
  'draft',
  'confirmed',
  'picked',
  'dispatched',
  'delivered',
  'cancelled',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  picked: 'Picked',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
}

export const OrderLineInputSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid('Choose a packaging option'),
  quantity: unitsOf('Quantity'),
  /** The price per unit; null takes the customer's price list. */
  unitPriceCents: centsOf('Price').nullable().default(null),
})
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>

const orderFields = {
  customerId: z.uuid('Choose a customer'),
  requestedDeliveryOn: isoDate.nullable().default(null),
  /** Empty takes the customer's delivery address. */
  deliveryAddress: AddressSchema.nullable().default(null),
  notes: text(2000).default(''),
  lines: z
    .array(OrderLineInputSchema)
    .min(1, 'An order has at least one line')
    .max(200, 'At most 200 lines')
    .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'Each line has its own id'),
}
/** New Order (a draft). */
export const NewOrderSchema = z.object({
  id: z.uuid(),
  ...orderFields,
  /**
   * Place the order confirmed (ADR 416): created and confirmed in one write, as Confirm Order would confirm the
   * draft — its finished goods held, first-expiring lot first — or refused whole, naming every short line.
   */
  confirm: z.boolean({ error: 'Confirm is true or false' }).optional(),
})
export type NewOrder = z.infer<typeof NewOrderSchema>
/** At most this many orders placed in one write (ADR 422). */
export const ORDERS_MANY_MAX = 50

/**
 * Several orders placed at once (an ordering portal's or a distributor's orders of the day, ADR 422): each as New
 * Order would place it (a draft, or confirmed with `confirm`), in the order listed, all or none.
 */
export const NewOrdersSchema = z.object({
  orders: z
    .array(NewOrderSchema, { error: 'List the orders' })
    .min(1, 'Place at least one order')
    .max(ORDERS_MANY_MAX, `At most ${ORDERS_MANY_MAX} orders in one write`)
    .superRefine((orders, context) => {
      const ids = new Set<string>()
      const lineIds = new Set<string>()
      orders.forEach((order, index) => {
        if (ids.has(order.id))
          context.addIssue({ code: 'custom', path: [index, 'id'], message: 'This order is listed twice' })
        ids.add(order.id)
        order.lines.forEach((line, at) => {
          if (lineIds.has(line.id))
            context.addIssue({
              code: 'custom',
              path: [index, 'lines', at, 'id'],
              message: 'Each line has its own id',
            })
          lineIds.add(line.id)
        })
      })
    }),
})
export type NewOrders = z.infer<typeof NewOrdersSchema>
/** A draft edited: the whole order again. */
export const OrderChangeSchema = z.object(orderFields)
export type OrderChange = z.infer<typeof OrderChangeSchema>

/** Confirm, Pick, Deliver and Cancel carry no data but an optional note. */
export const OrderStepSchema = z.object({ note: text(500).default('') })
export type OrderStep = z.infer<typeof OrderStepSchema>

/** Dispatch: when the beer left (defaults to now); dated no later than now + 5 minutes. */
export const DispatchOrderSchema = z.object({
  dispatchedAt: z.iso.datetime({ offset: true, error: 'A date and time' }).nullable().default(null),
  /**
   * Pick and dispatch a confirmed order in one write (ADR 416): the lots it holds loaded straight onto the van, as
   * Pick then Dispatch would record them; refused whole if either would refuse.
   */
  pick: z.boolean({ error: 'Pick is true or false' }).optional(),
})
export type DispatchOrder = z.infer<typeof DispatchOrderSchema>

/** At most this many orders in one dispatch of several (a van's load, ADR 422). */
export const DISPATCH_MANY_MAX = 50

/**
 * Dispatch Orders: a van's load leaving at once (ADR 422) — each order dispatched (picked first with `pick`) as its
 * own Dispatch would, in the order listed, each with its own removal and invoice; all or none.
 */
export const DispatchOrdersSchema = DispatchOrderSchema.extend({
  orderIds: z
    .array(z.uuid('The order id must be a UUID'), { error: 'List the orders' })
    .min(1, 'Dispatch at least one order')
    .max(DISPATCH_MANY_MAX, `At most ${DISPATCH_MANY_MAX} orders in one dispatch`)
    .superRefine((ids, context) => {
      const seen = new Set<string>()
      ids.forEach((id, index) => {
        if (seen.has(id))
          context.addIssue({ code: 'custom', path: [index], message: 'This order is listed twice' })
        seen.add(id)
      })
    }),
})
export type DispatchOrders = z.infer<typeof DispatchOrdersSchema>

// ---- invoices and payments ----

export const PAYMENT_METHODS = ['check', 'ach', 'card', 'cash'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  card: 'Card',
  cash: 'Cash',
}

export const RecordPaymentSchema = z.object({
  id: z.uuid(),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  amountCents: centsOf('Amount').refine((value) => value > 0, 'Amount must be above 0'),
  receivedOn: isoDate,
  reference: text(100).default(''),
})
export type RecordPayment = z.infer<typeof RecordPaymentSchema>

/** At most this many payments in one deposit (ADR 422). */
export const PAYMENTS_MANY_MAX = 100

/**
 * Record Payments: a deposit of several payments at once (the day's checks and transfers, ADR 422), each as Record
 * Payment would record it on its invoice, in the order listed, all or none.
 */
export const RecordPaymentsSchema = z.object({
  payments: z
    .array(RecordPaymentSchema.extend({ invoiceId: z.uuid('The invoice id must be a UUID') }), {
      error: 'List the payments',
    })
    .min(1, 'Record at least one payment')
    .max(PAYMENTS_MANY_MAX, `At most ${PAYMENTS_MANY_MAX} payments in one deposit`)
    .superRefine((payments, context) => {
      const ids = new Set<string>()
      payments.forEach((payment, index) => {
        if (ids.has(payment.id))
          context.addIssue({ code: 'custom', path: [index, 'id'], message: 'This payment is listed twice' })
        ids.add(payment.id)
      })
    }),
})
export type RecordPayments = z.infer<typeof RecordPaymentsSchema>

/**
 * Create Invoice (ADR 345): one invoice for several dispatched, not yet invoiced orders of one customer, with all
 * their lines.
 */
export const NewInvoiceSchema = z.object({
  id: z.uuid(),
  orderIds: z
    .array(z.uuid('Choose an order'))
    .min(1, 'Choose at least one dispatched order')
    .max(100, 'At most 100 orders on one invoice')
    .refine((ids) => new Set(ids).size === ids.length, 'Each order once'),
})
export type NewInvoice = z.infer<typeof NewInvoiceSchema>

export const VoidInvoiceSchema = z.object({ reason: text(500).min(1, 'Say why the invoice is void') })
export type VoidInvoice = z.infer<typeof VoidInvoiceSchema>

/** Credit Note: units of the invoice's lines that came back, when and why (ADR 273). */
export const NewCreditNoteSchema = z.object({
  id: z.uuid(),
  returnedAt: z.iso.datetime({ offset: true, error: 'A date and time' }).nullable().default(null),
  reason: text(500).min(1, 'Say why the goods came back'),
  lines: z
    .array(
      z.object({
        invoiceLineId: z.uuid('Choose a line of the invoice'),
        quantity: z
          .number({ error: 'A whole number of units' })
          .int('A whole number of units')
          .min(1, 'At least 1 unit')
          .max(100_000, 'At most 100,000 units'),
      }),
    )
    .min(1, 'Return at least one line')
    .max(200, 'At most 200 lines')
    .refine(
      (lines) => new Set(lines.map((l) => l.invoiceLineId)).size === lines.length,
      'Each line of the invoice once',
    ),
})
export type NewCreditNote = z.infer<typeof NewCreditNoteSchema>

export const EmailInvoiceSchema = z.object({ to: z.email('Not an email address').max(254) })
export type EmailInvoice = z.infer<typeof EmailInvoiceSchema>

// ---- reads ----

export const CustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(CUSTOMER_KINDS),
  licenceNumber: z.string(),
  licenceExpiresOn: z.string().nullable(),
  billingAddress: AddressSchema,
  deliveryAddress: AddressSchema,
  contacts: z.array(CustomerContactSchema),
  paymentTerms: z.enum(PAYMENT_TERMS),
  taxExempt: z.boolean(),
  taxExemptReason: z.string(),
  priceListId: z.uuid().nullable(),
  notes: z.string(),
  invoiceAtDispatch: z.boolean(),
  balanceCents: z.number().int(),
  createdAt: z.string(),
})
export type Customer = z.infer<typeof CustomerSchema>

export const PriceListSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  prices: z.array(PriceSchema),
})
export type PriceList = z.infer<typeof PriceListSchema>

export const SalesSettingsSchema = z.object({
  taxRateBasisPoints: z.number().int(),
  invoicePrefix: z.string(),
  deposits: z.array(DepositSchema),
  nextInvoiceNumber: z.number().int(),
})
export type SalesSettings = z.infer<typeof SalesSettingsSchema>

/**
 * The brewery's day (ADR 224): its time zone and today there, so the orders board, the dashboard's deliveries and
 * Reporting cut "today" where the brewery is, not on the browser's clock (ADR 346).
 */
export const BreweryTodaySchema = z.object({ timeZone: z.string(), today: z.string() })
export type BreweryToday = z.infer<typeof BreweryTodaySchema>

/** One SKU's stock for selling: on hand (finished goods), reserved by confirmed orders, available to promise. */
export const AvailabilitySchema = z.object({
  packageId: z.uuid(),
  productName: z.string(),
  packageType: z.string(),
  packageTypeId: z.string(),
  sku: z.string(),
  upc: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
})
export type Availability = z.infer<typeof AvailabilitySchema>

export const OrderLineSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid(),
  productName: z.string(),
  packageType: z.string(),
  sku: z.string(),
  upc: z.string(),
  quantity: z.number().int(),
  /** Money: null for a role that may not sell. */
  unitPriceCents: z.number().int().nullable(),
  depositCents: z.number().int().nullable(),
  subtotalCents: z.number().int().nullable(),
  taxCents: z.number().int().nullable(),
  /** The lots (batches) reserved or picked for the line, first-expiring first. */
  lots: z.array(z.object({ batchId: z.uuid().nullable(), batchNumber: z.string(), units: z.number().int() })),
})
export type OrderLine = z.infer<typeof OrderLineSchema>

export const OrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  status: z.enum(ORDER_STATUSES),
  requestedDeliveryOn: z.string().nullable(),
  deliveryAddress: AddressSchema,
  notes: z.string(),
  lines: z.array(OrderLineSchema),
  subtotalCents: z.number().int().nullable(),
  depositCents: z.number().int().nullable(),
  taxCents: z.number().int().nullable(),
  totalCents: z.number().int().nullable(),
  confirmedAt: z.string().nullable(),
  pickedAt: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  createdAt: z.string(),
})
export type Order = z.infer<typeof OrderSchema>

export const INVOICE_STATUSES = ['open', 'part-paid', 'paid', 'credited', 'void'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  'part-paid': 'Part paid',
  credited: 'Credited',
  paid: 'Paid',
  void: 'Void',
}

export const InvoiceLineSchema = z.object({
  id: z.uuid(),
  productName: z.string(),
  packageType: z.string(),
  sku: z.string(),
  upc: z.string(),
  batchNumber: z.string(),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  depositCents: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
})
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>

export const PaymentSchema = z.object({
  id: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  reference: z.string(),
  recordedAt: z.string(),
})
export type Payment = z.infer<typeof PaymentSchema>

/** A credit note's line: units of an invoice line come back (ADR 273), with their share of the line's money. */
export const CreditNoteLineSchema = z.object({
  id: z.uuid(),
  invoiceLineId: z.uuid(),
  productName: z.string(),
  packageType: z.string(),
  batchNumber: z.string(),
  quantity: z.number().int(),
  subtotalCents: z.number().int(),
  depositCents: z.number().int(),
  taxCents: z.number().int(),
  /** An empty keg back (ADR 350): its number; the line credits its deposit only, with 0 units of goods. */
  kegAssetNumber: z.string().default(''),
})
export type CreditNoteLine = z.infer<typeof CreditNoteLineSchema>

export const CreditNoteSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  sequence: z.number().int(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  issuedOn: z.string(),
  returnedAt: z.string(),
  reason: z.string(),
  lines: z.array(CreditNoteLineSchema),
  subtotalCents: z.number().int(),
  depositCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** The part of the credit beyond the invoice's balance when issued: owed back to the customer. */
  refundCents: z.number().int(),
})
export type CreditNote = z.infer<typeof CreditNoteSchema>

export const InvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  sequence: z.number().int(),
  orderId: z.uuid().nullable(),
  customerId: z.uuid(),
  customerName: z.string(),
  status: z.enum(INVOICE_STATUSES),
  issuedOn: z.string(),
  dueOn: z.string(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  lines: z.array(InvoiceLineSchema),
  subtotalCents: z.number().int(),
  depositCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  /** What the invoice's credit notes take off it. */
  creditedCents: z.number().int(),
  balanceCents: z.number().int(),
  payments: z.array(PaymentSchema),
  creditNotes: z.array(CreditNoteSchema),
  voidedAt: z.string().nullable(),
  voidReason: z.string(),
})
export type Invoice = z.infer<typeof InvoiceSchema>

export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  days1to30: '1–30 days',
  days31to60: '31–60 days',
  days61to90: '61–90 days',
  over90: 'Over 90 days',
}
export const AgingRowSchema = z.object({
  customerId: z.uuid(),
  customerName: z.string(),
  current: z.number().int(),
  days1to30: z.number().int(),
  days31to60: z.number().int(),
  days61to90: z.number().int(),
  over90: z.number().int(),
  totalCents: z.number().int(),
})
export type AgingRow = z.infer<typeof AgingRowSchema>
export const AgingSchema = z.object({
  asOf: z.string(),
  rows: z.array(AgingRowSchema),
  total: AgingRowSchema.omit({ customerId: true, customerName: true }),
})
export type Aging = z.infer<typeof AgingSchema>

/** `brewcommand://sales/{what}`: what the brewery's room hears after a sales change. */
export const salesObjectUri = (what: string) => `${OBJECT_URI_SCHEME}sales/${what}`
export const isSalesObjectUri = (objectUri: string) => objectUri.startsWith(`${OBJECT_URI_SCHEME}sales/`)

/** A customer's page: the customer, their orders and invoices, and what they bought by product and month. */
export const CustomerDetailSchema = z.object({
  customer: CustomerSchema,
  orders: z.array(OrderSchema),
  invoices: z.array(InvoiceSchema),
  bought: z.array(
    z.object({
      month: z.string(),
      productName: z.string(),
      packageType: z.string(),
      units: z.number().int(),
      subtotalCents: z.number().int(),
    }),
  ),
})
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>

/** The preview of a customer import: the good rows and an error per bad line; nothing is written. */
export const CustomerImportPreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      kind: z.enum(CUSTOMER_KINDS),
      email: z.string(),
      phone: z.string(),
      city: z.string(),
    }),
  ),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
})
export type CustomerImportPreview = z.infer<typeof CustomerImportPreviewSchema>
