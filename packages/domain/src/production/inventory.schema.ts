import { z } from 'zod'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { MAX_CENTS } from './inventory.ts'
import { TAX_FREE_REASONS } from './liquid-ledger.ts'
import { MAX_STOCK_QUANTITY, STOCK_UNITS } from './stock-units.ts'

// The inventory's shapes on the wire (docs/production.md "inventory_item, lot, stock_movement, reservation"):
// what a Manager sends to receive, adjust and count stock, and what every role reads. Quantities are decimals in
// the item's unit with 4 places (stock-units.ts), money integer cents. Ids of new records come from the browser.

export const INVENTORY_CATEGORIES = ['fermentable', 'hop', 'yeast', 'other', 'packaging'] as const
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number]
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  fermentable: 'Malt and fermentables',
  hop: 'Hops',
  yeast: 'Yeast',
  other: 'Other ingredients',
  packaging: 'Packaging materials',
}

/** A number the person typed: finite, refused with the field's name otherwise. */
const numberOf = (label: string) =>
  z.number({ error: `${label} must be a number` }).refine(Number.isFinite, `${label} must be a number`)
/** A quantity above 0 in stock (negative or zero quantities are refused, naming the field). */
export const positiveQuantity = (label = 'Quantity') =>
  numberOf(label)
    .refine((value) => value > 0, `${label} must be above 0`)
    .refine((value) => value <= MAX_STOCK_QUANTITY, `${label} is too large`)
const nonNegativeQuantity = (label: string) =>
  numberOf(label)
    .refine((value) => value >= 0, `${label} cannot be negative`)
    .refine((value) => value <= MAX_STOCK_QUANTITY, `${label} is too large`)
const percent = (label: string) =>
  numberOf(label).refine((value) => value >= 0 && value <= 100, `${label} is a percentage from 0 to 100`)
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01'
  }, 'Not a real date')
const text = (max: number) => z.string().trim().max(max)

export const StockUnitSchema = z.enum(STOCK_UNITS, { error: 'Choose a unit' })

/** A new inventory item: a catalogue ingredient, a custom one, or a packaging material. */
export const NewInventoryItemSchema = z.object({
  id: z.uuid(),
  name: text(200).min(1, 'Name is required'),
  category: z.enum(INVENTORY_CATEGORIES, { error: 'Choose a category' }),
  /** The recipe's ingredient id (the catalogue's, or a custom ingredient's); null for packaging materials. */
  ingredientId: text(200).min(1).nullable().default(null),
  unit: StockUnitSchema,
  /** Available quantity under which the item raises an alert; null for none. */
  parLevel: nonNegativeQuantity('Par level').nullable().default(null),
  /** For a packaging material: the packaging type whose units use it (the brewery's "16oz Cans"), and how many. */
  packageTypeId: text(200).min(1).nullable().default(null),
  perUnit: positiveQuantity('Per unit').nullable().default(null),
})
export type NewInventoryItem = z.infer<typeof NewInventoryItemSchema>

/** What may change of an item: its name, par level and packaging use (never its unit: the lots are in it). */
export const InventoryItemChangeSchema = NewInventoryItemSchema.pick({
  name: true,
  parLevel: true,
  packageTypeId: true,
  perUnit: true,
}).partial()
export type InventoryItemChange = z.infer<typeof InventoryItemChangeSchema>

/** Receive Stock: one lot. */
export const ReceiveLotSchema = z
  .object({
    id: z.uuid(),
    supplier: text(200).default(''),
    lotCode: text(100).default(''),
    receivedOn: isoDate,
    bestBefore: isoDate.nullable().default(null),
    quantity: positiveQuantity(),
    unit: StockUnitSchema,
    /** Cents per `unit`. */
    unitCostCents: numberOf('Unit cost')
      .refine((value) => Number.isInteger(value), 'Unit cost is a whole number of cents')
      .refine((value) => value >= 0 && value <= MAX_CENTS, 'Unit cost cannot be negative'),
    /** Hops: the lot's measured alpha acid, %. */
    alphaAcid: percent('Alpha acid').nullable().default(null),
    /** Malt: colour, °L. */
    colorLovibond: numberOf('Colour')
      .refine((value) => value >= 0 && value <= 1000, 'Colour is 0 to 1000 °L')
      .nullable()
      .default(null),
    /** Malt: extract (fine grind, dry basis), %. */
    extractPct: percent('Extract').nullable().default(null),
  })
  .refine((lot) => lot.bestBefore === null || lot.bestBefore >= lot.receivedOn, {
    message: 'Best-before is before the received date',
    path: ['bestBefore'],
  })
export type ReceiveLot = z.infer<typeof ReceiveLotSchema>

/** A manual adjustment: add to or remove from a lot (or, removing, first-expiring lots), with a reason. */
export const StockAdjustmentSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['add', 'remove'], { error: 'Choose add or remove' }),
  quantity: positiveQuantity(),
  unit: StockUnitSchema,
  /** The lot; null to remove from the first-expiring lots. Adding needs a lot. */
  lotId: z.uuid().nullable().default(null),
  reason: text(500).min(1, 'A reason is required'),
})
export type StockAdjustment = z.infer<typeof StockAdjustmentSchema>

/** A physical count of an item: what is really there; the difference to the books is the variance. */
export const StockCountSchema = z.object({
  id: z.uuid(),
  countedQuantity: nonNegativeQuantity('Counted quantity'),
  unit: StockUnitSchema,
  note: text(500).default(''),
})
export type StockCount = z.infer<typeof StockCountSchema>

/** Opening stock as CSV text (inventory-csv.ts reads it): previewed, then imported in one transaction. */
export const StockImportSchema = z.object({
  csv: z
    .string()
    .min(1, 'The file is empty')
    .max(500_000, 'The file is too large (500,000 characters at most)'),
})
export type StockImport = z.infer<typeof StockImportSchema>

export const FINISHED_GOODS_KINDS = [
  'packaged',
  'sold',
  'removed',
  'consumed',
  'returned',
  'broken',
  'destroyed',
  'received',
] as const
export type FinishedGoodsKind = (typeof FINISHED_GOODS_KINDS)[number]
/** What a person records by hand; `packaged` comes from packaging runs. */
export const MANUAL_FINISHED_GOODS_KINDS = [
  'sold',
  'removed',
  'consumed',
  'broken',
  'destroyed',
  'returned',
  'received',
] as const
export type ManualFinishedGoodsKind = (typeof MANUAL_FINISHED_GOODS_KINDS)[number]
export const FINISHED_GOODS_KIND_LABELS: Record<FinishedGoodsKind, string> = {
  packaged: 'Packaged',
  sold: 'Taxpaid sale',
  removed: 'Tax-free removal',
  consumed: 'Consumed on premises',
  returned: 'Return of an earlier removal',
  broken: 'Breakage',
  destroyed: 'Destruction',
  received: 'Received in bond',
}

/**
 * A removal of finished goods (taxpaid sale, tax-free with its reason, consumed on premises), breakage,
 * destruction, the return of an earlier removal, or packaged beer received in bond from another brewery. Each
 * lands on the liquid ledger with its TTB class (docs/production.md "Removals on the ledger"). An event dated in
 * a closed report period needs `priorPeriodAdjustment` (booked in the open period with a remark).
 */
export const FinishedGoodsMovementSchema = z
  .object({
    id: z.uuid(),
    packageId: z.uuid({ error: 'Choose a packaging option' }),
    kind: z.enum(MANUAL_FINISHED_GOODS_KINDS, { error: 'Choose what happened' }),
    units: numberOf('Units')
      .refine((value) => Number.isInteger(value) && value > 0, 'Units must be a whole number above 0')
      .refine((value) => value <= 10_000_000, 'Units is too large'),
    customer: text(200).default(''),
    reason: text(500).default(''),
    /** A tax-free removal's reason (27 CFR 25.191–25.196). */
    taxFreeReason: z
      .enum(TAX_FREE_REASONS, { error: 'Choose why it leaves without tax' })
      .nullable()
      .default(null),
    /** A return: the liquid event of the removal it comes back from. */
    returnOf: z.uuid({ error: 'Choose the removal it comes back from' }).nullable().default(null),
    /** The batch to take from; the oldest-packaged batch first when absent. */
    batchId: z.uuid().nullable().default(null),
    /** Received in bond: the brewery it came from. */
    fromBrewery: text(200).default(''),
    occurredAt: z.iso.datetime({ offset: true, error: 'Give the time as an ISO 8601 instant' }).optional(),
    priorPeriodAdjustment: z.boolean().default(false),
  })
  .superRefine((movement, ctx) => {
    if (movement.kind === 'removed' && !movement.taxFreeReason)
      ctx.addIssue({ code: 'custom', path: ['taxFreeReason'], message: 'Choose why it leaves without tax' })
    if (movement.kind !== 'removed' && movement.taxFreeReason)
      ctx.addIssue({
        code: 'custom',
        path: ['taxFreeReason'],
        message: 'Only a tax-free removal has a reason',
      })
    if (movement.kind === 'returned' && !movement.returnOf)
      ctx.addIssue({ code: 'custom', path: ['returnOf'], message: 'Choose the removal it comes back from' })
    if (movement.kind !== 'returned' && movement.returnOf)
      ctx.addIssue({ code: 'custom', path: ['returnOf'], message: 'Only a return names a removal' })
    if (movement.kind === 'received' && movement.fromBrewery.length === 0)
      ctx.addIssue({ code: 'custom', path: ['fromBrewery'], message: 'Name the brewery it came from' })
  })
export type FinishedGoodsMovement = z.output<typeof FinishedGoodsMovementSchema>
export type FinishedGoodsMovementInput = z.input<typeof FinishedGoodsMovementSchema>

// ---- reads ----

export const InventoryItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  ingredientId: z.string().nullable(),
  unit: StockUnitSchema,
  /**
   * The unit the person last received the item in (its latest lot's, when it converts), else the item's own: the
   * list shows the quantities in it, so 1000 lb received reads as 1,000 lb and not 453.59 kg (issue 34 defect 11).
   */
  enteredUnit: StockUnitSchema,
  parLevel: z.number().nullable(),
  packageTypeId: z.string().nullable(),
  perUnit: z.number().nullable(),
  onHand: z.number(),
  reserved: z.number(),
  available: z.number(),
  /** Null for a caller who may not see costs (viewCosts), like every money field of these reads. */
  valueCents: z.number().int().nullable(),
  isBelowPar: z.boolean(),
  createdAt: z.string(),
})
export type InventoryItem = z.infer<typeof InventoryItemSchema>

export const LotSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  supplier: z.string(),
  lotCode: z.string(),
  receivedOn: z.string(),
  bestBefore: z.string().nullable(),
  receivedQuantity: z.number(),
  enteredQuantity: z.number(),
  enteredUnit: StockUnitSchema,
  unitCostCents: z.number().int().nullable(),
  totalCostCents: z.number().int().nullable(),
  remaining: z.number(),
  valueCents: z.number().int().nullable(),
  alphaAcid: z.number().nullable(),
  colorLovibond: z.number().nullable(),
  extractPct: z.number().nullable(),
})
export type Lot = z.infer<typeof LotSchema>

export const StockMovementSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  lotId: z.uuid().nullable(),
  lotCode: z.string().nullable(),
  kind: z.enum(['received', 'consumed', 'consumption-reversed', 'adjusted', 'counted', 'shortfall']),
  quantity: z.number(),
  costCents: z.number().int().nullable(),
  batchId: z.uuid().nullable(),
  batchNumber: z.string().nullable(),
  stepKey: z.string().nullable(),
  reason: z.string(),
  occurredAt: z.string(),
  recordedBy: z.string().nullable(),
})
export type StockMovement = z.infer<typeof StockMovementSchema>

export const ReservationViewSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  plannedBrewDate: z.string(),
  quantity: z.number(),
})

export const InventoryItemDetailSchema = z.object({
  item: InventoryItemSchema,
  lots: z.array(LotSchema),
  movements: z.array(StockMovementSchema),
  reservations: z.array(ReservationViewSchema),
})
export type InventoryItemDetail = z.infer<typeof InventoryItemDetailSchema>

export const ShortfallViewSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  date: z.string(),
  /** Null when the brewery has no item of the ingredient yet. */
  itemId: z.uuid().nullable(),
  itemName: z.string(),
  unit: StockUnitSchema,
  needed: z.number(),
  available: z.number(),
  short: z.number(),
})
export type ShortfallView = z.infer<typeof ShortfallViewSchema>

export const CanWeBrewSchema = z.object({
  from: z.string(),
  to: z.string(),
  batches: z.array(
    z.object({
      batchId: z.uuid(),
      batchNumber: z.string(),
      productName: z.string(),
      plannedBrewDate: z.string(),
    }),
  ),
  shortfalls: z.array(ShortfallViewSchema),
})
export type CanWeBrew = z.infer<typeof CanWeBrewSchema>

export const FinishedGoodSchema = z.object({
  packageId: z.uuid(),
  productId: z.uuid().nullable(),
  productName: z.string(),
  packageType: z.string(),
  sku: z.string(),
  upc: z.string(),
  packaged: z.number().int(),
  onHand: z.number().int(),
  costPerUnitCents: z.number().int().nullable(),
  valueCents: z.number().int().nullable(),
})
export type FinishedGood = z.infer<typeof FinishedGoodSchema>

export const FinishedGoodsMovementViewSchema = z.object({
  id: z.uuid(),
  packageId: z.uuid(),
  kind: z.enum(FINISHED_GOODS_KINDS),
  units: z.number().int(),
  batchId: z.uuid().nullable(),
  liquidEventId: z.uuid().nullable(),
  ttbClass: z.string().nullable(),
  customer: z.string(),
  reason: z.string(),
  occurredAt: z.string(),
})
export type FinishedGoodsMovementView = z.infer<typeof FinishedGoodsMovementViewSchema>

/** What a write of finished goods answers: the rows it wrote (one per batch taken from) and their events. */
export const FinishedGoodsWriteResultSchema = z.object({
  movements: z.array(FinishedGoodsMovementViewSchema),
  liquidEventIds: z.array(z.uuid()),
})
export type FinishedGoodsWriteResult = z.infer<typeof FinishedGoodsWriteResultSchema>

/** An earlier removal of a packaging option and how much of it may still come back (a return's choice). */
export const ReturnableRemovalSchema = z.object({
  liquidEventId: z.uuid(),
  kind: z.enum(FINISHED_GOODS_KINDS),
  ttbClass: z.string(),
  batchId: z.uuid().nullable(),
  units: z.number().int(),
  returnedUnits: z.number().int(),
  returnableUnits: z.number().int(),
  customer: z.string(),
  occurredAt: z.string(),
})
export type ReturnableRemoval = z.infer<typeof ReturnableRemovalSchema>

/** An item a batch drew on, net of reversals: the lots it drew from, each at its FIFO cost. */
export const BatchCostLineSchema = z.object({
  itemId: z.uuid(),
  itemName: z.string(),
  unit: StockUnitSchema,
  /** Taken from lots, net, in the item's unit. */
  quantity: z.number(),
  costCents: z.number().int(),
  lots: z.array(
    z.object({
      lotId: z.uuid(),
      lotCode: z.string(),
      quantity: z.number(),
      costCents: z.number().int(),
    }),
  ),
  /** Used beyond the stock on record and not settled by a later receipt (no cost yet). */
  shortfall: z.number(),
})
export type BatchCostLine = z.infer<typeof BatchCostLineSchema>

/**
 * What a batch cost (docs/decisions/213-finished-goods-and-cost.md, 240-cost-follows-the-beer.md): its ingredients
 * and packaging materials lot by lot, the total, and the ingredient cost spread over all its barrels — packaged
 * (per option), in tanks (work in progress), lost or dumped, sampled or removed in bulk.
 */
export const BatchCostSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  ingredientCents: z.number().int(),
  materialCents: z.number().int(),
  totalCents: z.number().int(),
  /** The barrels the ingredient cost is spread over (brewed, or accounted for when more). */
  brewedBbl: z.number(),
  /** Ingredient cost per barrel, half up; null before anything is brewed into a fermenter. */
  costPerBblCents: z.number().int().nullable(),
  inTanksBbl: z.number(),
  /** Beer in tanks (work in progress): its barrels' share of the ingredients. */
  inTanksCents: z.number().int(),
  lossBbl: z.number(),
  /** Dumped or lost: its barrels' share, the period's loss cost. */
  lossCents: z.number().int(),
  /** Sampled or removed in bulk. */
  removedCents: z.number().int(),
  /** Brewed but found nowhere in the ledger (0 when it reconciles). */
  unaccountedCents: z.number().int(),
  ingredients: z.array(BatchCostLineSchema),
  materials: z.array(BatchCostLineSchema),
  /** A shortfall is unsettled: some of what the batch used has no cost yet, so its cost is incomplete. */
  incomplete: z.boolean(),
  consumed: z.array(
    z.object({
      itemId: z.uuid(),
      itemName: z.string(),
      lotId: z.uuid().nullable(),
      lotCode: z.string().nullable(),
      stepKey: z.string().nullable(),
      kind: z.string(),
      quantity: z.number(),
      unit: StockUnitSchema,
      costCents: z.number().int(),
    }),
  ),
  perOption: z.array(
    z.object({
      packageId: z.uuid(),
      units: z.number().int(),
      volumeBbl: z.number(),
      ingredientCents: z.number().int(),
      materialCents: z.number().int(),
      costCents: z.number().int(),
      costPerUnitCents: z.number().int().nullable(),
    }),
  ),
})
export type BatchCost = z.infer<typeof BatchCostSchema>

export const InventoryAlertSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemName: z.string(),
  unit: StockUnitSchema,
  available: z.number(),
  parLevel: z.number(),
  raisedAt: z.string(),
})
export type InventoryAlert = z.infer<typeof InventoryAlertSchema>

export const HopAmountSchema = z.object({
  stepKey: z.string(),
  name: z.string(),
  itemId: z.uuid().nullable(),
  lotId: z.uuid().nullable(),
  lotCode: z.string().nullable(),
  recipeAlpha: z.number().nullable(),
  lotAlpha: z.number().nullable(),
  recipeAmount: z.object({ value: z.number(), unit: StockUnitSchema }),
  suggestedAmount: z.object({ value: z.number(), unit: StockUnitSchema }),
  targetIbu: z.number(),
})
export type HopAmount = z.infer<typeof HopAmountSchema>

/** `brewcommand://inventory/{what}`: what the brewery's room hears after a stock change. */
export const inventoryObjectUri = (what: string) => `${OBJECT_URI_SCHEME}inventory/${what}`
export const isInventoryObjectUri = (objectUri: string) =>
  objectUri.startsWith(`${OBJECT_URI_SCHEME}inventory/`)
