import {
  barrelsToUnits,
  batchBarrels,
  batchCostRow,
  centsPerBarrel,
  effectiveCostEvents,
  inventoryValueByMonth,
  DEFAULT_TIME_ZONE,
  monthsOf,
  spreadBatchCost,
  startOfDayIn,
  tankChangeOf,
  unitsToBarrels,
  fromScaled,
  scaledFromText,
  type BatchBasis,
  type BatchCost,
  type BatchCostLine,
  type CostsRead,
  type InventoryCategory,
  type LossBucket,
  type OptionTotal,
  type Period,
  type StockUnit,
  type TankBucket,
  type UnitCostRow,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { createCostRepository } from './cost.repository.ts'
import { createInventoryRepository, type InventoryRepository } from './inventory.repository.ts'
import { iso, mustHaveBatch } from './inventory.shared.ts'
// Costs: what a batch cost (FIFO lots it consumed and the packaging materials of its runs), the cost per unit of
// each packaging option, and the Reporting page's cost tables (docs/decisions/213, 219).

/** The month key of what moved before a cost report's range: earlier than any month, so in every month's total. */
const BEFORE_THE_RANGE = '0000-00'

export type PackagedRow = Awaited<ReturnType<InventoryRepository['finishedGoods']>>[number]
type MovementRow = Awaited<ReturnType<InventoryRepository['movementsOfBatch']>>[number]

/** Finished-goods kinds whose units are lost to the brewery: their cost is the period's loss (ADR 240). */
const LOSS_KINDS: ReadonlySet<string> = new Set(['broken', 'destroyed', 'dumped', 'lost'])

/** Which span of `bounds` an instant is in: 0 before the first, `i` from bound `i − 1` (as `width_bucket`). */
const spanOfInstant = (bounds: readonly Date[], at: Date) =>
  bounds.slice(0, -1).filter((bound) => bound.getTime() <= at.getTime()).length

/** What a batch drew on, per item, net of reversals, lot by lot; the shortfall not yet settled per item. */
function linesOf(rows: readonly MovementRow[]): BatchCostLine[] {
  const lines = new Map<string, BatchCostLine & { perLot: Map<string, BatchCostLine['lots'][number]> }>()
  for (const { movement, lotCode, item } of rows) {
    const line = lines.get(item.id) ?? {
      itemId: item.id,
      itemName: item.name,
      unit: item.unit as StockUnit,
      quantity: 0,
      costCents: 0,
      lots: [],
      shortfall: 0,
      perLot: new Map<string, BatchCostLine['lots'][number]>(),
    }
    lines.set(item.id, line)
    const quantity = scaledFromText(movement.quantity)
    if (movement.kind === 'shortfall') {
      line.shortfall += quantity
      continue
    }
    if (!movement.lotId) continue
    const lot = line.perLot.get(movement.lotId) ?? {
      lotId: movement.lotId,
      lotCode: lotCode ?? '',
      quantity: 0,
      costCents: 0,
    }
    line.perLot.set(movement.lotId, lot)
    lot.quantity -= quantity
    lot.costCents -= movement.costCents
  }
  return [...lines.values()].map(({ perLot, ...line }) => {
    const lots = [...perLot.values()].filter((lot) => lot.quantity !== 0 || lot.costCents !== 0)
    return {
      ...line,
      quantity: fromScaled(lots.reduce((sum, lot) => sum + lot.quantity, 0)),
      costCents: lots.reduce((sum, lot) => sum + lot.costCents, 0),
      lots: lots.map((lot) => ({ ...lot, quantity: fromScaled(lot.quantity) })),
      shortfall: fromScaled(Math.max(0, line.shortfall)),
    }
  })
}

/**
 * Costs of batches from their movements, packaged runs and liquid events: ingredients and materials lot by lot,
 * and the ingredient cost spread over all of each batch's barrels (`spreadBatchCost`, ADR 240).
 */
export async function costsOfBatches(db: Db, entityId: string, batchIds: string[], packaged: PackagedRow[]) {
  const [rows, events] = await Promise.all([
    createInventoryRepository(db).movementsOfBatch(entityId, batchIds),
    createCostRepository(db).liquidEventsOfBatches(entityId, batchIds),
  ])
  const barrels = batchBarrels(events.map((event) => ({ ...event, occurredAt: iso(event.occurredAt) })))
  const optionOfEvent = new Map(
    packaged.filter((row) => row.liquidEventId).map((row) => [row.liquidEventId!, row.packageId]),
  )
  const rowsOf = new Map<string, { ingredients: MovementRow[]; materials: MovementRow[] }>(
    batchIds.map((batchId) => [batchId, { ingredients: [], materials: [] }]),
  )
  const consumedOf = new Map<string, BatchCost['consumed']>(batchIds.map((batchId) => [batchId, []]))
  const materialsPerOption = new Map<string, Map<string, number>>(batchIds.map((id) => [id, new Map()]))
  for (const row of rows) {
    const { movement, lotCode, item } = row
    const batchId = movement.batchId!
    const spent = -movement.costCents
    const eventId = movement.stepKey?.startsWith('package:')
      ? movement.stepKey.slice('package:'.length)
      : null
    if (eventId) {
      rowsOf.get(batchId)!.materials.push(row)
      const option = optionOfEvent.get(eventId)
      const perOption = materialsPerOption.get(batchId)!
      if (option) perOption.set(option, (perOption.get(option) ?? 0) + spent)
    } else rowsOf.get(batchId)!.ingredients.push(row)
    consumedOf.get(batchId)!.push({
      itemId: item.id,
      itemName: item.name,
      lotId: movement.lotId,
      lotCode,
      stepKey: movement.stepKey,
      kind: movement.kind,
      quantity: fromScaled(-scaledFromText(movement.quantity)),
      unit: item.unit as StockUnit,
      costCents: spent,
    })
  }
  return new Map(
    batchIds.map((batchId) => {
      const ingredients = linesOf(rowsOf.get(batchId)!.ingredients)
      const materials = linesOf(rowsOf.get(batchId)!.materials)
      const ingredientCents = ingredients.reduce((sum, line) => sum + line.costCents, 0)
      const materialCents = materials.reduce((sum, line) => sum + line.costCents, 0)
      const options = new Map<string, { units: number; volumeBbl: number }>()
      for (const row of packaged) {
        if (row.batchId !== batchId || row.kind !== 'packaged') continue
        const option = options.get(row.packageId) ?? { units: 0, volumeBbl: 0 }
        option.units += row.units
        option.volumeBbl += Number(row.volumeBbl)
        options.set(row.packageId, option)
      }
      const barrelsOf = barrels.get(batchId) ?? { brewed: 0, packaged: 0, losses: 0, removed: 0, inTanks: 0 }
      const spread = spreadBatchCost(
        ingredientCents,
        barrelsOf,
        [...options].map(([packageId, option]) => ({
          packageId,
          units: option.units,
          volumeBbl: option.volumeBbl,
          materialCents: materialsPerOption.get(batchId)!.get(packageId) ?? 0,
        })),
      )
      return [
        batchId,
        {
          ingredientCents,
          materialCents,
          ingredients,
          materials,
          consumed: consumedOf.get(batchId)!,
          barrels: barrelsOf,
          spread,
          perOption: spread.options,
          incomplete: [...ingredients, ...materials].some((line) => line.shortfall > 0),
        },
      ] as const
    }),
  )
}
export type BatchCosts = Awaited<ReturnType<typeof costsOfBatches>>

/** Each packaging option's cost and units over every batch packaged into it (value = cost × on hand / units). */
export function optionTotals(costs: BatchCosts): Map<string, OptionTotal> {
  const totals = new Map<string, OptionTotal>()
  for (const cost of costs.values())
    for (const option of cost.perOption) {
      if (option.units <= 0) continue
      const total = totals.get(option.packageId) ?? { costCents: 0, units: 0 }
      total.costCents += option.costCents
      total.units += option.units
      totals.set(option.packageId, total)
    }
  return totals
}

export function createCostService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const costReads = createCostRepository(db)
  const service = {
    /**
     * What a batch cost: each ingredient and packaging material with the lots it drew from at their FIFO cost,
     * the total, its cost per barrel and its spread over the barrels (ADR 240); incomplete while a shortfall of
     * it is unsettled.
     */
    async batchCost(tenant: Tenant, batchId: string): Promise<BatchCost> {
      const batch = await mustHaveBatch(reads, tenant.entityId, batchId)
      const packaged = (await reads.finishedGoods(tenant.entityId)).filter((row) => row.batchId === batchId)
      const cost = (await costsOfBatches(db, tenant.entityId, [batchId], packaged)).get(batchId)!
      const { spread, barrels } = cost
      return {
        batchId,
        batchNumber: batch.number,
        ingredientCents: cost.ingredientCents,
        materialCents: cost.materialCents,
        totalCents: cost.ingredientCents + cost.materialCents,
        brewedBbl: Number(unitsToBarrels(spread.basisUnits)),
        costPerBblCents: centsPerBarrel(cost.ingredientCents, spread.basisUnits),
        inTanksBbl: Number(unitsToBarrels(Math.max(0, barrels.inTanks))),
        inTanksCents: spread.inTanksCents,
        lossBbl: Number(unitsToBarrels(barrels.losses)),
        lossCents: spread.lossCents,
        removedCents: spread.removedCents,
        unaccountedCents: spread.unaccountedCents,
        ingredients: cost.ingredients,
        materials: cost.materials,
        incomplete: cost.incomplete,
        consumed: cost.consumed,
        perOption: cost.perOption.map((option) => ({
          packageId: option.packageId,
          units: option.units,
          volumeBbl: option.volumeBbl,
          ingredientCents: option.ingredientCents,
          materialCents: option.materialCents,
          costCents: option.costCents,
          costPerUnitCents: option.costPerUnitCents,
        })),
      }
    },

    /**
     * The Reporting page's cost tables for a range of months (docs/decisions/219-cost-reports.md, 240): the
     * batches brewed in it with what they cost, each batch's packaging options run in it with their cost per unit,
     * and what the brewery held at each month's end — raw materials, beer in tanks, finished goods — with the
     * month's loss cost. The caller checks the permission.
     */
    async costReport(
      entityId: string,
      period: Period,
      timeZone: string = DEFAULT_TIME_ZONE,
      now = new Date(),
    ): Promise<CostsRead> {
      // The range and its months begin at midnight in the brewery's time zone (ADR 224).
      const months = monthsOf(period)
      const days = [...months.map((month) => `${month}-01`), period.to]
      const bounds = days.map((day) => startOfDayIn(day, timeZone))
      const [from, to] = [bounds[0], bounds.at(-1)!]
      const monthOfSpan = (span: number) => (span === 0 ? BEFORE_THE_RANGE : months[span - 1])
      const monthOfInstant = (at: Date) => monthOfSpan(spanOfInstant(bounds, at))
      const [brewed, started, goodsRows, stock, goods] = await Promise.all([
        reads.batchesBrewedIn(entityId, from, to),
        costReads.batchesStarted(entityId, to),
        reads.finishedGoods(entityId),
        costReads.stockValueBuckets(entityId, bounds, days),
        reads.finishedGoodsBuckets(entityId, bounds),
      ])
      const runs = goodsRows.filter((row) => row.kind === 'packaged' && row.batchId !== null)
      const runsInRange = runs.filter((row) => row.occurredAt >= from && row.occurredAt < to)
      const batchIds = [
        ...new Set([
          ...brewed.map((batch) => batch.id),
          ...started.map((batch) => batch.id),
          ...runs.map((row) => row.batchId!),
        ]),
      ]
      const [costs, numbers, events] = await Promise.all([
        costsOfBatches(db, entityId, batchIds, goodsRows),
        reads.batchNumbers(
          entityId,
          runsInRange.map((row) => row.batchId!),
        ),
        costReads.liquidEventsOfBatches(entityId, batchIds),
      ])
      const numberOf = new Map(numbers.map((row) => [row.id, row.number]))

      const batchRows = brewed.map((batch) => {
        const cost = costs.get(batch.id)!
        return batchCostRow({
          batchId: batch.id,
          batchNumber: batch.number,
          productName: batch.productName,
          brewedAt: iso(batch.brewedAt ?? batch.startedAt!),
          ingredientCents: cost.ingredientCents,
          materialCents: cost.materialCents,
          packaged: runs.filter((row) => row.batchId === batch.id),
          basisUnits: cost.spread.basisUnits,
          incomplete: cost.incomplete,
        })
      })

      // One row per batch and packaging option run in the range, named as its last run recorded them.
      const pairs = new Map<string, (typeof runsInRange)[number]>()
      for (const row of runsInRange) pairs.set(`${row.batchId}|${row.packageId}`, row)
      const unitRows: UnitCostRow[] = []
      for (const row of pairs.values()) {
        const option = costs.get(row.batchId!)!.perOption.find((o) => o.packageId === row.packageId)
        if (!option) continue
        unitRows.push({
          batchId: row.batchId!,
          batchNumber: numberOf.get(row.batchId!) ?? '',
          packageId: row.packageId,
          productName: row.productName,
          packageType: row.packageType,
          sku: row.sku,
          units: option.units,
          volumeBbl: unitsToBarrels(barrelsToUnits(option.volumeBbl)),
          ingredientCents: option.ingredientCents,
          materialCents: option.materialCents,
          costCents: option.costCents,
          costPerUnitCents: option.costPerUnitCents,
          incomplete: costs.get(row.batchId!)!.incomplete,
        })
      }

      // Beer in tanks and losses by month: each batch's bulk events before the range's end.
      const tanks: TankBucket[] = []
      const losses: LossBucket[] = []
      const basisOf = new Map<string, BatchBasis>()
      for (const [batchId, cost] of costs) {
        if (cost.spread.basisUnits > 0)
          basisOf.set(batchId, { ingredientCents: cost.ingredientCents, basisUnits: cost.spread.basisUnits })
      }
      for (const event of effectiveCostEvents(events)) {
        if (!event.batchId || event.occurredAt >= to) continue
        const change = tankChangeOf({ ...event, occurredAt: iso(event.occurredAt) })
        const month = monthOfInstant(event.occurredAt)
        if (change.inTanks !== 0) tanks.push({ month, batchId: event.batchId, units: change.inTanks })
        if (change.losses > 0) losses.push({ month, batchId: event.batchId, barrelUnits: change.losses })
      }
      // Nothing in a fermenter yet (brew day under way): the batch's whole cost is in progress from its start.
      for (const batch of started) {
        const cost = costs.get(batch.id)!
        if (cost.spread.basisUnits > 0 || !batch.startedAt) continue
        basisOf.set(batch.id, { ingredientCents: cost.ingredientCents, basisUnits: 1 })
        tanks.push({ month: monthOfInstant(batch.startedAt), batchId: batch.id, units: 1 })
      }
      for (const row of goodsRows)
        if (LOSS_KINDS.has(row.kind) && row.occurredAt >= from && row.occurredAt < to)
          losses.push({ month: monthOfInstant(row.occurredAt), packageId: row.packageId, units: -row.units })

      return {
        batches: batchRows,
        units: unitRows,
        inventoryValue: inventoryValueByMonth({
          months,
          now,
          timeZone,
          stock: stock.map((bucket) => ({
            month: monthOfSpan(bucket.span),
            category: bucket.category as InventoryCategory,
            costCents: Number(bucket.costCents),
          })),
          goods: goods.map((bucket) => ({
            month: monthOfSpan(bucket.span),
            packageId: bucket.packageId,
            units: Number(bucket.units),
          })),
          tanks,
          losses,
          batches: basisOf,
          options: optionTotals(costs),
        }),
      }
    },
  }
  return service
}
