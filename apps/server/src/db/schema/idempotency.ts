import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/**
 * The first response to each (scope, Idempotency-Key): a replay gets it back and changes nothing
 * (docs/architecture.md "The write path"). The scope is the brewery, or the user before they have one (onboarding).
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
)
