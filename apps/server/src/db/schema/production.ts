import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { users } from './users.ts'

// The production side's tables (docs/production.md): equipment, batches and their brew day, where beer sits
// and the append-only ledger of every movement of beer. Every row carries the brewery; ids of records a person
// creates come from the browser (docs/architecture.md "Ids"). Volumes of beer are barrels to 5 decimals
// (`numeric`, read as strings and converted in the domain); instants are `timestamptz` set by the server.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const barrels = (name: string) => numeric(name, { precision: 14, scale: 5 })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/** A brew system (Settings → Equipment). Its constants live in versions; `currentVersion` is the one in force. */
export const brewhouses = pgTable(
  'brewhouses',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: instant('archived_at'),
    ...timestamps,
  },
  (t) => [index('brewhouses_entity_id_idx').on(t.entityId)],
)

/**
 * One saved set of a brewhouse's constants (`BrewhouseConstants` of the domain, in its stored units). Never
 * edited: an edit, or an accepted calibration, inserts the next version; a batch points at the one it was
 * planned with.
 */
export const brewhouseVersions = pgTable(
  'brewhouse_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    brewhouseId: uuid('brewhouse_id')
      .notNull()
      .references(() => brewhouses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    constants: jsonb('constants').$type<Record<string, unknown>>().notNull(),
    /** Why this version exists: 'created', 'edited' or 'calibrated' (with the batches behind it in `note`). */
    reason: text('reason').notNull().default('edited'),
    note: jsonb('note').$type<Record<string, unknown>>(),
    savedBy: byUser('saved_by'),
    savedAt: instant('saved_at').notNull().defaultNow(),
  },
  (t) => [
    index('brewhouse_versions_entity_id_idx').on(t.entityId),
    uniqueIndex('brewhouse_versions_brewhouse_version_uq').on(t.brewhouseId, t.version),
  ],
)

/** Tanks and barrels, shared by brew day, the cellar and the schedule. Capacities in barrels. */
export const vessels = pgTable(
  'vessels',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    capacityBbl: barrels('capacity_bbl').notNull(),
    workingCapacityBbl: barrels('working_capacity_bbl').notNull(),
    state: text('state').notNull().default('clean'),
    position: integer('position').notNull().default(0),
    archivedAt: instant('archived_at'),
    ...timestamps,
  },
  (t) => [index('vessels_entity_id_idx').on(t.entityId)],
)

/** The last batch sequence given out per brewery and year: `2026-014` is year 2026, sequence 14. */
export const batchSequences = pgTable(
  'batch_sequences',
  {
    entityId: entityId(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.year] })],
)

/**
 * One brew of a recipe. `recipeSnapshot` is the recipe as it was when the batch was planned (the domain's
 * Recipe shape); later edits of the recipe never reach it. The product and recipe ids say where it came from.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    productId: uuid('product_id'),
    productName: text('product_name').notNull().default(''),
    recipeId: uuid('recipe_id'),
    recipeSnapshot: jsonb('recipe_snapshot').$type<Record<string, unknown>>().notNull(),
    brewhouseId: uuid('brewhouse_id')
      .notNull()
      .references(() => brewhouses.id),
    brewhouseVersionId: uuid('brewhouse_version_id')
      .notNull()
      .references(() => brewhouseVersions.id),
    plannedBrewDate: date('planned_brew_date', { mode: 'string' }).notNull(),
    targetVolumeBbl: barrels('target_volume_bbl').notNull(),
    /** The unit the person planned in ('BBL' or 'GAL'), to show the volume as they entered it. */
    targetVolumeUnit: text('target_volume_unit').notNull().default('BBL'),
    status: text('status').notNull().default('planned'),
    /** The vessel the wort went into at the end of brew day. */
    fermenterId: uuid('fermenter_id').references(() => vessels.id),
    brewDayStartedAt: instant('brew_day_started_at'),
    brewDayFinishedAt: instant('brew_day_finished_at'),
    plannedBy: byUser('planned_by'),
    ...timestamps,
  },
  (t) => [
    index('batches_entity_id_idx').on(t.entityId),
    uniqueIndex('batches_entity_number_uq').on(t.entityId, t.year, t.sequence),
    index('batches_brewhouse_version_id_idx').on(t.brewhouseVersionId),
  ],
)

/**
 * A brew-day step, generated from the snapshot when brew day starts (the domain's PlannedBrewStep, stored whole
 * in `plan`), and the instants that follow it: time is stored, never counted.
 */
export const brewSteps = pgTable(
  'brew_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>().notNull(),
    startedAt: instant('started_at'),
    startedBy: byUser('started_by'),
    completedAt: instant('completed_at'),
    completedBy: byUser('completed_by'),
    extendedMinutes: integer('extended_minutes').notNull().default(0),
    /** The alarm's acknowledgement: who and when. */
    acknowledgedAt: instant('acknowledged_at'),
    acknowledgedBy: byUser('acknowledged_by'),
    /** What was actually done: an addition's amount used, a note. */
    actual: jsonb('actual').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('brew_steps_entity_id_idx').on(t.entityId),
    uniqueIndex('brew_steps_batch_key_uq').on(t.batchId, t.key),
  ],
)

/**
 * A measurement of a batch: as entered (value, unit, sample temperature, instrument) and its standard figure
 * (`gravity` as SG corrected for temperature or converted from Brix; `gallons` for a volume).
 */
export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    point: text('point').notNull(),
    quantity: text('quantity').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
    sampleTemperature: jsonb('sample_temperature').$type<{ value: number; unit: 'F' | 'C' } | null>(),
    instrument: text('instrument').notNull(),
    note: text('note').notNull().default(''),
    gravity: doublePrecision('gravity'),
    gallons: doublePrecision('gallons'),
    takenBy: byUser('taken_by'),
    takenAt: instant('taken_at').notNull().defaultNow(),
  },
  (t) => [
    index('measurements_entity_id_idx').on(t.entityId),
    index('measurements_batch_id_idx').on(t.batchId),
  ],
)

/**
 * A batch in a vessel over [start, end): planned from durations, actual once it happens (open `actualEnd` =
 * still there). Two batches never occupy one vessel at the same time; the server refuses it.
 */
export const vesselOccupancies = pgTable(
  'vessel_occupancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    vesselId: uuid('vessel_id')
      .notNull()
      .references(() => vessels.id),
    /** 'brew', 'fermentation', 'conditioning', 'packaging'. */
    stage: text('stage').notNull(),
    plannedStart: instant('planned_start'),
    plannedEnd: instant('planned_end'),
    actualStart: instant('actual_start'),
    actualEnd: instant('actual_end'),
    ...timestamps,
  },
  (t) => [
    index('vessel_occupancies_entity_id_idx').on(t.entityId),
    index('vessel_occupancies_vessel_id_idx').on(t.vesselId),
    index('vessel_occupancies_batch_id_idx').on(t.batchId),
  ],
)

/**
 * The append-only ledger of every movement of beer (docs/production.md "liquid_event"): brewed into a vessel,
 * transferred, blended, packaged, sampled, dumped, lost, returned, removed. Never updated nor deleted: a
 * mistake is corrected by a new event whose `supersedesId` names the old one. Tank contents, a batch's yield,
 * losses and the TTB lines are queries over it. `ttbClass` is the event's line of the TTB reports.
 */
export const liquidEvents = pgTable(
  'liquid_events',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    batchId: uuid('batch_id').references(() => batches.id),
    kind: text('kind').notNull(),
    fromVesselId: uuid('from_vessel_id').references(() => vessels.id),
    toVesselId: uuid('to_vessel_id').references(() => vessels.id),
    volumeBbl: barrels('volume_bbl').notNull(),
    reason: text('reason').notNull().default(''),
    ttbClass: text('ttb_class').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    supersedesId: uuid('supersedes_id'),
    /**
     * Whether a correction of the same brewery supersedes this event (some row's `supersedes_id` is its id): kept by
     * the database in the inserting transaction (migration 0029's triggers), never written by the app (ADR 420).
     */
    superseded: boolean('superseded').notNull().default(false),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: byUser('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('liquid_events_entity_id_idx').on(t.entityId, t.occurredAt),
    index('liquid_events_batch_id_idx').on(t.batchId),
    index('liquid_events_from_vessel_idx').on(t.fromVesselId),
    index('liquid_events_to_vessel_idx').on(t.toVesselId),
    // A packaging option's events by time: a take reads its history summed and its events from its date (ADR 407).
    index('liquid_events_package_idx').on(t.entityId, sql`(${t.details} ->> 'packageId')`, t.occurredAt),
    // The corrections of a brewery: which events are superseded, and each one's latest correction, read by every
    // report without scanning the ledger (ADR 413).
    index('liquid_events_supersedes_idx')
      .on(t.entityId, t.supersedesId)
      .where(sql`${t.supersedesId} is not null`),
    // The few prior-period adjustments, which the TTB reports read whole (ADR 413).
    index('liquid_events_adjustment_idx')
      .on(t.entityId)
      .where(sql`${t.details} ? 'priorPeriodAdjustment'`),
  ],
)
