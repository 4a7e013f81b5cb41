import { tinsethIbu } from '../brewing/ibu.ts'
import { positiveOrZero } from '../brewing/units.ts'
import { batchScale } from './batch-plan.ts'
import type { Recipe } from '../recipes/recipe.schema.ts'
import {
  convertStock,
  fromScaled,
  STOCK_UNIT_OF_WEIGHT,
  toScaled,
  type ScaledQuantity,
  type StockUnit,
} from './stock-units.ts'

// Inventory's rules as pure functions (docs/production.md "inventory_item, lot, stock_movement, reservation";
// docs/decisions/210-inventory-ledger.md): first-expiring allocation, on hand / reserved / available, FIFO cost
// per lot in integer cents, what a batch needs and costs, "Can we brew?", and the hop amount for a lot's
// measured alpha acid. Quantities are whole ten-thousandths of the item's unit (stock-units.ts); money is
// integer cents, never a binary fraction.

// ---------------------------------------------------------------------------------------------------------
// Lots and first-expiring allocation

/** What allocation needs of a lot: what is left, and the dates that order it. */
export type LotBalance = {
  lotId: string
  remaining: ScaledQuantity
  /** YYYY-MM-DD, or null when the lot does not expire. */
  bestBefore: string | null
  /** YYYY-MM-DD. */
  receivedOn: string
  /** Ties on both dates: the order the lots were recorded in. */
  sequence?: number
}

export type Allocation = { lotId: string; quantity: ScaledQuantity }

/** Lots in the order consumption takes them: first-expiring first, then oldest received, then first recorded. */
export function consumptionOrder<T extends LotBalance>(lots: readonly T[]): T[] {
  return [...lots].sort((a, b) => {
    if (a.bestBefore !== b.bestBefore) {
      if (a.bestBefore === null) return 1
      if (b.bestBefore === null) return -1
      return a.bestBefore < b.bestBefore ? -1 : 1
    }
    if (a.receivedOn !== b.receivedOn) return a.receivedOn < b.receivedOn ? -1 : 1
    return (a.sequence ?? 0) - (b.sequence ?? 0) || (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0)
  })
}

/**
 * Takes `needed` from the lots first-expiring first. Never takes more than a lot holds nor more than needed;
 * what the lots cannot give is the shortfall. With `usableOn` (YYYY-MM-DD), lots past their best-before on that
 * day are passed over.
 */
export function allocateFirstExpiring(
  lots: readonly LotBalance[],
  needed: ScaledQuantity,
  { usableOn }: { usableOn?: string } = {},
): { allocations: Allocation[]; shortfall: ScaledQuantity } {
  let left = Math.max(0, Math.trunc(needed))
  const allocations: Allocation[] = []
  for (const lot of consumptionOrder(lots)) {
    if (left === 0) break
    if (lot.remaining <= 0) continue
    if (usableOn && lot.bestBefore !== null && lot.bestBefore < usableOn) continue
    const take = Math.min(lot.remaining, left)
    allocations.push({ lotId: lot.lotId, quantity: take })
    left -= take
  }
  return { allocations, shortfall: left }
}

// ---------------------------------------------------------------------------------------------------------
// Balances from the ledger

/** The kinds of stock movement. `shortfall` records what a brew used beyond the stock; it moves no lot. */
export const STOCK_MOVEMENT_KINDS = [
  'received',
  'consumed',
  'consumption-reversed',
  'adjusted',
  'counted',
  'shortfall',
] as const
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number]

/** What a balance needs of a movement: its lot and signed quantity (in the item's unit, scaled). */
export type MovementLike = { lotId: string | null; kind: StockMovementKind; quantity: ScaledQuantity }

/** What each lot holds: the sum of the movements of that lot (a shortfall moves none). */
export function remainingByLot(movements: readonly MovementLike[]): Map<string, ScaledQuantity> {
  const remaining = new Map<string, ScaledQuantity>()
  for (const movement of movements) {
    if (movement.kind === 'shortfall' || movement.lotId === null) continue
    remaining.set(movement.lotId, (remaining.get(movement.lotId) ?? 0) + movement.quantity)
  }
  return remaining
}

/** An item's position: on hand, reserved by planned batches, available (may go below 0), and par. */
export type StockPosition = {
  onHand: ScaledQuantity
  reserved: ScaledQuantity
  available: ScaledQuantity
  parLevel: ScaledQuantity | null
  isBelowPar: boolean
}

/** On hand, reserved and available of an item; below par when available is under a par level that is set. */
export function stockPosition(
  onHand: ScaledQuantity,
  reserved: ScaledQuantity,
  parLevel: ScaledQuantity | null,
): StockPosition {
  const available = onHand - reserved
  return { onHand, reserved, available, parLevel, isBelowPar: parLevel !== null && available < parLevel }
}

// ---------------------------------------------------------------------------------------------------------
// Money: integer cents

/** The largest amount of money stored: 10 billion dollars in cents, well inside a double's exact integers. */
export const MAX_CENTS = 1_000_000_000_000

/** `numerator / denominator` rounded half up, for non-negative integers of any size. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n)
}

/** Dollars as written ("12", "12.5", "12.34", "$1,234.56") in cents; null when it is not such an amount. */
export function parseMoneyToCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const cents = Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents <= MAX_CENTS ? cents : null
}

/** Cents as dollars for people: `$1,234.56`. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US')
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

/** The cost of `quantity` at `unitCostCents` per unit, in cents (half up). */
export function costOfQuantityCents(unitCostCents: number, quantity: ScaledQuantity): number {
  if (unitCostCents <= 0 || quantity <= 0) return 0
  return Number(divideRounded(BigInt(Math.trunc(unitCostCents)) * BigInt(quantity), 10_000n))
}

/**
 * What `remaining` of a lot is worth: its total cost in proportion to what was received (half up). Every
 * movement's cost is the change of this value, so the costs of a lot's movements and its remaining value always
 * add up to exactly what was paid, cent for cent (FIFO cost per lot).
 */
export function lotValueCents(
  totalCostCents: number,
  receivedQuantity: ScaledQuantity,
  remaining: ScaledQuantity,
): number {
  if (totalCostCents <= 0 || receivedQuantity <= 0 || remaining <= 0) return 0
  return Number(
    divideRounded(BigInt(Math.trunc(totalCostCents)) * BigInt(remaining), BigInt(receivedQuantity)),
  )
}

/** The cost of a movement of a lot from `before` to `after` remaining: negative for an outflow. */
export function movementCostCents(
  lot: { totalCostCents: number; receivedQuantity: ScaledQuantity },
  before: ScaledQuantity,
  after: ScaledQuantity,
): number {
  return (
    lotValueCents(lot.totalCostCents, lot.receivedQuantity, after) -
    lotValueCents(lot.totalCostCents, lot.receivedQuantity, before)
  )
}

/** Shares `totalCents` in proportion to `weights` with largest remainders, so the shares add up exactly. */
export function shareCents(totalCents: number, weights: readonly number[]): number[] {
  const clean = weights.map((weight) => positiveOrZero(weight))
  const sum = clean.reduce((a, b) => a + b, 0)
  if (sum === 0 || totalCents === 0) return clean.map(() => 0)
  const exact = clean.map((weight) => (totalCents * weight) / sum)
  const shares = exact.map((value) => Math.floor(value))
  let left = totalCents - shares.reduce((a, b) => a + b, 0)
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }))
  order.sort((a, b) => b.rest - a.rest || a.index - b.index)
  for (const { index } of order) {
    if (left <= 0) break
    shares[index] += 1
    left -= 1
  }
  return shares
}

// ---------------------------------------------------------------------------------------------------------
// What a batch needs

/** Which part of the recipe a line comes from, and so when it is consumed (docs/decisions/211-consumption-points.md). */
export type DemandSource = 'grain' | 'hop' | 'other'

/** One recipe line of a batch, scaled to the batch's volume, in a stock unit. */
export type IngredientDemand = {
  source: DemandSource
  /** The recipe line's id. */
  entryId: string
  /** The brew step (or brew-start key) that consumes it: `grain:<id>`, `hop:<id>`, `other:<id>`. */
  stepKey: string
  /** The catalogue id, or the custom ingredient's id. */
  ingredientId: string
  name: string
  quantity: number
  unit: StockUnit
}

const nameOf = (ingredient: { id: string; name?: unknown }) =>
  typeof ingredient.name === 'string' && ingredient.name.trim() !== '' ? ingredient.name : ingredient.id

/**
 * Every ingredient line of a batch's snapshot scaled to its target volume: the grain bill, the hops and the
 * other ingredients. The yeast has no amount in a recipe, so it is not a demand.
 */
export function batchIngredientDemands(
  recipe: Pick<Recipe, 'yield' | 'grainBill' | 'hopsBill' | 'otherIngredients'>,
  targetVolumeBbl: number,
): IngredientDemand[] {
  const scale = batchScale(recipe, targetVolumeBbl)
  const demands: IngredientDemand[] = []
  // A stored snapshot is read defensively: a missing bill has no lines, a line without an amount needs nothing.
  const list = <T>(bill: T[] | undefined): T[] => (Array.isArray(bill) ? bill : [])
  const lines = [
    ...list(recipe.grainBill).map((entry) => ({ source: 'grain' as const, entry })),
    ...list(recipe.hopsBill).map((entry) => ({ source: 'hop' as const, entry })),
    ...list(recipe.otherIngredients).map((entry) => ({ source: 'other' as const, entry })),
  ]
  for (const { source, entry } of lines) {
    if (!entry?.amount) continue
    const unit = STOCK_UNIT_OF_WEIGHT[entry.amount.unit]
    const quantity = positiveOrZero(entry.amount.value) * scale
    if (!unit || quantity === 0) continue
    demands.push({
      source,
      entryId: entry.id,
      stepKey: `${source}:${entry.id}`,
      ingredientId: entry.ingredient.id,
      name: nameOf(entry.ingredient),
      quantity,
      unit,
    })
  }
  return demands
}

/** The demands summed per ingredient in each ingredient's unit (`unitOf`), as whole ten-thousandths. */
export function demandPerIngredient(
  demands: readonly IngredientDemand[],
  unitOf: (ingredientId: string, fallback: StockUnit) => StockUnit,
): Map<string, { name: string; unit: StockUnit; quantity: ScaledQuantity }> {
  const totals = new Map<string, { name: string; unit: StockUnit; exact: number }>()
  for (const demand of demands) {
    const unit = unitOf(demand.ingredientId, demand.unit)
    const total = totals.get(demand.ingredientId) ?? { name: demand.name, unit, exact: 0 }
    total.exact += convertStock(demand.quantity, demand.unit, unit)
    totals.set(demand.ingredientId, total)
  }
  return new Map(
    [...totals].map(([id, total]) => [
      id,
      { name: total.name, unit: total.unit, quantity: toScaled(total.exact) },
    ]),
  )
}

// ---------------------------------------------------------------------------------------------------------
// Can we brew?

/** One planned batch's need of one item, on its brew date. */
export type PlannedDemand = {
  batchId: string
  batchNumber: string
  /** The planned brew date, YYYY-MM-DD. */
  date: string
  itemId: string
  quantity: ScaledQuantity
}

/** A need that stock cannot meet: the batch and date it bites, and how much is missing. */
export type Shortfall = PlannedDemand & { available: ScaledQuantity; short: ScaledQuantity }

/**
 * Walks the planned batches in brew-date order, each taking its needs from the stock left by the ones before it
 * (first-expiring lots first, lots past their best-before on the brew date passed over), and lists every need
 * it cannot meet with the date it bites.
 */
export function canWeBrew(
  demands: readonly PlannedDemand[],
  lotsByItem: ReadonlyMap<string, readonly LotBalance[]>,
): Shortfall[] {
  const stock = new Map<string, LotBalance[]>()
  for (const [itemId, lots] of lotsByItem)
    stock.set(
      itemId,
      lots.map((lot) => ({ ...lot })),
    )
  const ordered = [...demands].sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.batchNumber < b.batchNumber ? -1 : a.batchNumber > b.batchNumber ? 1 : 0),
  )
  const shortfalls: Shortfall[] = []
  for (const demand of ordered) {
    const lots = stock.get(demand.itemId) ?? []
    const usable = lots
      .filter((lot) => lot.bestBefore === null || lot.bestBefore >= demand.date)
      .reduce((sum, lot) => sum + Math.max(0, lot.remaining), 0)
    const { allocations, shortfall } = allocateFirstExpiring(lots, demand.quantity, { usableOn: demand.date })
    for (const allocation of allocations) {
      const lot = lots.find((candidate) => candidate.lotId === allocation.lotId)!
      lot.remaining -= allocation.quantity
    }
    if (shortfall > 0) shortfalls.push({ ...demand, available: usable, short: shortfall })
  }
  return shortfalls
}

// ---------------------------------------------------------------------------------------------------------
// Batch cost and finished goods

/** One packaging option's runs of a batch: units, barrels and the packaging materials they consumed. */
export type PackagedOption = {
  packageId: string
  units: number
  volumeBbl: number
  materialCents: number
}

/** A packaging option's share of a batch's cost: its ingredients by barrels, plus its own materials. */
export type OptionCost = PackagedOption & {
  ingredientCents: number
  costCents: number
  /** Cents per unit, half up; null without units. */
  costPerUnitCents: number | null
}

/**
 * The cost of each packaging option of a batch: the batch's ingredient cost shared by the barrels packaged into
 * each option (exactly, largest remainders), plus the materials the option's runs consumed, per unit.
 */
export function costPerPackagedUnit(
  ingredientCents: number,
  options: readonly PackagedOption[],
): OptionCost[] {
  const shares = shareCents(
    Math.max(0, Math.trunc(ingredientCents)),
    options.map((option) => option.volumeBbl),
  )
  return options.map((option, index) => {
    const costCents = shares[index] + Math.max(0, Math.trunc(option.materialCents))
    return {
      ...option,
      ingredientCents: shares[index],
      costCents,
      costPerUnitCents: option.units > 0 ? Math.round(costCents / option.units) : null,
    }
  })
}

// ---------------------------------------------------------------------------------------------------------
// Hop lots are not the catalogue

/** What the hop amount for a lot's alpha acid depends on besides the amount. */
export type HopAlphaContext = {
  /** The recipe's alpha acid for the line, %. */
  recipeAlpha: number
  /** The lot's measured alpha acid, %. */
  lotAlpha: number
  /** Minutes the hop counts for (hopMinutes of brewing/ibu.ts); 0 adds no bitterness. */
  minutes: number
  /** The batch's volume, gallons. */
  gallons: number
  boilGravity: number
}

/**
 * The amount of a hop lot that gives the recipe line's IBU (Tinseth, brewing/ibu.ts) when the lot's alpha acid
 * differs from the recipe's, in the line's unit; the recipe amount itself when the addition adds no bitterness
 * (dry hop, no time) or an alpha acid is unknown.
 */
export function hopAmountForLotAlpha(
  amount: { value: number; unit: StockUnit },
  context: HopAlphaContext,
): { value: number; unit: StockUnit; targetIbu: number; lotIbu: number } {
  const ounces = convertStock(positiveOrZero(amount.value), amount.unit, 'oz')
  const { recipeAlpha, lotAlpha, minutes, gallons, boilGravity } = context
  const targetIbu = tinsethIbu(recipeAlpha, ounces, minutes, gallons, boilGravity)
  const ibuPerOunce = tinsethIbu(lotAlpha, 1, minutes, gallons, boilGravity)
  if (targetIbu === 0 || ibuPerOunce === 0 || !Number.isFinite(targetIbu / ibuPerOunce)) {
    return { value: positiveOrZero(amount.value), unit: amount.unit, targetIbu, lotIbu: targetIbu }
  }
  const lotOunces = targetIbu / ibuPerOunce
  const value = convertStock(lotOunces, 'oz', amount.unit)
  return {
    value: fromScaled(toScaled(value)),
    unit: amount.unit,
    targetIbu,
    lotIbu: tinsethIbu(lotAlpha, lotOunces, minutes, gallons, boilGravity),
  }
}
