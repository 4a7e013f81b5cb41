import {
  todayIn,
  batchIngredientDemands,
  canConvertStock,
  canWeBrew,
  demandPerIngredient,
  fromScaled,
  type CanWeBrew,
  type LotBalance,
  type PlannedDemand,
  type StockUnit,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { createInventoryRepository, type BatchRow, type InventoryRepository } from './inventory.repository.ts'
import { addDays, lotState, lotBalance, mustHaveBatch, snapshotOf } from './inventory.shared.ts'

// Can we brew? The planned batches' demands against the lots on hand, first-expiring first.

export async function shortfalls(
  repo: InventoryRepository,
  entityId: string,
  planned: BatchRow[],
): Promise<CanWeBrew['shortfalls']> {
  const demandsPerBatch = planned.map((batch) => ({
    batch,
    demands: batchIngredientDemands(snapshotOf(batch), Number(batch.targetVolumeBbl)),
  }))
  const ingredientIds = [
    ...new Set(demandsPerBatch.flatMap(({ demands }) => demands.map((demand) => demand.ingredientId))),
  ]
  const items = await repo.itemsByIngredients(entityId, ingredientIds)
  const itemOf = new Map(items.map((item) => [item.ingredientId!, item]))
  const allLots = await repo.lotsWithRemaining(
    entityId,
    items.map((item) => item.id),
  )
  // Stock on hold (a recall, ADR 303) is not there to brew with: the warning before brew day counts without it.
  const held = await repo.heldLotIds(
    entityId,
    allLots.map((row) => row.lot.id),
  )
  const lotRows = allLots.filter((row) => !held.has(row.lot.id))
  const lotsByItem = new Map<string, LotBalance[]>()
  lotRows.forEach((row, index) => {
    const balance = lotBalance(lotState(row), index)
    lotsByItem.set(row.lot.itemId, [...(lotsByItem.get(row.lot.itemId) ?? []), balance])
  })
  const planned_: PlannedDemand[] = []
  const names = new Map<string, { name: string; unit: StockUnit; itemId: string | null }>()
  for (const { batch, demands } of demandsPerBatch) {
    const totals = demandPerIngredient(demands, (id, fallback) => {
      const item = itemOf.get(id)
      return item && canConvertStock(fallback, item.unit as StockUnit) ? (item.unit as StockUnit) : fallback
    })
    for (const [ingredientId, total] of totals) {
      const item = itemOf.get(ingredientId)
      // Without an item the brewery has none of it: the key is the ingredient, with no lots.
      const key = item && item.unit === total.unit ? item.id : `ingredient:${ingredientId}`
      names.set(key, {
        name: item?.name ?? total.name,
        unit: total.unit,
        itemId: item && key === item.id ? item.id : null,
      })
      planned_.push({
        batchId: batch.id,
        batchNumber: batch.number,
        date: batch.plannedBrewDate,
        itemId: key,
        quantity: total.quantity,
      })
    }
  }
  const productName = new Map(planned.map((batch) => [batch.id, batch.productName]))
  return canWeBrew(planned_, lotsByItem).map((shortfall) => {
    const name = names.get(shortfall.itemId)!
    return {
      batchId: shortfall.batchId,
      batchNumber: shortfall.batchNumber,
      productName: productName.get(shortfall.batchId) ?? '',
      date: shortfall.date,
      itemId: name.itemId,
      itemName: name.name,
      unit: name.unit,
      needed: fromScaled(shortfall.quantity),
      available: fromScaled(shortfall.available),
      short: fromScaled(shortfall.short),
    }
  })
}

export function createCanWeBrewService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  /** Today where the brewery is (ADR 224). */
  const today = async (entityId: string) => todayIn(await breweryTimeZone(db, entityId))
  const service = {
    /** Can we brew everything planned in the next `weeks` weeks (and anything planned earlier, still unbrewed)? */
    async canWeBrewWeeks(tenant: Tenant, weeks: number): Promise<CanWeBrew> {
      const from = await today(tenant.entityId)
      const to = addDays(from, weeks * 7)
      const planned = await reads.plannedBatches(tenant.entityId, to)
      return {
        from,
        to,
        batches: planned.map((batch) => ({
          batchId: batch.id,
          batchNumber: batch.number,
          productName: batch.productName,
          plannedBrewDate: batch.plannedBrewDate,
        })),
        shortfalls: await shortfalls(reads, tenant.entityId, planned),
      }
    },

    /** Can we brew one batch, after the planned batches brewed before it took their share? */
    async canWeBrewBatch(tenant: Tenant, batchId: string): Promise<CanWeBrew> {
      const batch = await mustHaveBatch(reads, tenant.entityId, batchId)
      const planned =
        batch.status === 'planned'
          ? (await reads.plannedBatches(tenant.entityId, batch.plannedBrewDate)).filter(
              (other) => other.plannedBrewDate < batch.plannedBrewDate || other.number <= batch.number,
            )
          : []
      const found = await shortfalls(reads, tenant.entityId, planned)
      return {
        from: await today(tenant.entityId),
        to: batch.plannedBrewDate,
        batches: [
          {
            batchId: batch.id,
            batchNumber: batch.number,
            productName: batch.productName,
            plannedBrewDate: batch.plannedBrewDate,
          },
        ],
        shortfalls: found.filter((shortfall) => shortfall.batchId === batchId),
      }
    },
  }
  return service
}
