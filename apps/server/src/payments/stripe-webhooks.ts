import type { PlanId } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import Stripe from 'stripe'
import type { Db } from '../db/client.ts'
import { stripeEvents } from '../db/schema/stripe.ts'
import { AppError } from '../errors.ts'
import { idOf, planOf, sessionEntityId } from './stripe-gateway.ts'
import { createStripeSubscriptions, type SubscriptionChange } from './stripe-subscriptions.ts'

/** The events that move a brewery's subscription; Stripe's other events are acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.deleted',
] as const

/** `ignored`: an event type we do not handle; `not-ours`: no brewery of ours; `duplicate`: seen before. */
export type WebhookResult = {
  received: true
  outcome: 'applied' | 'stale' | 'other-subscription' | 'duplicate' | 'ignored' | 'not-ours'
}

type Change = Omit<SubscriptionChange, 'entityId' | 'at' | 'eventId'> & {
  entityId: string | null
  lookup: { subscriptionId?: string | null; customerId?: string | null }
}

/** The subscription id of an invoice (API 2025+: under `parent.subscription_details`). */
function invoiceSubscription(invoice: Stripe.Invoice) {
  const details = invoice.parent?.subscription_details
  return { subscriptionId: idOf(details?.subscription), metadata: details?.metadata ?? null }
}

const isUuid = (value: string | undefined | null): value is string =>
  !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

/** What a handled event says; null for an event that does not concern a subscription of ours. */
function changeOf(event: Stripe.Event, prices: { id: PlanId; priceId: string }[]): Change | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      if (session.mode !== 'subscription') return null
      const isPaid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
      return {
        entityId: sessionEntityId(session),
        lookup: {},
        status: isPaid ? 'active' : 'incomplete',
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        plan: planOf(session.metadata, prices),
        startsSubscription: true,
      }
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const { subscriptionId, metadata } = invoiceSubscription(invoice)
      if (!subscriptionId) return null
      const priceId = invoice.lines?.data?.[0]?.pricing?.price_details?.price
      return {
        entityId: isUuid(metadata?.entityId) ? metadata.entityId : null,
        lookup: { subscriptionId, customerId: idOf(invoice.customer) },
        status: event.type === 'invoice.paid' ? 'active' : 'past_due',
        customerId: idOf(invoice.customer),
        subscriptionId,
        plan: planOf(metadata, prices, typeof priceId === 'string' ? priceId : idOf(priceId)),
      }
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object
      return {
        entityId: isUuid(subscription.metadata?.entityId) ? subscription.metadata.entityId : null,
        lookup: { subscriptionId: subscription.id, customerId: idOf(subscription.customer) },
        status: 'canceled',
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        plan: planOf(subscription.metadata, prices, subscription.items?.data?.[0]?.price?.id),
      }
    }
    default:
      return null
  }
}

/**
 * Verifies and applies Stripe's webhook events. Each event is processed once (its id is stored in the
 * same transaction as its effect) and in any order (a subscription's status only moves forward in
 * Stripe's time, see stripe-subscriptions.ts).
 */
export function createStripeWebhooks(deps: {
  stripe: Stripe
  db: Db
  webhookSecret: string
  prices: { id: PlanId; priceId: string }[]
}) {
  const { stripe, db, webhookSecret, prices } = deps
  const subscriptions = createStripeSubscriptions(db)

  return {
    /** Checks Stripe's signature on the exact bytes received (default tolerance: 5 minutes). */
    async verify(rawBody: Buffer, signature: string | undefined): Promise<Stripe.Event> {
      if (!signature) throw new AppError('VALIDATION_FAILED', 'Missing Stripe-Signature header.')
      try {
        return await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret)
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError('VALIDATION_FAILED', 'The Stripe signature does not match this request.')
        }
        throw new AppError('VALIDATION_FAILED', 'The webhook body is not a Stripe event.')
      }
    },

    async process(event: Stripe.Event): Promise<WebhookResult> {
      if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
        return { received: true, outcome: 'ignored' }
      }
      const change = changeOf(event, prices)
      return db.transaction(async (tx) => {
        const [first] = await tx
          .insert(stripeEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id })
        if (!first) return { received: true, outcome: 'duplicate' } as const

        const entityId = change
          ? (change.entityId ?? (await subscriptions.entityOf(change.lookup, tx)))
          : null
        if (!change || !entityId) return { received: true, outcome: 'not-ours' } as const
        const { lookup: _lookup, ...rest } = change
        const outcome = await subscriptions.apply(tx, {
          ...rest,
          entityId,
          at: new Date(event.created * 1000),
          eventId: event.id,
        })
        if (outcome === 'missing') return { received: true, outcome: 'not-ours' } as const
        await tx.update(stripeEvents).set({ entityId }).where(eq(stripeEvents.id, event.id))
        return { received: true, outcome } as const
      })
    },
  }
}
export type StripeWebhooks = ReturnType<typeof createStripeWebhooks>

/**
 * `POST /api/webhooks/stripe`: public (Stripe holds no token of ours; the signature is the proof).
 * The JSON parser of this plugin keeps the raw bytes, which the signature is computed over.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ webhooks: StripeWebhooks }> = async (
  app,
  { webhooks },
) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body)
  })

  app.post('/', { config: { public: true } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const header = request.headers['stripe-signature']
    const event = await webhooks.verify(raw, Array.isArray(header) ? header[0] : header)
    const result = await webhooks.process(event)
    request.log.info({ eventId: event.id, type: event.type, outcome: result.outcome }, 'stripe webhook')
    return reply.code(200).send({ data: result })
  })
}
