import {
  canConvertStock,
  convertStock,
  convertToScaled,
  fromScaled,
  lotValueCents,
  scaledFromText,
  stockPosition,
  MAX_STOCK_QUANTITY,
  type IngredientDemand,
  type InventoryCategory,
  type InventoryItem,
  type Lot,
  type LotBalance,
  type Recipe,
  type ScaledQuantity,
  type StockUnit,
} from '@brewcommand/domain'
import { AppError } from '../../errors.ts'
import type { BatchRow, InventoryRepository, ItemRow, LotRow } from './inventory.repository.ts'

// What every part of inventory uses: the refusals, a lot's state and its views, an item's view, the item of a
// recipe ingredient, the batch (docs/production.md; docs/decisions/210–214).

export const itemNotFound = () => new AppError('NOT_FOUND', 'Inventory item not found.')
export const batchNotFound = () => new AppError('NOT_FOUND', 'Batch not found.')
export const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }])

/** The largest quantity a row holds, as whole ten-thousandths. */
export const MAX_SCALED = MAX_STOCK_QUANTITY * 10_000

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** Brew day never fails on a unit: an amount in a unit that does not measure the item counts as nothing. */
export const convertStockOr0 = (value: number, from: StockUnit, to: StockUnit) =>
  canConvertStock(from, to) ? convertStock(value, from, to) : 0
/** What a par-level alert is about (one open alert per item). */
export const parSubject = (itemId: string) => `item:${itemId}`
export const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value)

/** A lot with what remains of it, as whole ten-thousandths of its item's unit. */
export type LotState = { row: LotRow; remaining: ScaledQuantity; received: ScaledQuantity }

export const lotState = ({ lot, remaining }: { lot: LotRow; remaining: string }): LotState => ({
  row: lot,
  remaining: scaledFromText(remaining),
  received: scaledFromText(lot.receivedQuantity),
})
export const lotBalance = (state: LotState, sequence: number): LotBalance => ({
  lotId: state.row.id,
  remaining: state.remaining,
  bestBefore: state.row.bestBefore,
  receivedOn: state.row.receivedOn,
  sequence,
})
export const lotValue = (state: LotState) =>
  lotValueCents(state.row.totalCostCents, state.received, state.remaining)

export const CATEGORY_OF_SOURCE: Record<IngredientDemand['source'], InventoryCategory> = {
  grain: 'fermentable',
  hop: 'hop',
  other: 'other',
}

/** What a consumption took: per lot, and what the stock could not give. */
export type Consumption = {
  itemId: string
  itemName: string
  unit: StockUnit
  stepKey: string
  taken: { lotId: string; lotCode: string; quantity: number; costCents: number }[]
  shortfall: number
  costCents: number
  /** Lot codes on hold that first-expiring passed by (ADR 303); absent when none was. */
  heldPassedBy?: string[]
}

/** The `details` keys inventory reads of a liquid event of kind 'packaged' (docs/decisions/213-finished-goods-and-cost.md). */
export type PackagedEventDetails = { packageId: string; units: number }

/** The unit of the item's latest receipt (by day received, then when recorded) when it converts, else the item's. */
function enteredUnitOf(item: ItemRow, lotsOfItem: LotState[]): StockUnit {
  const itemUnit = item.unit as StockUnit
  const latest = [...lotsOfItem].sort(
    (a, b) =>
      b.row.receivedOn.localeCompare(a.row.receivedOn) ||
      b.row.recordedAt.getTime() - a.row.recordedAt.getTime(),
  )[0]
  const entered = latest?.row.enteredUnit as StockUnit | undefined
  return entered && canConvertStock(entered, itemUnit) ? entered : itemUnit
}

export function itemView(item: ItemRow, lotsOfItem: LotState[], reserved: ScaledQuantity): InventoryItem {
  const onHand = lotsOfItem.reduce((sum, lot) => sum + lot.remaining, 0)
  const par = item.parLevel === null ? null : scaledFromText(item.parLevel)
  const position = stockPosition(onHand, reserved, par)
  return {
    id: item.id,
    name: item.name,
    category: item.category as InventoryCategory,
    ingredientId: item.ingredientId,
    unit: item.unit as StockUnit,
    enteredUnit: enteredUnitOf(item, lotsOfItem),
    parLevel: par === null ? null : fromScaled(par),
    packageTypeId: item.packageTypeId,
    perUnit: item.perUnit === null ? null : Number(item.perUnit),
    onHand: fromScaled(position.onHand),
    reserved: fromScaled(position.reserved),
    available: fromScaled(position.available),
    valueCents: lotsOfItem.reduce((sum, lot) => sum + lotValue(lot), 0),
    isBelowPar: position.isBelowPar,
    createdAt: iso(item.createdAt),
  }
}

export function lotView(state: LotState): Lot {
  const { row } = state
  return {
    id: row.id,
    itemId: row.itemId,
    supplier: row.supplier,
    lotCode: row.lotCode,
    receivedOn: row.receivedOn,
    bestBefore: row.bestBefore,
    receivedQuantity: fromScaled(state.received),
    enteredQuantity: Number(row.enteredQuantity),
    enteredUnit: row.enteredUnit as StockUnit,
    unitCostCents: row.unitCostCents,
    totalCostCents: row.totalCostCents,
    remaining: fromScaled(state.remaining),
    valueCents: lotValue(state),
    alphaAcid: row.alphaAcid,
    colorLovibond: row.colorLovibond,
    extractPct: row.extractPct,
  }
}

/**
 * The brewery's items with their lots and reservations (only `itemIds` when given: a write answers its one
 * item without reading every lot of the brewery). One query after the other: `repo` may be a write's
 * transaction, one connection (ADR 380).
 */
export async function listItems(
  repo: InventoryRepository,
  entityId: string,
  itemIds?: string[],
  /** The items' rows when the caller holds them as they are (a write that locked its item and left it be). */
  rows?: ItemRow[],
): Promise<InventoryItem[]> {
  const items = rows ?? (await repo.items(entityId, itemIds))
  const lotRows = await repo.lotsWithRemaining(entityId, itemIds)
  const reserved = await repo.reservedPerItem(entityId, itemIds)
  const lotsByItem = new Map<string, LotState[]>()
  for (const row of lotRows) {
    const state = lotState(row)
    lotsByItem.set(row.lot.itemId, [...(lotsByItem.get(row.lot.itemId) ?? []), state])
  }
  const reservedByItem = new Map(reserved.map((row) => [row.itemId, scaledFromText(row.reserved)]))
  return items.map((item) => itemView(item, lotsByItem.get(item.id) ?? [], reservedByItem.get(item.id) ?? 0))
}

/** The quantity in the item's unit, or a 400 naming `path` when the unit does not measure the item. */
export function inItemUnit(item: ItemRow, quantity: number, unit: StockUnit, path: string): ScaledQuantity {
  const itemUnit = item.unit as StockUnit
  if (!canConvertStock(unit, itemUnit)) {
    throw invalid(path, `${item.name} is kept in ${itemUnit}; ${unit} cannot be converted to it`)
  }
  const scaled = convertToScaled(quantity, unit, itemUnit)
  if (scaled > MAX_SCALED)
    throw invalid(path.replace(/unit$/, 'quantity'), `Quantity is too large in ${itemUnit}`)
  return scaled
}

/** The item of a recipe ingredient, created (named after it, in the line's unit) when the brewery has none. */
export async function itemForIngredient(
  repo: InventoryRepository,
  entityId: string,
  ingredient: { id: string; name: string; category: InventoryCategory; unit: StockUnit },
): Promise<ItemRow> {
  const found = await repo.itemByIngredient(entityId, ingredient.id)
  if (found) return found
  const created = await repo.insertItem({
    id: crypto.randomUUID(),
    entityId,
    name: ingredient.name.slice(0, 200),
    category: ingredient.category,
    ingredientId: ingredient.id,
    unit: ingredient.unit,
  })
  return created ?? (await repo.itemByIngredient(entityId, ingredient.id))
}

export async function mustHaveBatch(
  repo: InventoryRepository,
  entityId: string,
  batchId: string,
): Promise<BatchRow> {
  const batch = await repo.batch(entityId, batchId)
  if (!batch) throw batchNotFound()
  return batch
}

export const snapshotOf = (batch: BatchRow) => batch.recipeSnapshot as unknown as Recipe
