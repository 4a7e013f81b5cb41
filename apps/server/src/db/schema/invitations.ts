import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { users } from './users.ts'

/**
 * Invitations to join a brewery. The link's token is single-use and expires; only its SHA-256 is
 * stored. While pending, an invitation is listed among the brewery's users with status Invited.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    // Stored lower-case, so one address has one pending invitation per brewery.
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rev: integer('rev').notNull().default(1),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('invitations_entity_id_idx').on(t.entityId),
    uniqueIndex('invitations_pending_email_idx')
      .on(t.entityId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
  ],
)

export type InvitationRow = typeof invitations.$inferSelect

/**
 * One row per invitation email sent (invite and Resend), counted against the daily limits per brewery
 * and per address (docs/decisions/120-invitation-mail-limits.md). Stored lower-case.
 */
export const invitationMails = pgTable(
  'invitation_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitation_mails_entity_sent_idx').on(t.entityId, t.sentAt),
    index('invitation_mails_email_sent_idx').on(t.email, t.sentAt),
  ],
)
