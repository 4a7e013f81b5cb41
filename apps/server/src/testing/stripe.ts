import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeEnvelope } from '@brewcommand/domain'
import type { FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { buildApp } from '../app.ts'
import { mintJwt } from './tokens.ts'
import { loadConfig } from '../config.ts'
import type { BuiltInIdp } from '../idp/idp.ts'
import type { TestDb } from './identity-harness.ts'
import { startFakeStripeApi, type FakeStripeApi } from './stripe-fake-api.ts'

/** A complete, valid Stripe configuration (test mode). */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_brewcommand',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_brewcommand',
  STRIPE_PRICE_MONTHLY: 'price_1EssentialMonthly',
  STRIPE_PRICE_ANNUAL: 'price_1EssentialAnnual',
  STRIPE_WEBHOOK_SECRET: 'whsec_brewcommand_test',
} as const

const BUSINESS = {
  name: 'Stripe Street Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}

/** Stripe's SDK, used only for its offline webhook helpers (signing test payloads). */
const signer = new Stripe('sk_test_signer')

/** A Stripe-Signature header for `payload`, as Stripe would send it (or as an attacker would, with options). */
export function signStripePayload(
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): string {
  return signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  })
}

/** The whole app in Stripe mode, its Stripe calls answered by a local fake of Stripe's API. */
export async function createStripeTestApp(db: TestDb): Promise<{
  app: FastifyInstance
  fake: FakeStripeApi
  idp: BuiltInIdp
  close(): Promise<void>
}> {
  const fake = await startFakeStripeApi()
  fake.configure({
    secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
    prices: [STRIPE_ENV.STRIPE_PRICE_MONTHLY, STRIPE_ENV.STRIPE_PRICE_ANNUAL],
  })
  const dataDir = await mkdtemp(join(tmpdir(), 'brewcommand-stripe-'))
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Every test request comes from 127.0.0.1; the sign-up limit itself is tested in src/idp.
    SIGN_UP_MAX_PER_ADDRESS: '10000',
    ...STRIPE_ENV,
  })
  const app = await buildApp({ config, database: db.database, stripeApi: fake.address })
  await app.ready()
  return {
    app,
    fake,
    idp: app.builtInIdp!,
    async close() {
      await app.close()
      await fake.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Calls the API as the user `sub` (a token of the built-in provider). */
export function apiAs(t: { app: FastifyInstance; idp: BuiltInIdp }) {
  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub, email: `${sub}@example.com`, email_verified: true },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${await token(sub)}` } })
  /** Signs up `sub` and creates their brewery; answers its id. */
  const onboard = async (sub: string) => {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', {
        user: {
          givenName: 'Ada',
          familyName: 'Lovelace',
          emailAddress: '',
          emailVerified: true,
          idpIdentifier: sub,
        },
        entity: BUSINESS,
      }),
    )
    if (response.statusCode !== 201) throw new Error(`onboarding failed: ${response.body}`)
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  return { call, onboard }
}

/** Delivers a signed event to `POST /api/webhooks/stripe`. */
export function deliver(
  app: FastifyInstance,
  event: object,
  options: { body?: string; signature?: string } = {},
) {
  const payload = JSON.stringify(event, null, 2)
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload: options.body ?? payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(options.signature === ''
        ? {}
        : { 'stripe-signature': options.signature ?? signStripePayload(payload) }),
    },
  })
}

let eventCounter = 0
const nextEventId = () =>
  `evt_test_${Date.now().toString(36)}${(eventCounter++).toString(36).padStart(4, '0')}`

/** Stripe events shaped as API version 2026-10-28 sends them (only the fields BrewCommand reads matter). */
export const stripeEvent = {
  checkoutCompleted(input: {
    entityId: string
    created: number
    customer: string
    subscription: string
    plan?: string
    paymentStatus?: 'paid' | 'unpaid'
    id?: string
  }) {
    return envelope(input.id, 'checkout.session.completed', input.created, {
      id: `cs_test_${input.subscription}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: input.paymentStatus ?? 'paid',
      client_reference_id: input.entityId,
      customer: input.customer,
      subscription: input.subscription,
      metadata: { entityId: input.entityId, plan: input.plan ?? 'monthly' },
    })
  },
  invoice(
    type: 'invoice.paid' | 'invoice.payment_failed',
    input: {
      created: number
      customer: string
      subscription: string
      metadata?: Record<string, string> | null
      price?: string
      id?: string
    },
  ) {
    return envelope(input.id, type, input.created, {
      id: `in_${input.subscription}_${input.created}`,
      object: 'invoice',
      customer: input.customer,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: input.subscription, metadata: input.metadata ?? null },
      },
      lines: {
        object: 'list',
        data: input.price
          ? [
              {
                id: 'il_1',
                pricing: { type: 'price_details', price_details: { price: input.price, product: 'prod_1' } },
              },
            ]
          : [],
      },
    })
  },
  subscriptionDeleted(input: {
    created: number
    customer: string
    subscription: string
    metadata?: Record<string, string>
    id?: string
  }) {
    return envelope(input.id, 'customer.subscription.deleted', input.created, {
      id: input.subscription,
      object: 'subscription',
      customer: input.customer,
      status: 'canceled',
      metadata: input.metadata ?? {},
      items: { object: 'list', data: [] },
    })
  },
  other(type: string, created: number) {
    return envelope(undefined, type, created, { id: 'cus_other', object: 'customer' })
  },
}

function envelope(id: string | undefined, type: string, created: number, object: object) {
  return {
    id: id ?? nextEventId(),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}
