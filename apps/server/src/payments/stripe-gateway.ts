import { PlanIdSchema, type PlanId } from '@brewcommand/domain'
import Stripe from 'stripe'
import type { StripeConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import { stripeSubscriptions } from '../db/schema/stripe.ts'
import { AppError } from '../errors.ts'
import type { CheckoutSessionState, PaymentGateway } from './payment-gateway.ts'
import { createStripeSubscriptions } from './stripe-subscriptions.ts'
import { ALREADY_ACTIVE } from './test-gateway.ts'

/** Where the SDK sends its calls; tests point it at a local server that answers like Stripe's API. */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' }

/** The Stripe client, with the API version this SDK major pins, no retries hidden behind our requests. */
export function createStripeClient(secretKey: string, api?: StripeApiAddress): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'BrewCommand' },
    ...(api ?? {}),
  })
}

/** The plans with Stripe's price ids (STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL). */
export function stripePlanPrices(config: StripeConfig): { id: PlanId; priceId: string }[] {
  return [
    { id: 'monthly', priceId: config.priceMonthly },
    { id: 'annual', priceId: config.priceAnnual },
  ]
}

const SESSION_ID = /^cs_(test|live)_\w{1,200}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type StripeLogger = (error: unknown, message: string) => void

/**
 * Turns a failed Stripe call into an answer for our client. Stripe's own message stays in our log: it
 * may name ids or settings that are not the caller's business.
 */
export function stripeFailure(error: unknown, log: StripeLogger, what: string): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    log(error, `Stripe rate limit: ${what}`)
    return new AppError('RATE_LIMITED', 'The payment provider is busy. Please try again in a moment.')
  }
  if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
    log(error, `Stripe unavailable: ${what}`)
    return new AppError('UNAVAILABLE', 'The payment provider could not be reached. Please try again.')
  }
  // Authentication, permission and invalid requests mean our Stripe set-up is wrong (a key, a price).
  log(error, `Stripe refused: ${what}`)
  return new AppError('INTERNAL', 'Payments are not available right now. Please try again later.')
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'

/** The brewery a checkout session was made for (its client reference), when it is one of ours. */
export function sessionEntityId(session: Stripe.Checkout.Session): string | null {
  const id = session.client_reference_id ?? session.metadata?.entityId ?? null
  return id && UUID.test(id) ? id : null
}

/** The plan named in our metadata, or found from the subscription's price. */
export function planOf(
  metadata: Stripe.Metadata | null | undefined,
  prices: { id: PlanId; priceId: string }[],
  priceId?: string | null,
): PlanId | null {
  const named = PlanIdSchema.safeParse(metadata?.plan)
  if (named.success) return named.data
  return prices.find((p) => p.priceId === priceId)?.id ?? null
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id

function toState(session: Stripe.Checkout.Session, entityId: string): CheckoutSessionState {
  const status =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open'
  // Nothing owed (a full discount) completes the subscription just as a payment does.
  const isPaid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required'
  return { sessionId: session.id, entityId, status, paymentStatus: isPaid ? 'paid' : 'unpaid' }
}

/**
 * Stripe embedded Checkout behind the PaymentGateway interface: a subscription Checkout Session per
 * brewery (client reference = the brewery's id), read back from Stripe for step 4. The subscription's
 * state itself follows Stripe's webhooks (stripe-webhooks.ts).
 */
export function createStripeGateway(deps: {
  stripe: Stripe
  db: Db
  config: StripeConfig
  log: StripeLogger
}): PaymentGateway & {
  createPortalSession(entityId: string, returnUrl: string): Promise<{ url: string }>
} {
  const { stripe, db, config, log } = deps
  const subscriptions = createStripeSubscriptions(db)
  const prices = stripePlanPrices(config)

  /** Expires a brewery's earlier Checkout Session; one that was paid meanwhile refuses the new one. */
  async function expirePrevious(sessionId: string) {
    try {
      await stripe.checkout.sessions.expire(sessionId)
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open: expired is fine, paid is not.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
        throw stripeFailure(error, log, 'expire a Checkout Session')
      }
      let previous: Stripe.Checkout.Session
      try {
        previous = await stripe.checkout.sessions.retrieve(sessionId)
      } catch (retrieveError) {
        if (isMissing(retrieveError)) return
        throw stripeFailure(retrieveError, log, 'read a Checkout Session')
      }
      if (previous.status === 'complete') throw new AppError('CONFLICT', ALREADY_ACTIVE)
    }
  }

  return {
    mode: 'stripe',

    async createCheckoutSession({ entityId, priceId, plan, returnUrl, customerEmail }) {
      const current = await subscriptions.find(entityId)
      if (current?.status === 'past_due') {
        throw new AppError(
          'CONFLICT',
          'Your last payment failed: update your card in Settings → Billing → Manage billing.',
        )
      }
      if (current?.status === 'active') throw new AppError('CONFLICT', ALREADY_ACTIVE)
      // One open Checkout Session per brewery, so two can never both be paid (two subscriptions):
      // the previous one is expired at Stripe before a new one starts.
      if (current?.openSessionId) await expirePrevious(current.openSessionId)
      const metadata = { entityId, plan }
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          ui_mode: 'embedded_page',
          line_items: [{ price: priceId, quantity: 1 }],
          return_url: returnUrl,
          client_reference_id: entityId,
          metadata,
          subscription_data: { metadata },
          // A brewery that subscribed before keeps its Stripe customer (and its invoices).
          ...(current?.customerId
            ? { customer: current.customerId }
            : customerEmail
              ? { customer_email: customerEmail }
              : {}),
        })
        if (!session.client_secret)
          throw new Error('Stripe answered a Checkout Session without a client secret')
        await db
          .insert(stripeSubscriptions)
          .values({ entityId, openSessionId: session.id })
          .onConflictDoUpdate({
            target: stripeSubscriptions.entityId,
            set: { openSessionId: session.id, updatedAt: new Date() },
          })
        return { sessionId: session.id, clientSecret: session.client_secret }
      } catch (error) {
        throw stripeFailure(error, log, 'create a Checkout Session')
      }
    },

    async getCheckoutSession(sessionId) {
      if (!SESSION_ID.test(sessionId)) return null
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId)
      } catch (error) {
        if (isMissing(error)) return null
        throw stripeFailure(error, log, 'read a Checkout Session')
      }
      const entityId = sessionEntityId(session)
      if (!entityId) return null
      const state = toState(session, entityId)
      // The browser may come back before the webhook: record the completed checkout now. It is dated
      // with the session's creation, so every webhook about this subscription still wins over it.
      if (state.status === 'complete' && state.paymentStatus === 'paid') {
        await db.transaction((tx) =>
          subscriptions.apply(tx, {
            entityId,
            status: 'active',
            at: new Date(session.created * 1000),
            eventId: null,
            customerId: idOf(session.customer),
            subscriptionId: idOf(session.subscription),
            plan: planOf(session.metadata, prices),
            startsSubscription: true,
          }),
        )
      }
      return state
    },

    /** A Stripe customer-portal session for the brewery's Stripe customer. */
    async createPortalSession(entityId, returnUrl) {
      const current = await subscriptions.find(entityId)
      if (!current?.customerId) {
        throw new AppError('CONFLICT', 'Your brewery has no Stripe subscription yet: finish payment first.')
      }
      try {
        const portal = await stripe.billingPortal.sessions.create({
          customer: current.customerId,
          return_url: returnUrl,
        })
        return { url: portal.url }
      } catch (error) {
        throw stripeFailure(error, log, 'create a customer-portal session')
      }
    },
  }
}
export type StripeGateway = ReturnType<typeof createStripeGateway>
