import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { batchCellarSteps } from '../../db/schema/cellar.ts'
import { batches, brewSteps, vesselOccupancies, vessels } from '../../db/schema/production.ts'

/** Batches whose beer is in the cellar: brewed and not yet completed or dumped. */
export const CELLAR_STATUSES = ['fermenting', 'conditioning', 'packaging'] as const

/** The reads and writes of cellar tasks (ADR 263); every query is scoped by the brewery. */
export function createCellarTaskRepository(db: Db) {
  return {
    /** The brewery's batches in the cellar, with what the tasks need of them. */
    batchesInCellar: (entityId: string) =>
      db
        .select({
          id: batches.id,
          number: batches.number,
          productName: batches.productName,
          status: batches.status,
          recipeSnapshot: batches.recipeSnapshot,
          brewDayFinishedAt: batches.brewDayFinishedAt,
        })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), inArray(batches.status, [...CELLAR_STATUSES])))
        .orderBy(asc(batches.number)),

    /** The later-day additions (dry hops, fermenter additions) of these batches not recorded yet. */
    openLaterSteps: async (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? []
        : db
            .select({ batchId: brewSteps.batchId, key: brewSteps.key, plan: brewSteps.plan })
            .from(brewSteps)
            .where(
              and(
                eq(brewSteps.entityId, entityId),
                inArray(brewSteps.batchId, batchIds),
                isNull(brewSteps.completedAt),
              ),
            )
            .orderBy(asc(brewSteps.position)),

    /** The vessel bookings of these batches, planned and actual, with each vessel's name. */
    occupancies: async (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? []
        : db
            .select({
              id: vesselOccupancies.id,
              batchId: vesselOccupancies.batchId,
              vesselId: vesselOccupancies.vesselId,
              vesselName: vessels.name,
              stage: vesselOccupancies.stage,
              plannedStart: vesselOccupancies.plannedStart,
              plannedEnd: vesselOccupancies.plannedEnd,
              actualStart: vesselOccupancies.actualStart,
              actualEnd: vesselOccupancies.actualEnd,
            })
            .from(vesselOccupancies)
            .innerJoin(
              vessels,
              and(eq(vessels.id, vesselOccupancies.vesselId), eq(vessels.entityId, entityId)),
            )
            .where(
              and(eq(vesselOccupancies.entityId, entityId), inArray(vesselOccupancies.batchId, batchIds)),
            ),

    /** The cold crashes recorded on these batches. */
    coldCrashes: async (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? []
        : db
            .select({ batchId: batchCellarSteps.batchId, occurredAt: batchCellarSteps.occurredAt })
            .from(batchCellarSteps)
            .where(
              and(
                eq(batchCellarSteps.entityId, entityId),
                inArray(batchCellarSteps.batchId, batchIds),
                eq(batchCellarSteps.kind, 'cold-crash'),
              ),
            ),

    stepExists: async (entityId: string, id: string) =>
      (
        await db
          .select({ id: batchCellarSteps.id })
          .from(batchCellarSteps)
          .where(and(eq(batchCellarSteps.entityId, entityId), eq(batchCellarSteps.id, id)))
      ).length > 0,

    insertColdCrash: (
      entityId: string,
      row: {
        id: string
        batchId: string
        vesselId: string
        temperature: { value: number; unit: 'F' | 'C' }
        note: string
        at: Date
        userId: string
      },
    ) =>
      db.insert(batchCellarSteps).values({
        id: row.id,
        entityId,
        batchId: row.batchId,
        vesselId: row.vesselId,
        kind: 'cold-crash',
        temperature: row.temperature,
        note: row.note,
        occurredAt: row.at,
        recordedBy: row.userId,
      }),

    /** The batch's open occupancy (where its beer is now). */
    openOccupancy: async (entityId: string, batchId: string) => {
      const [row] = await db
        .select({
          id: vesselOccupancies.id,
          vesselId: vesselOccupancies.vesselId,
          stage: vesselOccupancies.stage,
          plannedEnd: vesselOccupancies.plannedEnd,
        })
        .from(vesselOccupancies)
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.batchId, batchId),
            isNotNull(vesselOccupancies.actualStart),
            isNull(vesselOccupancies.actualEnd),
          ),
        )
      return row ?? null
    },

    setPlannedEnd: (entityId: string, occupancyId: string, plannedEnd: Date) =>
      db
        .update(vesselOccupancies)
        .set({ plannedEnd, updatedAt: new Date() })
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.id, occupancyId))),
  }
}
export type CellarTaskRepository = ReturnType<typeof createCellarTaskRepository>
