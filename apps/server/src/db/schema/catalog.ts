import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** The shared ingredient catalogue (not a brewery's): seeded from the domain package at start-up. */
export const catalogItems = pgTable(
  'catalog_items',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    item: jsonb('item').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
)
