import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { entities } from './entities.ts'
import { customers, invoiceLines, invoices } from './sales.ts'
import { users } from './users.ts'

// Credit notes (docs/decisions/273-credit-notes-and-returns.md): a credit against one invoice, numbered per brewery
// without gaps (`CN-00001`), whose lines bring goods back into finished goods through the ledger's return (a
// "returned to the brewery" event, at most what that invoice's line removed), refund the deposits and lower the
// invoice's balance. Never edited nor deleted.

const cents = (name: string) => bigint(name, { mode: 'number' })

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    depositCents: cents('deposit_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** What the credit is beyond the invoice's balance when issued: owed back to the customer. */
    refundCents: cents('refund_cents').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_sequence_uq').on(t.entityId, t.sequence),
    index('credit_notes_invoice_id_idx').on(t.invoiceId),
  ],
)

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceLineId: uuid('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    depositCents: cents('deposit_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    /** An empty keg back (ADR 350): its number; the line credits its deposit only (0 units of goods). */
    kegAssetNumber: text('keg_asset_number').notNull().default(''),
    /** The "returned to the brewery" events of the ledger this line booked. */
    liquidEventIds: jsonb('liquid_event_ids').$type<string[]>().notNull(),
  },
  (t) => [index('credit_note_lines_credit_note_id_idx').on(t.creditNoteId)],
)
