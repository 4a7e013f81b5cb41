import {
  allocateFirstExpiring,
  barrelsToUnits,
  batchCostRow,
  inventoryValueByMonth,
  DEFAULT_TIME_ZONE,
  monthsOf,
  startOfDayIn,
  todayIn,
  unitsToBarrels,
  type CostsRead,
  type Period,
  type UnitCostRow,
  batchIngredientDemands,
  batchScale,
  can,
  canConvertStock,
  convertStock,
  canWeBrew,
  consumptionOrder,
  convertToScaled,
  costOfQuantityCents,
  costPerPackagedUnit,
  demandPerIngredient,
  formatStock,
  fromScaled,
  hopAmountForLotAlpha,
  hopMinutes,
  lotValueCents,
  movementCostCents,
  parseOpeningStockCsv,
  scaledFromText,
  scaledToText,
  silentLogger,
  stockPosition,
  toScaled,
  toStockUnit,
  DEFAULT_BOIL_GRAVITY,
  GALLONS_PER_BBL,
  MAX_CENTS,
  MAX_STOCK_QUANTITY,
  type BatchCost,
  type CanWeBrew,
  type FinishedGood,
  type FinishedGoodsMovement,
  type HopAmount,
  type IngredientDemand,
  type InventoryAlert,
  type InventoryCategory,
  type InventoryItem,
  type InventoryItemChange,
  type InventoryItemDetail,
  type Lot,
  type LotBalance,
  type NewInventoryItem,
  type OpeningStockError,
  type OpeningStockRow,
  type PlannedDemand,
  type ReceiveLot,
  type Recipe,
  type ScaledQuantity,
  type StockAdjustment,
  type StockCount,
  type StockMovementKind,
  type StockUnit,
} from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { alertStore } from '../cellar/alert-store.ts'
import type { AlertRow } from '../cellar/cellar.repository.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import {
  createInventoryRepository,
  type BatchRow,
  type InventoryRepository,
  type ItemRow,
  type LotRow,
  type MovementInsert,
} from './inventory.repository.ts'

// Inventory's rules (docs/production.md; docs/decisions/210–214). Reads take the tenant; writes take the write
// runner's transaction and plain inputs and throw AppError to refuse. The functions under "for the other
// production modules" are called inside their writes (Plan Batch, brew day, Package), which check their own
// permission first.

/** The month key of what moved before a cost report's range: earlier than any month, so in every month's total. */
const BEFORE_THE_RANGE = '0000-00'
const itemNotFound = () => new AppError('NOT_FOUND', 'Inventory item not found.')
const batchNotFound = () => new AppError('NOT_FOUND', 'Batch not found.')
const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }])

/** The largest quantity a row holds, as whole ten-thousandths. */
const MAX_SCALED = MAX_STOCK_QUANTITY * 10_000

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
/** Brew day never fails on a unit: an amount in a unit that does not measure the item counts as nothing. */
const convertStockOr0 = (value: number, from: StockUnit, to: StockUnit) =>
  canConvertStock(from, to) ? convertStock(value, from, to) : 0
/** What a par-level alert is about (one open alert per item). */
const parSubject = (itemId: string) => `item:${itemId}`
const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value)

/** A lot with what remains of it, as whole ten-thousandths of its item's unit. */
type LotState = { row: LotRow; remaining: ScaledQuantity; received: ScaledQuantity }

const lotState = ({ lot, remaining }: { lot: LotRow; remaining: string }): LotState => ({
  row: lot,
  remaining: scaledFromText(remaining),
  received: scaledFromText(lot.receivedQuantity),
})
const lotBalance = (state: LotState, sequence: number): LotBalance => ({
  lotId: state.row.id,
  remaining: state.remaining,
  bestBefore: state.row.bestBefore,
  receivedOn: state.row.receivedOn,
  sequence,
})
const lotValue = (state: LotState) => lotValueCents(state.row.totalCostCents, state.received, state.remaining)

const CATEGORY_OF_SOURCE: Record<IngredientDemand['source'], InventoryCategory> = {
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
}

/** The `details` keys inventory reads of a liquid event of kind 'packaged' (docs/decisions/213-finished-goods-and-cost.md). */
export type PackagedEventDetails = { packageId: string; units: number }

export function createInventoryService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  /** Today where the brewery is (ADR 224). */
  const today = async (entityId: string) => todayIn(await breweryTimeZone(db, entityId))

  // ---------------------------------------------------------------------------------------------------
  // Shared pieces

  function itemView(item: ItemRow, lotsOfItem: LotState[], reserved: ScaledQuantity): InventoryItem {
    const onHand = lotsOfItem.reduce((sum, lot) => sum + lot.remaining, 0)
    const par = item.parLevel === null ? null : scaledFromText(item.parLevel)
    const position = stockPosition(onHand, reserved, par)
    return {
      id: item.id,
      name: item.name,
      category: item.category as InventoryCategory,
      ingredientId: item.ingredientId,
      unit: item.unit as StockUnit,
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

  function lotView(state: LotState): Lot {
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

  async function listItems(repo: InventoryRepository, entityId: string): Promise<InventoryItem[]> {
    const [items, lotRows, reserved] = await Promise.all([
      repo.items(entityId),
      repo.lotsWithRemaining(entityId),
      repo.reservedPerItem(entityId),
    ])
    const lotsByItem = new Map<string, LotState[]>()
    for (const row of lotRows) {
      const state = lotState(row)
      lotsByItem.set(row.lot.itemId, [...(lotsByItem.get(row.lot.itemId) ?? []), state])
    }
    const reservedByItem = new Map(reserved.map((row) => [row.itemId, scaledFromText(row.reserved)]))
    return items.map((item) =>
      itemView(item, lotsByItem.get(item.id) ?? [], reservedByItem.get(item.id) ?? 0),
    )
  }

  /** The quantity in the item's unit, or a 400 naming `path` when the unit does not measure the item. */
  function inItemUnit(item: ItemRow, quantity: number, unit: StockUnit, path: string): ScaledQuantity {
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
  async function itemForIngredient(
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

  /**
   * Takes `needed` of an item first-expiring first, one movement per lot (and a shortfall for what the lots
   * cannot give), for a batch's step. The item row is locked first, so two writes never take the same stock.
   */
  async function take(
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
    const states = (await repo.lotsWithRemaining(tenant.entityId, [item.id])).map(lotState)
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
        reason: 'Used beyond the stock on record',
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
    }
  }

  /** Puts back what a batch's step consumed (a re-confirmed addition, a superseded packaging run). */
  async function reverseStep(repo: InventoryRepository, tenant: Tenant, batchId: string, stepKey: string) {
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
  async function consumedByStep(
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

  async function mustHaveBatch(
    repo: InventoryRepository,
    entityId: string,
    batchId: string,
  ): Promise<BatchRow> {
    const batch = await repo.batch(entityId, batchId)
    if (!batch) throw batchNotFound()
    return batch
  }

  const snapshotOf = (batch: BatchRow) => batch.recipeSnapshot as unknown as Recipe

  // ---------------------------------------------------------------------------------------------------
  // Can we brew? and costs (reads)

  async function shortfalls(
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
    const lotRows = await repo.lotsWithRemaining(
      entityId,
      items.map((item) => item.id),
    )
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

  type PackagedRow = Awaited<ReturnType<InventoryRepository['finishedGoods']>>[number]

  /** Costs of batches from their movements and packaged runs: ingredients, materials, per option. */
  async function costsOfBatches(
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
  function costPerUnitOfOptions(costs: Awaited<ReturnType<typeof costsOfBatches>>) {
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
      [...totals].map(
        ([packageId, total]) => [packageId, Math.round(total.costCents / total.units)] as const,
      ),
    )
  }

  // ---------------------------------------------------------------------------------------------------
  // Par levels

  /**
   * Raises a par-level alert for an item whose available quantity is under its par level, into the brewery's
   * alerts (the shell's bell, the mail to the chosen roles; docs/decisions/220-par-level-alerts-in-the-bell.md).
   */
  async function raiseParAlert(
    tx: Db,
    entityId: string,
    item: { id: string; name: string; unit: StockUnit; available: number; parLevel: number },
  ) {
    return alertStore.raise(tx, entityId, {
      kind: 'below-par',
      subject: parSubject(item.id),
      message: `${item.name}: ${formatStock(item.available, item.unit)} available, under its par level of ${formatStock(item.parLevel, item.unit)}`,
    })
  }

  const service = {
    // -------------------------------------------------------------------------------------------------
    // Reads (every role)

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

    /** Finished goods on hand per packaging option, with the cost per unit of what was packaged. */
    async finishedGoods(tenant: Tenant): Promise<FinishedGood[]> {
      const rows = await reads.finishedGoods(tenant.entityId)
      const batchIds = [...new Set(rows.filter((row) => row.batchId).map((row) => row.batchId!))]
      const perUnit = costPerUnitOfOptions(await costsOfBatches(reads, tenant.entityId, batchIds, rows))
      const goods = new Map<string, FinishedGood>()
      for (const row of rows) {
        const good = goods.get(row.packageId) ?? {
          packageId: row.packageId,
          productId: row.productId,
          productName: row.productName,
          packageType: row.packageType,
          sku: row.sku,
          upc: row.upc,
          packaged: 0,
          onHand: 0,
          costPerUnitCents: null,
          valueCents: 0,
        }
        good.onHand += row.units
        if (row.kind === 'packaged') good.packaged += row.units
        goods.set(row.packageId, good)
      }
      return [...goods.values()].map((good) => {
        const cents = perUnit.get(good.packageId) ?? null
        return {
          ...good,
          costPerUnitCents: cents,
          valueCents: cents === null ? 0 : cents * Math.max(0, good.onHand),
        }
      })
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

    /** The unresolved par-level alerts (acknowledged or not), with each item's figures as they are now. */
    async alerts(tenant: Tenant): Promise<InventoryAlert[]> {
      const [open, items] = await Promise.all([
        alertStore.unresolved(db, tenant.entityId, 'below-par'),
        listItems(reads, tenant.entityId),
      ])
      const itemOf = new Map(items.map((item) => [parSubject(item.id), item]))
      return open.flatMap((alert) => {
        const item = itemOf.get(alert.subject)
        if (!item) return []
        return [
          {
            id: alert.id,
            itemId: item.id,
            itemName: item.name,
            unit: item.unit,
            available: item.available,
            parLevel: item.parLevel ?? 0,
            raisedAt: iso(alert.raisedAt),
          },
        ]
      })
    },

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
      const lotRows = await reads.lotsWithRemaining(
        tenant.entityId,
        items.map((item) => item.id),
      )
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

    /** Opening stock read from CSV: the lines it would import and an error per bad line. Writes nothing. */
    async previewImport(tenant: Tenant, csv: string) {
      assertCan(tenant, 'manageStock')
      return preview(reads, tenant.entityId, csv)
    },

    // -------------------------------------------------------------------------------------------------
    // Writes of the Inventory page (manageStock)

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
      return (await listItems(repo, tenant.entityId)).find((candidate) => candidate.id === itemId)!
    },

    /** Receive Stock: a lot of an item, and its `received` movement worth what it cost. */
    async receive(tx: Db, tenant: Tenant, itemId: string, input: ReceiveLot): Promise<Lot> {
      const repo = createInventoryRepository(tx)
      const item = await repo.item(tenant.entityId, itemId, { lock: true })
      if (!item) throw itemNotFound()
      assertCan(tenant, 'manageStock')
      const lot = await receiveLot(repo, tenant, item, input)
      return lotView({
        row: lot,
        remaining: scaledFromText(lot.receivedQuantity),
        received: scaledFromText(lot.receivedQuantity),
      })
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
      const states = (await repo.lotsWithRemaining(tenant.entityId, [itemId])).map(lotState)
      const lot = input.lotId === null ? null : (states.find((state) => state.row.id === input.lotId) ?? null)
      if (input.lotId !== null && !lot) throw invalid('data.lotId', 'Not a lot of this item')
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
      return (await listItems(repo, tenant.entityId)).find((candidate) => candidate.id === itemId)!
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
      const view = (await listItems(repo, tenant.entityId)).find((candidate) => candidate.id === itemId)!
      return { item: view, variance: fromScaled(variance) }
    },

    /** Imports opening stock in one transaction, only when every line is good (the preview's errors, as a 400). */
    async importStock(tx: Db, tenant: Tenant, csv: string) {
      assertCan(tenant, 'manageStock')
      const repo = createInventoryRepository(tx)
      const { rows, errors } = await preview(repo, tenant.entityId, csv)
      if (errors.length > 0)
        throw new AppError(
          'VALIDATION_FAILED',
          `${errors.length} line${errors.length === 1 ? '' : 's'} of the file cannot be imported.`,
          errors
            .slice(0, 100)
            .map((error) => ({ path: `data.csv.line${error.line}.${error.field}`, message: error.message })),
        )
      const created: string[] = []
      for (const row of rows) {
        let item = row.ingredientId
          ? await repo.itemByIngredient(tenant.entityId, row.ingredientId)
          : ((await repo.items(tenant.entityId)).find(
              (candidate) =>
                candidate.name.toLowerCase() === row.name.toLowerCase() &&
                candidate.category === row.category,
            ) ?? null)
        if (!item) {
          item = (await repo.insertItem({
            id: crypto.randomUUID(),
            entityId: tenant.entityId,
            name: row.name,
            category: row.category,
            ingredientId: row.ingredientId,
            unit: row.unit,
            parLevel: row.parLevel === null ? null : scaledToText(toScaled(row.parLevel)),
          }))!
          created.push(item.id)
        }
        await receiveLot(
          repo,
          tenant,
          item,
          {
            id: crypto.randomUUID(),
            supplier: row.supplier,
            lotCode: row.lotCode,
            receivedOn: row.receivedOn,
            bestBefore: row.bestBefore,
            quantity: row.quantity,
            unit: row.unit,
            unitCostCents: row.unitCostCents,
            alphaAcid: row.alphaAcid,
            colorLovibond: row.colorLovibond,
            extractPct: row.extractPct,
          },
          `data.csv.line${row.line}`,
        )
      }
      return { lots: rows.length, itemsCreated: created.length }
    },

    /** A removal (sold or otherwise), a return or breakage of finished goods. */
    async recordFinishedGoods(tx: Db, tenant: Tenant, input: FinishedGoodsMovement) {
      assertCan(tenant, 'manageStock')
      const repo = createInventoryRepository(tx)
      const option = await repo.packageOption(tenant.entityId, input.packageId)
      const last = option ? null : await repo.lastFinishedGoodsOf(tenant.entityId, input.packageId)
      if (!option && !last) throw new AppError('NOT_FOUND', 'Packaging option not found.')
      const onHand = await repo.finishedGoodsOnHand(tenant.entityId, input.packageId)
      const sign = input.kind === 'returned' ? 1 : -1
      if (sign < 0 && input.units > onHand)
        throw new AppError('CONFLICT', `Only ${onHand} units on hand.`, [
          { path: 'data.units', message: `Only ${onHand} on hand` },
        ])
      const row = await repo.insertFinishedGoods({
        id: input.id,
        entityId: tenant.entityId,
        packageId: input.packageId,
        productId: option?.option.productId ?? last!.productId,
        productName: option?.productName ?? last!.productName,
        packageType: option?.option.type ?? last!.packageType,
        sku: option?.option.sku ?? last!.sku,
        upc: option?.option.upc ?? last!.upc,
        kind: input.kind,
        units: sign * input.units,
        customer: input.customer,
        reason: input.reason,
        recordedBy: tenant.userId,
      })
      if (!row) throw new AppError('CONFLICT', `A finished goods record with id ${input.id} already exists.`)
      return {
        id: row.id,
        packageId: row.packageId,
        kind: input.kind,
        units: row.units,
        batchId: row.batchId,
        customer: row.customer,
        reason: row.reason,
        occurredAt: iso(row.occurredAt),
      }
    },

    // -------------------------------------------------------------------------------------------------
    // For the other production modules, inside their writes (docs/decisions/211-consumption-points.md)

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

    /**
     * A packaging run's liquid event (kind 'packaged', `details.packageId` and `details.units`) puts units of
     * its packaging option on hand and consumes the packaging materials its units use. Once per event; an
     * event superseding an earlier one takes the earlier one's units and materials back first.
     */
    async finishedGoodsFromPackaging(
      tx: Db,
      tenant: Tenant,
      event: {
        id: string
        batchId: string | null
        volumeBbl: string | number
        details: Record<string, unknown> | null
        supersedesId?: string | null
        occurredAt?: Date
      },
    ) {
      const repo = createInventoryRepository(tx)
      const existing = await repo.finishedGoodsOfEvent(tenant.entityId, event.id)
      if (existing) return existing
      const details = (event.details ?? {}) as Partial<PackagedEventDetails>
      const units = Number(details.units)
      if (typeof details.packageId !== 'string' || !Number.isInteger(units) || units <= 0)
        throw invalid('data.details', 'A packaging run names its packageId and a whole number of units')
      const option = await repo.packageOption(tenant.entityId, details.packageId)
      if (!option) throw invalid('data.details.packageId', 'Not a packaging option of this brewery')
      if (event.supersedesId) {
        const earlier = await repo.finishedGoodsOfEvent(tenant.entityId, event.supersedesId)
        if (earlier) {
          await repo.insertFinishedGoods({
            id: crypto.randomUUID(),
            entityId: tenant.entityId,
            packageId: earlier.packageId,
            productId: earlier.productId,
            productName: earlier.productName,
            packageType: earlier.packageType,
            sku: earlier.sku,
            upc: earlier.upc,
            kind: 'packaged',
            units: -earlier.units,
            volumeBbl: (-Number(earlier.volumeBbl)).toFixed(5),
            batchId: earlier.batchId,
            reason: 'Superseded by a corrected packaging run',
            recordedBy: tenant.userId,
          })
          if (earlier.batchId)
            await reverseStep(repo, tenant, earlier.batchId, `package:${event.supersedesId}`)
        }
      }
      const row = await repo.insertFinishedGoods({
        id: crypto.randomUUID(),
        entityId: tenant.entityId,
        packageId: option.option.id,
        productId: option.option.productId,
        productName: option.productName,
        packageType: option.option.type,
        sku: option.option.sku,
        upc: option.option.upc,
        kind: 'packaged',
        units,
        volumeBbl: Number(event.volumeBbl).toFixed(5),
        batchId: event.batchId,
        liquidEventId: event.id,
        ...(event.occurredAt ? { occurredAt: event.occurredAt } : {}),
        recordedBy: tenant.userId,
      })
      for (const material of await repo.materialsOfPackageType(tenant.entityId, option.option.typeId)) {
        if (material.perUnit === null) continue
        const needed = toScaled(units * Number(material.perUnit))
        if (needed > 0)
          await take(repo, tenant, material, needed, {
            kind: 'consumed',
            batchId: event.batchId,
            stepKey: `package:${event.id}`,
            reason: `Packaged ${units} × ${option.option.type}`,
            operationId: crypto.randomUUID(),
          })
      }
      return row
    },

    // -------------------------------------------------------------------------------------------------
    // Par levels (the job)

    /**
     * Raises alerts for items now under par and resolves those back above it, each brewery in its own
     * transaction; answers the alerts raised per brewery, for the job to announce once committed.
     */
    async evaluateParLevels(entityId?: string): Promise<Map<string, AlertRow[]>> {
      const breweries = entityId ? [entityId] : await reads.breweriesWithParLevels()
      const raised = new Map<string, AlertRow[]>()
      for (const brewery of breweries) {
        const rows = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db
          // One check of a brewery at a time, so two never raise one alert twice.
          await lockForTransaction(tx, `inventory.par-levels:${brewery}`)
          const items = await listItems(createInventoryRepository(tx), brewery)
          const open = new Map(
            (await alertStore.unresolved(tx, brewery, 'below-par')).map((alert) => [alert.subject, alert]),
          )
          const inserted: AlertRow[] = []
          for (const item of items) {
            const alert = open.get(parSubject(item.id))
            if (item.isBelowPar && !alert && item.parLevel !== null)
              inserted.push(await raiseParAlert(tx, brewery, { ...item, parLevel: item.parLevel }))
            else if (!item.isBelowPar && alert) await alertStore.resolve(tx, brewery, alert.id)
          }
          return inserted
        })
        if (rows.length > 0) raised.set(brewery, rows)
      }
      return raised
    },

    /** Whether the role may do it (the routes' answers say which controls to show). */
    can,
  }
  return service

  async function receiveLot(
    repo: InventoryRepository,
    tenant: Tenant,
    item: ItemRow,
    input: ReceiveLot,
    path = 'data',
  ): Promise<LotRow> {
    const received = inItemUnit(item, input.quantity, input.unit, `${path}.unit`)
    if (received === 0) throw invalid(`${path}.quantity`, 'Quantity is below the smallest step (0.0001)')
    if (received > MAX_SCALED) throw invalid(`${path}.quantity`, `Quantity is too large in ${item.unit}`)
    const entered = toScaled(input.quantity)
    const totalCostCents = costOfQuantityCents(input.unitCostCents, entered)
    if (totalCostCents > MAX_CENTS)
      throw invalid(`${path}.unitCostCents`, "The lot's total cost is too large")
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
    return lot
  }

  async function preview(repo: InventoryRepository, entityId: string, csv: string) {
    const parsed = parseOpeningStockCsv(csv)
    const errors: OpeningStockError[] = [...parsed.errors]
    const rows: (OpeningStockRow & { itemId: string | null })[] = []
    const items = await repo.items(entityId)
    const planned = new Map<string, StockUnit>()
    for (const row of parsed.rows) {
      const key = row.ingredientId ?? `${row.category}:${row.name.toLowerCase()}`
      const item =
        items.find((candidate) =>
          row.ingredientId
            ? candidate.ingredientId === row.ingredientId
            : `${candidate.category}:${candidate.name.toLowerCase()}` === key,
        ) ?? null
      const unit = (item?.unit as StockUnit | undefined) ?? planned.get(key) ?? row.unit
      if (!canConvertStock(row.unit, unit)) {
        errors.push({
          line: row.line,
          field: 'unit',
          message: `${row.name} is kept in ${unit}; ${row.unit} cannot be converted to it`,
        })
        continue
      }
      if (!item && !planned.has(key)) planned.set(key, row.unit)
      rows.push({ ...row, itemId: item?.id ?? null })
    }
    errors.sort((a, b) => a.line - b.line)
    return { rows, errors, newItems: planned.size }
  }
}
export type InventoryService = ReturnType<typeof createInventoryService>
