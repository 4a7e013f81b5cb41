import type { BatchStatus } from '@brewcommand/domain'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { batches, batchSequences, brewhouses, brewhouseVersions } from '../../db/schema/production.ts'
import { products, recipes } from '../../db/schema/products.ts'

/** A batch row with its brewhouse's name and the planned version's number and constants. */
export type BatchRow = typeof batches.$inferSelect & {
  brewhouseName: string
  brewhouseVersion: number
  constants: Record<string, unknown>
}

export type NewBatchRow = {
  id: string
  number: string
  year: number
  sequence: number
  productId: string
  productName: string
  recipeId: string
  recipeSnapshot: Record<string, unknown>
  brewhouseId: string
  brewhouseVersionId: string
  plannedBrewDate: string
  targetVolumeBbl: string
  targetVolumeUnit: 'BBL' | 'GAL'
  plannedBy: string
}

/** Batches and their numbers (docs/production.md "batch"); every method takes the brewery first. */
export function createBatchRepository(db: Db) {
  const select = () =>
    db
      .select({
        batch: batches,
        brewhouseName: brewhouses.name,
        brewhouseVersion: brewhouseVersions.version,
        constants: brewhouseVersions.constants,
      })
      .from(batches)
      .innerJoin(brewhouses, eq(brewhouses.id, batches.brewhouseId))
      .innerJoin(brewhouseVersions, eq(brewhouseVersions.id, batches.brewhouseVersionId))
  const flat = (row: {
    batch: typeof batches.$inferSelect
    brewhouseName: string
    brewhouseVersion: number
    constants: Record<string, unknown>
  }): BatchRow => ({
    ...row.batch,
    brewhouseName: row.brewhouseName,
    brewhouseVersion: row.brewhouseVersion,
    constants: row.constants,
  })

  return {
    /** The brewery's batches, the most recently planned brew date first; only those of `statuses` when given. */
    async list(entityId: string, statuses?: BatchStatus[]): Promise<BatchRow[]> {
      const rows = await select()
        .where(
          and(
            eq(batches.entityId, entityId),
            statuses && statuses.length > 0 ? inArray(batches.status, statuses) : undefined,
          ),
        )
        .orderBy(desc(batches.plannedBrewDate), desc(batches.year), desc(batches.sequence))
      return rows.map(flat)
    },

    async find(entityId: string, id: string): Promise<BatchRow | null> {
      const [row] = await select().where(and(eq(batches.entityId, entityId), eq(batches.id, id)))
      return row ? flat(row) : null
    },

    /** The recipe as stored now, with its product's name: what a new batch freezes. */
    async recipeToBrew(
      entityId: string,
      productId: string,
      recipeId: string,
    ): Promise<{ document: Record<string, unknown>; productName: string } | null> {
      const [row] = await db
        .select({ document: recipes.document, productName: products.name })
        .from(recipes)
        .innerJoin(products, and(eq(products.id, recipes.productId), eq(products.entityId, recipes.entityId)))
        .where(
          and(eq(recipes.entityId, entityId), eq(recipes.productId, productId), eq(recipes.id, recipeId)),
        )
      return row ?? null
    },

    /**
     * The next sequence of the brewery's year, in one statement (the row stays locked until the commit, so
     * two plans at once get two numbers, and a plan that fails gives its number back).
     */
    async nextSequence(entityId: string, year: number): Promise<number> {
      const [row] = await db
        .insert(batchSequences)
        .values({ entityId, year, last: 1 })
        .onConflictDoUpdate({
          target: [batchSequences.entityId, batchSequences.year],
          set: { last: sql`${batchSequences.last} + 1` },
        })
        .returning({ last: batchSequences.last })
      return row.last
    },

    /** A new batch; false when its id is taken. */
    async insert(entityId: string, batch: NewBatchRow): Promise<boolean> {
      const inserted = await db
        .insert(batches)
        .values({ entityId, ...batch, status: 'planned' })
        .onConflictDoNothing()
        .returning({ id: batches.id })
      return inserted.length === 1
    },

    /** Changes a batch that is still planned; false when it is not (any more). */
    async updatePlanned(
      entityId: string,
      id: string,
      change: Partial<{
        brewhouseId: string
        brewhouseVersionId: string
        plannedBrewDate: string
        targetVolumeBbl: string
        targetVolumeUnit: 'BBL' | 'GAL'
      }>,
    ): Promise<boolean> {
      const rows = await db
        .update(batches)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(batches.entityId, entityId), eq(batches.id, id), eq(batches.status, 'planned')))
        .returning({ id: batches.id })
      return rows.length === 1
    },
  }
}
export type BatchRepository = ReturnType<typeof createBatchRepository>
