import {
  makeEnvelope,
  newRecipe,
  PAYMENT_GRACE_DAYS,
  paymentRequiredMessage,
  TEST_CARD_DECLINED,
  TEST_CARD_PAID,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { entities } from '../../db/schema/entities.ts'
import { stripeSubscriptions } from '../../db/schema/stripe.ts'
import { ALREADY_ACTIVE } from '../../payments/test-gateway.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Hoppy Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const CARD = { number: TEST_CARD_PAID, expiry: '12/40', cvc: '123', name: 'Ada Lovelace' }

function onboardingEnvelope(entity: Record<string, unknown> = BUSINESS, correlationIdentifier?: string) {
  return makeEnvelope(
    'OnboardingRequest',
    {
      user: {
        givenName: 'Ada',
        familyName: 'Lovelace',
        emailAddress: 'forged@example.com',
        emailVerified: true,
        idpIdentifier: 'someone-else',
      },
      entity,
    },
    correlationIdentifier ? { correlationIdentifier } : {},
  )
}

describe.each(TEST_DATABASES)('onboarding and checkout on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    // These tests pay (or do not) themselves.
    t = await createTestApp({ db: testDb, paid: false })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub, email: `${sub}@example.com`, email_verified: true },
      {
        issuer: t.idp.settings.issuer,
        audience: t.idp.settings.audience,
      },
    )
  const call = async (
    sub: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${await token(sub)}`, ...headers },
    })
  const newUser = () => crypto.randomUUID()

  async function onboard(sub: string) {
    const response = await call(sub, 'POST', '/api/onboarding', onboardingEnvelope())
    expect(response.statusCode).toBe(201)
    return response.json<{ data: { entityId: string } }>().data
  }

  it('creates the brewery with the default packaging and makes the caller its Admin', async () => {
    const sub = newUser()
    const entity = await onboard(sub)
    expect(entity).toMatchObject({
      name: 'Hoppy Co',
      type: 'Brewery',
      state: 'OR',
      subscription: { plan: null, status: 'incomplete' },
    })
    const bootstrap = await call(sub, 'GET', '/api/users/bootstrap')
    const [current] = bootstrap.json<{
      data: { user: { email: string }; entities: Record<string, unknown>[] }
    }>().data.entities
    expect(current).toMatchObject({ entityId: entity.entityId, role: 'Admin', products: [] })
    expect((current.packagingTypes as { packageType: string }[]).map((p) => p.packageType)).toEqual([
      '16oz Cans',
      '1/6 BBL Keg',
      '1/2 BBL Keg',
    ])
    // The user came from the token, not from the envelope's user part.
    expect(bootstrap.json<{ data: { user: { email: string } } }>().data.user.email).toBe(`${sub}@example.com`)
  })

  it('sets the brewery’s time zone from its state (Oregon: Pacific), believing the browser only within the state', async () => {
    const zoneOf = async (sub: string) =>
      (await call(sub, 'GET', '/api/reports/tax-settings')).json<{ data: { timeZone: string } }>().data
        .timeZone
    const plain = newUser()
    await onboard(plain)
    expect(await zoneOf(plain)).toBe('America/Los_Angeles')
    // A browser in Berlin (or a forged zone) does not move an Oregon brewery off Pacific time…
    const abroad = newUser()
    const response = await call(
      abroad,
      'POST',
      '/api/onboarding',
      onboardingEnvelope({ ...BUSINESS, timeZone: 'Europe/Berlin' }),
    )
    expect(response.statusCode).toBe(201)
    expect(await zoneOf(abroad)).toBe('America/Los_Angeles')
    // …but one in Oregon's Mountain-time corner keeps its zone.
    const ontario = newUser()
    await call(
      ontario,
      'POST',
      '/api/onboarding',
      onboardingEnvelope({ ...BUSINESS, timeZone: 'America/Boise' }),
    )
    expect(await zoneOf(ontario)).toBe('America/Boise')
  })

  it('answers a replayed correlation identifier with the first result and creates nothing more', async () => {
    const sub = newUser()
    const envelope = onboardingEnvelope(BUSINESS, crypto.randomUUID())
    const first = await call(sub, 'POST', '/api/onboarding', envelope)
    const again = await call(sub, 'POST', '/api/onboarding', envelope)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
  })

  it('refuses the same correlation identifier with another body (409)', async () => {
    const sub = newUser()
    const id = crypto.randomUUID()
    await call(sub, 'POST', '/api/onboarding', onboardingEnvelope(BUSINESS, id))
    const other = await call(
      sub,
      'POST',
      '/api/onboarding',
      onboardingEnvelope({ ...BUSINESS, name: 'Other' }, id),
    )
    expect(other.statusCode).toBe(409)
  })

  it('gives a user who already has a brewery a 409', async () => {
    const sub = newUser()
    await onboard(sub)
    const second = await call(sub, 'POST', '/api/onboarding', onboardingEnvelope())
    expect(second.statusCode).toBe(409)
    expect(second.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'You already belong to a brewery.' },
    })
  })

  it('refuses an invalid envelope with a 400 naming the fields, and stores nothing', async () => {
    const sub = newUser()
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      onboardingEnvelope({ ...BUSINESS, zip: '9720', ein: '123', state: 'DC' }),
    )
    expect(response.statusCode).toBe(400)
    const { error } = response.json<{ error: { issues: { path: string; message: string }[] } }>()
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'data.entity.zip', message: 'Zip is not valid.' },
        { path: 'data.entity.ein', message: 'EIN must be xx-xxxxxxx.' },
        { path: 'data.entity.state', message: 'State is required' },
      ]),
    )
    const bootstrap = await call(sub, 'GET', '/api/users/bootstrap')
    expect(bootstrap.json<{ data: { entities: unknown[] } }>().data.entities).toEqual([])
  })

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload: onboardingEnvelope(),
    })
    expect(response.statusCode).toBe(401)
  })

  it('creates a checkout for a configured price only, and only for a brewery', async () => {
    const sub = newUser()
    const noBrewery = await call(sub, 'POST', '/api/checkout', { priceId: 'price_monthly' })
    expect(noBrewery.statusCode).toBe(409)
    await onboard(sub)
    const unknown = await call(sub, 'POST', '/api/checkout', { priceId: 'price_free_beer' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', issues: [{ path: 'priceId' }] },
    })
    const empty = await call(sub, 'POST', '/api/checkout', { priceId: '' })
    expect(empty.statusCode).toBe(400)
    const created = await call(sub, 'POST', '/api/checkout', { priceId: 'price_monthly' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      data: { client_secret: expect.stringMatching(/^cs_test_\w+_secret_\w+$/) as string },
    })
  })

  it('pays with the test card, declines 4000 0000 0000 0002, and reports the status to its own brewery only', async () => {
    const sub = newUser()
    await onboard(sub)
    const start = async () =>
      (await call(sub, 'POST', '/api/checkout', { priceId: 'price_annual' })).json<{
        data: { client_secret: string; sessionId: string }
      }>().data

    const declined = await start()
    const refused = await call(sub, 'POST', '/api/checkout/test/confirm', {
      clientSecret: declined.client_secret,
      card: { ...CARD, number: TEST_CARD_DECLINED },
    })
    expect(refused.json()).toMatchObject({
      data: { status: 'open', payment_status: 'unpaid', error: 'Your card was declined.' },
    })
    const declinedStatus = await call(sub, 'GET', `/api/onboarding?session_id=${declined.sessionId}`)
    expect(declinedStatus.json()).toMatchObject({ data: { status: 'open', payment_status: 'unpaid' } })

    // Bootstrap read (and cached, ADR 170) before the payment: the payment must still show below.
    await call(sub, 'GET', '/api/users/bootstrap')
    const paid = await start()
    const ok = await call(sub, 'POST', '/api/checkout/test/confirm', {
      clientSecret: paid.client_secret,
      card: CARD,
    })
    expect(ok.json()).toMatchObject({ data: { status: 'complete', payment_status: 'paid' } })
    const status = await call(sub, 'GET', `/api/onboarding?session_id=${paid.sessionId}`)
    expect(status.json()).toEqual({
      data: { sessionId: paid.sessionId, status: 'complete', payment_status: 'paid' },
    })

    // The subscription is stored on the brewery; bootstrap reports it.
    const bootstrap = await call(sub, 'GET', '/api/users/bootstrap')
    expect(
      bootstrap.json<{ data: { entities: { subscription: unknown }[] } }>().data.entities[0]?.subscription,
    ).toEqual({
      plan: 'annual',
      status: 'active',
    })

    // Another brewery's member cannot read this session; an unknown one is a 404 too.
    const stranger = newUser()
    await onboard(stranger)
    expect((await call(stranger, 'GET', `/api/onboarding?session_id=${paid.sessionId}`)).statusCode).toBe(404)
    expect((await call(sub, 'GET', '/api/onboarding?session_id=cs_test_unknown')).statusCode).toBe(404)
    expect((await call(sub, 'GET', '/api/onboarding')).statusCode).toBe(400)
    // …nor pay it.
    const foreign = await call(stranger, 'POST', '/api/checkout/test/confirm', {
      clientSecret: paid.client_secret,
      card: CARD,
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('refuses a card that fails the checks, naming the field', async () => {
    const sub = newUser()
    await onboard(sub)
    const session = (await call(sub, 'POST', '/api/checkout', { priceId: 'price_monthly' })).json<{
      data: { client_secret: string }
    }>().data
    const response = await call(sub, 'POST', '/api/checkout/test/confirm', {
      clientSecret: session.client_secret,
      card: { ...CARD, number: '4242424242424241' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      error: { issues: [{ path: 'card.number', message: 'Your card number is invalid.' }] },
    })
  })

  const start = async (sub: string, priceId = 'price_monthly') =>
    (await call(sub, 'POST', '/api/checkout', { priceId })).json<{
      data: { client_secret: string; sessionId: string }
    }>().data
  const pay = (sub: string, clientSecret: string) =>
    call(sub, 'POST', '/api/checkout/test/confirm', { clientSecret, card: CARD })
  const product = () => {
    const id = crypto.randomUUID()
    return makeEnvelope('product', { id, name: 'Unpaid IPA', description: '', recipes: [newRecipe(id)] })
  }

  it('pays once: paying one of two open sessions expires the other, and an active brewery pays no more', async () => {
    const sub = newUser()
    await onboard(sub)
    const monthly = await start(sub, 'price_monthly')
    const annual = await start(sub, 'price_annual')
    expect((await pay(sub, annual.client_secret)).json()).toMatchObject({ data: { status: 'complete' } })
    const second = await pay(sub, monthly.client_secret)
    expect(second.statusCode).toBe(409)
    expect((await call(sub, 'GET', `/api/onboarding?session_id=${monthly.sessionId}`)).json()).toMatchObject({
      data: { status: 'expired', payment_status: 'unpaid' },
    })
    const again = await call(sub, 'POST', '/api/checkout', { priceId: 'price_monthly' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: ALREADY_ACTIVE } })
    const bootstrap = await call(sub, 'GET', '/api/users/bootstrap')
    expect(bootstrap.json()).toMatchObject({
      data: { entities: [{ subscription: { plan: 'annual', status: 'active' } }] },
    })
  })

  it('lets only one of two sessions paid at the same moment through', async () => {
    const sub = newUser()
    await onboard(sub)
    const [a, b] = [await start(sub), await start(sub, 'price_annual')]
    const answers = await Promise.all([pay(sub, a.client_secret), pay(sub, b.client_secret)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })

  it('answers every write of an unpaid brewery with 402 while reads, paying and leaving the team work', async () => {
    const sub = newUser()
    const { entityId } = await onboard(sub)
    const refused = await call(sub, 'POST', '/api/products', product())
    expect(refused.statusCode).toBe(402)
    expect(refused.json()).toEqual({
      error: { code: 'PAYMENT_REQUIRED', message: paymentRequiredMessage('incomplete') },
    })
    const invite = await call(
      sub,
      'POST',
      `/api/entities/${entityId}/users`,
      makeEnvelope('entities:user-invite', { email: `x-${sub}@example.com`, role: 'Brewer' }),
    )
    expect(invite.statusCode).toBe(402)
    const upload = await call(sub, 'POST', '/api/media/upload', {
      fileName: 'label.png',
      fileType: 'image/png',
      entityId,
      productId: crypto.randomUUID(),
    })
    expect(upload.statusCode).toBe(402)
    // Even a malformed write is a 402: payment comes first.
    expect((await call(sub, 'POST', '/api/products', { nonsense: true })).statusCode).toBe(402)
    // Reads work.
    expect((await call(sub, 'GET', '/api/products')).json()).toEqual({ data: [] })
    expect((await call(sub, 'GET', '/api/billing')).statusCode).toBe(200)
    // Paying works, and then the writes do.
    const session = await start(sub)
    expect((await pay(sub, session.client_secret)).statusCode).toBe(200)
    expect((await call(sub, 'POST', '/api/products', product())).statusCode).toBe(201)
  })

  it('keeps a failed renewal writable for the grace period, then refuses; a canceled subscription too', async () => {
    const sub = newUser()
    const { entityId } = await onboard(sub)
    const setStatus = async (status: string, daysAgo: number | null) => {
      await testDb.db.update(entities).set({ subscriptionStatus: status }).where(eq(entities.id, entityId))
      await testDb.db.insert(stripeSubscriptions).values({ entityId }).onConflictDoNothing()
      await testDb.db
        .update(stripeSubscriptions)
        .set({ status, statusAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(stripeSubscriptions.entityId, entityId))
    }
    await setStatus('past_due', PAYMENT_GRACE_DAYS - 1)
    expect((await call(sub, 'POST', '/api/products', product())).statusCode).toBe(201)
    await setStatus('past_due', PAYMENT_GRACE_DAYS + 1)
    const late = await call(sub, 'POST', '/api/products', product())
    expect(late.statusCode).toBe(402)
    expect(late.json()).toMatchObject({ error: { message: paymentRequiredMessage('past_due') } })
    await setStatus('canceled', 0)
    const ended = await call(sub, 'POST', '/api/products', product())
    expect(ended.json()).toMatchObject({
      error: { code: 'PAYMENT_REQUIRED', message: paymentRequiredMessage('canceled') },
    })
    expect((await call(sub, 'GET', '/api/products')).statusCode).toBe(200)
  })
})
