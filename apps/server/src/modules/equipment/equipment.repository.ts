import type {
  BrewhouseConstants,
  BrewhouseVersionReason,
  StoredMeasurement,
  VesselInput,
} from '@brewcommand/domain'
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  batches,
  brewhouses,
  brewhouseVersions,
  liquidEvents,
  measurements,
  vesselOccupancies,
  vessels,
} from '../../db/schema/production.ts'
import { cleaningEvents } from '../../db/schema/cellar.ts'
import { users } from '../../db/schema/users.ts'

export type BrewhouseRow = typeof brewhouses.$inferSelect
export type VersionRow = {
  id: string
  brewhouseId: string
  version: number
  constants: Record<string, unknown>
  reason: string
  note: Record<string, unknown> | null
  savedAt: Date
  savedBy: string
}
export type VesselRow = typeof vessels.$inferSelect

/** A finished brew of a brewhouse with its measurements, for calibration. */
export type FinishedBrewRow = {
  id: string
  number: string
  brewhouseId: string
  brewedAt: Date
  snapshot: Record<string, unknown>
  measurements: StoredMeasurement[]
}

const savedByName = sql<string>`coalesce(nullif(trim(${users.givenName} || ' ' || ${users.familyName}), ''), ${users.email}, '')`

/**
 * Brewhouses with their versions, and vessels (docs/production.md). Every method takes the brewery first and
 * puts it in the `where` clause.
 */
export function createEquipmentRepository(db: Db) {
  return {
    /** The brewery's brewhouses in use (not archived), or the ones named. */
    async brewhouses(entityId: string, ids?: string[]): Promise<BrewhouseRow[]> {
      return db
        .select()
        .from(brewhouses)
        .where(
          and(
            eq(brewhouses.entityId, entityId),
            ids ? inArray(brewhouses.id, ids) : isNull(brewhouses.archivedAt),
          ),
        )
        .orderBy(asc(brewhouses.createdAt), asc(brewhouses.name))
    },

    /** Every version of the brewhouses, newest first. */
    async versions(entityId: string, brewhouseIds: string[]): Promise<VersionRow[]> {
      if (brewhouseIds.length === 0) return []
      return db
        .select({
          id: brewhouseVersions.id,
          brewhouseId: brewhouseVersions.brewhouseId,
          version: brewhouseVersions.version,
          constants: brewhouseVersions.constants,
          reason: brewhouseVersions.reason,
          note: brewhouseVersions.note,
          savedAt: brewhouseVersions.savedAt,
          savedBy: savedByName,
        })
        .from(brewhouseVersions)
        .leftJoin(users, eq(users.id, brewhouseVersions.savedBy))
        .where(
          and(eq(brewhouseVersions.entityId, entityId), inArray(brewhouseVersions.brewhouseId, brewhouseIds)),
        )
        .orderBy(asc(brewhouseVersions.brewhouseId), desc(brewhouseVersions.version))
    },

    /** The finished brews of the brewhouses with their measurements (calibration's input). */
    async finishedBrews(entityId: string, brewhouseIds: string[]): Promise<FinishedBrewRow[]> {
      if (brewhouseIds.length === 0) return []
      const rows = await db
        .select({
          id: batches.id,
          number: batches.number,
          brewhouseId: batches.brewhouseId,
          brewedAt: batches.brewDayFinishedAt,
          snapshot: batches.recipeSnapshot,
        })
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            inArray(batches.brewhouseId, brewhouseIds),
            isNotNull(batches.brewDayFinishedAt),
          ),
        )
        .orderBy(desc(batches.brewDayFinishedAt))
      if (rows.length === 0) return []
      const taken = await db
        .select({
          batchId: measurements.batchId,
          point: measurements.point,
          gravity: measurements.gravity,
          gallons: measurements.gallons,
          takenAt: measurements.takenAt,
        })
        .from(measurements)
        .where(
          and(
            eq(measurements.entityId, entityId),
            inArray(
              measurements.batchId,
              rows.map((row) => row.id),
            ),
          ),
        )
      return rows.map((row) => ({
        id: row.id,
        number: row.number,
        brewhouseId: row.brewhouseId,
        brewedAt: row.brewedAt!,
        snapshot: row.snapshot,
        measurements: taken
          .filter((m) => m.batchId === row.id)
          .map((m) => ({
            point: m.point,
            gravity: m.gravity,
            gallons: m.gallons,
            takenAt: m.takenAt.toISOString(),
          })),
      }))
    },

    /** A new brewhouse (version 1 is the caller's); false when the id is taken. */
    async insertBrewhouse(entityId: string, id: string, name: string): Promise<boolean> {
      const inserted = await db
        .insert(brewhouses)
        .values({ id, entityId, name, currentVersion: 1 })
        .onConflictDoNothing()
        .returning({ id: brewhouses.id })
      return inserted.length === 1
    },

    /**
     * Moves a brewhouse in use to its next version (and name) in one statement, so two edits at once get two
     * versions; the new version number, or null when the brewery has no such brewhouse in use.
     */
    async nextVersion(entityId: string, id: string, name: string): Promise<number | null> {
      const [row] = await db
        .update(brewhouses)
        .set({ name, currentVersion: sql`${brewhouses.currentVersion} + 1`, updatedAt: sql`now()` })
        .where(and(eq(brewhouses.entityId, entityId), eq(brewhouses.id, id), isNull(brewhouses.archivedAt)))
        .returning({ version: brewhouses.currentVersion })
      return row?.version ?? null
    },

    async insertVersion(
      entityId: string,
      version: {
        brewhouseId: string
        version: number
        constants: BrewhouseConstants
        reason: BrewhouseVersionReason
        note: Record<string, unknown> | null
        savedBy: string
      },
    ): Promise<void> {
      await db.insert(brewhouseVersions).values({ entityId, ...version })
    },

    /** The version in force of a brewhouse in use, with its row id. */
    async currentVersion(
      entityId: string,
      id: string,
    ): Promise<{ versionId: string; version: number; constants: Record<string, unknown> } | null> {
      const [row] = await db
        .select({
          versionId: brewhouseVersions.id,
          version: brewhouseVersions.version,
          constants: brewhouseVersions.constants,
        })
        .from(brewhouses)
        .innerJoin(
          brewhouseVersions,
          and(
            eq(brewhouseVersions.brewhouseId, brewhouses.id),
            eq(brewhouseVersions.version, brewhouses.currentVersion),
          ),
        )
        .where(and(eq(brewhouses.entityId, entityId), eq(brewhouses.id, id), isNull(brewhouses.archivedAt)))
      return row ?? null
    },

    /** Whether a batch was planned on the brewhouse. */
    async brewhouseHasBatches(entityId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.brewhouseId, id)))
        .limit(1)
      return Boolean(row)
    },

    /** Deletes (no batch) or archives a brewhouse in use; false when there is none. */
    async removeBrewhouse(entityId: string, id: string, archive: boolean): Promise<boolean> {
      const scope = and(
        eq(brewhouses.entityId, entityId),
        eq(brewhouses.id, id),
        isNull(brewhouses.archivedAt),
      )
      const rows = archive
        ? await db
            .update(brewhouses)
            .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
            .where(scope)
            .returning({ id: brewhouses.id })
        : await db.delete(brewhouses).where(scope).returning({ id: brewhouses.id })
      return rows.length === 1
    },

    async vessels(entityId: string, ids?: string[]): Promise<VesselRow[]> {
      return db
        .select()
        .from(vessels)
        .where(
          and(eq(vessels.entityId, entityId), ids ? inArray(vessels.id, ids) : isNull(vessels.archivedAt)),
        )
        .orderBy(asc(vessels.position), asc(vessels.createdAt), asc(vessels.name))
    },

    /** A new vessel, last in the list; false when the id is taken. */
    async insertVessel(entityId: string, id: string, vessel: VesselInput): Promise<boolean> {
      const inserted = await db
        .insert(vessels)
        .values({
          id,
          entityId,
          ...vessel,
          capacityBbl: String(vessel.capacityBbl),
          workingCapacityBbl: String(vessel.workingCapacityBbl),
          position: sql`(select coalesce(max(${vessels.position}), 0) + 1 from ${vessels} where ${vessels.entityId} = ${entityId})`,
        })
        .onConflictDoNothing()
        .returning({ id: vessels.id })
      return inserted.length === 1
    },

    async updateVessel(entityId: string, id: string, vessel: VesselInput): Promise<VesselRow | null> {
      const [row] = await db
        .update(vessels)
        .set({
          ...vessel,
          capacityBbl: String(vessel.capacityBbl),
          workingCapacityBbl: String(vessel.workingCapacityBbl),
          updatedAt: sql`now()`,
        })
        .where(and(eq(vessels.entityId, entityId), eq(vessels.id, id), isNull(vessels.archivedAt)))
        .returning()
      return row ?? null
    },

    /**
     * The cleaning a state set by hand stands for (ADR 253): a clean, and a sanitise too for Sanitised (a vessel
     * is sanitised after it is cleaned), by `userId` at `at`.
     */
    async recordStateCleaning(
      entityId: string,
      vesselId: string,
      state: 'clean' | 'sanitised',
      userId: string,
    ) {
      const at = new Date()
      const kinds = state === 'sanitised' ? ['clean', 'sanitise'] : ['clean']
      await db.insert(cleaningEvents).values(
        kinds.map((kind) => ({
          id: crypto.randomUUID(),
          entityId,
          vesselId,
          kind,
          chemical: '',
          verification: 'State set by hand in Settings → Equipment',
          occurredAt: at,
          recordedBy: userId,
        })),
      )
    },

    /** Whether a batch, an occupancy, a movement of beer or a cleaning names the vessel. */
    async vesselHasHistory(entityId: string, id: string): Promise<boolean> {
      const [batch] = await db
        .select({ id: batches.id })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.fermenterId, id)))
        .limit(1)
      if (batch) return true
      const [occupancy] = await db
        .select({ id: vesselOccupancies.id })
        .from(vesselOccupancies)
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.vesselId, id)))
        .limit(1)
      if (occupancy) return true
      const [event] = await db
        .select({ id: liquidEvents.id })
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            or(eq(liquidEvents.fromVesselId, id), eq(liquidEvents.toVesselId, id)),
          ),
        )
        .limit(1)
      if (event) return true
      // Cleaning records are the brewery's sanitation log: the vessel is archived with them (ADR 253).
      const [cleaning] = await db
        .select({ id: cleaningEvents.id })
        .from(cleaningEvents)
        .where(and(eq(cleaningEvents.entityId, entityId), eq(cleaningEvents.vesselId, id)))
        .limit(1)
      return Boolean(cleaning)
    },

    async removeVessel(entityId: string, id: string, archive: boolean): Promise<boolean> {
      const scope = and(eq(vessels.entityId, entityId), eq(vessels.id, id), isNull(vessels.archivedAt))
      const rows = archive
        ? await db
            .update(vessels)
            .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
            .where(scope)
            .returning({ id: vessels.id })
        : await db.delete(vessels).where(scope).returning({ id: vessels.id })
      return rows.length === 1
    },
  }
}
export type EquipmentRepository = ReturnType<typeof createEquipmentRepository>
