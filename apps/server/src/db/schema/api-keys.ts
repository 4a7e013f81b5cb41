import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { entities } from './entities.ts'
import { users } from './users.ts'

const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A brewery's API key (ADR 281): the secret is kept only as its SHA-256 (`secret_hash`), shown once when made;
 * `hint` is its first characters so people can tell keys apart. A revoked or expired key stops at once.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    hint: text('hint').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: instant('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: instant('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('api_keys_entity_id_idx').on(t.entityId),
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
  ],
)

/** Every request made with a key: the audit list an Admin reads (Settings → API Keys). */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: instant('at').notNull().defaultNow(),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    address: text('address').notNull(),
  },
  (t) => [index('api_key_uses_entity_at_idx').on(t.entityId, t.at)],
)
