import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'

/**
 * A brewery's schedule settings (docs/production.md "Scheduling"): the cleaning time reserved between two
 * occupancies of a vessel, and its private calendar feed, whose secret address is stored only as a SHA-256
 * hash (shown once when made; revoking clears it). One row per brewery, made on first use.
 */
export const scheduleSettings = pgTable(
  'schedule_settings',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    cleaningGapHours: integer('cleaning_gap_hours').notNull().default(4),
    feedTokenHash: text('feed_token_hash'),
    feedCreatedAt: timestamp('feed_created_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('schedule_settings_feed_token_hash_uq').on(t.feedTokenHash)],
)
