import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'

/** Breweries (the API calls them entities). One per user (docs/product/01-access.md §1). */
export const entities = pgTable('entities', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  type: text('type').notNull().default('Brewery'),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  phone: text('phone').notNull(),
  ein: text('ein').notNull(),
  // The subscription comes from the payment gateway, never from the browser.
  subscriptionPlan: text('subscription_plan'),
  subscriptionStatus: text('subscription_status').notNull().default('incomplete'),
  ...timestamps,
})
export type EntityRow = typeof entities.$inferSelect

/**
 * A brewery's data version, in slots: every write that changes what the brewery's product list or
 * bootstrap answer adds one to one slot in its transaction (cache/brewery-version.ts); the version is the
 * sum of the brewery's slots, the key of the read caches on every instance. Several slots, so that
 * concurrent writes of one brewery do not queue on one row's lock (ADR 218). A slot's row appears on its
 * first bump; a brewery without rows is at version 0.
 */
export const breweryDataVersions = pgTable(
  'brewery_data_versions',
  {
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.slot] })],
)

/** The packaging a brewery sells in (16oz Cans, 1/6 BBL Keg, …); products' packages refer to these. */
export const packagingTypes = pgTable(
  'packaging_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    packageType: text('package_type').notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('packaging_types_entity_id_idx').on(t.entityId)],
)

/** Checkout sessions of the built-in test gateway (Stripe keeps its own). No card data is ever stored. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    // SHA-256 of the client secret the browser holds.
    clientSecretHash: text('client_secret_hash').notNull(),
    priceId: text('price_id').notNull(),
    plan: text('plan').notNull(),
    status: text('status').notNull().default('open'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('checkout_sessions_entity_id_idx').on(t.entityId),
    uniqueIndex('checkout_sessions_client_secret_hash_unique').on(t.clientSecretHash),
  ],
)
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect
