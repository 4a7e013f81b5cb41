import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const productId = () =>
  uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' })

/** A brewery's products; ids come from the browser (docs/architecture.md "Ids"). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('products_entity_id_idx').on(t.entityId)],
)

/**
 * Recipes, each stored whole as the shared Recipe shape (validated by the domain schema on the way in):
 * the editor always reads and writes a recipe as one document.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    productId: productId(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('recipes_entity_id_idx').on(t.entityId), index('recipes_product_id_idx').on(t.productId)],
)

/** Packaging options of a product (docs/product/02-products.md §3): a type of the brewery's, SKU and UPC. */
export const productPackages = pgTable(
  'product_packages',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    productId: productId(),
    type: text('type').notNull(),
    typeId: text('type_id').notNull(),
    sku: text('sku').notNull().default(''),
    upc: text('upc').notNull().default(''),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_packages_entity_id_idx').on(t.entityId),
    index('product_packages_product_id_idx').on(t.productId),
  ],
)

export const tastingNotes = pgTable(
  'tasting_notes',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    productId: productId(),
    category: text('category').notNull(),
    notes: text('notes').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('tasting_notes_entity_id_idx').on(t.entityId),
    index('tasting_notes_product_id_idx').on(t.productId),
  ],
)

export const productAttributes = pgTable(
  'product_attributes',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    productId: productId(),
    attribute: text('attribute').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_attributes_entity_id_idx').on(t.entityId),
    index('product_attributes_product_id_idx').on(t.productId),
  ],
)
