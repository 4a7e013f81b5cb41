import type { PlanId } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bumpBreweryVersion } from '../cache/brewery-version.ts'
import { entities } from '../db/schema/entities.ts'
import { stripeSubscriptions, type StripeSubscriptionRow } from '../db/schema/stripe.ts'

/** The subscription states BrewCommand shows (Settings → Billing); Stripe's events map onto them. */
export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled'

/** On the same second, the later state of a subscription's life wins (a cancellation beats a payment). */
const RANK: Record<SubscriptionStatus, number> = { incomplete: 0, active: 1, past_due: 2, canceled: 3 }

/** What one Stripe event (or a checkout session read from Stripe) says about a brewery's subscription. */
export type SubscriptionChange = {
  entityId: string
  status: SubscriptionStatus
  /** Stripe's `created` time of the event: an older event never overwrites a newer one. */
  at: Date
  eventId: string | null
  customerId?: string | null
  subscriptionId?: string | null
  plan?: PlanId | null
  /** Only a completed checkout may put a new subscription in the place of the brewery's current one. */
  startsSubscription?: boolean
}

/** `missing`: no such brewery (deleted since, or never ours). */
export type ChangeOutcome = 'applied' | 'stale' | 'other-subscription' | 'missing'

/**
 * A brewery's Stripe subscription: its ids and status, with `entities.subscription_*` kept in step for
 * bootstrap. Webhooks arrive in any order; the status moves only forward in Stripe's time.
 */
export function createStripeSubscriptions(db: Db) {
  return {
    async find(entityId: string): Promise<StripeSubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(stripeSubscriptions)
        .where(eq(stripeSubscriptions.entityId, entityId))
      return row ?? null
    },

    /** The brewery a Stripe subscription or customer belongs to, when it is one of ours. */
    async entityOf(ids: { subscriptionId?: string | null; customerId?: string | null }, tx: Db = db) {
      for (const [column, value] of [
        [stripeSubscriptions.subscriptionId, ids.subscriptionId],
        [stripeSubscriptions.customerId, ids.customerId],
      ] as const) {
        if (!value) continue
        const [row] = await tx
          .select({ entityId: stripeSubscriptions.entityId })
          .from(stripeSubscriptions)
          .where(eq(column, value))
        if (row) return row.entityId
      }
      return null
    },

    /** Applies a change in the caller's transaction, under a row lock; answers whether it took effect. */
    async apply(tx: Db, change: SubscriptionChange): Promise<ChangeOutcome> {
      const [entity] = await tx
        .select({ id: entities.id })
        .from(entities)
        .where(eq(entities.id, change.entityId))
      if (!entity) return 'missing'
      await tx.insert(stripeSubscriptions).values({ entityId: change.entityId }).onConflictDoNothing()
      const [row] = await tx
        .select()
        .from(stripeSubscriptions)
        .where(eq(stripeSubscriptions.entityId, change.entityId))
        .for('update')
      if (!row) return 'missing'

      const isOtherSubscription =
        !!change.subscriptionId && !!row.subscriptionId && change.subscriptionId !== row.subscriptionId
      if (isOtherSubscription && !change.startsSubscription) return 'other-subscription'

      const isNewer =
        row.statusAt === null ||
        change.at.getTime() > row.statusAt.getTime() ||
        (change.at.getTime() === row.statusAt.getTime() &&
          RANK[change.status] >= RANK[row.status as SubscriptionStatus])

      // Ids are learnt from whichever event brings them first, even a stale one.
      const ids = {
        ...(change.customerId && (!row.customerId || isNewer) ? { customerId: change.customerId } : {}),
        ...(change.subscriptionId && (!row.subscriptionId || isNewer)
          ? { subscriptionId: change.subscriptionId }
          : {}),
        ...(change.plan && (!row.plan || isNewer) ? { plan: change.plan } : {}),
      }
      const status = isNewer
        ? { status: change.status, statusAt: change.at, statusEventId: change.eventId }
        : {}
      if (Object.keys(ids).length === 0 && !isNewer) return 'stale'

      const [updated] = await tx
        .update(stripeSubscriptions)
        .set({ ...ids, ...status, updatedAt: new Date() })
        .where(eq(stripeSubscriptions.entityId, change.entityId))
        .returning()
      await tx
        .update(entities)
        .set({ subscriptionStatus: updated.status, subscriptionPlan: updated.plan, updatedAt: new Date() })
        .where(eq(entities.id, change.entityId))
      // Bootstrap shows the subscription: its cached answers must go (cache/brewery-version.ts).
      await bumpBreweryVersion(tx, change.entityId)
      return isNewer ? 'applied' : 'stale'
    },
  }
}
export type StripeSubscriptions = ReturnType<typeof createStripeSubscriptions>
