import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns.ts'
import { entities } from './entities.ts'

/**
 * A brewery's subscription as Stripe reports it (one row per brewery). `entities.subscription_*` mirrors
 * its plan and status for bootstrap; this row keeps Stripe's ids and when the status was decided, so that
 * webhooks delivered out of order never let an older event overwrite a newer one.
 */
export const stripeSubscriptions = pgTable(
  'stripe_subscriptions',
  {
    entityId: uuid('entity_id')
      .primaryKey()
      .references(() => entities.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    plan: text('plan'),
    status: text('status').notNull().default('incomplete'),
    /** Stripe's `created` time of the event that set `status`. */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** Stripe's id of the event that set `status`. */
    statusEventId: text('status_event_id'),
    /** The brewery's latest Checkout Session; expired at Stripe when another starts (one open at a time). */
    openSessionId: text('open_session_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stripe_subscriptions_customer_id_unique').on(t.customerId),
    uniqueIndex('stripe_subscriptions_subscription_id_unique').on(t.subscriptionId),
  ],
)
export type StripeSubscriptionRow = typeof stripeSubscriptions.$inferSelect

/** Stripe events already processed, by Stripe's event id: a redelivery changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The brewery the event was applied to, when it concerned one of ours. */
  entityId: uuid('entity_id').references(() => entities.id, { onDelete: 'set null' }),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})
