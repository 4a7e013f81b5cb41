import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { RecallKeg, RecallShipment, TraceContact } from '@brewcommand/domain'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { lots } from './inventory.ts'
import { batches } from './production.ts'
import { customers } from './sales.ts'
import { users } from './users.ts'

// Trace and recall (docs/production.md "Beyond the cellar door"; docs/decisions/300–303): a recall (or a mock
// recall drill) is a record with the customers its lots reached, its own history, and the holds it put on stock
// still in the brewery. Trace itself is a query over existing links and stores nothing.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A recall or a mock recall drill, started from one node of the trace (`originKind`/`originId`). Numbered per
 * brewery. `listMs` is the time from Start to the list complete (the drill's evidence); closing states the outcome.
 */
export const recalls = pgTable(
  'recalls',
  {
    id: uuid('id').primaryKey(),
    entityId: entityId(),
    sequence: integer('sequence').notNull(),
    /** 'recall' or 'drill' (a drill lists and times, and holds nothing). */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('open'),
    originKind: text('origin_kind').notNull(),
    originId: text('origin_id').notNull(),
    originLabel: text('origin_label').notNull(),
    reason: text('reason').notNull(),
    startedAt: instant('started_at').notNull(),
    startedBy: byUser('started_by'),
    listCompletedAt: instant('list_completed_at').notNull(),
    listMs: integer('list_ms').notNull(),
    /** The stock found in the brewery when the recall started (what it held, or would have held in a drill). */
    stock: jsonb('stock').$type<Record<string, unknown>[]>().notNull(),
    closedAt: instant('closed_at'),
    closedBy: byUser('closed_by'),
    outcome: text('outcome').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('recalls_sequence_uq').on(t.entityId, t.kind, t.sequence)],
)

/** A customer the recalled lots reached: what was shipped, whether they were contacted and what came back. */
export const recallCustomers = pgTable(
  'recall_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id),
    customerName: text('customer_name').notNull(),
    contacts: jsonb('contacts').$type<TraceContact[]>().notNull(),
    shipments: jsonb('shipments').$type<RecallShipment[]>().notNull(),
    unitsShipped: integer('units_shipped').notNull(),
    contactedAt: instant('contacted_at'),
    contactedBy: byUser('contacted_by'),
    contactNote: text('contact_note').notNull().default(''),
    returnedUnits: integer('returned_units').notNull().default(0),
    /** The kegs of the recalled lots the customer still had when the list was made (asset number, days out). */
    kegsOut: jsonb('kegs_out').$type<RecallKeg[]>().notNull().default([]),
  },
  (t) => [index('recall_customers_recall_idx').on(t.recallId)],
)

/** The recall's own history: started, customer contacted, return recorded, hold released, closed. */
export const recallEvents = pgTable(
  'recall_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    recallId: uuid('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    note: text('note').notNull().default(''),
    at: instant('at').notNull().defaultNow(),
    by: byUser('by'),
  },
  (t) => [index('recall_events_recall_idx').on(t.recallId, t.at)],
)

/**
 * A hold on stock in the brewery: an ingredient lot (`lotId`), a batch's beer in bulk (`batchId`, no package), or
 * a finished-goods lot (`packageId` + `batchId`). Held stock cannot be picked, sold, dispatched, packaged or
 * removed until released with a reason. A full keg is a unit of its finished-goods lot: that lot's hold covers it.
 */
export const holds = pgTable(
  'holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    recallId: uuid('recall_id').references(() => recalls.id, { onDelete: 'set null' }),
    /** 'ingredient-lot', 'bulk' or 'finished-goods'. */
    kind: text('kind').notNull(),
    lotId: uuid('lot_id').references(() => lots.id),
    batchId: uuid('batch_id').references(() => batches.id),
    packageId: uuid('package_id'),
    label: text('label').notNull(),
    reason: text('reason').notNull(),
    placedAt: instant('placed_at').notNull().defaultNow(),
    placedBy: byUser('placed_by'),
    releasedAt: instant('released_at'),
    releasedBy: byUser('released_by'),
    releaseReason: text('release_reason').notNull().default(''),
  },
  (t) => [
    index('holds_entity_active_idx').on(t.entityId, t.releasedAt),
    index('holds_recall_idx').on(t.recallId),
  ],
)
