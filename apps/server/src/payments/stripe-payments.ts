import type { FastifyInstance } from 'fastify'
import type { StripeConfig } from '../config.ts'
import type { Db } from '../db/client.ts'
import {
  createStripeClient,
  createStripeGateway,
  stripePlanPrices,
  type StripeApiAddress,
} from './stripe-gateway.ts'
import { createStripeWebhooks, stripeWebhookRoutes } from './stripe-webhooks.ts'

/** Stripe's hosts the browser needs for Stripe.js and embedded Checkout (Stripe's CSP guidance). */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com'],
  connectSrc: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  frameSrc: [
    'https://js.stripe.com',
    'https://*.js.stripe.com',
    'https://hooks.stripe.com',
    'https://checkout.stripe.com',
  ],
} as const

/**
 * Stripe mode: the gateway for `/api/checkout` and step 4, and `POST /api/webhooks/stripe`. Register
 * after the identity plugin (it marks the webhook public as the route is added).
 */
export async function registerStripePayments(
  app: FastifyInstance,
  options: { config: StripeConfig; db: Db; api?: StripeApiAddress },
) {
  const stripe = createStripeClient(options.config.secretKey, options.api)
  const prices = stripePlanPrices(options.config)
  const gateway = createStripeGateway({
    stripe,
    db: options.db,
    config: options.config,
    log: (error, message) => app.log.error({ err: error }, message),
  })
  await app.register(stripeWebhookRoutes, {
    prefix: '/api/webhooks/stripe',
    webhooks: createStripeWebhooks({
      stripe,
      db: options.db,
      webhookSecret: options.config.webhookSecret,
      prices,
    }),
  })
  return { gateway, prices }
}
