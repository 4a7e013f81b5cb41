import {
  DEFAULT_CELLAR_SETTINGS,
  type Measurement,
  type PlannedBrewStep,
  type Person,
} from '@brewcommand/domain'
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { createCellarRepository } from '../cellar/cellar.repository.ts'
import {
  batches,
  brewhouses,
  brewhouseVersions,
  brewSteps,
  liquidEvents,
  measurements,
  vesselOccupancies,
  vessels,
} from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'

export type BatchRow = typeof batches.$inferSelect
export type BrewStepRow = typeof brewSteps.$inferSelect
export type MeasurementRow = typeof measurements.$inferSelect
export type VesselRow = typeof vessels.$inferSelect

/** The stages of a vessel occupancy that hold beer (the brew stage is the brewhouse's own). */
const FILLING_STAGES = ['fermentation', 'conditioning', 'packaging']

/**
 * The brew day's SQL (docs/production.md): a batch with its brewhouse version, its steps and measurements,
 * the vessels it may go into, and the rows finishing brew day writes. The brewery comes first in every method
 * and is in every statement's `where`.
 */
export function createBrewDayRepository(db: Db) {
  return {
    /** The batch with the brewhouse version it was planned with; `lock` holds its row until the commit. */
    async batch(entityId: string, batchId: string, { lock = false } = {}) {
      const query = db
        .select({
          batch: batches,
          brewhouseName: brewhouses.name,
          constants: brewhouseVersions.constants,
        })
        .from(batches)
        .innerJoin(
          brewhouseVersions,
          and(eq(brewhouseVersions.id, batches.brewhouseVersionId), eq(brewhouseVersions.entityId, entityId)),
        )
        .innerJoin(brewhouses, and(eq(brewhouses.id, batches.brewhouseId), eq(brewhouses.entityId, entityId)))
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
      const [row] = lock ? await query.for('update', { of: batches }) : await query
      return row ?? null
    },

    steps: (entityId: string, batchId: string) =>
      db
        .select()
        .from(brewSteps)
        .where(and(eq(brewSteps.entityId, entityId), eq(brewSteps.batchId, batchId)))
        .orderBy(asc(brewSteps.position)),

    measurements: (entityId: string, batchId: string) =>
      db
        .select()
        .from(measurements)
        .where(and(eq(measurements.entityId, entityId), eq(measurements.batchId, batchId)))
        .orderBy(asc(measurements.takenAt), asc(measurements.id)),

    /** Names to show for members of the brewery (who started, completed, acknowledged, measured). */
    async people(entityId: string, ids: string[]): Promise<Map<string, Person>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .select({
          id: users.id,
          givenName: users.givenName,
          familyName: users.familyName,
          email: users.email,
        })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.id, ids)))
      return new Map(
        rows.map((row) => [
          row.id,
          { id: row.id, name: `${row.givenName} ${row.familyName}`.trim() || row.email || 'A member' },
        ]),
      )
    },

    /** The last clean and sanitise of each vessel, and the brewery's windows (the cellar's records). */
    async cleaningOf(entityId: string, vesselIds: string[]) {
      const cellar = createCellarRepository(db)
      const last = await cellar.lastCleaning(entityId, vesselIds)
      const settings = (await cellar.settings(entityId)) ?? DEFAULT_CELLAR_SETTINGS
      return { last, settings }
    },

    /** The fermenters and unitanks of the brewery (not archived), with the batch each holds now, if any. */
    async fermenters(entityId: string, kinds: readonly string[]) {
      const rows = await db
        .select()
        .from(vessels)
        .where(
          and(eq(vessels.entityId, entityId), inArray(vessels.kind, [...kinds]), isNull(vessels.archivedAt)),
        )
        .orderBy(asc(vessels.position), asc(vessels.name))
      const ids = rows.map((row) => row.id)
      const open =
        ids.length === 0
          ? []
          : await db
              .select({ vesselId: vesselOccupancies.vesselId, number: batches.number })
              .from(vesselOccupancies)
              .innerJoin(
                batches,
                and(eq(batches.id, vesselOccupancies.batchId), eq(batches.entityId, entityId)),
              )
              .where(
                and(
                  eq(vesselOccupancies.entityId, entityId),
                  inArray(vesselOccupancies.vesselId, ids),
                  inArray(vesselOccupancies.stage, FILLING_STAGES),
                  isNotNull(vesselOccupancies.actualStart),
                  isNull(vesselOccupancies.actualEnd),
                ),
              )
      const holding = new Map(open.map((row) => [row.vesselId, row.number]))
      return rows.map((row) => ({ vessel: row, holds: holding.get(row.id) ?? null }))
    },

    async vessel(entityId: string, vesselId: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(vessels)
        .where(and(eq(vessels.entityId, entityId), eq(vessels.id, vesselId), isNull(vessels.archivedAt)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    /** The batch that holds a vessel now (an open filling occupancy), if any. */
    async holderOf(entityId: string, vesselId: string) {
      const [row] = await db
        .select({ number: batches.number })
        .from(vesselOccupancies)
        .innerJoin(batches, and(eq(batches.id, vesselOccupancies.batchId), eq(batches.entityId, entityId)))
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.vesselId, vesselId),
            inArray(vesselOccupancies.stage, FILLING_STAGES),
            isNotNull(vesselOccupancies.actualStart),
            isNull(vesselOccupancies.actualEnd),
          ),
        )
        .limit(1)
      return row?.number ?? null
    },

    async insertSteps(entityId: string, batchId: string, plan: readonly PlannedBrewStep[]) {
      if (plan.length === 0) return
      await db.insert(brewSteps).values(
        plan.map((step) => ({
          entityId,
          batchId,
          key: step.key,
          position: step.order,
          kind: step.kind,
          plan: step,
        })),
      )
    },

    async updateStep(
      entityId: string,
      batchId: string,
      key: string,
      change: Partial<
        Pick<
          BrewStepRow,
          | 'startedAt'
          | 'startedBy'
          | 'completedAt'
          | 'completedBy'
          | 'extendedMinutes'
          | 'acknowledgedAt'
          | 'acknowledgedBy'
          | 'actual'
        >
      >,
    ): Promise<BrewStepRow | undefined> {
      const [row] = await db
        .update(brewSteps)
        .set(change)
        .where(and(eq(brewSteps.entityId, entityId), eq(brewSteps.batchId, batchId), eq(brewSteps.key, key)))
        .returning()
      return row
    },

    async updateBatch(
      entityId: string,
      batchId: string,
      change: Partial<Pick<BatchRow, 'status' | 'brewDayStartedAt' | 'brewDayFinishedAt' | 'fermenterId'>>,
    ) {
      await db
        .update(batches)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
    },

    async measurementExists(entityId: string, id: string) {
      const [row] = await db
        .select({ id: measurements.id })
        .from(measurements)
        .where(and(eq(measurements.entityId, entityId), eq(measurements.id, id)))
      return row !== undefined
    },

    async insertMeasurement(
      entityId: string,
      batchId: string,
      m: Omit<Measurement, 'takenBy' | 'takenAt'>,
      takenBy: string,
    ) {
      await db.insert(measurements).values({
        id: m.id,
        entityId,
        batchId,
        point: m.point,
        quantity: m.quantity,
        value: m.value,
        unit: m.unit,
        sampleTemperature: m.sampleTemperature,
        instrument: m.instrument,
        note: m.note,
        gravity: m.gravity,
        gallons: m.gallons,
        takenBy,
      })
    },

    async fillVessel(
      entityId: string,
      input: {
        batchId: string
        vesselId: string
        volumeBbl: number
        userId: string
        at: Date
        /** What the filling event records besides its source: an accepted cleaning warning. */
        details?: Record<string, unknown>
      },
    ) {
      await db
        .update(vessels)
        .set({ state: 'in-use', updatedAt: input.at })
        .where(and(eq(vessels.entityId, entityId), eq(vessels.id, input.vesselId)))
      // The schedule's planned fermentation becomes the actual one, in the fermenter really used (the
      // schedule then grows or shifts from it); a batch never booked gets its occupancy now.
      const followed = await db
        .update(vesselOccupancies)
        .set({ vesselId: input.vesselId, actualStart: input.at, updatedAt: input.at })
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.batchId, input.batchId),
            eq(vesselOccupancies.stage, 'fermentation'),
            isNull(vesselOccupancies.actualStart),
          ),
        )
        .returning({ id: vesselOccupancies.id })
      if (followed.length === 0)
        await db.insert(vesselOccupancies).values({
          entityId,
          batchId: input.batchId,
          vesselId: input.vesselId,
          stage: 'fermentation',
          actualStart: input.at,
        })
      await db.insert(liquidEvents).values({
        id: crypto.randomUUID(),
        entityId,
        batchId: input.batchId,
        kind: 'brewed',
        toVesselId: input.vesselId,
        volumeBbl: input.volumeBbl.toFixed(5),
        ttbClass: 'produced',
        details: { source: 'brew-day', ...input.details },
        occurredAt: input.at,
        recordedBy: input.userId,
        recordedAt: input.at,
      })
    },
  }
}
export type BrewDayRepository = ReturnType<typeof createBrewDayRepository>
