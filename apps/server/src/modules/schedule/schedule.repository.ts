import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { batches, vesselOccupancies, vessels } from '../../db/schema/production.ts'
import { products, recipes } from '../../db/schema/products.ts'
import { scheduleSettings } from '../../db/schema/schedule.ts'
import { entities } from '../../db/schema/entities.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'

/** An occupancy with its batch's number, product and volume, as the schedule reads it. */
export type OccupancyRow = {
  id: string
  batchId: string
  vesselId: string
  stage: string
  plannedStart: Date | null
  plannedEnd: Date | null
  actualStart: Date | null
  actualEnd: Date | null
  batchNumber: string
  productName: string
  volumeBbl: string
  batchStatus: string
}

export type VesselRow = typeof vessels.$inferSelect

const occupancyColumns = {
  id: vesselOccupancies.id,
  batchId: vesselOccupancies.batchId,
  vesselId: vesselOccupancies.vesselId,
  stage: vesselOccupancies.stage,
  plannedStart: vesselOccupancies.plannedStart,
  plannedEnd: vesselOccupancies.plannedEnd,
  actualStart: vesselOccupancies.actualStart,
  actualEnd: vesselOccupancies.actualEnd,
  batchNumber: batches.number,
  productName: batches.productName,
  volumeBbl: batches.targetVolumeBbl,
  batchStatus: batches.status,
}

/** The schedule's SQL; every statement is scoped by the brewery (docs/architecture.md "Tenancy"). */
export function createScheduleRepository(db: Db) {
  return {
    async settings(entityId: string) {
      const [row] = await db.select().from(scheduleSettings).where(eq(scheduleSettings.entityId, entityId))
      return row ?? null
    },
    /** The brewery's time zone, read on this repository's connection (inside a write's transaction too). */
    timeZone: (entityId: string) => breweryTimeZone(db, entityId),
    async saveSettings(
      entityId: string,
      patch: Partial<
        Pick<typeof scheduleSettings.$inferInsert, 'cleaningGapHours' | 'feedTokenHash' | 'feedCreatedAt'>
      >,
    ) {
      const [row] = await db
        .insert(scheduleSettings)
        .values({ entityId, ...patch })
        .onConflictDoUpdate({ target: scheduleSettings.entityId, set: { ...patch, updatedAt: new Date() } })
        .returning()
      return row
    },
    /** The brewery whose feed has this token hash (the feed's only key). */
    async byFeedHash(hash: string) {
      const [row] = await db
        .select({ entityId: scheduleSettings.entityId, name: entities.name })
        .from(scheduleSettings)
        .innerJoin(entities, eq(entities.id, scheduleSettings.entityId))
        .where(eq(scheduleSettings.feedTokenHash, hash))
      return row ?? null
    },

    /** The brewery's vessels in service order (archived ones are left out). */
    async vessels(entityId: string): Promise<VesselRow[]> {
      return db
        .select()
        .from(vessels)
        .where(and(eq(vessels.entityId, entityId), isNull(vessels.archivedAt)))
        .orderBy(asc(vessels.position), asc(vessels.name))
    },
    /**
     * Vessels locked for this transaction (`SELECT … FOR UPDATE`, in id order so two writers never wait on
     * each other crosswise): a second booking of the same vessel waits here until the first commits, then
     * sees it.
     */
    async lockVessels(entityId: string, ids: readonly string[]): Promise<VesselRow[]> {
      if (ids.length === 0) return []
      return db
        .select()
        .from(vessels)
        .where(and(eq(vessels.entityId, entityId), inArray(vessels.id, [...ids])))
        .orderBy(asc(vessels.id))
        .for('update')
    },

    async batch(entityId: string, batchId: string) {
      const [row] = await db
        .select()
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
      return row ?? null
    },
    async setPlannedBrewDate(entityId: string, batchId: string, plannedBrewDate: string) {
      await db
        .update(batches)
        .set({ plannedBrewDate, updatedAt: new Date() })
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
    },

    async occupancy(entityId: string, id: string): Promise<OccupancyRow | null> {
      const [row] = await db
        .select(occupancyColumns)
        .from(vesselOccupancies)
        .innerJoin(batches, eq(batches.id, vesselOccupancies.batchId))
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.id, id)))
      return row ?? null
    },
    async occupanciesOfBatch(entityId: string, batchId: string): Promise<OccupancyRow[]> {
      return db
        .select(occupancyColumns)
        .from(vesselOccupancies)
        .innerJoin(batches, eq(batches.id, vesselOccupancies.batchId))
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.batchId, batchId)))
    },
    /** Occupancies that still hold or will hold a vessel (not ended), of some vessels or of all. */
    async openOccupancies(entityId: string, vesselIds?: readonly string[]): Promise<OccupancyRow[]> {
      return db
        .select(occupancyColumns)
        .from(vesselOccupancies)
        .innerJoin(batches, eq(batches.id, vesselOccupancies.batchId))
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            isNull(vesselOccupancies.actualEnd),
            sql`${batches.status} <> 'dumped'`,
            ...(vesselIds ? [inArray(vesselOccupancies.vesselId, [...vesselIds])] : []),
          ),
        )
    },
    /** Occupancies that touch [from, to), the open ones whatever their dates (they may have grown). */
    async occupanciesBetween(entityId: string, from: Date, to: Date): Promise<OccupancyRow[]> {
      const start = sql`coalesce(${vesselOccupancies.actualStart}, ${vesselOccupancies.plannedStart})`
      const end = sql`coalesce(${vesselOccupancies.actualEnd}, ${vesselOccupancies.plannedEnd})`
      return db
        .select(occupancyColumns)
        .from(vesselOccupancies)
        .innerJoin(batches, eq(batches.id, vesselOccupancies.batchId))
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            lt(start, to),
            or(gte(end, from), isNull(vesselOccupancies.actualEnd)),
          ),
        )
    },
    async insertOccupancy(
      entityId: string,
      values: { batchId: string; vesselId: string; stage: string; plannedStart: Date; plannedEnd: Date },
    ) {
      const [row] = await db
        .insert(vesselOccupancies)
        .values({ entityId, ...values })
        .returning({ id: vesselOccupancies.id })
      return row.id
    },
    async updateOccupancy(
      entityId: string,
      id: string,
      values: { vesselId?: string; plannedStart?: Date; plannedEnd?: Date },
    ) {
      await db
        .update(vesselOccupancies)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.id, id)))
    },

    /** Batches whose planned brew day falls in [from, to). */
    async batchesBrewedBetween(entityId: string, from: string, to: string) {
      return db
        .select({
          id: batches.id,
          number: batches.number,
          productName: batches.productName,
          plannedBrewDate: batches.plannedBrewDate,
          status: batches.status,
        })
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            gte(batches.plannedBrewDate, from),
            lt(batches.plannedBrewDate, to),
            sql`${batches.status} <> 'dumped'`,
          ),
        )
    },

    /** Planned batches without any booking. */
    async unbookedBatches(entityId: string) {
      return db
        .select({
          batchId: batches.id,
          batchNumber: batches.number,
          productName: batches.productName,
          plannedBrewDate: batches.plannedBrewDate,
          volumeBbl: batches.targetVolumeBbl,
        })
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            eq(batches.status, 'planned'),
            sql`not exists (select 1 from ${vesselOccupancies} where ${vesselOccupancies.batchId} = ${batches.id})`,
          ),
        )
        .orderBy(asc(batches.plannedBrewDate), asc(batches.number))
        .limit(100)
    },

    /** A product's name and its first recipe (what "can we brew this?" plans from). */
    async productWithRecipe(entityId: string, productId: string) {
      const [product] = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(eq(products.entityId, entityId), eq(products.id, productId)))
      if (!product) return null
      const [recipe] = await db
        .select({ document: recipes.document })
        .from(recipes)
        .where(and(eq(recipes.entityId, entityId), eq(recipes.productId, productId)))
        .orderBy(asc(recipes.position))
        .limit(1)
      return { ...product, recipe: recipe?.document ?? null }
    },
  }
}
export type ScheduleRepository = ReturnType<typeof createScheduleRepository>
