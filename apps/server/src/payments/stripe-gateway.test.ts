import { users } from '../db/schema/users.ts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { buildTestApp, TEST_DATABASES } from '../testing/test-app.ts'
import { ALREADY_ACTIVE } from './test-gateway.ts'
import { apiAs, createStripeTestApp, deliver, STRIPE_ENV, stripeEvent } from '../testing/stripe.ts'

const MONTHLY = STRIPE_ENV.STRIPE_PRICE_MONTHLY
const STRIPE_HOSTS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://checkout.stripe.com']

describe.each(TEST_DATABASES)('Stripe embedded Checkout on %s', (kind) => {
  let testDb: TestDb
  let t: Awaited<ReturnType<typeof createStripeTestApp>>
  let api: ReturnType<typeof apiAs>

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createStripeTestApp(testDb)
    api = apiAs(t)
  })
  afterAll(async () => {
    await t?.close()
    await testDb?.client.close()
  })
  beforeEach(() => {
    t.fake.calls.length = 0
  })

  const checkout = (sub: string, priceId: string = MONTHLY) =>
    api.call(sub, 'POST', '/api/checkout', { priceId })
  const status = (sub: string, sessionId: string) =>
    api.call(sub, 'GET', `/api/onboarding?session_id=${encodeURIComponent(sessionId)}`)

  it('tells the browser Stripe’s publishable key and price ids, and lets Stripe’s hosts into the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' })
    expect(response.json()).toMatchObject({
      data: {
        payments: { mode: 'stripe', publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY },
        plans: [
          { id: 'monthly', priceId: STRIPE_ENV.STRIPE_PRICE_MONTHLY },
          { id: 'annual', priceId: STRIPE_ENV.STRIPE_PRICE_ANNUAL },
        ],
      },
    })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/checkout\.stripe\.com/)
    expect(csp).toMatch(/frame-src [^;]*https:\/\/hooks\.stripe\.com/)
  })

  it('creates an embedded subscription Checkout Session for the brewery and answers its client secret', async () => {
    const sub = crypto.randomUUID()
    const entityId = await api.onboard(sub)
    const response = await checkout(sub, STRIPE_ENV.STRIPE_PRICE_ANNUAL)
    expect(response.statusCode).toBe(201)
    const { data } = response.json<{ data: { client_secret: string; sessionId: string } }>()
    expect(data.sessionId).toMatch(/^cs_test_/)
    expect(data.client_secret).toBe(t.fake.sessions.get(data.sessionId)?.client_secret)

    const [call] = t.fake.calls
    expect(call).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' })
    expect(call?.headers.authorization).toBe(`Bearer ${STRIPE_ENV.STRIPE_SECRET_KEY}`)
    expect(call?.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/)
    expect(call?.params).toMatchObject({
      mode: 'subscription',
      ui_mode: 'embedded_page',
      'line_items[0][price]': STRIPE_ENV.STRIPE_PRICE_ANNUAL,
      'line_items[0][quantity]': '1',
      return_url: 'http://localhost:3000/plans?session_id={CHECKOUT_SESSION_ID}',
      client_reference_id: entityId,
      customer_email: `${sub}@example.com`,
      'metadata[entityId]': entityId,
      'metadata[plan]': 'annual',
      'subscription_data[metadata][entityId]': entityId,
      'subscription_data[metadata][plan]': 'annual',
    })
  })

  it('refuses a price that is not one of the Stripe plans, and the built-in test prices', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    for (const priceId of ['price_monthly', 'price_1Somebody']) {
      const response = await checkout(sub, priceId)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', issues: [{ path: 'priceId' }] },
      })
    }
    expect(t.fake.calls).toEqual([])
  })

  it('has no built-in test checkout in Stripe mode', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const response = await api.call(sub, 'POST', '/api/checkout/test/confirm', {
      clientSecret: 'cs_test_x_secret_y',
      card: { number: '4242424242424242', expiry: '12/40', cvc: '123', name: 'Ada Lovelace' },
    })
    expect(response.statusCode).toBe(404)
  })

  it('reads the session’s status from Stripe for its own brewery only, and records a paid one', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const { sessionId } = (await checkout(sub)).json<{ data: { sessionId: string } }>().data

    const open = await status(sub, sessionId)
    expect(open.json()).toEqual({ data: { sessionId, status: 'open', payment_status: 'unpaid' } })
    expect(t.fake.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${sessionId}` })

    t.fake.complete(sessionId)
    const paid = await status(sub, sessionId)
    expect(paid.json()).toEqual({ data: { sessionId, status: 'complete', payment_status: 'paid' } })
    // The browser came back before the webhook: the brewery is active already.
    const billing = await api.call(sub, 'GET', '/api/billing')
    expect(billing.json()).toMatchObject({
      data: { mode: 'stripe', plan: 'monthly', status: 'active', hasPortal: true },
    })

    const stranger = crypto.randomUUID()
    await api.onboard(stranger)
    expect((await status(stranger, sessionId)).statusCode).toBe(404)
  })

  it('answers 404 for a session Stripe does not know (Stripe’s resource_missing), and for a malformed id without asking', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const unknown = await status(sub, 'cs_test_doesnotexist')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Checkout session not found' } })
    expect(t.fake.calls).toHaveLength(1)
    expect((await status(sub, '../../v1/customers')).statusCode).toBe(404)
    expect(t.fake.calls).toHaveLength(1)
  })

  it('turns Stripe’s error bodies into our error shape without passing Stripe’s message on', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const cases = [
      {
        failure: {
          status: 429,
          error: {
            type: 'invalid_request_error',
            code: 'rate_limit',
            message: 'Too many requests sk_live_secret',
          },
        },
        status: 429,
        body: {
          code: 'RATE_LIMITED',
          message: 'The payment provider is busy. Please try again in a moment.',
        },
      },
      {
        failure: {
          status: 401,
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***cret' },
        },
        status: 500,
        body: { code: 'INTERNAL', message: 'Payments are not available right now. Please try again later.' },
      },
      {
        failure: {
          status: 400,
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: "No such price: 'price_1EssentialMonthly'",
            param: 'line_items[0][price]',
          },
        },
        status: 500,
        body: { code: 'INTERNAL', message: 'Payments are not available right now. Please try again later.' },
      },
    ]
    for (const c of cases) {
      t.fake.failNext(c.failure)
      const response = await checkout(sub)
      expect(response.statusCode, c.failure.error.message).toBe(c.status)
      expect(response.json()).toEqual({ error: c.body })
      expect(response.body).not.toContain('sk_')
      expect(response.body).not.toContain('price_1')
    }
  })

  it('retries one 500 from Stripe, and reports a second as the provider being unreachable', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const apiError = { status: 500, error: { type: 'api_error', message: 'An unknown error occurred' } }
    t.fake.failNext(apiError)
    const retried = await checkout(sub)
    expect(retried.statusCode).toBe(201)
    expect(t.fake.calls).toHaveLength(2)
    // The retry carried the same idempotency key, so Stripe would not create two sessions.
    expect(t.fake.calls[0]?.headers['idempotency-key']).toBeTruthy()
    expect(t.fake.calls[1]?.headers['idempotency-key']).toBe(t.fake.calls[0]?.headers['idempotency-key'])

    t.fake.failNext(apiError)
    t.fake.failNext(apiError)
    const failed = await checkout(sub)
    expect(failed.statusCode).toBe(503)
    expect(failed.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The payment provider could not be reached. Please try again.' },
    })
  })

  it('opens Stripe’s customer portal for the Admin of a subscribed brewery only', async () => {
    const admin = crypto.randomUUID()
    const entityId = await api.onboard(admin)
    const noCustomer = await api.call(admin, 'POST', '/api/billing/portal')
    expect(noCustomer.statusCode).toBe(409)
    expect(t.fake.calls).toEqual([])

    const { sessionId } = (await checkout(admin)).json<{ data: { sessionId: string } }>().data
    const session = t.fake.complete(sessionId)
    await deliver(
      t.app,
      stripeEvent.checkoutCompleted({
        entityId,
        customer: session.customer!,
        subscription: session.subscription!,
        created: Math.floor(Date.now() / 1000),
      }),
    )
    const portal = await api.call(admin, 'POST', '/api/billing/portal')
    expect(portal.statusCode).toBe(200)
    expect(portal.json<{ data: { url: string } }>().data.url).toMatch(
      /^https:\/\/billing\.stripe\.com\/p\/session\//,
    )
    expect(t.fake.calls.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      params: { customer: session.customer, return_url: 'http://localhost:3000/secure/settings/billing' },
    })

    // A Brewer of the same brewery may read the billing state but not manage it.
    const brewer = crypto.randomUUID()
    await testDb.db
      .insert(users)
      .values({ idpIdentifier: brewer, email: 'b@example.com', role: 'Brewer', entityId })
    expect((await api.call(brewer, 'GET', '/api/billing')).json()).toMatchObject({
      data: { status: 'active' },
    })
    const refused = await api.call(brewer, 'POST', '/api/billing/portal')
    expect(refused.statusCode).toBe(403)

    // Stripe failing is our error shape, not Stripe's.
    t.fake.failNext({ status: 500, error: { type: 'api_error', message: 'boom' } })
    t.fake.failNext({ status: 500, error: { type: 'api_error', message: 'boom' } })
    const down = await api.call(admin, 'POST', '/api/billing/portal')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } })
    expect(down.body).not.toContain('boom')
  })

  it('keeps one open Checkout Session per brewery: a new one expires the previous at Stripe', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const first = (await checkout(sub)).json<{ data: { sessionId: string } }>().data.sessionId
    const second = await checkout(sub, STRIPE_ENV.STRIPE_PRICE_ANNUAL)
    expect(second.statusCode).toBe(201)
    expect(t.fake.calls.map((c) => `${c.method} ${c.path}`)).toContain(
      `POST /v1/checkout/sessions/${first}/expire`,
    )
    expect(t.fake.sessions.get(first)?.status).toBe('expired')
    const open = [...t.fake.sessions.values()].filter(
      (s) => s.client_reference_id === t.fake.sessions.get(first)?.client_reference_id && s.status === 'open',
    )
    expect(open.map((s) => s.id)).toEqual([second.json<{ data: { sessionId: string } }>().data.sessionId])
  })

  it('refuses a new checkout once the previous session was paid, and once the subscription is active', async () => {
    const sub = crypto.randomUUID()
    await api.onboard(sub)
    const first = (await checkout(sub)).json<{ data: { sessionId: string } }>().data.sessionId
    // Paid at Stripe, before our webhook or the browser's return told us.
    t.fake.complete(first)
    const meanwhile = await checkout(sub)
    expect(meanwhile.statusCode).toBe(409)
    expect(meanwhile.json()).toEqual({ error: { code: 'CONFLICT', message: ALREADY_ACTIVE } })
    await status(sub, first)
    const after = await checkout(sub)
    expect(after.statusCode).toBe(409)
    expect(after.json()).toEqual({ error: { code: 'CONFLICT', message: ALREADY_ACTIVE } })
  })

  it('sends a brewery whose payment failed to the portal rather than into a second subscription', async () => {
    const sub = crypto.randomUUID()
    const entityId = await api.onboard(sub)
    const t0 = Math.floor(Date.now() / 1000) - 60
    const ids = { entityId, customer: 'cus_pastdue1', subscription: 'sub_pastdue1' }
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...ids, created: t0 }))
    await deliver(t.app, stripeEvent.invoice('invoice.payment_failed', { ...ids, created: t0 + 1 }))
    const response = await checkout(sub)
    expect(response.statusCode).toBe(409)
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/update your card/)
  })

  it('needs a token for billing', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/billing/portal' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/billing' })).statusCode).toBe(401)
  })
})

describe('without Stripe keys', () => {
  it('keeps the built-in test checkout, has no webhook route nor portal, and lets no Stripe host into the CSP', async () => {
    const testDb = await createTestDb('pglite')
    const app = await buildTestApp(testDb.database, {}, { paid: false })
    const config = await app.inject({ method: 'GET', url: '/api/config' })
    expect(config.json()).toMatchObject({ data: { payments: { mode: 'test', publishableKey: null } } })
    const csp = String(config.headers['content-security-policy'])
    for (const host of STRIPE_HOSTS) expect(csp).not.toContain(host)
    expect(csp).not.toContain('stripe')
    const webhook = await app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: {} })
    expect(webhook.statusCode).toBe(404)

    // Billing reads the built-in checkout's state; there is no customer portal.
    await app.ready()
    const api = apiAs({ app, idp: app.builtInIdp! })
    const admin = crypto.randomUUID()
    await api.onboard(admin)
    expect((await api.call(admin, 'GET', '/api/billing')).json()).toEqual({
      data: { mode: 'test', plan: null, status: 'incomplete', statusChangedAt: null, hasPortal: false },
    })
    const portal = await api.call(admin, 'POST', '/api/billing/portal')
    expect(portal.statusCode).toBe(404)
    expect(portal.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    await app.close()
    await testDb.client.close()
  })
})
