import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { users } from './users.ts'

// Reporting's own records (docs/production.md "Reporting"): closed report periods, the monthly physical
// inventory and the brewery's tax facts. The reports themselves are queries over the ledgers.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A closed report period: the report as it was at the close (`snapshot`, whole, with every line's events), who
 * closed it and when, and the sha-256 of the snapshot's canonical JSON. Never updated nor deleted; a
 * correction recorded later is booked as an adjustment in a later period.
 */
export const reportPeriods = pgTable(
  'report_periods',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    /** '5130.26', '5130.9' or '5000.24'. */
    report: text('report').notNull(),
    /** The period's key: '2026-Q3', '2026-09', '2026'. */
    period: text('period').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    contentHash: text('content_hash').notNull(),
    closedBy: byUser('closed_by'),
    closedAt: instant('closed_at').notNull().defaultNow(),
  },
  (t) => [
    index('report_periods_entity_id_idx').on(t.entityId),
    uniqueIndex('report_periods_entity_report_period_uq').on(t.entityId, t.report, t.period),
  ],
)

/**
 * The beer counted on hand at the end of a month, in barrels: bulk in tanks, packaged in kegs and in cases (the
 * 5130.9's columns; `packaged_bbl` is their sum, and a count saved before the split has its packaged beer in cases),
 * and what caused a shortage (ADR 236).
 */
export const physicalInventories = pgTable(
  'physical_inventories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    month: text('month').notNull(),
    bulkBbl: numeric('bulk_bbl', { precision: 14, scale: 5 }).notNull(),
    packagedBbl: numeric('packaged_bbl', { precision: 14, scale: 5 }).notNull(),
    kegBbl: numeric('keg_bbl', { precision: 14, scale: 5 }),
    caseBbl: numeric('case_bbl', { precision: 14, scale: 5 }),
    explanations: jsonb('explanations')
      .$type<{ cause: string; stage: string; barrels: string }[]>()
      .notNull()
      .default([]),
    note: text('note').notNull().default(''),
    countedBy: byUser('counted_by'),
    countedAt: instant('counted_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('physical_inventories_entity_id_idx').on(t.entityId),
    uniqueIndex('physical_inventories_entity_month_uq').on(t.entityId, t.month),
  ],
)

/** The brewery's tax facts (Settings → Tax): one row per brewery, the defaults until an Admin saves them. */
export const breweryTaxSettings = pgTable('brewery_tax_settings', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  reducedRateEligible: boolean('reduced_rate_eligible').notNull(),
  controlledGroupShareBasisPoints: integer('controlled_group_share_bp').notNull(),
  exciseFilingFrequency: text('excise_filing_frequency').notNull(),
  operationsReportFrequency: text('operations_report_frequency').notNull(),
  brewersNoticeNumber: text('brewers_notice_number').notNull().default(''),
  /** The brewery's time zone (an IANA name): its days, and so its report periods, begin at midnight here (ADR 224). */
  timeZone: text('time_zone').notNull().default('UTC'),
  updatedBy: byUser('updated_by'),
  ...timestamps,
})
