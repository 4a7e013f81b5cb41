import type { LedgerEvent, LiquidEventKind } from '@brewcommand/domain'
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cellarAlerts, cellarSettings, cleaningEvents, devices, readings } from '../../db/schema/cellar.ts'
import { productPackages } from '../../db/schema/products.ts'
import { batches, liquidEvents, vesselOccupancies, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { bucketsFor } from './downsample.ts'

// The cellar's SQL; every query is scoped by the brewery (docs/architecture.md "Tenancy").

export type VesselRow = typeof vessels.$inferSelect
export type BatchRow = typeof batches.$inferSelect
export type EventRow = typeof liquidEvents.$inferSelect
export type ReadingRow = typeof readings.$inferSelect
export type CleaningRow = typeof cleaningEvents.$inferSelect
export type DeviceRow = typeof devices.$inferSelect
export type AlertRow = typeof cellarAlerts.$inferSelect

/** Batches whose beer may still be in the cellar (a completed or dumped batch has left it). */
const IN_CELLAR_STATUSES = ['completed', 'dumped']

export const toLedgerEvent = (
  row: Pick<
    EventRow,
    'id' | 'kind' | 'batchId' | 'fromVesselId' | 'toVesselId' | 'volumeBbl' | 'supersedesId' | 'occurredAt'
  >,
): LedgerEvent => ({
  id: row.id,
  kind: row.kind as LiquidEventKind,
  batchId: row.batchId,
  fromVesselId: row.fromVesselId,
  toVesselId: row.toVesselId,
  volumeBbl: Number(row.volumeBbl),
  supersedesId: row.supersedesId,
  occurredAt: row.occurredAt.toISOString(),
})

export function createCellarRepository(db: Db) {
  /** A vessel's occupancies that overlap [from, to), oldest first. */
  const occupanciesBetween = (entityId: string, vesselId: string, from: Date, to: Date) =>
    db
      .select()
      .from(vesselOccupancies)
      .where(
        and(
          eq(vesselOccupancies.entityId, entityId),
          eq(vesselOccupancies.vesselId, vesselId),
          lte(vesselOccupancies.actualStart, to),
          or(isNull(vesselOccupancies.actualEnd), gt(vesselOccupancies.actualEnd, from)),
        ),
      )
      .orderBy(asc(vesselOccupancies.actualStart))
  return {
    vessels: (entityId: string) =>
      db
        .select()
        .from(vessels)
        .where(and(eq(vessels.entityId, entityId), isNull(vessels.archivedAt)))
        .orderBy(asc(vessels.position), asc(vessels.name)),

    async vessel(entityId: string, vesselId: string, { lock = false } = {}) {
      const query = db
        .select()
        .from(vessels)
        .where(and(eq(vessels.entityId, entityId), eq(vessels.id, vesselId)))
      const [row] = lock ? await query.for('update') : await query
      return row ?? null
    },

    setVesselState: (entityId: string, vesselId: string, state: string) =>
      db
        .update(vessels)
        .set({ state, updatedAt: new Date() })
        .where(and(eq(vessels.entityId, entityId), eq(vessels.id, vesselId))),

    async batch(entityId: string, batchId: string) {
      const [row] = await db
        .select()
        .from(batches)
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId)))
      return row ?? null
    },

    batchesByIds: (entityId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([] as BatchRow[])
        : db
            .select()
            .from(batches)
            .where(and(eq(batches.entityId, entityId), inArray(batches.id, ids))),

    setBatchStatus: (entityId: string, batchId: string, status: string) =>
      db
        .update(batches)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(batches.entityId, entityId), eq(batches.id, batchId))),

    /** Batches planned for, or brewing on, a day (YYYY-MM-DD). */
    brewDaysOn: (entityId: string, day: string) =>
      db
        .select()
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            or(
              and(eq(batches.plannedBrewDate, day), inArray(batches.status, ['planned', 'brewing'])),
              eq(batches.status, 'brewing'),
            ),
          ),
        )
        .orderBy(asc(batches.number)),

    /** Batches in the cellar by their status (fermenting, conditioning, packaging). */
    batchesInCellar: (entityId?: string) =>
      db
        .select()
        .from(batches)
        .where(
          and(
            entityId ? eq(batches.entityId, entityId) : undefined,
            inArray(batches.status, ['fermenting', 'conditioning', 'packaging']),
          ),
        ),

    /** The ledger events of batches still in the cellar, and events without a batch. */
    cellarEvents: (entityId: string) =>
      db
        .select()
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            or(
              isNull(liquidEvents.batchId),
              inArray(
                liquidEvents.batchId,
                db
                  .select({ id: batches.id })
                  .from(batches)
                  .where(and(eq(batches.entityId, entityId), notInArray(batches.status, IN_CELLAR_STATUSES))),
              ),
            ),
          ),
        )
        .orderBy(asc(liquidEvents.occurredAt), asc(liquidEvents.recordedAt)),

    /** Every event that touches the vessels or belongs to the batches. */
    eventsTouching: (entityId: string, vesselIds: string[], batchIds: string[]) =>
      db
        .select()
        .from(liquidEvents)
        .where(
          and(
            eq(liquidEvents.entityId, entityId),
            or(
              vesselIds.length ? inArray(liquidEvents.fromVesselId, vesselIds) : undefined,
              vesselIds.length ? inArray(liquidEvents.toVesselId, vesselIds) : undefined,
              batchIds.length ? inArray(liquidEvents.batchId, batchIds) : undefined,
            ),
          ),
        )
        .orderBy(asc(liquidEvents.occurredAt), asc(liquidEvents.recordedAt)),

    batchEvents: (entityId: string, batchId: string) =>
      db
        .select()
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.batchId, batchId)))
        .orderBy(asc(liquidEvents.occurredAt), asc(liquidEvents.recordedAt)),

    async event(entityId: string, eventId: string) {
      const [row] = await db
        .select()
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.id, eventId)))
      return row ?? null
    },

    async supersederOf(entityId: string, eventId: string) {
      const [row] = await db
        .select({ id: liquidEvents.id })
        .from(liquidEvents)
        .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.supersedesId, eventId)))
      return row?.id ?? null
    },

    /** Inserts an event; false when its id is taken. */
    async insertEvent(row: typeof liquidEvents.$inferInsert) {
      const inserted = await db
        .insert(liquidEvents)
        .values(row)
        .onConflictDoNothing({ target: liquidEvents.id })
        .returning({ id: liquidEvents.id })
      return inserted.length === 1
    },

    /** The open occupancy of a vessel at `at` (started, not ended): the latest of those overlapping that instant. */
    async occupancyAt(entityId: string, vesselId: string, at: Date) {
      return (await occupanciesBetween(entityId, vesselId, at, at)).at(-1) ?? null
    },

    openOccupancies: (entityId: string, vesselId: string) =>
      db
        .select()
        .from(vesselOccupancies)
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.vesselId, vesselId),
            isNull(vesselOccupancies.actualEnd),
          ),
        ),

    openOccupancy: (row: typeof vesselOccupancies.$inferInsert) => db.insert(vesselOccupancies).values(row),

    closeOccupancies: (entityId: string, vesselId: string, batchId: string, at: Date) =>
      db
        .update(vesselOccupancies)
        .set({ actualEnd: at, updatedAt: new Date() })
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.vesselId, vesselId),
            eq(vesselOccupancies.batchId, batchId),
            isNull(vesselOccupancies.actualEnd),
          ),
        ),

    /** The batch's booking of a stage not started yet (the schedule's plan), if any. */
    async plannedOccupancy(entityId: string, batchId: string, stage: string) {
      const [row] = await db
        .select()
        .from(vesselOccupancies)
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.batchId, batchId),
            eq(vesselOccupancies.stage, stage),
            isNull(vesselOccupancies.actualStart),
          ),
        )
        .orderBy(vesselOccupancies.plannedStart)
        .limit(1)
      return row ?? null
    },

    /** The cellar takes up a planned booking: the beer went into `vesselId` at `at` (ADR 251). */
    startPlannedOccupancy: (
      entityId: string,
      occupancyId: string,
      set: { vesselId: string; at: Date; plannedEnd: Date },
    ) =>
      db
        .update(vesselOccupancies)
        .set({
          vesselId: set.vesselId,
          actualStart: set.at,
          plannedStart: set.at,
          plannedEnd: set.plannedEnd,
          updatedAt: new Date(),
        })
        .where(and(eq(vesselOccupancies.entityId, entityId), eq(vesselOccupancies.id, occupancyId))),

    /**
     * A completed or dumped batch releases what it no longer needs (ADR 251): its bookings not started are
     * removed, those still open end at `at`.
     */
    async releaseBookings(entityId: string, batchId: string, at: Date) {
      await db
        .delete(vesselOccupancies)
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.batchId, batchId),
            isNull(vesselOccupancies.actualStart),
          ),
        )
      await db
        .update(vesselOccupancies)
        .set({ actualEnd: at, updatedAt: new Date() })
        .where(
          and(
            eq(vesselOccupancies.entityId, entityId),
            eq(vesselOccupancies.batchId, batchId),
            isNull(vesselOccupancies.actualEnd),
          ),
        )
    },

    /** The batch brewed into a fermenter and still there by its status (before any ledger event names it). */
    async batchByFermenter(entityId: string, vesselId: string) {
      const [row] = await db
        .select()
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            eq(batches.fermenterId, vesselId),
            inArray(batches.status, ['fermenting', 'conditioning']),
          ),
        )
        .orderBy(desc(batches.brewDayFinishedAt))
        .limit(1)
      return row ?? null
    },

    // ---- readings ----
    /**
     * A device's readings in one statement (the bulk ingestion path); readings already stored are kept. Each
     * column goes as one array parameter and `unnest` turns them into rows: a multi-row VALUES list of 2,000
     * readings is 28,000 bind parameters, which PGlite took four times as long to parse and plan (ADR 370).
     */
    async insertReadings(rows: (typeof readings.$inferInsert)[]) {
      if (rows.length === 0) return 0
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick))
      const result = await db.execute(sql`
        with stored as (
          insert into ${readings} (id, entity_id, vessel_id, batch_id, device_id, source, taken_at, gravity_sg,
            temperature_c, ph, battery, note, entered, recorded_by)
          select * from unnest(
            ${column((r) => r.id)}::uuid[], ${column((r) => r.entityId)}::uuid[],
            ${column((r) => r.vesselId)}::uuid[], ${column((r) => r.batchId ?? null)}::uuid[],
            ${column((r) => r.deviceId ?? null)}::uuid[], ${column((r) => r.source)}::text[],
            ${column((r) => (r.takenAt ?? new Date()).toISOString())}::timestamptz[],
            ${column((r) => r.gravitySg ?? null)}::float8[], ${column((r) => r.temperatureC ?? null)}::float8[],
            ${column((r) => r.ph ?? null)}::float8[], ${column((r) => r.battery ?? null)}::float8[],
            ${column((r) => r.note ?? '')}::text[],
            ${column((r) => (r.entered ? JSON.stringify(r.entered) : null))}::jsonb[],
            ${column((r) => r.recordedBy ?? null)}::uuid[]
          )
          on conflict (id) do nothing
          returning 1
        )
        select count(*)::int as stored from stored
      `)
      return Number((result as { rows: { stored: number }[] }).rows[0]?.stored ?? 0)
    },

    occupanciesBetween,

    async insertReading(row: typeof readings.$inferInsert) {
      const inserted = await db
        .insert(readings)
        .values(row)
        .onConflictDoNothing({ target: readings.id })
        .returning()
      return inserted[0] ?? null
    },

    /** The last `limit` readings of a vessel (of one batch when given), newest first. */
    latestReadings: (entityId: string, vesselId: string, batchId: string | null, limit: number) =>
      db
        .select()
        .from(readings)
        .where(
          and(
            eq(readings.entityId, entityId),
            eq(readings.vesselId, vesselId),
            batchId ? eq(readings.batchId, batchId) : undefined,
          ),
        )
        .orderBy(desc(readings.takenAt))
        .limit(limit),

    /**
     * What the alert rules judge a batch on (fermentationAlerts): every reading after `windowStart` (the
     * stable-gravity window), and before it the latest reading, the latest with a gravity and the latest with a
     * temperature; oldest first. Index probes on (batch_id, taken_at), however long the batch has been logging.
     */
    async alertReadings(entityId: string, batchId: string, windowStart: Date) {
      const ofBatch = and(eq(readings.entityId, entityId), eq(readings.batchId, batchId))
      const latestBefore = (condition?: ReturnType<typeof isNotNull>) =>
        db
          .select()
          .from(readings)
          .where(and(ofBatch, lte(readings.takenAt, windowStart), condition))
          .orderBy(desc(readings.takenAt))
          .limit(1)
      const window = await db
        .select()
        .from(readings)
        .where(and(ofBatch, gt(readings.takenAt, windowStart)))
        .orderBy(asc(readings.takenAt))
      const before = [
        ...(await latestBefore()),
        ...(await latestBefore(isNotNull(readings.gravitySg))),
        ...(await latestBefore(isNotNull(readings.temperatureC))),
      ]
      const earlier = [...new Map(before.map((row) => [row.id, row])).values()].sort(
        (a, b) => a.takenAt.getTime() - b.takenAt.getTime(),
      )
      return [...earlier, ...window]
    },

    /**
     * A batch's chart (ADR 390): its readings downsampled to `points` per series (a device; the hand-taken ones
     * are one) in the database, so a year's 35,040 readings never leave it — the same choice as downsample.ts's
     * `downsample` (its specification, tested against this): a series of more than `points` readings is cut
     * into b = ⌊(points − 2) / 4⌋ buckets, reading i of n in bucket ⌈(i + 1)·b / n⌉ − 1, each keeping its lowest
     * and highest gravity and temperature (the earliest on a tie), the series its first and last. Oldest first,
     * with each reading's device name.
     */
    async batchChart(entityId: string, batchId: string, points: number) {
      const buckets = bucketsFor(points)
      const chosen = sql`
        with ordered as (
          select id, device_id, gravity_sg, temperature_c,
            row_number() over (partition by device_id order by taken_at, id) - 1 as i,
            count(*) over (partition by device_id) as n
          from ${readings} where entity_id = ${entityId} and batch_id = ${batchId}
        ), bucketed as (
          select *, case when n <= ${points} then i else ((i + 1) * ${buckets} + n - 1) / n - 1 end as k
          from ordered
        ), ranked as (
          select id, i, n, gravity_sg, temperature_c,
            row_number() over (partition by device_id, k order by gravity_sg asc nulls last, i) as g_low,
            row_number() over (partition by device_id, k order by gravity_sg desc nulls last, i) as g_high,
            row_number() over (partition by device_id, k order by temperature_c asc nulls last, i) as t_low,
            row_number() over (partition by device_id, k order by temperature_c desc nulls last, i) as t_high
          from bucketed
        )
        select id from ranked
        where n <= ${points} or i = 0 or i = n - 1
          or (gravity_sg is not null and (g_low = 1 or g_high = 1))
          or (temperature_c is not null and (t_low = 1 or t_high = 1))`
      // Two statements: the chosen ids (a few hundred per device), then those rows whole — as one `id in (…)`
      // PGlite's planner re-ran the windows per reading.
      const result = await db.execute(chosen)
      const ids = (result as { rows: { id: string }[] }).rows.map((row) => row.id)
      if (ids.length === 0) return []
      return db
        .select({ reading: readings, deviceName: devices.name })
        .from(readings)
        .leftJoin(devices, eq(devices.id, readings.deviceId))
        .where(and(eq(readings.entityId, entityId), sql`${readings.id} = any(${sql.param(ids)}::uuid[])`))
        .orderBy(asc(readings.takenAt), asc(readings.id))
    },

    /** How many readings a batch has. */
    async countBatchReadings(entityId: string, batchId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(readings)
        .where(and(eq(readings.entityId, entityId), eq(readings.batchId, batchId)))
      return Number(row?.count ?? 0)
    },

    /** A batch's newest `limit` readings with their device's name, newest first. */
    latestBatchReadings: (entityId: string, batchId: string, limit: number) =>
      db
        .select({ reading: readings, deviceName: devices.name })
        .from(readings)
        .leftJoin(devices, eq(devices.id, readings.deviceId))
        .where(and(eq(readings.entityId, entityId), eq(readings.batchId, batchId)))
        .orderBy(desc(readings.takenAt))
        .limit(limit),

    // ---- cleaning ----
    async insertCleaning(row: typeof cleaningEvents.$inferInsert) {
      const inserted = await db
        .insert(cleaningEvents)
        .values(row)
        .onConflictDoNothing({ target: cleaningEvents.id })
        .returning()
      return inserted[0] ?? null
    },

    vesselCleaning: (entityId: string, vesselId: string, limit = 50) =>
      db
        .select()
        .from(cleaningEvents)
        .where(and(eq(cleaningEvents.entityId, entityId), eq(cleaningEvents.vesselId, vesselId)))
        .orderBy(desc(cleaningEvents.occurredAt))
        .limit(limit),

    /** The last clean (clean or CIP) and sanitise of each vessel of the brewery. */
    async lastCleaning(entityId: string, vesselIds?: string[]) {
      const rows = await db
        .select({
          vesselId: cleaningEvents.vesselId,
          lastCleanedAt: sql<
            Date | string | null
          >`max(${cleaningEvents.occurredAt}) filter (where ${cleaningEvents.kind} in ('clean', 'cip'))`,
          lastSanitisedAt: sql<
            Date | string | null
          >`max(${cleaningEvents.occurredAt}) filter (where ${cleaningEvents.kind} = 'sanitise')`,
        })
        .from(cleaningEvents)
        .where(
          and(
            eq(cleaningEvents.entityId, entityId),
            vesselIds ? inArray(cleaningEvents.vesselId, vesselIds) : undefined,
          ),
        )
        .groupBy(cleaningEvents.vesselId)
      const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())
      return new Map(
        rows.map((row) => [
          row.vesselId,
          { lastCleanedAt: iso(row.lastCleanedAt), lastSanitisedAt: iso(row.lastSanitisedAt) },
        ]),
      )
    },

    // ---- devices ----
    devices: (entityId: string) =>
      db
        .select({ device: devices, vesselName: vessels.name })
        .from(devices)
        .leftJoin(vessels, eq(vessels.id, devices.vesselId))
        .where(eq(devices.entityId, entityId))
        .orderBy(asc(devices.createdAt)),

    async device(entityId: string, deviceId: string) {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.entityId, entityId), eq(devices.id, deviceId)))
      return row ?? null
    },

    async insertDevice(row: typeof devices.$inferInsert) {
      const inserted = await db.insert(devices).values(row).onConflictDoNothing().returning()
      return inserted[0] ?? null
    },

    revokeDevice: (entityId: string, deviceId: string, userId: string) =>
      db
        .update(devices)
        .set({ revokedAt: new Date(), revokedBy: userId, updatedAt: new Date() })
        .where(and(eq(devices.entityId, entityId), eq(devices.id, deviceId), isNull(devices.revokedAt))),

    /** The device of a token hash, across breweries (the ingest route knows no brewery until it finds it). */
    async deviceByTokenHash(tokenHash: string) {
      const [row] = await db.select().from(devices).where(eq(devices.tokenHash, tokenHash))
      return row ?? null
    },

    /**
     * Takes the device's one post per `seconds`: true when the last accepted post is older (one statement, so
     * every instance agrees).
     */
    async takeIngestSlot(deviceId: string, seconds: number) {
      const taken = await db
        .update(devices)
        .set({ lastIngestAt: sql`now()`, lastSeenAt: sql`now()` })
        .where(
          and(
            eq(devices.id, deviceId),
            or(
              isNull(devices.lastIngestAt),
              lte(devices.lastIngestAt, sql`now() - make_interval(secs => ${seconds})`),
            ),
          ),
        )
        .returning({ id: devices.id })
      return taken.length === 1
    },

    vesselDevices: (entityId: string) =>
      db
        .select()
        .from(devices)
        .where(and(eq(devices.entityId, entityId), isNull(devices.revokedAt))),

    activeDevices: () => db.select().from(devices).where(isNull(devices.revokedAt)),

    // ---- alerts ----
    alerts: (entityId: string, limit = 100) =>
      db
        .select()
        .from(cellarAlerts)
        .where(eq(cellarAlerts.entityId, entityId))
        .orderBy(desc(cellarAlerts.raisedAt))
        .limit(limit),

    async unreadAlertCount(entityId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(cellarAlerts)
        .where(and(eq(cellarAlerts.entityId, entityId), isNull(cellarAlerts.acknowledgedAt)))
      return Number(row?.count ?? 0)
    },

    async alert(entityId: string, alertId: string) {
      const [row] = await db
        .select()
        .from(cellarAlerts)
        .where(and(eq(cellarAlerts.entityId, entityId), eq(cellarAlerts.id, alertId)))
      return row ?? null
    },

    acknowledgeAlert: (entityId: string, alertId: string, userId: string) =>
      db
        .update(cellarAlerts)
        .set({ acknowledgedAt: new Date(), acknowledgedBy: userId })
        .where(
          and(
            eq(cellarAlerts.entityId, entityId),
            eq(cellarAlerts.id, alertId),
            isNull(cellarAlerts.acknowledgedAt),
          ),
        )
        .returning(),

    /** The unresolved alerts of a kind (acknowledged or not), newest first. */
    unresolvedAlertsOfKind: (entityId: string, kind: string) =>
      db
        .select()
        .from(cellarAlerts)
        .where(
          and(
            eq(cellarAlerts.entityId, entityId),
            eq(cellarAlerts.kind, kind),
            isNull(cellarAlerts.resolvedAt),
          ),
        )
        .orderBy(desc(cellarAlerts.raisedAt)),

    /** Closes an alert whose cause went away: resolved now, and acknowledged now by no one if still unread. */
    resolveAlert: (entityId: string, alertId: string) =>
      db
        .update(cellarAlerts)
        .set({ resolvedAt: sql`now()`, acknowledgedAt: sql`coalesce(${cellarAlerts.acknowledgedAt}, now())` })
        .where(
          and(
            eq(cellarAlerts.entityId, entityId),
            eq(cellarAlerts.id, alertId),
            isNull(cellarAlerts.resolvedAt),
          ),
        )
        .returning(),

    alertsOfSubject: (entityId: string, subject: string, kind: string) =>
      db
        .select()
        .from(cellarAlerts)
        .where(
          and(
            eq(cellarAlerts.entityId, entityId),
            eq(cellarAlerts.subject, subject),
            eq(cellarAlerts.kind, kind),
          ),
        ),

    insertAlert: (row: typeof cellarAlerts.$inferInsert) => db.insert(cellarAlerts).values(row).returning(),

    markMailed: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve()
        : db.update(cellarAlerts).set({ mailed: true }).where(inArray(cellarAlerts.id, ids)),

    // ---- settings ----
    async settings(entityId: string) {
      const [row] = await db.select().from(cellarSettings).where(eq(cellarSettings.entityId, entityId))
      return row ?? null
    },

    saveSettings: (row: typeof cellarSettings.$inferInsert) =>
      db
        .insert(cellarSettings)
        .values(row)
        .onConflictDoUpdate({
          target: cellarSettings.entityId,
          set: {
            cleanWindowHours: row.cleanWindowHours,
            sanitiseWindowHours: row.sanitiseWindowHours,
            alertRoles: row.alertRoles,
            coldCrashTemperature: row.coldCrashTemperature ?? null,
            updatedAt: new Date(),
          },
        }),

    /** Addresses of the brewery's members in the roles. */
    async memberAddresses(entityId: string, roles: string[]) {
      if (roles.length === 0) return []
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.entityId, entityId), inArray(users.role, roles)))
      return rows.map((row) => row.email).filter((email): email is string => !!email)
    },

    /** The packaging options of a product. */
    productPackages: (entityId: string, productId: string) =>
      db
        .select()
        .from(productPackages)
        .where(and(eq(productPackages.entityId, entityId), eq(productPackages.productId, productId)))
        .orderBy(asc(productPackages.position)),
  }
}
export type CellarRepository = ReturnType<typeof createCellarRepository>
