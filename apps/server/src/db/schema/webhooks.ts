import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { entities } from './entities.ts'
import { users } from './users.ts'

const instant = (name: string) => timestamp(name, { withTimezone: true })

/**
 * A brewery's webhook endpoint (ADR 282): where its committed writes are delivered, signed with the endpoint's
 * `whsec_` secret. The secret is stored encrypted (AES-256-GCM with WEBHOOK_SECRET_KEY, the endpoint id as
 * associated data), shown once when made or rotated; `secret_hint` is its first characters.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the server turned it off (repeated failures); null when a person did, or when it is on. */
    disabledReason: text('disabled_reason'),
    /** Failed deliveries in a row since the last success. */
    failureCount: integer('failure_count').notNull().default(0),
    secretCiphertext: text('secret_ciphertext').notNull(),
    secretHint: text('secret_hint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    lastDeliveryAt: instant('last_delivery_at'),
  },
  (t) => [index('webhook_endpoints_entity_id_idx').on(t.entityId, t.enabled)],
)

/** One event for one endpoint: its `webhook-id`, its type and the exact body every attempt signs and sends. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    /** pending, succeeded or failed (after its last retry). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt)],
)

/** Every attempt to send a delivery: the delivery log of Settings → Webhooks. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityId: uuid('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: instant('at').notNull().defaultNow(),
    /** succeeded or failed. */
    status: text('status').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
  },
  (t) => [index('webhook_attempts_endpoint_at_idx').on(t.endpointId, t.at)],
)
