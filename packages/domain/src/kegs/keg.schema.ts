import { z } from 'zod'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { centsOf } from '../sales/sales.schema.ts'
import { KEG_EVENT_KINDS, KEG_STATUSES } from './keg-machine.ts'

// Kegs on the wire (PRODUCTION.md "keg", "keg_event"; docs/decisions/290-kegs.md): the register (Add Kegs, the
// CSV import, labels), the scans, the board and a keg's history. Money is integer cents.

export const KEG_SIZES = ['1/2 BBL', '1/4 BBL', '1/6 BBL', '50 L', '30 L', '20 L', 'firkin', 'pin'] as const
export type KegSize = (typeof KEG_SIZES)[number]
export const KEG_SIZE_LABELS: Record<KegSize, string> = {
  '1/2 BBL': '1/2 BBL',
  '1/4 BBL': '1/4 BBL',
  '1/6 BBL': '1/6 BBL',
  '50 L': '50 L',
  '30 L': '30 L',
  '20 L': '20 L',
  firkin: 'Firkin',
  pin: 'Pin',
}
/** US barrels in each size (a firkin is 9 imperial gallons, 40.91 L; a pin half of that). */
export const KEG_SIZE_BARRELS: Record<KegSize, number> = {
  '1/2 BBL': 0.5,
  '1/4 BBL': 0.25,
  '1/6 BBL': 1 / 6,
  '50 L': 50 / 117.34777,
  '30 L': 30 / 117.34777,
  '20 L': 20 / 117.34777,
  firkin: 40.91481 / 117.34777,
  pin: 20.457405 / 117.34777,
}

/** The size a packaging option's type name holds ("1/6 BBL Keg" → 1/6 BBL), within a thousandth of a barrel. */
export function kegSizeOfBarrels(barrels: number | null): KegSize | null {
  if (barrels === null) return null
  return KEG_SIZES.find((size) => Math.abs(KEG_SIZE_BARRELS[size] - barrels) < 0.001) ?? null
}

export const KEG_OWNERS = ['ours', 'leased', 'pool'] as const
export type KegOwner = (typeof KEG_OWNERS)[number]
export const KEG_OWNER_LABELS: Record<KegOwner, string> = { ours: 'Ours', leased: 'Leased', pool: 'Pool' }

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()), 'Not a real date')

/** A number prefix: letters, digits and dashes, up to 10 ("K-"). */
export const KegPrefixSchema = z
  .string()
  .trim()
  .max(10, 'The prefix is at most 10 characters')
  .regex(/^[A-Za-z0-9-]*$/, 'The prefix is letters, digits and dashes')

/** An asset number as printed on the keg: letters, digits and dashes, up to 32. */
export const KegAssetNumberSchema = z
  .string()
  .trim()
  .min(1, 'Type the keg number')
  .max(32, 'A keg number is at most 32 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'A keg number is letters, digits and dashes')
  .transform((value) => value.toUpperCase())

/** Add Kegs: a count of one size and owner, numbered on from the prefix's highest number. */
export const AddKegsSchema = z
  .object({
    count: z
      .number({ error: 'How many kegs?' })
      .int('A whole number of kegs')
      .min(1, 'At least one keg')
      .max(500, 'At most 500 kegs at a time'),
    size: z.enum(KEG_SIZES, { error: 'Choose a size' }),
    owner: z.enum(KEG_OWNERS, { error: 'Choose who owns the kegs' }),
    /** The pool's name (MicroStar, Kegstar) or the lessor's. */
    ownerName: z.string().trim().max(80, 'At most 80 characters').default(''),
    purchasedOn: isoDate.nullable().default(null),
    costCents: centsOf('Cost').nullable().default(null),
    prefix: KegPrefixSchema.default('K-'),
  })
  .refine((value) => value.owner === 'ours' || value.ownerName !== '', {
    message: 'Name the pool or the lessor',
    path: ['ownerName'],
  })
export type AddKegs = z.infer<typeof AddKegsSchema>

/** Import kegs from a CSV file (asset number, size, owner). */
export const KegImportSchema = z.object({
  csv: z.string().min(1, 'The file is empty').max(1_000_000, 'The file is larger than 1 MB'),
})

export const KegImportPreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      assetNumber: z.string(),
      size: z.enum(KEG_SIZES),
      owner: z.enum(KEG_OWNERS),
      ownerName: z.string(),
    }),
  ),
  errors: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
})
export type KegImportPreview = z.infer<typeof KegImportPreviewSchema>

/** Print Labels: the kegs by asset number (all of them when empty). */
export const KegLabelsQuerySchema = z.object({
  numbers: z
    .string()
    .max(20_000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((n) => n.trim().toUpperCase())
        .filter((n) => n !== ''),
    ),
})

/** A scan: what happened to the keg with this number. */
export const KegScanSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('filled'),
      assetNumber: KegAssetNumberSchema,
      /** The package run: the `packaged` liquid event of a keg option. */
      packageRunId: z.uuid('Choose the package run'),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.literal('shipped'),
      assetNumber: KegAssetNumberSchema,
      orderId: z.uuid('Choose the order'),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.enum(['returned', 'cleaned', 'damaged', 'retired']),
      assetNumber: KegAssetNumberSchema,
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.literal('lost'),
      assetNumber: KegAssetNumberSchema,
      /** A keg lost at a customer: charge them its cost less the deposit they paid. */
      chargeCustomer: z.boolean().default(false),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
  ],
  { error: 'Choose what happened: filled, shipped, returned, cleaned, damaged, lost or retired' },
)
export type KegScanInput = z.infer<typeof KegScanSchema>

/** At most this many kegs in one scan of several (a pallet, a van's load, a rack back from the washer). */
export const KEG_SCAN_MANY_MAX = 200

const AssetNumbersSchema = z
  .array(KegAssetNumberSchema, { error: 'List the keg numbers' })
  .min(1, 'Scan at least one keg')
  .max(KEG_SCAN_MANY_MAX, `At most ${KEG_SCAN_MANY_MAX} kegs in one scan`)
  .superRefine((numbers, context) => {
    const seen = new Set<string>()
    numbers.forEach((number, index) => {
      if (seen.has(number))
        context.addIssue({ code: 'custom', path: [index], message: `Keg ${number} is listed twice` })
      seen.add(number)
    })
  })

/**
 * Several kegs scanned at once with one kind (loading a van scans a pallet of kegs onto an order; a rack comes back
 * from the customer, then from the washer): each keg as one scan of `KegScanSchema` would record it, in the order
 * listed, all or none.
 */
export const KegScanManySchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('filled'),
      assetNumbers: AssetNumbersSchema,
      packageRunId: z.uuid('Choose the package run'),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.literal('shipped'),
      assetNumbers: AssetNumbersSchema,
      orderId: z.uuid('Choose the order'),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.enum(['returned', 'cleaned', 'damaged', 'retired']),
      assetNumbers: AssetNumbersSchema,
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
    z.object({
      kind: z.literal('lost'),
      assetNumbers: AssetNumbersSchema,
      chargeCustomer: z.boolean().default(false),
      occurredAt: z.iso.datetime({ offset: true }).optional(),
    }),
  ],
  { error: 'Choose what happened: filled, shipped, returned, cleaned, damaged, lost or retired' },
)
export type KegScanManyInput = z.infer<typeof KegScanManySchema>

/** The kegs' settings: days a customer may hold a keg before it is flagged. */
export const KegSettingsSchema = z.object({
  daysOutLimit: z
    .number({ error: 'The limit is a number of days' })
    .int('Whole days')
    .min(1, 'At least one day')
    .max(365, 'At most 365 days'),
})
export type KegSettings = z.infer<typeof KegSettingsSchema>
export const DEFAULT_KEG_DAYS_OUT_LIMIT = 60

const FillSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  packageRunId: z.uuid(),
})

export const KegSchema = z.object({
  id: z.uuid(),
  assetNumber: z.string(),
  size: z.enum(KEG_SIZES),
  owner: z.enum(KEG_OWNERS),
  ownerName: z.string(),
  purchasedOn: z.string().nullable(),
  /** Null for a role that may not see costs. */
  costCents: z.number().int().nullable(),
  status: z.enum(KEG_STATUSES),
  since: z.string().nullable(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  fill: FillSchema.nullable(),
  /** Days at the customer (null elsewhere). */
  daysOut: z.number().int().nullable(),
})
export type Keg = z.infer<typeof KegSchema>

export const KegEventSchema = z.object({
  id: z.uuid(),
  kegId: z.uuid(),
  assetNumber: z.string(),
  kind: z.enum(KEG_EVENT_KINDS),
  occurredAt: z.string(),
  recordedBy: z.string().nullable(),
  batchId: z.uuid().nullable(),
  batchNumber: z.string().nullable(),
  productName: z.string().nullable(),
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  orderId: z.uuid().nullable(),
  orderNumber: z.string().nullable(),
  /** + charged, − credited or kept for a loss. */
  depositCents: z.number().int(),
  /** A lost keg's cost written off; what a customer is charged for a keg lost there. */
  writeOffCents: z.number().int(),
  chargedCents: z.number().int(),
  /** Where the keg is after this event. */
  status: z.enum(KEG_STATUSES),
  /** Returned: the credit note crediting its deposit on the invoice that charged it (ADR 350). */
  creditNoteNumber: z.string().nullable().default(null),
  /** Damaged or lost full at the brewery: the beer lost, in barrels, booked on the liquid ledger (ADR 351). */
  lossBarrels: z.number().nullable().default(null),
})
export type KegEvent = z.infer<typeof KegEventSchema>

export const KegDetailSchema = z.object({ keg: KegSchema, events: z.array(KegEventSchema) })
export type KegDetail = z.infer<typeof KegDetailSchema>

export const KegCustomerHoldingSchema = z.object({
  customerId: z.uuid(),
  customerName: z.string(),
  kegs: z.array(
    z.object({
      kegId: z.uuid(),
      assetNumber: z.string(),
      size: z.enum(KEG_SIZES),
      since: z.string(),
      daysOut: z.number().int(),
      isOverdue: z.boolean(),
      batchNumber: z.string().nullable(),
      productName: z.string().nullable(),
    }),
  ),
  /** The deposits the customer has paid on the kegs they hold (= the sum of those kegs' deposits). */
  depositBalanceCents: z.number().int(),
})
export type KegCustomerHolding = z.infer<typeof KegCustomerHoldingSchema>

export const KegBoardSchema = z.object({
  daysOutLimit: z.number().int(),
  atBrewery: z.object({
    clean: z.number().int(),
    dirty: z.number().int(),
    damaged: z.number().int(),
    full: z.array(z.object({ productName: z.string(), batchNumber: z.string(), count: z.number().int() })),
  }),
  atCustomers: z.number().int(),
  lost: z.number().int(),
  retired: z.number().int(),
  overdue: z.number().int(),
  customers: z.array(KegCustomerHoldingSchema),
})
export type KegBoard = z.infer<typeof KegBoardSchema>

/** A package run a keg can be filled from (a `packaged` event of a keg option). */
export const KegPackageRunSchema = z.object({
  id: z.uuid(),
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  packageType: z.string(),
  size: z.enum(KEG_SIZES),
  units: z.number().int(),
  filled: z.number().int(),
  occurredAt: z.string(),
})
export type KegPackageRun = z.infer<typeof KegPackageRunSchema>

/** An order kegs can be shipped on: its keg lines by size, and how many kegs are already scanned onto it. */
export const KegOrderSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  status: z.string(),
  sizes: z.array(
    z.object({
      size: z.enum(KEG_SIZES),
      ordered: z.number().int(),
      shipped: z.number().int(),
      depositCents: z.number().int(),
    }),
  ),
})
export type KegOrder = z.infer<typeof KegOrderSchema>

/** Trace: a keg's fills, each with its batch and the customer it went to. */
export const KegTraceSchema = z.object({
  assetNumber: z.string(),
  fills: z.array(
    z.object({
      filledAt: z.string(),
      batchId: z.uuid(),
      batchNumber: z.string(),
      productName: z.string(),
      shippedAt: z.string().nullable(),
      customerId: z.uuid().nullable(),
      customerName: z.string().nullable(),
      orderNumber: z.string().nullable(),
      returnedAt: z.string().nullable(),
    }),
  ),
})
export type KegTrace = z.infer<typeof KegTraceSchema>

export const kegObjectUri = (what: string) => `${OBJECT_URI_SCHEME}kegs/${what}`
export const isKegObjectUri = (objectUri: string) => objectUri.startsWith(`${OBJECT_URI_SCHEME}kegs/`)
