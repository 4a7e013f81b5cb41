import { paymentRequiredMessage, subscriptionStanding } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '../db/client.ts'
import { entities } from '../db/schema/entities.ts'
import { stripeSubscriptions } from '../db/schema/stripe.ts'
import { users } from '../db/schema/users.ts'
import { AppError } from '../errors.ts'

/** Methods that only read: always allowed, paid or not. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Writes an unpaid brewery may still make, each with the reason: paying itself, joining a team, and
 * taking access away (a brewery that does not pay must still be able to remove a member).
 */
export const PAYMENT_EXEMPT_ROUTES: Record<string, string> = {
  'POST /api/onboarding': 'creates the brewery that then pays',
  'POST /api/checkout': 'starts the payment',
  'POST /api/checkout/test/confirm': 'is the payment (built-in test checkout)',
  'POST /api/billing/portal': "opens Stripe's portal to update the card",
  'POST /api/invitations/:token/accept': "the person joining is not the brewery's payer",
  'DELETE /api/entities/:entityId/users/:userId': 'removes a member: access goes, nothing is made',
  'DELETE /api/entities/:entityId/users/:userId/invitation': 'withdraws an invitation',
}

export const isPaymentExempt = (method: string, url: string) =>
  READS.has(method) || `${method} ${url}` in PAYMENT_EXEMPT_ROUTES

/**
 * Payment is enforced here, for every route at once, not in the modules: a write (any method but
 * GET/HEAD/OPTIONS) of a signed-in member whose brewery's subscription is not in good standing is
 * answered 402 PAYMENT_REQUIRED before validation and before its handler runs; reads keep working.
 * Good standing is `active`, or `past_due` for PAYMENT_GRACE_DAYS after the failed renewal
 * (docs/decisions/121-payment-enforcement.md). A caller without a brewery passes through: the route
 * itself answers them (onboarding, or 403 "finish setting up").
 *
 * Register after the auth plugin (its onRequest hook sets `request.auth` and starts `request.tenantRow`).
 */
const paymentGuard: FastifyPluginCallback<{ db: Db }> = (app, { db }, done) => {
  async function guard(request: FastifyRequest, sub: string) {
    // The auth plugin has started reading the caller's row with the subscription (one query for both).
    const row = request.tenantRow
      ? await request.tenantRow
      : (
          await db
            .select({ status: entities.subscriptionStatus, statusAt: stripeSubscriptions.statusAt })
            .from(users)
            .innerJoin(entities, eq(entities.id, users.entityId))
            .leftJoin(stripeSubscriptions, eq(stripeSubscriptions.entityId, entities.id))
            .where(eq(users.idpIdentifier, sub))
        )[0]
    if (!row?.status || subscriptionStanding(row.status, row.statusAt) !== 'unpaid') return
    throw new AppError('PAYMENT_REQUIRED', paymentRequiredMessage(row.status))
  }
  // A read (nearly every request) passes without a promise (ADR 421).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.auth) return done()
    const url = request.routeOptions.url
    if (url === undefined || isPaymentExempt(request.method, url)) return done()
    guard(request, request.auth.sub).then(() => done(), done)
  })
  done()
}

export default fp(paymentGuard, { name: 'payment-guard', fastify: '5.x', dependencies: ['auth'] })
