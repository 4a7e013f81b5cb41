import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { batches, liquidEvents } from './production.ts'
import { creditNotes } from './sales-credits.ts'
import { customers, salesOrders } from './sales.ts'
import { users } from './users.ts'

// Kegs (PRODUCTION.md "keg", "keg_event"; docs/decisions/290-kegs.md): the register and the append-only log of
// scans. A keg row carries where the keg is now (the state machine's state, packages/domain/src/kegs), written in
// the same transaction as the event that put it there; the events are never updated nor deleted.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const cents = (name: string) => bigint(name, { mode: 'number' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

export const kegs = pgTable(
  'kegs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    assetNumber: text('asset_number').notNull(),
    size: text('size').notNull(),
    owner: text('owner').notNull(),
    ownerName: text('owner_name').notNull().default(''),
    purchasedOn: date('purchased_on', { mode: 'string' }),
    costCents: cents('cost_cents'),
    /** The state machine's status: clean, dirty, full, at-customer, lost, damaged, retired. */
    status: text('status').notNull().default('clean'),
    since: instant('since'),
    customerId: uuid('customer_id').references(() => customers.id),
    /** The deposit the customer holding it paid (0 elsewhere). */
    depositCents: cents('deposit_cents').notNull().default(0),
    /** The lot it carries (full, or at a customer): the package run's batch. */
    batchId: uuid('batch_id').references(() => batches.id),
    packageRunId: uuid('package_run_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('kegs_entity_asset_number_uq').on(t.entityId, t.assetNumber),
    index('kegs_entity_status_idx').on(t.entityId, t.status),
    index('kegs_customer_id_idx').on(t.customerId),
    // Trace reads the kegs a package run filled (docs/decisions/300).
    index('kegs_package_run_idx').on(t.entityId, t.packageRunId),
  ],
)

export const kegEvents = pgTable(
  'keg_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    kegId: uuid('keg_id')
      .notNull()
      .references(() => kegs.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    occurredAt: instant('occurred_at').notNull().defaultNow(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
    batchId: uuid('batch_id').references(() => batches.id),
    /** Filled: the `packaged` liquid event of the run. */
    packageRunId: uuid('package_run_id'),
    customerId: uuid('customer_id').references(() => customers.id),
    orderId: uuid('order_id').references(() => salesOrders.id),
    /** The customer's deposit balance move: + charged on shipping, − credited on return or kept for a loss. */
    depositCents: cents('deposit_cents').notNull().default(0),
    /** Lost: the keg's cost written off. */
    writeOffCents: cents('write_off_cents').notNull().default(0),
    /** Lost at a customer and charged to them: the cost less the deposit they had paid. */
    chargedCents: cents('charged_cents').notNull().default(0),
    /** The keg's status after the event. */
    status: text('status').notNull(),
    /** Returned: the credit note that credited its deposit on the invoice that charged it (ADR 350). */
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id),
    /** Damaged or lost full at the brewery: the beer's loss on the liquid ledger (ADR 351). */
    liquidEventId: uuid('liquid_event_id').references(() => liquidEvents.id),
  },
  (t) => [
    index('keg_events_keg_id_idx').on(t.kegId, t.occurredAt),
    index('keg_events_entity_id_idx').on(t.entityId, t.occurredAt),
    index('keg_events_customer_id_idx').on(t.customerId),
    index('keg_events_order_id_idx').on(t.orderId),
    index('keg_events_batch_id_idx').on(t.batchId),
    // A fill counts the kegs filled from its package run (ADR 407); it read every keg event of the brewery.
    index('keg_events_package_run_id_idx').on(t.packageRunId),
  ],
)

/** A brewery's keg settings: the days a customer may hold a keg before it is flagged. */
export const kegSettings = pgTable('keg_settings', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  daysOutLimit: integer('days_out_limit').notNull().default(60),
  ...timestamps,
})
