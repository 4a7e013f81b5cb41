import {
  allocateFirstExpiring,
  batchIngredientDemands,
  batchScale,
  canConvertStock,
  consumptionOrder,
  demandPerIngredient,
  fromScaled,
  hopAmountForLotAlpha,
  hopMinutes,
  movementCostCents,
  scaledFromText,
  scaledToText,
  silentLogger,
  toScaled,
  toStockUnit,
  DEFAULT_BOIL_GRAVITY,
  GALLONS_PER_BBL,
  type HopAmount,
  type InventoryCategory,
  type ScaledQuantity,
  type StockMovementKind,
  type StockUnit,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import {
  createInventoryRepository,
  type InventoryRepository,
  type ItemRow,
  type MovementInsert,
} from './inventory.repository.ts'
import {
  invalid,
  MAX_SCALED,
  convertStockOr0,
  lotState,
  lotBalance,
  CATEGORY_OF_SOURCE,
  type Consumption,
  itemForIngredient,
  mustHaveBatch,
  snapshotOf,
} from './inventory.shared.ts'

// What batches take from stock: reservations of a planned batch, brew day's consumption first-expiring lot
// first (and the shortfall the lots cannot give), the hop amounts for the lot brew day takes next. Called inside
// the other production modules' writes, which check their own permission first
// (docs/decisions/211-consumption-points.md).

/**
 * Takes `needed` of an item first-expiring first, one movement per lot (and a shortfall for what the lots
 * cannot give), for a batch's step. The item row is locked first, so two writes never take the same stock.
 */
export async function take(
  repo: InventoryRepository,
  tenant: Tenant,
  item: ItemRow,
  needed: ScaledQuantity,
  what: {
    kind: StockMovementKind
    batchId: string | null
    stepKey: string | null
    reason: string
    operationId: string
  },
): Promise<Consumption> {
  await repo.item(tenant.entityId, item.id, { lock: true })
  const all = (await repo.lotsWithRemaining(tenant.entityId, [item.id])).map(lotState)
  // A lot on hold (a recall, ADR 303) gives nothing: first-expiring passes it by, and what only held lots could
  // have given is a shortfall whose reason names them (the brew is never blocked).
  const held = await repo.heldLotIds(
    tenant.entityId,
    all.filter((state) => state.remaining > 0).map((state) => state.row.id),
  )
  const states = all.filter((state) => !held.has(state.row.id))
  const passedBy = all
    .filter((state) => held.has(state.row.id))
    .map((state) => state.row.lotCode || state.row.id)
  const { allocations, shortfall } = allocateFirstExpiring(
    states.map((state, index) => lotBalance(state, index)),
    needed,
  )
  const movements: MovementInsert[] = []
  const taken: Consumption['taken'] = []
  for (const allocation of allocations) {
    const state = states.find((candidate) => candidate.row.id === allocation.lotId)!
    const costCents = movementCostCents(
      { totalCostCents: state.row.totalCostCents, receivedQuantity: state.received },
      state.remaining,
      state.remaining - allocation.quantity,
    )
    movements.push({
      entityId: tenant.entityId,
      operationId: what.operationId,
      itemId: item.id,
      lotId: state.row.id,
      kind: what.kind,
      quantity: scaledToText(-allocation.quantity),
      costCents,
      batchId: what.batchId,
      stepKey: what.stepKey,
      reason: what.reason,
      recordedBy: tenant.userId,
    })
    taken.push({
      lotId: state.row.id,
      lotCode: state.row.lotCode,
      quantity: fromScaled(allocation.quantity),
      costCents: -costCents,
    })
  }
  if (shortfall > 0 && what.kind === 'consumed') {
    movements.push({
      entityId: tenant.entityId,
      operationId: what.operationId,
      itemId: item.id,
      lotId: null,
      kind: 'shortfall',
      quantity: scaledToText(shortfall),
      costCents: 0,
      batchId: what.batchId,
      stepKey: what.stepKey,
      reason: passedBy.length
        ? `Used beyond the stock on record: lot ${passedBy.join(', ')} on hold, passed by`
        : 'Used beyond the stock on record',
      recordedBy: tenant.userId,
    })
  }
  await repo.insertMovements(movements)
  return {
    itemId: item.id,
    itemName: item.name,
    unit: item.unit as StockUnit,
    stepKey: what.stepKey ?? '',
    taken,
    shortfall: fromScaled(shortfall),
    costCents: taken.reduce((sum, lot) => sum + lot.costCents, 0),
    heldPassedBy: passedBy,
  }
}

/** Puts back what a batch's step consumed (a re-confirmed addition, a superseded packaging run). */
export async function reverseStep(
  repo: InventoryRepository,
  tenant: Tenant,
  batchId: string,
  stepKey: string,
) {
  const rows = await repo.movementsOfBatch(tenant.entityId, [batchId], stepKey)
  const perLot = new Map<string, { itemId: string; quantity: ScaledQuantity }>()
  const shortfallPerItem = new Map<string, ScaledQuantity>()
  for (const { movement } of rows) {
    const quantity = scaledFromText(movement.quantity)
    if (movement.kind === 'shortfall') {
      shortfallPerItem.set(movement.itemId, (shortfallPerItem.get(movement.itemId) ?? 0) + quantity)
    } else if (movement.lotId) {
      const entry = perLot.get(movement.lotId) ?? { itemId: movement.itemId, quantity: 0 }
      entry.quantity += quantity
      perLot.set(movement.lotId, entry)
    }
  }
  const operationId = crypto.randomUUID()
  const movements: MovementInsert[] = []
  const itemIds = [...new Set([...perLot.values()].map((entry) => entry.itemId))]
  const states = new Map(
    (await repo.lotsWithRemaining(tenant.entityId, itemIds)).map((row) => [row.lot.id, lotState(row)]),
  )
  for (const [lotId, { itemId, quantity }] of perLot) {
    if (quantity >= 0) continue
    const state = states.get(lotId)!
    movements.push({
      entityId: tenant.entityId,
      operationId,
      itemId,
      lotId,
      kind: 'consumption-reversed',
      quantity: scaledToText(-quantity),
      costCents: movementCostCents(
        { totalCostCents: state.row.totalCostCents, receivedQuantity: state.received },
        state.remaining,
        state.remaining - quantity,
      ),
      batchId,
      stepKey,
      reason: 'Consumption recorded again',
      recordedBy: tenant.userId,
    })
  }
  for (const [itemId, quantity] of shortfallPerItem) {
    if (quantity <= 0) continue
    movements.push({
      entityId: tenant.entityId,
      operationId,
      itemId,
      lotId: null,
      kind: 'shortfall',
      quantity: scaledToText(-quantity),
      costCents: 0,
      batchId,
      stepKey,
      reason: 'Consumption recorded again',
      recordedBy: tenant.userId,
    })
  }
  await repo.insertMovements(movements)
}

/** What a step consumed so far of an item, net: taken from lots plus the shortfall. */
export async function consumedByStep(
  repo: InventoryRepository,
  entityId: string,
  batchId: string,
  stepKey: string,
) {
  const rows = await repo.movementsOfBatch(entityId, [batchId], stepKey)
  let net = 0
  for (const { movement } of rows) {
    const quantity = scaledFromText(movement.quantity)
    net += movement.kind === 'shortfall' ? quantity : -quantity
  }
  return { count: rows.length, net }
}

export function createConsumptionService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    /** For each hop line of a batch: the lot brew day takes next, and the amount of it that hits the recipe's IBU. */
    async hopAmounts(tenant: Tenant, batchId: string): Promise<HopAmount[]> {
      const batch = await mustHaveBatch(reads, tenant.entityId, batchId)
      const recipe = snapshotOf(batch)
      const scale = batchScale(recipe, Number(batch.targetVolumeBbl))
      const hops = recipe.hopsBill ?? []
      const items = await reads.itemsByIngredients(
        tenant.entityId,
        hops.map((hop) => hop.ingredient.id),
      )
      const itemOf = new Map(items.map((item) => [item.ingredientId!, item]))
      const allLots = await reads.lotsWithRemaining(
        tenant.entityId,
        items.map((item) => item.id),
      )
      // The lot brew day takes next is never one on hold (ADR 303).
      const held = await reads.heldLotIds(
        tenant.entityId,
        allLots.map((row) => row.lot.id),
      )
      const lotRows = allLots.filter((row) => !held.has(row.lot.id))
      const gallons = Number(batch.targetVolumeBbl) * GALLONS_PER_BBL
      const boilGravity = recipe.originalGravity > 1 ? recipe.originalGravity : DEFAULT_BOIL_GRAVITY
      return hops.map((hop) => {
        const item = itemOf.get(hop.ingredient.id) ?? null
        const unit = ({ Kilograms: 'kg', Grams: 'g', Pounds: 'lb', Ounces: 'oz' } as const)[hop.amount.unit]
        const states = lotRows
          .filter((row) => item && row.lot.itemId === item.id)
          .map(lotState)
          .filter((state) => state.remaining > 0)
        const next = consumptionOrder(
          states.map((state, index) => ({ ...lotBalance(state, index), state })),
        )[0]
        const recipeAlpha = typeof hop.ingredient.alphaAcids === 'number' ? hop.ingredient.alphaAcids : null
        const lotAlpha = next?.state.row.alphaAcid ?? null
        const amount = { value: Number((hop.amount.value * scale).toFixed(4)), unit }
        const suggested =
          recipeAlpha !== null && lotAlpha !== null
            ? hopAmountForLotAlpha(amount, {
                recipeAlpha,
                lotAlpha,
                minutes: hopMinutes(hop, recipe, silentLogger),
                gallons,
                boilGravity,
              })
            : { ...amount, targetIbu: 0 }
        return {
          stepKey: `hop:${hop.id}`,
          name: typeof hop.ingredient.name === 'string' ? hop.ingredient.name : hop.ingredient.id,
          itemId: item?.id ?? null,
          lotId: next?.state.row.id ?? null,
          lotCode: next?.state.row.lotCode ?? null,
          recipeAlpha,
          lotAlpha,
          recipeAmount: amount,
          suggestedAmount: { value: suggested.value, unit: suggested.unit },
          targetIbu: suggested.targetIbu,
        }
      })
    },

    /**
     * A planned batch reserves its snapshot's ingredients scaled to its target volume; run again whenever the
     * batch changes (the earlier reservations are released first). A batch no longer planned reserves nothing.
     */
    async reserveForBatch(tx: Db, tenant: Tenant, batchId: string) {
      const repo = createInventoryRepository(tx)
      const batch = await mustHaveBatch(repo, tenant.entityId, batchId)
      await repo.releaseReservations(
        tenant.entityId,
        batchId,
        batch.status === 'planned' ? 're-planned' : batch.status,
      )
      if (batch.status !== 'planned') return []
      const demands = batchIngredientDemands(snapshotOf(batch), Number(batch.targetVolumeBbl))
      const items = new Map<string, ItemRow>()
      for (const demand of demands)
        if (!items.has(demand.ingredientId))
          items.set(
            demand.ingredientId,
            await itemForIngredient(repo, tenant.entityId, {
              id: demand.ingredientId,
              name: demand.name,
              category: CATEGORY_OF_SOURCE[demand.source],
              unit: demand.unit,
            }),
          )
      const totals = demandPerIngredient(demands, (id, fallback) => {
        const unit = items.get(id)!.unit as StockUnit
        return canConvertStock(fallback, unit) ? unit : fallback
      })
      return repo.insertReservations(
        [...totals]
          .filter(([id, total]) => items.get(id)!.unit === total.unit && total.quantity > 0)
          .map(([id, total]) => ({
            entityId: tenant.entityId,
            batchId,
            itemId: items.get(id)!.id,
            quantity: scaledToText(Math.min(total.quantity, MAX_SCALED)),
          })),
      )
    },

    /** The 404 of a batch-scoped write before its role check (tenancy first). */
    async mustFindBatch(tx: Db, tenant: Tenant, batchId: string) {
      await mustHaveBatch(createInventoryRepository(tx), tenant.entityId, batchId)
    },

    /** Releases a batch's reservations (brewed, dumped, cancelled). */
    async releaseForBatch(tx: Db, tenant: Tenant, batchId: string, reason: string) {
      await createInventoryRepository(tx).releaseReservations(tenant.entityId, batchId, reason)
    },

    /**
     * Consumes what a confirmed brew-day addition used, first-expiring lots first, one movement per lot; what
     * the stock cannot give is recorded as a shortfall and never blocks the brew. Confirming the same step
     * again with another amount puts the first consumption back and takes the new one.
     */
    async consumeForAddition(
      tx: Db,
      tenant: Tenant,
      input: {
        batchId: string
        stepKey: string
        ingredient: { id: string; name?: string; category?: InventoryCategory }
        amount: number
        /** A stock unit ('kg') or the recipe's Amount unit ('Kilograms'). */
        unit: string
      },
    ): Promise<Consumption> {
      const repo = createInventoryRepository(tx)
      await mustHaveBatch(repo, tenant.entityId, input.batchId)
      const unit = toStockUnit(input.unit)
      if (!unit) throw invalid('data.unit', `Unknown unit ${JSON.stringify(input.unit)}`)
      const category: InventoryCategory =
        input.ingredient.category ??
        (input.stepKey.startsWith('hop:')
          ? 'hop'
          : input.stepKey.startsWith('grain:')
            ? 'fermentable'
            : 'other')
      const item = await itemForIngredient(repo, tenant.entityId, {
        id: input.ingredient.id,
        name: input.ingredient.name ?? input.ingredient.id,
        category,
        unit,
      })
      const needed = Math.min(
        MAX_SCALED,
        toScaled(convertStockOr0(Math.max(0, input.amount), unit, item.unit as StockUnit)),
      )
      const before = await consumedByStep(repo, tenant.entityId, input.batchId, input.stepKey)
      if (before.count > 0) {
        if (before.net === needed) {
          const rows = await repo.movementsOfBatch(tenant.entityId, [input.batchId], input.stepKey)
          const net = new Map<string, { lotCode: string; quantity: number; costCents: number }>()
          let shortfall = 0
          for (const { movement, lotCode } of rows) {
            if (movement.kind === 'shortfall') {
              shortfall += scaledFromText(movement.quantity)
              continue
            }
            const entry = net.get(movement.lotId!) ?? { lotCode: lotCode ?? '', quantity: 0, costCents: 0 }
            entry.quantity -= scaledFromText(movement.quantity)
            entry.costCents -= movement.costCents
            net.set(movement.lotId!, entry)
          }
          const taken = [...net]
            .filter(([, entry]) => entry.quantity > 0)
            .map(([lotId, entry]) => ({
              lotId,
              lotCode: entry.lotCode,
              quantity: fromScaled(entry.quantity),
              costCents: entry.costCents,
            }))
          return {
            itemId: item.id,
            itemName: item.name,
            unit: item.unit as StockUnit,
            stepKey: input.stepKey,
            taken,
            shortfall: fromScaled(shortfall),
            costCents: taken.reduce((sum, lot) => sum + lot.costCents, 0),
          }
        }
        await reverseStep(repo, tenant, input.batchId, input.stepKey)
      }
      return take(repo, tenant, item, needed, {
        kind: 'consumed',
        batchId: input.batchId,
        stepKey: input.stepKey,
        reason: '',
        operationId: crypto.randomUUID(),
      })
    },

    /**
     * When brew day starts: consumes the grain bill (scaled to the batch's volume; hops and other ingredients
     * are consumed as their additions are confirmed) and releases the batch's reservations. Safe to call again.
     */
    async consumeForBatchStart(tx: Db, tenant: Tenant, batchId: string): Promise<Consumption[]> {
      const repo = createInventoryRepository(tx)
      const batch = await mustHaveBatch(repo, tenant.entityId, batchId)
      const demands = batchIngredientDemands(snapshotOf(batch), Number(batch.targetVolumeBbl)).filter(
        (demand) => demand.source === 'grain',
      )
      const consumed: Consumption[] = []
      for (const demand of demands)
        consumed.push(
          await service.consumeForAddition(tx, tenant, {
            batchId,
            stepKey: demand.stepKey,
            ingredient: { id: demand.ingredientId, name: demand.name, category: 'fermentable' },
            amount: demand.quantity,
            unit: demand.unit,
          }),
        )
      await repo.releaseReservations(tenant.entityId, batchId, 'brewed')
      return consumed
    },
  }
  return service
}
