import { buildCatalog, type Catalog } from '@brewcommand/domain'
import { asc, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { catalogItems } from '../../db/schema/catalog.ts'

const KINDS = ['yeast', 'fermentables', 'hops', 'otherIngredients'] as const

// The catalogue is shared by every brewery (reference data), so these queries take no tenant.
export function createCatalogRepository(db: Db) {
  return {
    /** Writes the packaged catalogue into the database; safe to run any number of times. */
    async seed(): Promise<number> {
      const catalog = buildCatalog()
      const rows = KINDS.flatMap((kind) =>
        (catalog[kind] as { id: string }[]).map((item) => ({
          kind,
          id: item.id,
          item: item,
        })),
      )
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insert(catalogItems)
          .values(rows.slice(i, i + 200))
          .onConflictDoUpdate({
            target: [catalogItems.kind, catalogItems.id],
            set: { item: sql`excluded.item`, updatedAt: new Date() },
          })
      }
      return rows.length
    },

    async load(): Promise<Catalog> {
      const rows = await db.select().from(catalogItems).orderBy(asc(catalogItems.kind), asc(catalogItems.id))
      const catalog = { yeast: [], fermentables: [], hops: [], otherIngredients: [] } as Record<
        (typeof KINDS)[number],
        unknown[]
      >
      for (const row of rows) catalog[row.kind as (typeof KINDS)[number]]?.push(row.item)
      return catalog as unknown as Catalog
    },
  }
}
