import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stripeEvents, stripeSubscriptions } from '../db/schema/stripe.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { apiAs, createStripeTestApp, deliver, signStripePayload, stripeEvent } from '../testing/stripe.ts'

const now = () => Math.floor(Date.now() / 1000)
const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16)

describe.each(TEST_DATABASES)('POST /api/webhooks/stripe on %s', (kind) => {
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

  /** A new brewery with its Admin, and Stripe ids of its own. */
  async function brewery() {
    const sub = crypto.randomUUID()
    const entityId = await api.onboard(sub)
    return { sub, entityId, customer: `cus_${unique()}`, subscription: `sub_${unique()}` }
  }
  const billing = async (sub: string) =>
    (await api.call(sub, 'GET', '/api/billing')).json<{
      data: { mode: string; plan: string | null; status: string; hasPortal: boolean }
    }>().data
  const subscriptionRow = async (entityId: string) =>
    (await testDb.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.entityId, entityId)))[0]

  it('is the one extra public route in Stripe mode', () => {
    expect([...(t.app as unknown as { publicRoutes: Set<string> }).publicRoutes]).toContain(
      'POST /api/webhooks/stripe',
    )
  })

  it('applies a validly signed checkout.session.completed: the brewery is subscribed', async () => {
    const b = await brewery()
    expect(await billing(b.sub)).toMatchObject({ mode: 'stripe', status: 'incomplete', hasPortal: false })
    const created = now() - 30
    const response = await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created, plan: 'annual' }))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { received: true, outcome: 'applied' } })
    expect(await billing(b.sub)).toMatchObject({
      plan: 'annual',
      status: 'active',
      hasPortal: true,
      statusChangedAt: new Date(created * 1000).toISOString(),
    })
    const bootstrap = await api.call(b.sub, 'GET', '/api/users/bootstrap')
    expect(
      bootstrap.json<{ data: { entities: { subscription: unknown }[] } }>().data.entities[0]?.subscription,
    ).toEqual({ plan: 'annual', status: 'active' })
    expect(await subscriptionRow(b.entityId)).toMatchObject({
      customerId: b.customer,
      subscriptionId: b.subscription,
    })
  })

  it('refuses a tampered body (400) and changes nothing', async () => {
    const b = await brewery()
    const event = stripeEvent.checkoutCompleted({ ...b, created: now() })
    const signed = JSON.stringify(event, null, 2)
    const tampered = signed.replace(b.entityId, (await brewery()).entityId)
    const response = await deliver(t.app, event, { body: tampered, signature: signStripePayload(signed) })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The Stripe signature does not match this request.' },
    })
    expect(await billing(b.sub)).toMatchObject({ status: 'incomplete' })
    const [stored] = await testDb.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))
    expect(stored).toBeUndefined()
  })

  it('refuses re-serialised JSON: the signature covers the exact bytes Stripe sent', async () => {
    const b = await brewery()
    const event = stripeEvent.checkoutCompleted({ ...b, created: now() })
    const pretty = JSON.stringify(event, null, 2)
    const response = await deliver(t.app, event, {
      body: JSON.stringify(event),
      signature: signStripePayload(pretty),
    })
    expect(response.statusCode).toBe(400)
  })

  it('refuses a stale timestamp (older than five minutes), a wrong secret and a missing signature', async () => {
    const b = await brewery()
    const event = stripeEvent.checkoutCompleted({ ...b, created: now() })
    const payload = JSON.stringify(event, null, 2)
    const stale = await deliver(t.app, event, {
      signature: signStripePayload(payload, { timestamp: now() - 6 * 60 }),
    })
    expect(stale.statusCode).toBe(400)
    expect(stale.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
    const wrongSecret = await deliver(t.app, event, {
      signature: signStripePayload(payload, { secret: 'whsec_someone_else' }),
    })
    expect(wrongSecret.statusCode).toBe(400)
    const unsigned = await deliver(t.app, event, { signature: '' })
    expect(unsigned.statusCode).toBe(400)
    expect(unsigned.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Missing Stripe-Signature header.' },
    })
    expect(await billing(b.sub)).toMatchObject({ status: 'incomplete' })
  })

  it('refuses a body that is not JSON, even when it is signed', async () => {
    const body = 'not json at all'
    const response = await deliver(t.app, {}, { body, signature: signStripePayload(body) })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
    const asText = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      payload: body,
      headers: { 'content-type': 'text/plain', 'stripe-signature': signStripePayload(body) },
    })
    expect(asText.statusCode).toBe(400)
    expect(asText.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
  })

  it('acknowledges an event type it does not handle, and changes nothing', async () => {
    const event = stripeEvent.other('customer.created', now())
    const response = await deliver(t.app, event)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { received: true, outcome: 'ignored' } })
    const stored = await testDb.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))
    expect(stored).toEqual([])
  })

  it('processes a duplicate delivery once', async () => {
    const b = await brewery()
    const t0 = now() - 100
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created: t0 }))
    const failed = stripeEvent.invoice('invoice.payment_failed', { ...b, created: t0 + 10 })
    expect((await deliver(t.app, failed)).json()).toEqual({ data: { received: true, outcome: 'applied' } })
    expect(await billing(b.sub)).toMatchObject({ status: 'past_due' })
    // The card is fixed and the retry is paid…
    await deliver(t.app, stripeEvent.invoice('invoice.paid', { ...b, created: t0 + 20 }))
    expect(await billing(b.sub)).toMatchObject({ status: 'active' })
    // …then Stripe redelivers the failure (it had not seen our 200): it changes nothing.
    const again = await deliver(t.app, failed)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ data: { received: true, outcome: 'duplicate' } })
    expect(await billing(b.sub)).toMatchObject({ status: 'active' })
    const stored = await testDb.db.select().from(stripeEvents).where(eq(stripeEvents.id, failed.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ type: 'invoice.payment_failed', entityId: b.entityId })
  })

  it('ends in the same state whatever order the events arrive in', async () => {
    const t0 = now() - 1000
    const story = (b: Awaited<ReturnType<typeof brewery>>) => ({
      completed: stripeEvent.checkoutCompleted({ ...b, created: t0, plan: 'monthly' }),
      paid: stripeEvent.invoice('invoice.paid', {
        ...b,
        created: t0,
        metadata: { entityId: b.entityId, plan: 'monthly' },
      }),
      failed: stripeEvent.invoice('invoice.payment_failed', { ...b, created: t0 + 30 * 86_400 }),
      deleted: stripeEvent.subscriptionDeleted({
        ...b,
        created: t0 + 45 * 86_400,
        metadata: { entityId: b.entityId, plan: 'monthly' },
      }),
    })
    const orders = [
      ['completed', 'paid', 'failed', 'deleted'],
      ['deleted', 'failed', 'paid', 'completed'],
      ['paid', 'deleted', 'completed', 'failed'],
      ['failed', 'completed', 'deleted', 'paid'],
    ] as const
    for (const order of orders) {
      const b = await brewery()
      const events = story(b)
      for (const name of order) expect((await deliver(t.app, events[name])).statusCode).toBe(200)
      expect(await billing(b.sub), order.join(' → ')).toMatchObject({ plan: 'monthly', status: 'canceled' })
      expect(await subscriptionRow(b.entityId)).toMatchObject({
        customerId: b.customer,
        subscriptionId: b.subscription,
        statusEventId: events.deleted.id,
      })
    }
  })

  it('lets an invoice paid before the checkout event activate the brewery (found by metadata)', async () => {
    const b = await brewery()
    const t0 = now() - 50
    const paid = stripeEvent.invoice('invoice.paid', {
      ...b,
      created: t0 + 1,
      metadata: { entityId: b.entityId, plan: 'annual' },
    })
    expect((await deliver(t.app, paid)).json()).toEqual({ data: { received: true, outcome: 'applied' } })
    expect(await billing(b.sub)).toMatchObject({ plan: 'annual', status: 'active' })
    const late = await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created: t0, plan: 'annual' }))
    expect(late.json()).toEqual({ data: { received: true, outcome: 'stale' } })
    expect(await billing(b.sub)).toMatchObject({ plan: 'annual', status: 'active' })
  })

  it('finds the brewery of an invoice by its Stripe subscription when the invoice carries no metadata', async () => {
    const b = await brewery()
    const t0 = now() - 50
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created: t0 }))
    await deliver(
      t.app,
      stripeEvent.invoice('invoice.payment_failed', { ...b, created: t0 + 5, metadata: null }),
    )
    expect(await billing(b.sub)).toMatchObject({ status: 'past_due' })
  })

  it('ignores events about a subscription that is not ours', async () => {
    const stranger = await deliver(
      t.app,
      stripeEvent.invoice('invoice.paid', {
        customer: 'cus_nobody',
        subscription: 'sub_nobody',
        created: now(),
      }),
    )
    expect(stranger.json()).toEqual({ data: { received: true, outcome: 'not-ours' } })
    const gone = await deliver(
      t.app,
      stripeEvent.subscriptionDeleted({
        customer: 'cus_gone',
        subscription: 'sub_gone',
        created: now(),
        metadata: { entityId: crypto.randomUUID() },
      }),
    )
    expect(gone.json()).toEqual({ data: { received: true, outcome: 'not-ours' } })
  })

  it('starts a new subscription after a cancellation, and the old one’s late events leave it alone', async () => {
    const b = await brewery()
    const t0 = now() - 500
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created: t0 }))
    await deliver(t.app, stripeEvent.subscriptionDeleted({ ...b, created: t0 + 10 }))
    expect(await billing(b.sub)).toMatchObject({ status: 'canceled' })
    const renewed = { ...b, subscription: `sub_${unique()}` }
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...renewed, created: t0 + 20, plan: 'annual' }))
    expect(await billing(b.sub)).toMatchObject({ plan: 'annual', status: 'active' })
    const oldFailure = await deliver(
      t.app,
      stripeEvent.invoice('invoice.payment_failed', { ...b, created: t0 + 30 }),
    )
    expect(oldFailure.json()).toEqual({ data: { received: true, outcome: 'other-subscription' } })
    expect(await billing(b.sub)).toMatchObject({ plan: 'annual', status: 'active' })
  })

  it('keeps a checkout completed without payment (e.g. a pending bank debit) incomplete', async () => {
    const b = await brewery()
    await deliver(t.app, stripeEvent.checkoutCompleted({ ...b, created: now(), paymentStatus: 'unpaid' }))
    expect(await billing(b.sub)).toMatchObject({ status: 'incomplete', hasPortal: true })
  })
})
