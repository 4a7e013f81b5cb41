import {
  allocateFirstExpiring,
  consumptionOrder,
  costOfQuantityCents,
  fromScaled,
  movementCostCents,
  scaledFromText,
  scaledToText,
  toScaled,
  MAX_CENTS,
  type InventoryItem,
  type InventoryItemChange,
  type InventoryItemDetail,
  type Lot,
  type NewInventoryItem,
  type ReceiveLot,
  type ScaledQuantity,
  type StockAdjustment,
  type StockCount,
  type StockMovementKind,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  createInventoryRepository,
  type InventoryRepository,
  type ItemRow,
  type LotRow,
  type MovementInsert,
} from './inventory.repository.ts'
import { settleShortfalls } from './shortfall-settlement.ts'
import {
  itemNotFound,
  invalid,
  MAX_SCALED,
  iso,
  type LotState,
  lotState,
  lotBalance,
  itemView,
  lotView,
  listItems,
  inItemUnit,
} from './inventory.shared.ts'
import { assertNotHeld, heldLots } from '../trace/holds.ts'

// Items and lots: the Inventory page's reads, and its writes (manageStock): add and change an item, receive a
// lot, adjust, count (docs/decisions/210-inventory-ledger.md).

export function createLotsService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    listItems: (tenant: Tenant) => listItems(reads, tenant.entityId),

    async itemDetail(tenant: Tenant, itemId: string): Promise<InventoryItemDetail> {
      const item = await reads.item(tenant.entityId, itemId)
      if (!item) throw itemNotFound()
      const [lotRows, movements, reservationRows] = await Promise.all([
        reads.lotsWithRemaining(tenant.entityId, [itemId]),
        reads.movementsOfItem(tenant.entityId, itemId),
        reads.reservationsOfItem(tenant.entityId, itemId),
      ])
      const states = lotRows.map(lotState)
      const reserved = reservationRows.reduce((sum, row) => sum + scaledFromText(row.quantity), 0)
      const ordered = consumptionOrder(states.map((state, index) => ({ ...lotBalance(state, index), state })))
      return {
        item: itemView(item, states, reserved),
        lots: ordered.map(({ state }) => lotView(state)),
        movements: movements.map(({ movement, lotCode, batchNumber }) => ({
          id: movement.id,
          itemId: movement.itemId,
          lotId: movement.lotId,
          lotCode: lotCode ?? null,
          kind: movement.kind as StockMovementKind,
          quantity: fromScaled(scaledFromText(movement.quantity)),
          costCents: movement.costCents,
          batchId: movement.batchId,
          batchNumber: batchNumber ?? null,
          stepKey: movement.stepKey,
          reason: movement.reason,
          occurredAt: iso(movement.occurredAt),
          recordedBy: movement.recordedBy,
        })),
        reservations: reservationRows.map((row) => ({
          batchId: row.batchId,
          batchNumber: row.batchNumber,
          plannedBrewDate: row.plannedBrewDate,
          quantity: fromScaled(scaledFromText(row.quantity)),
        })),
      }
    },

    async addItem(tx: Db, tenant: Tenant, input: NewInventoryItem): Promise<InventoryItem> {
      assertCan(tenant, 'manageStock')
      const repo = createInventoryRepository(tx)
      if (input.category === 'packaging' && input.ingredientId !== null)
        throw invalid('data.ingredientId', 'A packaging material is no recipe ingredient')
      if (input.ingredientId !== null && (await repo.itemByIngredient(tenant.entityId, input.ingredientId)))
        throw new AppError('CONFLICT', 'This ingredient is already an inventory item.', [
          { path: 'data.ingredientId', message: 'Already an inventory item' },
        ])
      const row = await repo.insertItem({
        id: input.id,
        entityId: tenant.entityId,
        name: input.name,
        category: input.category,
        ingredientId: input.ingredientId,
        unit: input.unit,
        parLevel: input.parLevel === null ? null : scaledToText(toScaled(input.parLevel)),
        packageTypeId: input.packageTypeId,
        perUnit: input.perUnit === null ? null : scaledToText(toScaled(input.perUnit)),
      })
      if (!row) throw new AppError('CONFLICT', `An item with id ${input.id} already exists.`)
      return itemView(row, [], 0)
    },

    async changeItem(
      tx: Db,
      tenant: Tenant,
      itemId: string,
      change: InventoryItemChange,
    ): Promise<InventoryItem> {
      const repo = createInventoryRepository(tx)
      const item = await repo.item(tenant.entityId, itemId, { lock: true })
      if (!item) throw itemNotFound()
      assertCan(tenant, 'manageStock')
      await repo.updateItem(tenant.entityId, itemId, {
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.parLevel === undefined
          ? {}
          : { parLevel: change.parLevel === null ? null : scaledToText(toScaled(change.parLevel)) }),
        ...(change.packageTypeId === undefined ? {} : { packageTypeId: change.packageTypeId }),
        ...(change.perUnit === undefined
          ? {}
          : { perUnit: change.perUnit === null ? null : scaledToText(toScaled(change.perUnit)) }),
      })
      return (await listItems(repo, tenant.entityId, [itemId]))[0]
    },

    /**
     * Receive Stock: a lot of an item, and its `received` movement worth what it cost; the item's unsettled
     * shortfalls are settled from it, oldest first (ADR 241).
     */
    async receive(tx: Db, tenant: Tenant, itemId: string, input: ReceiveLot): Promise<Lot> {
      const repo = createInventoryRepository(tx)
      const item = await repo.item(tenant.entityId, itemId, { lock: true })
      if (!item) throw itemNotFound()
      assertCan(tenant, 'manageStock')
      const { lot, remaining } = await receiveLot(repo, tenant, item, input)
      return lotView({ row: lot, remaining, received: scaledFromText(lot.receivedQuantity) })
    },

    /** A manual adjustment with its reason: added to a lot, or removed from one (or first-expiring lots). */
    async adjust(tx: Db, tenant: Tenant, itemId: string, input: StockAdjustment) {
      const repo = createInventoryRepository(tx)
      const item = await repo.item(tenant.entityId, itemId, { lock: true })
      if (!item) throw itemNotFound()
      assertCan(tenant, 'manageStock')
      if (await repo.operationExists(tenant.entityId, input.id))
        throw new AppError('CONFLICT', `An adjustment with id ${input.id} already exists.`)
      const quantity = inItemUnit(item, input.quantity, input.unit, 'data.unit')
      if (quantity === 0) throw invalid('data.quantity', 'Quantity is below the smallest step (0.0001)')
      const all = (await repo.lotsWithRemaining(tenant.entityId, [itemId])).map(lotState)
      const lot = input.lotId === null ? null : (all.find((state) => state.row.id === input.lotId) ?? null)
      if (input.lotId !== null && !lot) throw invalid('data.lotId', 'Not a lot of this item')
      // A lot on hold (a recall, ADR 303) gives nothing out; removals by first-expiring pass it by.
      if (lot && input.direction !== 'add')
        await assertNotHeld(
          tx,
          tenant.entityId,
          [{ kind: 'ingredient-lot', lotId: lot.row.id }],
          'data.lotId',
        )
      const held = await heldLots(
        tx,
        tenant.entityId,
        all.map((state) => state.row.id),
      )
      const states = all.filter((state) => state === lot || !held.has(state.row.id))
      const movements: MovementInsert[] = []
      const base = {
        entityId: tenant.entityId,
        operationId: input.id,
        itemId,
        kind: 'adjusted' as const,
        reason: input.reason,
        recordedBy: tenant.userId,
      }
      const change = (state: LotState, delta: ScaledQuantity): MovementInsert => ({
        ...base,
        lotId: state.row.id,
        quantity: scaledToText(delta),
        costCents: movementCostCents(
          { totalCostCents: state.row.totalCostCents, receivedQuantity: state.received },
          state.remaining,
          state.remaining + delta,
        ),
      })
      if (input.direction === 'add') {
        if (!lot) throw invalid('data.lotId', 'Choose the lot the stock is added to')
        movements.push(change(lot, quantity))
      } else if (lot) {
        if (quantity > lot.remaining)
          throw invalid(
            'data.quantity',
            `Lot ${lot.row.lotCode || lot.row.id} holds only ${fromScaled(lot.remaining)} ${item.unit}`,
          )
        movements.push(change(lot, -quantity))
      } else {
        const { allocations, shortfall } = allocateFirstExpiring(
          states.map((state, index) => lotBalance(state, index)),
          quantity,
        )
        if (shortfall > 0)
          throw invalid('data.quantity', `Only ${fromScaled(quantity - shortfall)} ${item.unit} on hand`)
        for (const allocation of allocations)
          movements.push(
            change(
              states.find((state) => state.row.id === allocation.lotId)!,
              -allocation.quantity,
            ),
          )
      }
      await repo.insertMovements(movements)
      return (await listItems(repo, tenant.entityId, [itemId], [item]))[0]
    },

    /**
     * A physical count: the variance to the books is recorded as `counted` movements — a loss taken from the
     * first-expiring lots, a gain added to the latest lot received.
     */
    async count(tx: Db, tenant: Tenant, itemId: string, input: StockCount) {
      const repo = createInventoryRepository(tx)
      const item = await repo.item(tenant.entityId, itemId, { lock: true })
      if (!item) throw itemNotFound()
      assertCan(tenant, 'manageStock')
      if (await repo.operationExists(tenant.entityId, input.id))
        throw new AppError('CONFLICT', `A count with id ${input.id} already exists.`)
      const counted = inItemUnit(item, input.countedQuantity, input.unit, 'data.unit')
      const states = (await repo.lotsWithRemaining(tenant.entityId, [itemId])).map(lotState)
      const onHand = states.reduce((sum, state) => sum + state.remaining, 0)
      const variance = counted - onHand
      const reason = input.note ? `Count: ${input.note}` : 'Count'
      const base = {
        entityId: tenant.entityId,
        operationId: input.id,
        itemId,
        kind: 'counted' as const,
        reason,
        recordedBy: tenant.userId,
      }
      const movements: MovementInsert[] = []
      if (variance < 0) {
        const { allocations } = allocateFirstExpiring(
          states.map((state, index) => lotBalance(state, index)),
          -variance,
        )
        for (const allocation of allocations) {
          const state = states.find((candidate) => candidate.row.id === allocation.lotId)!
          movements.push({
            ...base,
            lotId: state.row.id,
            quantity: scaledToText(-allocation.quantity),
            costCents: movementCostCents(
              { totalCostCents: state.row.totalCostCents, receivedQuantity: state.received },
              state.remaining,
              state.remaining - allocation.quantity,
            ),
          })
        }
      } else if (variance > 0) {
        const latest = [...states]
          .sort((a, b) =>
            a.row.receivedOn === b.row.receivedOn
              ? a.row.recordedAt.getTime() - b.row.recordedAt.getTime()
              : a.row.receivedOn < b.row.receivedOn
                ? -1
                : 1,
          )
          .at(-1)
        if (!latest)
          throw invalid('data.countedQuantity', 'The item has no lot to count into: receive it first')
        movements.push({
          ...base,
          lotId: latest.row.id,
          quantity: scaledToText(variance),
          costCents: movementCostCents(
            { totalCostCents: latest.row.totalCostCents, receivedQuantity: latest.received },
            latest.remaining,
            latest.remaining + variance,
          ),
        })
      } else {
        // No variance: the count itself is still on record, as a movement of nothing.
        movements.push({ ...base, lotId: null, quantity: scaledToText(0), costCents: 0 })
      }
      await repo.insertMovements(movements)
      const view = (await listItems(repo, tenant.entityId, [itemId], [item]))[0]
      return { item: view, variance: fromScaled(variance) }
    },
  }
  return service
}

/** Receives a lot (its `received` movement worth what it cost) and settles the item's shortfalls from it. */
export async function receiveLot(
  repo: InventoryRepository,
  tenant: Tenant,
  item: ItemRow,
  input: ReceiveLot,
  path = 'data',
): Promise<{ lot: LotRow; remaining: ScaledQuantity }> {
  const received = inItemUnit(item, input.quantity, input.unit, `${path}.unit`)
  if (received === 0) throw invalid(`${path}.quantity`, 'Quantity is below the smallest step (0.0001)')
  if (received > MAX_SCALED) throw invalid(`${path}.quantity`, `Quantity is too large in ${item.unit}`)
  const entered = toScaled(input.quantity)
  const totalCostCents = costOfQuantityCents(input.unitCostCents, entered)
  if (totalCostCents > MAX_CENTS) throw invalid(`${path}.unitCostCents`, "The lot's total cost is too large")
  const lot = await repo.insertLot({
    id: input.id,
    entityId: tenant.entityId,
    itemId: item.id,
    supplier: input.supplier,
    lotCode: input.lotCode,
    receivedOn: input.receivedOn,
    bestBefore: input.bestBefore,
    receivedQuantity: scaledToText(received),
    enteredQuantity: scaledToText(entered),
    enteredUnit: input.unit,
    unitCostCents: input.unitCostCents,
    totalCostCents,
    alphaAcid: input.alphaAcid,
    colorLovibond: input.colorLovibond,
    extractPct: input.extractPct,
    recordedBy: tenant.userId,
  })
  if (!lot) throw new AppError('CONFLICT', `A lot with id ${input.id} already exists.`)
  await repo.insertMovements([
    {
      entityId: tenant.entityId,
      operationId: lot.id,
      itemId: item.id,
      lotId: lot.id,
      kind: 'received',
      quantity: scaledToText(received),
      costCents: totalCostCents,
      reason: input.supplier ? `From ${input.supplier}` : '',
      recordedBy: tenant.userId,
    },
  ])
  return { lot, remaining: await settleShortfalls(repo, tenant, item, lot) }
}
