import {
  barrelsToUnits,
  batchCostRow,
  inventoryValueByMonth,
  DEFAULT_TIME_ZONE,
  monthsOf,
  startOfDayIn,
  unitsToBarrels,
  type CostsRead,
  type Period,
  type UnitCostRow,
  costPerPackagedUnit,
  fromScaled,
  scaledFromText,
  type BatchCost,
  type InventoryCategory,
  type StockUnit,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { createInventoryRepository, type InventoryRepository } from './inventory.repository.ts'
import { iso, mustHaveBatch } from './inventory.shared.ts'

// Costs: what a batch cost (FIFO lots it consumed and the packaging materials of its runs), the cost per unit of
// each packaging option, and the Reporting page's cost tables (docs/decisions/213, 219).

/** The month key of what moved before a cost report's range: earlier than any month, so in every month's total. */
const BEFORE_THE_RANGE = '0000-00'

export type PackagedRow = Awaited<ReturnType<InventoryRepository['finishedGoods']>>[number]

/** Costs of batches from their movements and packaged runs: ingredients, materials, per option. */
export async function costsOfBatches(
  repo: InventoryRepository,
  entityId: string,
  batchIds: string[],
  packaged: PackagedRow[],
) {
  const rows = await repo.movementsOfBatch(entityId, batchIds)
  const optionOfEvent = new Map(
    packaged.filter((row) => row.liquidEventId).map((row) => [row.liquidEventId!, row.packageId]),
  )
  const costs = new Map<
    string,
    {
      ingredientCents: number
      materialCents: number
      materialsPerOption: Map<string, number>
      consumed: BatchCost['consumed']
    }
  >()
  for (const batchId of batchIds)
    costs.set(batchId, {
      ingredientCents: 0,
      materialCents: 0,
      materialsPerOption: new Map(),
      consumed: [],
    })
  for (const { movement, lotCode, item } of rows) {
    const cost = costs.get(movement.batchId!)!
    const spent = -movement.costCents
    const eventId = movement.stepKey?.startsWith('package:')
      ? movement.stepKey.slice('package:'.length)
      : null
    if (eventId) {
      cost.materialCents += spent
      const option = optionOfEvent.get(eventId)
      if (option) cost.materialsPerOption.set(option, (cost.materialsPerOption.get(option) ?? 0) + spent)
    } else cost.ingredientCents += spent
    cost.consumed.push({
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
      const cost = costs.get(batchId)!
      const options = new Map<string, { units: number; volumeBbl: number }>()
      for (const row of packaged) {
        if (row.batchId !== batchId || row.kind !== 'packaged') continue
        const option = options.get(row.packageId) ?? { units: 0, volumeBbl: 0 }
        option.units += row.units
        option.volumeBbl += Number(row.volumeBbl)
        options.set(row.packageId, option)
      }
      const perOption = costPerPackagedUnit(
        cost.ingredientCents,
        [...options].map(([packageId, option]) => ({
          packageId,
          units: option.units,
          volumeBbl: option.volumeBbl,
          materialCents: cost.materialsPerOption.get(packageId) ?? 0,
        })),
      )
      return [batchId, { ...cost, perOption }] as const
    }),
  )
}

/** Each packaging option's cost per unit over every batch packaged into it (its cost over its units, half up). */
export function costPerUnitOfOptions(costs: Awaited<ReturnType<typeof costsOfBatches>>) {
  const totals = new Map<string, { costCents: number; units: number }>()
  for (const cost of costs.values())
    for (const option of cost.perOption) {
      if (option.units <= 0) continue
      const total = totals.get(option.packageId) ?? { costCents: 0, units: 0 }
      total.costCents += option.costCents
      total.units += option.units
      totals.set(option.packageId, total)
    }
  return new Map(
    [...totals].map(([packageId, total]) => [packageId, Math.round(total.costCents / total.units)] as const),
  )
}

export function createCostService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    /** What a batch cost: the lots it consumed, the packaging materials of its runs, per packaging option. */
    async batchCost(tenant: Tenant, batchId: string): Promise<BatchCost> {
      const batch = await mustHaveBatch(reads, tenant.entityId, batchId)
      const packaged = (await reads.finishedGoods(tenant.entityId)).filter((row) => row.batchId === batchId)
      const cost = (await costsOfBatches(reads, tenant.entityId, [batchId], packaged)).get(batchId)!
      return {
        batchId,
        batchNumber: batch.number,
        ingredientCents: cost.ingredientCents,
        materialCents: cost.materialCents,
        totalCents: cost.ingredientCents + cost.materialCents,
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
     * The Reporting page's cost tables for a range of months (docs/decisions/219-cost-reports.md): the batches
     * brewed in it with what they cost, each batch's packaging options run in it with their cost per unit, and
     * the stock and finished goods held at each month's end. The caller checks the permission.
     */
    async costReport(
      entityId: string,
      period: Period,
      timeZone: string = DEFAULT_TIME_ZONE,
      now = new Date(),
    ): Promise<CostsRead> {
      // The range and its months begin at midnight in the brewery's time zone (ADR 224).
      const months = monthsOf(period)
      const bounds = [
        ...months.map((month) => startOfDayIn(`${month}-01`, timeZone)),
        startOfDayIn(period.to, timeZone),
      ]
      const [from, to] = [bounds[0], bounds.at(-1)!]
      const monthOfSpan = (span: number) => (span === 0 ? BEFORE_THE_RANGE : months[span - 1])
      const [brewed, goodsRows, stock, goods] = await Promise.all([
        reads.batchesBrewedIn(entityId, from, to),
        reads.finishedGoods(entityId),
        reads.stockValueBuckets(entityId, bounds),
        reads.finishedGoodsBuckets(entityId, bounds),
      ])
      const runs = goodsRows.filter((row) => row.kind === 'packaged' && row.batchId !== null)
      const runsInRange = runs.filter((row) => row.occurredAt >= from && row.occurredAt < to)
      const batchIds = [...new Set([...brewed.map((batch) => batch.id), ...runs.map((row) => row.batchId!)])]
      const [costs, numbers] = await Promise.all([
        costsOfBatches(reads, entityId, batchIds, goodsRows),
        reads.batchNumbers(
          entityId,
          runsInRange.map((row) => row.batchId!),
        ),
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
        })
      }

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
          costPerUnitCents: costPerUnitOfOptions(costs),
        }),
      }
    },
  }
  return service
}
