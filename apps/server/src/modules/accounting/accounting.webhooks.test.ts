import { makeEnvelope, type Invoice } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import pino from 'pino'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { accountingLinks } from '../../db/schema/accounting.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedInvoice, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import type { PushTask } from './sync.service.ts'
import {
  FAKE_QUICKBOOKS_CLIENT,
  FAKE_REALM,
  startFakeQuickBooks,
  type FakeQuickBooks,
} from './testing/fake-quickbooks.ts'
import { FAKE_TENANT, FAKE_XERO_CLIENT, startFakeXero, type FakeXero } from './testing/fake-xero.ts'
import { signBody } from './webhooks.ts'

// The providers' webhooks in (docs/decisions/366-accounting-webhooks.md): signed bodies checked on the raw bytes
// (good, bad, missing signatures; malformed bodies), a payment event queuing the sweep that marks our invoice paid
// (the job queue runs here), Xero's intent-to-receive check; and every log line the server wrote during the file
// (connect, pushes, pulls, webhooks, disconnect) holds none of the tokens the fakes issued.
// The seeded invoice is $254.83 (testing/sales-seed.ts: 179.98 of beer + 60.00 of deposit + 14.85 of tax).

const VERIFIER = 'qb-verifier-token-0123456789'
const XERO_KEY = 'xero-webhook-key-abcdefghijklmnop'
const QB_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/quickbooks'
const XERO_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/xero'
const BUSINESS = {
  name: 'Hook Brewing',
  address: '1 Hook Road',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  phone: '(541) 555-0101',
  ein: '12-3456780',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const quickbooksPayment = (realmId: string) =>
  JSON.stringify({
    eventNotifications: [
      {
        realmId,
        dataChangeEvent: {
          entities: [
            { name: 'Payment', id: '777', operation: 'Create', lastUpdated: new Date().toISOString() },
          ],
        },
      },
    ],
  })
const xeroInvoiceEvent = (tenantId: string) =>
  JSON.stringify({
    events: [
      {
        resourceUrl: 'https://api.xero.com/api.xro/2.0/Invoices/0000',
        resourceId: crypto.randomUUID(),
        eventDateUtc: new Date().toISOString(),
        eventType: 'UPDATE',
        eventCategory: 'INVOICE',
        tenantId,
        tenantType: 'ORGANISATION',
      },
    ],
    firstEventSequence: 1,
    lastEventSequence: 1,
    entropy: 'QWERTYUIOPASDFGHJKLZ',
  })
const INTENT = JSON.stringify({
  events: [],
  lastEventSequence: 0,
  firstEventSequence: 0,
  entropy: 'S0m3r4Nd0mt3xt',
})

describe.each(TEST_DATABASES)('accounting webhooks on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let qb: FakeQuickBooks
  let xero: FakeXero
  let admin: string
  let manager: string
  let tenant: Tenant
  let keg: string
  const logLines: string[] = []

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
  const hook = (provider: 'quickbooks' | 'xero', body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/webhooks/${provider}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    })
  const signedQb = (body: string) =>
    hook('quickbooks', body, { 'intuit-signature': signBody(body, VERIFIER) })
  const signedXero = (body: string) => hook('xero', body, { 'x-xero-signature': signBody(body, XERO_KEY) })
  const push = (task: Omit<PushTask, 'entityId'>) =>
    t.app.jobs
      .definition<PushTask>('accounting.push')
      .run({ entityId: tenant.entityId, ...task }, { id: 't' })
  const externalOf = async (localId: string) =>
    (
      await testDb.db
        .select()
        .from(accountingLinks)
        .where(and(eq(accountingLinks.kind, 'invoice'), eq(accountingLinks.localId, localId)))
    )[0].externalId
  async function paidSoon(invoiceId: string) {
    for (let i = 0; i < 80; i++) {
      const invoice = (await call(manager, 'GET', `/api/sales/invoices/${invoiceId}`)).json<{
        data: Invoice
      }>().data
      if (invoice.status === 'paid') return invoice
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    throw new Error('the invoice was not marked paid')
  }
  async function connect(provider: 'quickbooks' | 'xero') {
    const started = await call(admin, 'POST', `/api/accounting/connect/${provider}`)
    const consent = await fetch(started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl, {
      redirect: 'manual',
    })
    const back = new URL(consent.headers.get('location')!)
    const finished = await call(admin, 'POST', '/api/accounting/callback', {
      provider,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      ...(back.searchParams.get('realmId') ? { realmId: back.searchParams.get('realmId') } : {}),
    })
    expect(finished.statusCode, finished.body).toBe(200)
  }

  beforeAll(async () => {
    qb = await startFakeQuickBooks({ redirectUri: QB_REDIRECT })
    xero = await startFakeXero({ redirectUri: XERO_REDIRECT })
    // Its own database: its job queue's workers must not take other files' jobs, nor theirs its (ADR 424).
    testDb = await createTestDb(kind, { own: true })
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'))
        done()
      },
    })
    t = await createTestApp({
      db: testDb,
      env: {
        QUICKBOOKS_CLIENT_ID: FAKE_QUICKBOOKS_CLIENT.id,
        QUICKBOOKS_CLIENT_SECRET: FAKE_QUICKBOOKS_CLIENT.secret,
        QUICKBOOKS_REDIRECT_URI: QB_REDIRECT,
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        QUICKBOOKS_WEBHOOK_VERIFIER: VERIFIER,
        XERO_CLIENT_ID: FAKE_XERO_CLIENT.id,
        XERO_CLIENT_SECRET: FAKE_XERO_CLIENT.secret,
        XERO_REDIRECT_URI: XERO_REDIRECT,
        XERO_WEBHOOK_KEY: XERO_KEY,
        ACCOUNTING_TOKEN_KEY: 'ef'.repeat(32),
        JOB_POLL_SECONDS: '0.5',
      },
      accountingApi: { quickbooks: qb.endpoints, xero: xero.endpoints },
      // Everything the server logs, down to trace.
      logger: pino({ level: 'trace' }, sink),
    })
    await t.app.jobs.start()
    admin = crypto.randomUUID()
    const onboarded = await call(
      admin,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    const entityId = onboarded.json<{ data: { entityId: string } }>().data.entityId
    manager = crypto.randomUUID()
    const [row] = await testDb.db
      .insert(users)
      .values({ idpIdentifier: manager, entityId, role: 'Manager', email: `${manager}@example.com` })
      .returning()
    tenant = { entityId, role: 'Manager', userId: row.id, sub: manager }
    ;({ keg } = await seedSellable(testDb.db, entityId))
    await connect('quickbooks')
  }, 120_000)
  afterAll(async () => {
    await t?.app.jobs.stop()
    await t?.app.close()
    await testDb?.client.close()
    await qb?.close()
    await xero?.close()
  })

  it('refuses a QuickBooks notification whose signature is missing, wrong or of another body (401)', async () => {
    const body = quickbooksPayment(FAKE_REALM)
    for (const headers of [
      {} as Record<string, string>,
      { 'intuit-signature': '' },
      { 'intuit-signature': signBody(body, 'another-verifier-token') },
      { 'intuit-signature': signBody(`${body} `, VERIFIER) },
      { 'intuit-signature': 'not base64 at all!!' },
    ]) {
      const response = await hook('quickbooks', body, headers)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({
        error: {
          code: 'UNAUTHENTICATED',
          message: 'The QuickBooks signature is missing or does not match the body.',
        },
      })
    }
  })

  it('refuses a correctly signed body that is not JSON or not a QuickBooks notification, in words (400)', async () => {
    const broken = await signedQb('{"eventNotifications": [')
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toMatchObject({ error: { message: 'The notification is not valid JSON.' } })
    const shape = await signedQb(JSON.stringify({ eventNotifications: [{ realmId: 42 }] }))
    expect(shape.statusCode).toBe(400)
    expect(shape.json<{ error: { message: string } }>().error.message).toMatch(/not one QuickBooks sends/)
    // Whatever the content type, the signature is checked on the bytes first.
    expect((await hook('quickbooks', 'hello', { 'content-type': 'text/plain' })).statusCode).toBe(401)
    const text = await hook('quickbooks', 'hello', {
      'content-type': 'text/plain',
      'intuit-signature': signBody('hello', VERIFIER),
    })
    expect(text.statusCode).toBe(400)
  })

  it('answers any signed JSON with a 200 or a 400, never a 5xx (fuzzed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 4 }), async (body) => {
        const qbAnswer = await signedQb(body)
        const xeroAnswer = await signedXero(body)
        expect([200, 400]).toContain(qbAnswer.statusCode)
        expect([200, 400]).toContain(xeroAnswer.statusCode)
        if (qbAnswer.statusCode === 400)
          expect(qbAnswer.json()).toHaveProperty('error.code', 'VALIDATION_FAILED')
      }),
      { numRuns: 25 },
    )
  })

  it('queues the pull on a QuickBooks payment: the invoice paid there is Paid here', async () => {
    const { invoiceId } = await seedInvoice(testDb.db, tenant, { packageId: keg })
    await push({ kind: 'invoice', localId: invoiceId })
    qb.pay(await externalOf(invoiceId), 254.83)
    // Another company's notification queues nothing.
    expect((await signedQb(quickbooksPayment('1234567890'))).json()).toEqual({
      data: { received: true, queued: 0 },
    })
    const answer = await signedQb(quickbooksPayment(FAKE_REALM))
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ data: { received: true, queued: 1 } })
    const invoice = await paidSoon(invoiceId)
    expect(invoice).toMatchObject({ status: 'paid', paidCents: 25_483, balanceCents: 0 })
    expect(invoice.payments).toHaveLength(1)
  }, 60_000)

  it("passes Xero's intent-to-receive check: 200 with no body when signed, 401 when not", async () => {
    const good = await signedXero(INTENT)
    expect(good.statusCode).toBe(200)
    expect(good.body).toBe('')
    for (const headers of [
      {} as Record<string, string>,
      { 'x-xero-signature': signBody(INTENT, 'wrong-key-wrong-key') },
    ]) {
      const bad = await hook('xero', INTENT, headers)
      expect(bad.statusCode).toBe(401)
      expect(bad.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
    }
    const malformed = await signedXero('{"events": "none"}')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json<{ error: { message: string } }>().error.message).toMatch(/not one Xero sends/)
  })

  it('queues the pull on a Xero invoice event: the invoice paid there is Paid here', async () => {
    expect((await call(admin, 'POST', '/api/accounting/disconnect')).statusCode).toBe(200)
    await connect('xero')
    const { invoiceId } = await seedInvoice(testDb.db, tenant, { packageId: keg })
    await push({ kind: 'invoice', localId: invoiceId })
    xero.pay(await externalOf(invoiceId), 254.83)
    const answer = await signedXero(xeroInvoiceEvent(FAKE_TENANT))
    expect(answer.statusCode).toBe(200)
    expect((await paidSoon(invoiceId)).balanceCents).toBe(0)
  }, 60_000)

  it('logged no token, through connect, pushes, pulls, webhooks and disconnect', async () => {
    expect((await call(admin, 'POST', '/api/accounting/disconnect')).statusCode).toBe(200)
    const logged = logLines.join('')
    expect(logged).toMatch(/xero webhook/)
    expect(logged).toMatch(/quickbooks webhook/)
    const issued = [...qb.tokens.issued, ...xero.tokens.issued]
    expect(issued.length).toBeGreaterThanOrEqual(4)
    for (const secret of [
      ...issued,
      VERIFIER,
      XERO_KEY,
      FAKE_QUICKBOOKS_CLIENT.secret,
      FAKE_XERO_CLIENT.secret,
    ])
      expect(logged).not.toContain(secret)
  })
})
