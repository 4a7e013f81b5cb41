import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'
import {
  finishedGoodsMovements,
  inventoryItems,
  lots,
  reservations,
  stockMovements,
} from '../../db/schema/inventory.ts'
import { batches, liquidEvents } from '../../db/schema/production.ts'
import { productPackages, products } from '../../db/schema/products.ts'
import { heldLots } from '../trace/holds.ts'

// Inventory's SQL (docs/production.md "inventory_item, lot, stock_movement, reservation"). Every statement takes
// the brewery first and is scoped by it. The ledgers are only ever inserted into; reservations and alerts are
// released or resolved by setting their instant, never deleted.

export type ItemRow = typeof inventoryItems.$inferSelect
export type LotRow = typeof lots.$inferSelect
export type MovementInsert = typeof stockMovements.$inferInsert
export type BatchRow = typeof batches.$inferSelect

/**
 * Which span of `bounds` an instant is in: 0 before the first bound, `i` from bound `i − 1` up to the next (the
 * last bound only ends the range, so it is not a threshold). PostgreSQL's `width_bucket` over a sorted array.
 */
function spanOf(column: AnyPgColumn, bounds: readonly Date[]) {
  const thresholds = sql.join(
    bounds.slice(0, -1).map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  )
  return sql<number>`width_bucket(${column}, array[${thresholds}]::timestamptz[])`.mapWith(Number)
}

export function createInventoryRepository(db: Db) {
  return {
    /** The brewery's items (only `itemIds` when given). */
    items: (entityId: string, itemIds?: string[]) =>
      db
        .select()
        .from(inventoryItems)
        .where(
          and(
            eq(inventoryItems.entityId, entityId),
            itemIds ? inArray(inventoryItems.id, itemIds) : undefined,
          ),
        )
        .orderBy(asc(inventoryItems.category), asc(inventoryItems.name)),

    async item(entityId: string, itemId: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(inventoryItems)
        .where(and(eq(inventoryItems.entityId, entityId), eq(inventoryItems.id, itemId)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    async itemByIngredient(entityId: string, ingredientId: string) {
      const [row] = await db
        .select()
        .from(inventoryItems)
        .where(and(eq(inventoryItems.entityId, entityId), eq(inventoryItems.ingredientId, ingredientId)))
      return row ?? null
    },

    itemsByIngredients: (entityId: string, ingredientIds: string[]) =>
      ingredientIds.length === 0
        ? Promise.resolve([] as ItemRow[])
        : db
            .select()
            .from(inventoryItems)
            .where(
              and(eq(inventoryItems.entityId, entityId), inArray(inventoryItems.ingredientId, ingredientIds)),
            ),

    /** Inserts an item; none when the id or the ingredient is already taken (the caller says which). */
    async insertItem(values: typeof inventoryItems.$inferInsert) {
      const rows = await db.insert(inventoryItems).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    async updateItem(entityId: string, itemId: string, values: Partial<typeof inventoryItems.$inferInsert>) {
      const [row] = await db
        .update(inventoryItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(inventoryItems.entityId, entityId), eq(inventoryItems.id, itemId)))
        .returning()
      return row ?? null
    },

    /** Every lot of the brewery (or of some items) with what remains of it: the sum of its movements. */
    lotsWithRemaining: (entityId: string, itemIds?: string[]) =>
      db
        .select({
          lot: lots,
          remaining: sql<string>`coalesce(sum(${stockMovements.quantity}) filter (where ${stockMovements.kind} <> 'shortfall'), 0)`,
        })
        .from(lots)
        .leftJoin(stockMovements, eq(stockMovements.lotId, lots.id))
        .where(
          and(
            eq(lots.entityId, entityId),
            itemIds === undefined
              ? undefined
              : itemIds.length === 0
                ? sql`false`
                : inArray(lots.itemId, itemIds),
          ),
        )
        .groupBy(lots.id)
        .orderBy(asc(lots.receivedOn), asc(lots.recordedAt)),

    /** The lots among `lotIds` on hold (a recall, ADR 303): first-expiring allocations pass them by. */
    heldLotIds: (entityId: string, lotIds: string[]) => heldLots(db, entityId, lotIds),

    async lot(entityId: string, lotId: string) {
      const [row] = await db
        .select()
        .from(lots)
        .where(and(eq(lots.entityId, entityId), eq(lots.id, lotId)))
      return row ?? null
    },

    /** Inserts a lot; none when its id is taken. */
    async insertLot(values: typeof lots.$inferInsert) {
      const rows = await db.insert(lots).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    async insertMovements(values: MovementInsert[]) {
      if (values.length === 0) return []
      return db.insert(stockMovements).values(values).returning()
    },

    async operationExists(entityId: string, operationId: string) {
      const [row] = await db
        .select({ id: stockMovements.id })
        .from(stockMovements)
        .where(and(eq(stockMovements.entityId, entityId), eq(stockMovements.operationId, operationId)))
        .limit(1)
      return Boolean(row)
    },

    /** An item's movements, newest first, with their lot code and batch number. */
    movementsOfItem: (entityId: string, itemId: string, limit = 300) =>
      db
        .select({
          movement: stockMovements,
          lotCode: lots.lotCode,
          batchNumber: batches.number,
        })
        .from(stockMovements)
        .leftJoin(lots, eq(lots.id, stockMovements.lotId))
        .leftJoin(batches, eq(batches.id, stockMovements.batchId))
        .where(and(eq(stockMovements.entityId, entityId), eq(stockMovements.itemId, itemId)))
        .orderBy(desc(stockMovements.occurredAt), desc(stockMovements.id))
        .limit(limit),

    /** The movements of a batch's step (its consumption so far), or of all the batch. */
    movementsOfBatch: (entityId: string, batchIds: string[], stepKey?: string) =>
      batchIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ movement: stockMovements, lotCode: lots.lotCode, item: inventoryItems })
            .from(stockMovements)
            .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
            .leftJoin(lots, eq(lots.id, stockMovements.lotId))
            .where(
              and(
                eq(stockMovements.entityId, entityId),
                inArray(stockMovements.batchId, batchIds),
                stepKey === undefined ? undefined : eq(stockMovements.stepKey, stepKey),
              ),
            )
            .orderBy(asc(stockMovements.occurredAt), asc(stockMovements.id)),

    /**
     * An item's shortfalls not yet settled, per batch and step, oldest first: what brew day or a packaging run used
     * beyond the stock on record, less what later receipts settled or a re-confirmation took back.
     */
    unsettledShortfalls: (entityId: string, itemId: string) =>
      db
        .select({
          batchId: stockMovements.batchId,
          stepKey: stockMovements.stepKey,
          batchNumber: batches.number,
          quantity: sql<string>`sum(${stockMovements.quantity})`,
        })
        .from(stockMovements)
        .leftJoin(batches, and(eq(batches.id, stockMovements.batchId), eq(batches.entityId, entityId)))
        .where(
          and(
            eq(stockMovements.entityId, entityId),
            eq(stockMovements.itemId, itemId),
            eq(stockMovements.kind, 'shortfall'),
          ),
        )
        .groupBy(stockMovements.batchId, stockMovements.stepKey, batches.number)
        .having(sql`sum(${stockMovements.quantity}) > 0`)
        .orderBy(sql`min(${stockMovements.occurredAt})`, stockMovements.batchId, stockMovements.stepKey),

    /** Active reservations summed per item (only `itemIds` when given). */
    reservedPerItem: (entityId: string, itemIds?: string[]) =>
      db
        .select({ itemId: reservations.itemId, reserved: sql<string>`sum(${reservations.quantity})` })
        .from(reservations)
        .where(
          and(
            eq(reservations.entityId, entityId),
            isNull(reservations.releasedAt),
            itemIds ? inArray(reservations.itemId, itemIds) : undefined,
          ),
        )
        .groupBy(reservations.itemId),

    reservationsOfItem: (entityId: string, itemId: string) =>
      db
        .select({
          batchId: reservations.batchId,
          quantity: reservations.quantity,
          batchNumber: batches.number,
          plannedBrewDate: batches.plannedBrewDate,
        })
        .from(reservations)
        .innerJoin(batches, eq(batches.id, reservations.batchId))
        .where(
          and(
            eq(reservations.entityId, entityId),
            eq(reservations.itemId, itemId),
            isNull(reservations.releasedAt),
          ),
        )
        .orderBy(asc(batches.plannedBrewDate)),

    activeReservationsOfBatch: (entityId: string, batchId: string) =>
      db
        .select()
        .from(reservations)
        .where(
          and(
            eq(reservations.entityId, entityId),
            eq(reservations.batchId, batchId),
            isNull(reservations.releasedAt),
          ),
        ),

    releaseReservations: (entityId: string, batchId: string, reason: string) =>
      db
        .update(reservations)
        .set({ releasedAt: new Date(), releaseReason: reason })
        .where(
          and(
            eq(reservations.entityId, entityId),
            eq(reservations.batchId, batchId),
            isNull(reservations.releasedAt),
          ),
        ),

    async insertReservations(values: (typeof reservations.$inferInsert)[]) {
      if (values.length === 0) return []
      return db.insert(reservations).values(values).returning()
    },

    async batch(entityId: string, batchId: string) {
      const [row] = await db
        .select()
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
      return row ?? null
    },

    /** The number of each batch of `ids`. */
    batchNumbers: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: batches.id, number: batches.number })
            .from(batches)
            .where(and(eq(batches.entityId, entityId), inArray(batches.id, ids))),

    /** Planned batches brewed on or before `until` (YYYY-MM-DD), earliest first. */
    plannedBatches: (entityId: string, until: string) =>
      db
        .select()
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            eq(batches.status, 'planned'),
            lte(batches.plannedBrewDate, until),
          ),
        )
        .orderBy(asc(batches.plannedBrewDate), asc(batches.number)),

    async packageOption(entityId: string, packageId: string) {
      const [row] = await db
        .select({ option: productPackages, productName: products.name })
        .from(productPackages)
        .innerJoin(products, eq(products.id, productPackages.productId))
        .where(and(eq(productPackages.entityId, entityId), eq(productPackages.id, packageId)))
      return row ?? null
    },

    async liquidEvent(entityId: string, eventId: string) {
      const [row] = await db
        .select()
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.id, eventId)))
      return row ?? null
    },

    finishedGoods: (entityId: string) =>
      db
        .select()
        .from(finishedGoodsMovements)
        .where(eq(finishedGoodsMovements.entityId, entityId))
        .orderBy(asc(finishedGoodsMovements.occurredAt)),

    async finishedGoodsOfEvent(entityId: string, liquidEventId: string) {
      const [row] = await db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            eq(finishedGoodsMovements.liquidEventId, liquidEventId),
          ),
        )
      return row ?? null
    },

    async finishedGoodsOnHand(entityId: string, packageId: string) {
      const [row] = await db
        .select({ units: sql<string>`coalesce(sum(${finishedGoodsMovements.units}), 0)` })
        .from(finishedGoodsMovements)
        .where(
          and(eq(finishedGoodsMovements.entityId, entityId), eq(finishedGoodsMovements.packageId, packageId)),
        )
      return Number(row?.units ?? 0)
    },

    /** The last recorded names of a packaging option, for an option since removed from its product. */
    async lastFinishedGoodsOf(entityId: string, packageId: string) {
      const [row] = await db
        .select()
        .from(finishedGoodsMovements)
        .where(
          and(eq(finishedGoodsMovements.entityId, entityId), eq(finishedGoodsMovements.packageId, packageId)),
        )
        .orderBy(desc(finishedGoodsMovements.occurredAt))
        .limit(1)
      return row ?? null
    },

    async insertFinishedGoods(values: typeof finishedGoodsMovements.$inferInsert) {
      const rows = await db.insert(finishedGoodsMovements).values(values).onConflictDoNothing().returning()
      return rows[0] ?? null
    },

    /** Packaging materials used by units of a packaging type. */
    materialsOfPackageType: (entityId: string, packageTypeId: string) =>
      db
        .select()
        .from(inventoryItems)
        .where(
          and(
            eq(inventoryItems.entityId, entityId),
            eq(inventoryItems.category, 'packaging'),
            eq(inventoryItems.packageTypeId, packageTypeId),
          ),
        ),

    /** Breweries with a par level on some item (the hourly sweep's list). */
    async breweriesWithParLevels() {
      const rows = await db
        .selectDistinct({ entityId: inventoryItems.entityId })
        .from(inventoryItems)
        .where(sql`${inventoryItems.parLevel} is not null`)
      return rows.map((row) => row.entityId)
    },

    /** The batches whose brew day finished (or, while it runs, started) in [from, to), oldest first. */
    batchesBrewedIn: (entityId: string, from: Date, to: Date) => {
      const brewedAt = sql<Date>`coalesce(${batches.brewDayFinishedAt}, ${batches.brewDayStartedAt})`
      return db
        .select({
          id: batches.id,
          number: batches.number,
          productName: batches.productName,
          brewedAt: batches.brewDayFinishedAt,
          startedAt: batches.brewDayStartedAt,
        })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), gte(brewedAt, from), lt(brewedAt, to)))
        .orderBy(asc(brewedAt), asc(batches.number))
    },

    /** Finished-goods units moved before the last of `bounds`, summed per packaging option and `span` (as above). */
    finishedGoodsBuckets: (entityId: string, bounds: readonly Date[]) => {
      const span = spanOf(finishedGoodsMovements.occurredAt, bounds)
      return db
        .select({
          span,
          packageId: finishedGoodsMovements.packageId,
          units: sql<string>`sum(${finishedGoodsMovements.units})`,
        })
        .from(finishedGoodsMovements)
        .where(
          and(
            eq(finishedGoodsMovements.entityId, entityId),
            lt(finishedGoodsMovements.occurredAt, bounds.at(-1)!),
          ),
        )
        .groupBy(sql`1`, finishedGoodsMovements.packageId)
    },
  }
}
export type InventoryRepository = ReturnType<typeof createInventoryRepository>
