import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'
import { users } from './users.ts'

// Accounting (docs/decisions/310-accounting-sync.md): one connection per brewery to QuickBooks Online or Xero, its
// tokens encrypted at rest (AES-256-GCM), the account mapping, the accounting system's id beside each of ours, the
// month-end journals posted and the sync log a bookkeeper reads.

const entityId = () =>
  uuid('entity_id')
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' })
const instant = (name: string) => timestamp(name, { withTimezone: true })

/** An account of the company's chart: the accounting system's id, its code (Xero's, or QuickBooks' number) and name. */
export type AccountRef = { id: string; code: string; name: string }

/** The account mapping, by role: income (default and per package type), deposits, tax, receivables, bank, cost. */
export type AccountMapping = {
  income?: AccountRef
  incomeByPackageType?: Record<string, AccountRef>
  kegDeposits?: AccountRef
  salesTax?: AccountRef
  receivables?: AccountRef
  bank?: AccountRef
  cogs?: AccountRef
  inventoryAsset?: AccountRef
  workInProgress?: AccountRef
}

/** One per brewery; a disconnected brewery has no row (Disconnect revokes and forgets the tokens). */
export const accountingConnections = pgTable('accounting_connections', {
  entityId: uuid('entity_id')
    .primaryKey()
    .references(() => entities.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** QuickBooks' realmId or Xero's tenantId: the company the tokens reach. */
  companyId: text('company_id').notNull(),
  companyName: text('company_name').notNull().default(''),
  /** `iv.tag.ciphertext` (base64url) of the access and refresh tokens. */
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  accessExpiresAt: instant('access_expires_at').notNull(),
  mapping: jsonb('mapping').$type<AccountMapping>().notNull().default({}),
  connectedBy: uuid('connected_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
})

/** An authorization request under way: its `state`, bound to the brewery and the person, used once, 10 minutes. */
export const accountingOauthStates = pgTable('accounting_oauth_states', {
  /** SHA-256 of the state sent to the provider (the state itself is never stored). */
  stateHash: text('state_hash').primaryKey(),
  entityId: entityId(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  expiresAt: instant('expires_at').notNull(),
})

/** The accounting system's id of one of our records (customer, invoice, payment, journal): pushed once. */
export const accountingLinks = pgTable(
  'accounting_links',
  {
    entityId: entityId(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    localId: text('local_id').notNull(),
    externalId: text('external_id').notNull(),
    /** QuickBooks' SyncToken of the last version written (an update names it). */
    syncToken: text('sync_token').notNull().default(''),
    syncedAt: instant('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityId, t.provider, t.kind, t.localId] }),
    uniqueIndex('accounting_links_external_uq').on(t.entityId, t.provider, t.kind, t.externalId),
  ],
)

/** Every push and pull with its outcome, in words a bookkeeper reads; one row per record and direction. */
export const accountingSyncLog = pgTable(
  'accounting_sync_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: entityId(),
    provider: text('provider').notNull(),
    kind: text('kind').notNull(),
    localId: text('local_id').notNull(),
    /** "Invoice INV-0042", "Customer The Growler Bar", "Journal November 2026". */
    label: text('label').notNull(),
    direction: text('direction').notNull(),
    outcome: text('outcome').notNull(),
    message: text('message').notNull().default(''),
    /** Failures in a row; an Admin is alerted at the second. */
    failures: integer('failures').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounting_sync_log_record_uq').on(t.entityId, t.provider, t.kind, t.localId, t.direction),
    index('accounting_sync_log_entity_idx').on(t.entityId, t.updatedAt),
  ],
)
