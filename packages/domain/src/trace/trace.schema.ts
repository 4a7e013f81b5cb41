import { z } from 'zod'

// Trace and recall on the wire (PRODUCTION.md "Beyond the cellar door"; docs/decisions/300–303). A trace is a tree
// of nodes read from links that already exist: an ingredient lot → the batches that consumed it → the vessels and
// blends → package runs → finished-goods lots → orders and invoices → customers, and back. A node kind is a plain
// string on the wire so a new kind (a keg, when kegs land) adds a member to TRACE_NODE_KINDS and nothing else.

export const TRACE_NODE_KINDS = [
  'lot',
  'batch',
  'vessel',
  'package-run',
  'finished-goods',
  'order',
  'invoice',
  'customer',
  'package',
  'ingredients',
  'cleaning',
  'quality',
  'stock',
  // A keg by its asset number: filled from a package run, full in the brewery or out at a customer.
  'keg',
] as const
export type TraceNodeKind = (typeof TRACE_NODE_KINDS)[number]

/** The kinds a search can start from and Start Recall can be given. */
export const TRACE_ORIGIN_KINDS = [
  'lot',
  'batch',
  'order',
  'invoice',
  'package',
  'customer',
  'finished-goods',
  'keg',
] as const
export const TraceOriginKindSchema = z.enum(TRACE_ORIGIN_KINDS, { error: 'Choose what to trace' })
export type TraceOriginKind = z.infer<typeof TraceOriginKindSchema>

export type TraceNode = {
  /** Unique within the tree (a node can appear under several parents). */
  key: string
  kind: TraceNodeKind
  /** The record's id (a finished-goods lot is `packageId:batchId`). */
  id: string
  label: string
  detail: string
  /** What flowed along the edge into this node, in words ("50 kg", "12 × ½ bbl keg", "⅓ of the run"). */
  quantity: string
  /** The web page of the record, when it has one. */
  href: string | null
  children: TraceNode[]
}

export const TraceNodeSchema: z.ZodType<TraceNode> = z
  .lazy(
    () =>
      z.object({
        key: z.string(),
        kind: z.enum(TRACE_NODE_KINDS),
        id: z.string(),
        label: z.string(),
        detail: z.string(),
        quantity: z.string(),
        href: z.string().nullable(),
        children: z.array(TraceNodeSchema),
      }),
    // Named, so the OpenAPI document refers to the one recursive schema in its components.
  )
  .meta({ id: 'TraceNode' })

export const TraceSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a lot code, batch, keg, order, invoice, SKU, UPC or customer' })
    .trim()
    .min(2, 'Type at least 2 characters')
    .max(100, 'At most 100 characters'),
})

export const TraceMatchSchema = z.object({
  kind: TraceOriginKindSchema,
  id: z.string(),
  label: z.string(),
  detail: z.string(),
})
export type TraceMatch = z.infer<typeof TraceMatchSchema>

export const TraceSchema = z.object({
  origin: TraceMatchSchema,
  /** 'forward' from a lot or batch toward customers; 'backward' from an order or customer toward lots. */
  direction: z.enum(['forward', 'backward', 'both']),
  tree: TraceNodeSchema,
  /** How long the server took, in milliseconds. */
  tookMs: z.number(),
})
export type Trace = z.infer<typeof TraceSchema>

// ---- recall ----

export const TraceContactSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() })
export type TraceContact = z.infer<typeof TraceContactSchema>

export const RecallShipmentSchema = z.object({
  orderId: z.string().nullable(),
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  dispatchedOn: z.string(),
  product: z.string(),
  packageType: z.string(),
  batchNumber: z.string(),
  units: z.number(),
})
export type RecallShipment = z.infer<typeof RecallShipmentSchema>

export const HOLD_KINDS = ['ingredient-lot', 'bulk', 'finished-goods'] as const
export const RecallStockSchema = z.object({
  kind: z.enum(HOLD_KINDS),
  lotId: z.string().nullable(),
  batchId: z.string().nullable(),
  packageId: z.string().nullable(),
  label: z.string(),
  quantity: z.string(),
})
export type RecallStock = z.infer<typeof RecallStockSchema>

export const HoldSchema = RecallStockSchema.omit({ quantity: true }).extend({
  id: z.string(),
  recallId: z.string().nullable(),
  reason: z.string(),
  placedAt: z.string(),
  releasedAt: z.string().nullable(),
  releaseReason: z.string(),
})
export type Hold = z.infer<typeof HoldSchema>

/** A keg of the recalled lots still out at a customer when the list was made (ADR 300). */
export const RecallKegSchema = z.object({
  kegId: z.string(),
  assetNumber: z.string(),
  size: z.string(),
  batchNumber: z.string(),
  /** The order it was shipped on ('' when the scan named none). */
  orderNumber: z.string(),
  /** When it reached the customer (ISO instant). */
  since: z.string(),
  /** Days out when the list was made. */
  daysOut: z.number(),
})
export type RecallKeg = z.infer<typeof RecallKegSchema>

export const RecallCustomerSchema = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  contacts: z.array(TraceContactSchema),
  shipments: z.array(RecallShipmentSchema),
  unitsShipped: z.number(),
  contactedAt: z.string().nullable(),
  contactNote: z.string(),
  returnedUnits: z.number(),
  /** The kegs of the recalled lots this customer still had when the list was made. */
  kegsOut: z.array(RecallKegSchema),
})
export type RecallCustomer = z.infer<typeof RecallCustomerSchema>

export const RecallEventSchema = z.object({ action: z.string(), note: z.string(), at: z.string() })

export const RecallSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['recall', 'drill']),
  status: z.enum(['open', 'closed']),
  originKind: TraceOriginKindSchema,
  originId: z.string(),
  originLabel: z.string(),
  reason: z.string(),
  startedAt: z.string(),
  listCompletedAt: z.string(),
  listMs: z.number(),
  closedAt: z.string().nullable(),
  outcome: z.string(),
  customerCount: z.number(),
  contactedCount: z.number(),
})
export type RecallSummary = z.infer<typeof RecallSummarySchema>

export const RecallSchema = RecallSummarySchema.extend({
  customers: z.array(RecallCustomerSchema),
  stock: z.array(RecallStockSchema),
  holds: z.array(HoldSchema),
  history: z.array(RecallEventSchema),
})
export type Recall = z.infer<typeof RecallSchema>

export const formatRecallNumber = (kind: 'recall' | 'drill', sequence: number) =>
  `${kind === 'drill' ? 'DRILL' : 'RC'}-${String(sequence).padStart(4, '0')}`

const note = (label: string, max = 2000) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max)

export const StartRecallSchema = z.object({
  id: z.uuid('The recall id must be a UUID'),
  kind: z.enum(['recall', 'drill'], { error: 'Choose a recall or a drill' }),
  originKind: TraceOriginKindSchema,
  originId: z
    .string({ error: 'Choose what to recall' })
    .trim()
    .min(1, 'Choose what to recall')
    .max(80, 'Not a trace node'),
  reason: note('The reason').min(1, 'Say why'),
})
export type StartRecall = z.infer<typeof StartRecallSchema>

export const MarkContactedSchema = z.object({
  contacted: z.boolean({ error: 'Say whether they were contacted' }),
  note: note('The note').default(''),
  returnedUnits: z
    .number({ error: 'Returned units must be a number' })
    .refine((v) => Number.isInteger(v) && v >= 0, 'Returned units must be a whole number, 0 or more')
    .refine((v) => v <= 1_000_000, 'Returned units is too large')
    .default(0),
})
export type MarkContacted = z.infer<typeof MarkContactedSchema>

export const ReleaseHoldSchema = z.object({
  reason: note('The reason', 500).min(1, 'Say why it is released'),
})
export type ReleaseHold = z.infer<typeof ReleaseHoldSchema>

export const CloseRecallSchema = z.object({ outcome: note('The outcome').min(1, 'State the outcome') })
export type CloseRecall = z.infer<typeof CloseRecallSchema>
