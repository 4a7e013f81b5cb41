import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { products } from './products.ts'

/**
 * Media files attached to a product (docs/product/02-products.md §2 "Media Assets"): the display name and description a
 * person edits, and the stored object (key under the brewery's prefix, type, size in bytes).
 */
export const productFiles = pgTable(
  'product_files',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    s3Key: text('s3_key').notNull().unique(),
    fileType: text('file_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_files_entity_id_idx').on(t.entityId),
    index('product_files_product_id_idx').on(t.productId),
  ],
)
