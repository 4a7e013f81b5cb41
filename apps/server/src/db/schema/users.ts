import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { entities } from './entities.ts'

/** App users: one row per identity-provider subject, with the profile copied from its ID token. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idpIdentifier: text('idp_identifier').notNull().unique(),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    email: text('email').notNull().default(''),
    emailVerified: boolean('email_verified').notNull().default(false),
    picture: text('picture'),
    // Admin | Manager | Brewer once the user belongs to a brewery (onboarding or an invitation).
    role: text('role'),
    status: text('status').notNull().default('Active'),
    rev: integer('rev').notNull().default(1),
    // The user's brewery (one per user, docs/product/01-access.md §1); null until onboarding or an accepted invitation.
    entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'set null' }),
    /** When this person put the dashboard's first-week path away (ADR 261); null while it shows. */
    firstWeekDismissedAt: timestamp('first_week_dismissed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_entity_id_idx').on(t.entityId)],
)

export type UserRow = typeof users.$inferSelect
