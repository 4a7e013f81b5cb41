import { z } from 'zod'
import { BARREL_UNITS, barrelsToUnits, roundHalfAway, unitsToBarrels } from './barrels.ts'
import { INVENTORY_CATEGORIES, type InventoryCategory } from './inventory.schema.ts'
import { monthOf, parsePeriod } from './reporting.schema.ts'
import { DEFAULT_TIME_ZONE, startOfDayIn, todayIn } from './time-zone.ts'

// The Reporting page's cost tables (docs/decisions/219-cost-reports.md): what each batch brewed in a range cost,
// what each unit packaged in it cost, and what the stock and finished goods were worth at each month's end.
// The figures come from inventory's FIFO movements (docs/decisions/213-finished-goods-and-cost.md); money is
// integer cents, barrels exact in hundred-thousandths.

const cents = z.number().int()

export const BatchCostRowSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  productName: z.string(),
  /** When brew day finished (or started, while it runs): the batch's month in the range. */
  brewedAt: z.string(),
  ingredientCents: cents,
  materialCents: cents,
  totalCents: cents,
  packagedUnits: z.number().int(),
  /** Barrels packaged so far, exact (`unitsToBarrels`). */
  packagedBbl: z.string(),
  /** Barrels the ingredient cost is spread over: those brewed (ADR 240), exact. */
  brewedBbl: z.string(),
  /** Ingredient cost over all the batch's barrels (not only those packaged so far), half up; null before any. */
  costPerBblCents: cents.nullable(),
  /** A shortfall of the batch is not settled yet: some of what it used has no cost on record. */
  incomplete: z.boolean(),
})
export type BatchCostRow = z.infer<typeof BatchCostRowSchema>

export const UnitCostRowSchema = z.object({
  batchId: z.string(),
  batchNumber: z.string(),
  packageId: z.string(),
  productName: z.string(),
  packageType: z.string(),
  sku: z.string(),
  /** The batch's units in this packaging option, all its runs. */
  units: z.number().int(),
  volumeBbl: z.string(),
  /** The batch's ingredient cost shared by the barrels packaged into each option. */
  ingredientCents: cents,
  /** The packaging materials this option's runs consumed. */
  materialCents: cents,
  costCents: cents,
  costPerUnitCents: cents.nullable(),
  /** The batch's cost is incomplete (an unsettled shortfall), so this unit cost is too. */
  incomplete: z.boolean(),
})
export type UnitCostRow = z.infer<typeof UnitCostRowSchema>

export const InventoryValueRowSchema = z.object({
  month: z.string(),
  /** The instant valued: the month's end, or now for the month under way. */
  asOf: z.string(),
  /** Raw materials: each category's lots, at their FIFO cost. */
  categories: z.record(z.enum(INVENTORY_CATEGORIES), cents),
  /** Beer in tanks (work in progress) at its batch's cost per barrel. */
  wipCents: cents,
  finishedGoodsCents: cents,
  /** Raw materials + beer in tanks + finished goods. */
  totalCents: cents,
  /** The cost of the beer dumped, lost or broken in the month (not in the total: it left the brewery's value). */
  lossCents: cents,
})
export type InventoryValueRow = z.infer<typeof InventoryValueRowSchema>

export const CostsReadSchema = z.object({
  batches: z.array(BatchCostRowSchema),
  units: z.array(UnitCostRowSchema),
  inventoryValue: z.array(InventoryValueRowSchema),
})
export type CostsRead = z.infer<typeof CostsReadSchema>

/** Cents per barrel for a cost over exact barrel units, half up; null without barrels. */
export function centsPerBarrel(costCents: number, barrelUnits: number): number | null {
  if (barrelUnits <= 0) return null
  if (Number.isSafeInteger(costCents * BARREL_UNITS))
    return roundHalfAway(costCents * BARREL_UNITS, barrelUnits)
  // Beyond 2^53: the same rounding in big integers.
  const value = BigInt(costCents) * BigInt(BARREL_UNITS)
  const divisor = BigInt(barrelUnits)
  const magnitude = value < 0n ? -value : value
  const quotient = magnitude / divisor + ((magnitude % divisor) * 2n >= divisor ? 1n : 0n)
  return Number(value < 0n ? -quotient : quotient)
}

/** A batch's cost row: its ingredient and material cents and the barrels and units packaged from it. */
export function batchCostRow(batch: {
  batchId: string
  batchNumber: string
  productName: string
  brewedAt: string
  ingredientCents: number
  materialCents: number
  packaged: readonly { units: number; volumeBbl: string | number }[]
  /** The barrels the ingredient cost is spread over (`spreadBatchCost`'s basis), in barrel units. */
  basisUnits: number
  incomplete: boolean
}): BatchCostRow {
  const totalCents = batch.ingredientCents + batch.materialCents
  const barrelUnits = batch.packaged.reduce((sum, run) => sum + barrelsToUnits(run.volumeBbl), 0)
  return {
    batchId: batch.batchId,
    batchNumber: batch.batchNumber,
    productName: batch.productName,
    brewedAt: batch.brewedAt,
    ingredientCents: batch.ingredientCents,
    materialCents: batch.materialCents,
    totalCents,
    packagedUnits: batch.packaged.reduce((sum, run) => sum + run.units, 0),
    packagedBbl: unitsToBarrels(barrelUnits),
    brewedBbl: unitsToBarrels(batch.basisUnits),
    costPerBblCents: centsPerBarrel(batch.ingredientCents, batch.basisUnits),
    incomplete: batch.incomplete,
  }
}

/** Stock movement costs summed per month and category (a month key like 2026-08). */
export type StockValueBucket = { month: string; category: InventoryCategory; costCents: number }
/** Finished-goods units moved per month and packaging option (packaged +, removed −). */
export type FinishedGoodsBucket = { month: string; packageId: string; units: number }
/** A batch's barrels moved into (+) or out of (−) tanks in a month, in barrel units. */
export type TankBucket = { month: string; batchId: string; units: number }
/** Barrels of a batch dumped or lost in a month (barrel units), or units of a packaging option broken or destroyed. */
export type LossBucket =
  | { month: string; batchId: string; barrelUnits: number }
  | { month: string; packageId: string; units: number }
/** A batch's ingredient cost and the barrels it is spread over (`spreadBatchCost`). */
export type BatchBasis = { ingredientCents: number; basisUnits: number }
/** A packaging option's cost over every batch packaged into it, and its units. */
export type OptionTotal = { costCents: number; units: number }

/** A share of `cents` in the proportion `part / whole`, exact (not rounded); 0 without a whole. */
const exactShare = (cents: number, part: number, whole: number) => (whole > 0 ? (cents * part) / whole : 0)

/**
 * What the brewery held at the end of each month of `months` (the month under way: as of `now`; later months are
 * left out), and what it lost in each (docs/decisions/219-cost-reports.md, 240-cost-follows-the-beer.md).
 * Raw materials are worth their movements' FIFO costs summed (a receipt adds its cost, dated the lot's received
 * day; a consumption takes the cost of what it took, so the sum is each lot's remaining value exactly). Beer in
 * tanks is worth its batch's ingredient cost per barrel (`batches`) times the barrels in tanks then; finished goods
 * their option's cost per unit (`options`, over every batch packaged into it) times the units on hand then, none
 * below zero. Losses: the barrels dumped or lost at their batch's cost per barrel, the units broken or destroyed
 * at their option's. Each figure is summed exactly and rounded once, to the cent, at the end.
 */
export function inventoryValueByMonth({
  months,
  now,
  timeZone = DEFAULT_TIME_ZONE,
  stock,
  goods,
  tanks = [],
  losses = [],
  batches = new Map(),
  options,
}: {
  months: readonly string[]
  now: Date
  /** Where the brewery's months begin (ADR 224). */
  timeZone?: string
  stock: readonly StockValueBucket[]
  goods: readonly FinishedGoodsBucket[]
  tanks?: readonly TankBucket[]
  losses?: readonly LossBucket[]
  batches?: ReadonlyMap<string, BatchBasis>
  options: ReadonlyMap<string, OptionTotal>
}): InventoryValueRow[] {
  const current = monthOf(todayIn(timeZone, now))
  const rows: InventoryValueRow[] = []
  const perBarrel = (batchId: string, units: number) => {
    const basis = batches.get(batchId)
    return basis ? exactShare(basis.ingredientCents, units, basis.basisUnits) : 0
  }
  const perUnit = (packageId: string, units: number) => {
    const option = options.get(packageId)
    return option ? exactShare(option.costCents, units, option.units) : 0
  }
  for (const month of months) {
    if (month > current) break
    const categories = Object.fromEntries(INVENTORY_CATEGORIES.map((category) => [category, 0])) as Record<
      InventoryCategory,
      number
    >
    for (const bucket of stock) if (bucket.month <= month) categories[bucket.category] += bucket.costCents
    const onHand = new Map<string, number>()
    for (const bucket of goods)
      if (bucket.month <= month)
        onHand.set(bucket.packageId, (onHand.get(bucket.packageId) ?? 0) + bucket.units)
    let finishedGoods = 0
    for (const [packageId, units] of onHand) finishedGoods += perUnit(packageId, Math.max(0, units))
    const inTanks = new Map<string, number>()
    for (const bucket of tanks)
      if (bucket.month <= month)
        inTanks.set(bucket.batchId, (inTanks.get(bucket.batchId) ?? 0) + bucket.units)
    let wip = 0
    for (const [batchId, units] of inTanks) wip += perBarrel(batchId, Math.max(0, units))
    let lost = 0
    for (const bucket of losses)
      if (bucket.month === month)
        lost +=
          'batchId' in bucket
            ? perBarrel(bucket.batchId, bucket.barrelUnits)
            : perUnit(bucket.packageId, bucket.units)
    const stockCents = INVENTORY_CATEGORIES.reduce((sum, category) => sum + categories[category], 0)
    const wipCents = Math.round(wip)
    const finishedGoodsCents = Math.round(finishedGoods)
    rows.push({
      month,
      asOf: month === current ? now.toISOString() : monthEnd(month, timeZone),
      categories,
      wipCents,
      finishedGoodsCents,
      totalCents: stockCents + wipCents + finishedGoodsCents,
      lossCents: Math.round(lost),
    })
  }
  return rows
}

/** The first instant after a month in a time zone (2026-08, UTC → 2026-09-01T00:00:00.000Z). */
function monthEnd(month: string, timeZone: string): string {
  return startOfDayIn(parsePeriod(month)!.to, timeZone).toISOString()
}

/** Integer cents as a plain decimal for a spreadsheet ('1234.50', '-0.05'); null stays empty. */
export function decimalOfCents(cents: number | null): string | null {
  if (cents === null) return null
  const sign = cents < 0 ? '-' : ''
  const magnitude = Math.abs(cents)
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`
}
