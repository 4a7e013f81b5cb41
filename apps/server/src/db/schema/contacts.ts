import { sql } from 'drizzle-orm'
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** Newsletter sign-ups from the public landing page; one row per e-mail address (case-insensitive). */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    emailAddress: text('email_address').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('contacts_email_address_lower_unique').on(sql`lower(${t.emailAddress})`)],
)

export type ContactRow = typeof contacts.$inferSelect
