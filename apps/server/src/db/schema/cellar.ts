import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { batches, vessels } from './production.ts'
import { users } from './users.ts'

// The cellar's tables (docs/production.md "device", "reading", "cleaning_event"): fermentation devices and their
// readings, cleaning of vessels, the alerts the cellar job raises and the brewery's cellar settings. Every row
// carries the brewery; instants are the server's.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A device that posts readings (iSpindel, Tilt bridge, custom stream). Its token is kept only as its SHA-256;
 * `lastIngestAt` is the per-device rate limit every instance shares (one post per 10 seconds).
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    vesselId: uuid('vessel_id').references(() => vessels.id),
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    lastSeenAt: instant('last_seen_at'),
    lastIngestAt: instant('last_ingest_at'),
    createdBy: byUser('created_by'),
    revokedAt: instant('revoked_at'),
    revokedBy: byUser('revoked_by'),
    ...timestamps,
  },
  (t) => [
    index('devices_entity_id_idx').on(t.entityId),
    uniqueIndex('devices_token_hash_uq').on(t.tokenHash),
  ],
)

/**
 * A reading of a vessel: gravity (SG), temperature (°C), pH, typed in or posted by a device, attributed to the
 * batch in the vessel at that moment. `entered` keeps what a person typed (value and unit).
 */
export const readings = pgTable(
  'readings',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    vesselId: uuid('vessel_id')
      .notNull()
      .references(() => vessels.id),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'set null' }),
    deviceId: uuid('device_id').references(() => devices.id),
    source: text('source').notNull(),
    takenAt: instant('taken_at').notNull().defaultNow(),
    gravitySg: doublePrecision('gravity_sg'),
    temperatureC: doublePrecision('temperature_c'),
    ph: doublePrecision('ph'),
    battery: doublePrecision('battery'),
    note: text('note').notNull().default(''),
    entered: jsonb('entered').$type<Record<string, unknown>>(),
    recordedBy: byUser('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('readings_entity_id_idx').on(t.entityId),
    index('readings_vessel_taken_idx').on(t.vesselId, t.takenAt),
    index('readings_batch_taken_idx').on(t.batchId, t.takenAt),
  ],
)

/** Clean, sanitise or CIP of a vessel: chemical, concentration, temperature, duration, verification, who, when. */
export const cleaningEvents = pgTable(
  'cleaning_events',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    vesselId: uuid('vessel_id')
      .notNull()
      .references(() => vessels.id),
    kind: text('kind').notNull(),
    chemical: text('chemical').notNull(),
    concentration: text('concentration').notNull().default(''),
    temperature: jsonb('temperature').$type<{ value: number; unit: 'F' | 'C' } | null>(),
    durationMinutes: doublePrecision('duration_minutes'),
    verification: text('verification').notNull().default(''),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: byUser('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('cleaning_events_entity_id_idx').on(t.entityId),
    index('cleaning_events_vessel_idx').on(t.vesselId, t.occurredAt),
  ],
)

/**
 * An alert the cellar job raised (gravity stable, temperature out of band, device silent, FG reached), and its
 * acknowledgement: who and when. `open` alerts of one kind and subject are not raised twice.
 */
export const cellarAlerts = pgTable(
  'cellar_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    vesselId: uuid('vessel_id').references(() => vessels.id),
    batchId: uuid('batch_id').references(() => batches.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id),
    /** What the alert is about, so one subject is alerted once per kind: `batch:{id}` or `device:{id}`. */
    subject: text('subject').notNull(),
    raisedAt: instant('raised_at').notNull().defaultNow(),
    mailed: boolean('mailed').notNull().default(false),
    acknowledgedAt: instant('acknowledged_at'),
    acknowledgedBy: byUser('acknowledged_by'),
    /**
     * When its cause went away (an item back above par, ADR 220): resolving also acknowledges an unread alert,
     * by no one. Until then a subject keeps its one alert, even acknowledged.
     */
    resolvedAt: instant('resolved_at'),
  },
  (t) => [
    index('cellar_alerts_entity_id_idx').on(t.entityId, t.raisedAt),
    index('cellar_alerts_subject_idx').on(t.entityId, t.subject, t.kind),
  ],
)

/** A brewery's cellar settings: cleaning windows (hours) and the roles alerts are mailed to. */
export const cellarSettings = pgTable('cellar_settings', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  cleanWindowHours: integer('clean_window_hours').notNull().default(24),
  sanitiseWindowHours: integer('sanitise_window_hours').notNull().default(4),
  alertRoles: jsonb('alert_roles').$type<string[]>().notNull(),
  /** The brewery's cold crash temperature `{ value, unit }` (ADR 340); null: the standard 34 °F. */
  coldCrashTemperature: jsonb('cold_crash_temperature').$type<{ value: number; unit: 'F' | 'C' }>(),
  ...timestamps,
})

/**
 * A cellar step done on a batch that is not a movement of beer (ADR 263): a cold crash, with the temperature the
 * tank was set to and the vessel it was in. Append-only; the cellar task it answers is gone once it exists.
 */
export const batchCellarSteps = pgTable(
  'batch_cellar_steps',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    vesselId: uuid('vessel_id').references(() => vessels.id),
    /** 'cold-crash'. */
    kind: text('kind').notNull(),
    temperature: jsonb('temperature').$type<{ value: number; unit: 'F' | 'C' } | null>(),
    note: text('note').notNull().default(''),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: byUser('recorded_by'),
  },
  (t) => [
    index('batch_cellar_steps_entity_id_idx').on(t.entityId),
    index('batch_cellar_steps_batch_idx').on(t.batchId, t.kind),
  ],
)
