import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { batches } from './production.ts'
import { users } from './users.ts'

// Inventory (docs/production.md "inventory_item, lot, stock_movement, reservation"; docs/decisions/210–214):
// items, the lots they arrive in, the append-only ledger of stock movements (on hand is a sum over it), the
// reservations of planned batches, the append-only ledger of finished goods, and par-level alerts. Quantities
// are `numeric(16, 4)` in the item's unit, money `bigint` cents: never a binary fraction.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const quantity = (name: string) => numeric(name, { precision: 16, scale: 4 })
const cents = (name: string) => bigint(name, { mode: 'number' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/** An ingredient (the catalogue's or a custom one, by the recipe's ingredient id) or a packaging material. */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    /** fermentable, hop, yeast, other, packaging. */
    category: text('category').notNull(),
    /** The recipe's ingredient id it stands for; null for packaging materials. */
    ingredientId: text('ingredient_id'),
    /** The stock unit every quantity of the item is kept in. */
    unit: text('unit').notNull(),
    parLevel: quantity('par_level'),
    /** A packaging material: the brewery's packaging type whose units use it, and how many per unit. */
    packageTypeId: text('package_type_id'),
    perUnit: quantity('per_unit'),
    ...timestamps,
  },
  (t) => [
    index('inventory_items_entity_id_idx').on(t.entityId),
    uniqueIndex('inventory_items_entity_ingredient_uq').on(t.entityId, t.ingredientId),
  ],
)

/** A delivery of an item: where from, when, how much at what cost, and what was measured of it. Never edited. */
export const lots = pgTable(
  'lots',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    supplier: text('supplier').notNull().default(''),
    lotCode: text('lot_code').notNull().default(''),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    bestBefore: date('best_before', { mode: 'string' }),
    /** In the item's unit. */
    receivedQuantity: quantity('received_quantity').notNull(),
    /** As the person entered it. */
    enteredQuantity: quantity('entered_quantity').notNull(),
    enteredUnit: text('entered_unit').notNull(),
    /** Cents per entered unit, and what the whole lot cost. */
    unitCostCents: cents('unit_cost_cents').notNull(),
    totalCostCents: cents('total_cost_cents').notNull(),
    alphaAcid: doublePrecision('alpha_acid'),
    colorLovibond: doublePrecision('color_lovibond'),
    extractPct: doublePrecision('extract_pct'),
    recordedBy: byUser('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('lots_entity_id_idx').on(t.entityId), index('lots_item_id_idx').on(t.itemId)],
)

/**
 * The append-only ledger of stock: received, consumed (per lot, by a batch's step), consumption reversed (a
 * re-confirmed addition), adjusted (with a reason), counted (the variance of a physical count), and the
 * shortfall of a brew that used more than the books held (which moves no lot). Never updated nor deleted.
 * `operationId` groups the rows of one write (a consumption taken from two lots).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    operationId: uuid('operation_id').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    lotId: uuid('lot_id').references(() => lots.id),
    kind: text('kind').notNull(),
    /** Signed, in the item's unit: + into stock, − out of it. */
    quantity: quantity('quantity').notNull(),
    /** Signed: the change of the lot's value. */
    costCents: cents('cost_cents').notNull().default(0),
    batchId: uuid('batch_id').references(() => batches.id),
    stepKey: text('step_key'),
    reason: text('reason').notNull().default(''),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: byUser('recorded_by'),
  },
  (t) => [
    index('stock_movements_entity_item_idx').on(t.entityId, t.itemId),
    index('stock_movements_lot_id_idx').on(t.lotId),
    index('stock_movements_batch_id_idx').on(t.batchId),
  ],
)

/** A planned batch's hold on an item; released (never deleted) when the batch is brewed, dumped or re-planned. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    quantity: quantity('quantity').notNull(),
    reservedAt: instant('reserved_at').notNull().defaultNow(),
    releasedAt: instant('released_at'),
    releaseReason: text('release_reason'),
  },
  (t) => [
    index('reservations_entity_id_idx').on(t.entityId),
    index('reservations_batch_id_idx').on(t.batchId),
    index('reservations_item_id_idx').on(t.itemId),
  ],
)

/**
 * The append-only ledger of finished goods per packaging option: packaged (from a packaging run's liquid event),
 * sold, removed, returned, broken. The option's names are copied, so history outlives an edited option.
 */
export const finishedGoodsMovements = pgTable(
  'finished_goods_movements',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    packageId: uuid('package_id').notNull(),
    productId: uuid('product_id'),
    productName: text('product_name').notNull().default(''),
    packageType: text('package_type').notNull().default(''),
    sku: text('sku').notNull().default(''),
    upc: text('upc').notNull().default(''),
    kind: text('kind').notNull(),
    /** Signed: + packaged or returned, − sold, removed or broken. */
    units: integer('units').notNull(),
    volumeBbl: numeric('volume_bbl', { precision: 14, scale: 5 }).notNull().default('0'),
    batchId: uuid('batch_id').references(() => batches.id),
    liquidEventId: uuid('liquid_event_id'),
    customer: text('customer').notNull().default(''),
    reason: text('reason').notNull().default(''),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: byUser('recorded_by'),
  },
  (t) => [
    index('finished_goods_movements_entity_id_idx').on(t.entityId, t.packageId),
    index('finished_goods_movements_batch_id_idx').on(t.batchId),
    uniqueIndex('finished_goods_movements_liquid_event_uq').on(t.liquidEventId),
  ],
)
