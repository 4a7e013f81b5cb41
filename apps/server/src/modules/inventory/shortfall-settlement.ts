import { movementCostCents, scaledFromText, scaledToText, type ScaledQuantity } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { InventoryRepository, ItemRow, LotRow, MovementInsert } from './inventory.repository.ts'

// A shortfall settled by stock received later (docs/decisions/241-shortfalls-settled-by-later-receipts.md): brew
// day (or a packaging run) used what the books did not hold yet; the lot received afterwards held it, so it pays
// for it, oldest shortfall first, at the lot's FIFO cost.

/**
 * Settles the item's unsettled shortfalls from a lot just received, oldest first: per batch and step, a
 * `consumed` movement of the lot (its cost now the batch's) and a negative `shortfall` that closes as much of the
 * shortfall. The item row is locked by the caller. Answers what is left of the lot.
 */
export async function settleShortfalls(
  repo: InventoryRepository,
  tenant: Tenant,
  item: ItemRow,
  lot: LotRow,
): Promise<ScaledQuantity> {
  const received = scaledFromText(lot.receivedQuantity)
  const open = await repo.unsettledShortfalls(tenant.entityId, item.id)
  const operationId = crypto.randomUUID()
  const movements: MovementInsert[] = []
  let remaining = received
  for (const shortfall of open) {
    if (remaining <= 0) break
    const quantity = Math.min(remaining, scaledFromText(shortfall.quantity))
    if (quantity <= 0) continue
    const common = {
      entityId: tenant.entityId,
      operationId,
      itemId: item.id,
      batchId: shortfall.batchId,
      stepKey: shortfall.stepKey,
      recordedBy: tenant.userId,
    }
    movements.push({
      ...common,
      lotId: lot.id,
      kind: 'consumed',
      quantity: scaledToText(-quantity),
      costCents: movementCostCents(
        { totalCostCents: lot.totalCostCents, receivedQuantity: received },
        remaining,
        remaining - quantity,
      ),
      reason: shortfall.batchNumber
        ? `Settles the shortfall of batch ${shortfall.batchNumber}`
        : 'Settles a shortfall',
    })
    movements.push({
      ...common,
      lotId: null,
      kind: 'shortfall',
      quantity: scaledToText(-quantity),
      costCents: 0,
      reason: `Settled by lot ${lot.lotCode || lot.id}`,
    })
    remaining -= quantity
  }
  await repo.insertMovements(movements)
  return remaining
}
