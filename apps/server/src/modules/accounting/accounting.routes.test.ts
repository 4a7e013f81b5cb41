import { makeEnvelope, type Invoice, type Role } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { accountingConnections, accountingLinks } from '../../db/schema/accounting.ts'
import { cellarAlerts } from '../../db/schema/cellar.ts'
import { invoiceLines, invoices } from '../../db/schema/sales.ts'
import { creditNoteLines, creditNotes } from '../../db/schema/sales-credits.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { readOutbox } from '../../testing/mail.ts'
import { seedInvoice, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import type { PushTask } from './sync.service.ts'
import {
  FAKE_QUICKBOOKS_CLIENT,
  startFakeQuickBooks,
  type FakeQuickBooks,
} from './testing/fake-quickbooks.ts'
import { FAKE_XERO_CLIENT, startFakeXero, type FakeXero } from './testing/fake-xero.ts'

// Connect, push, pull and disconnect against the local fakes of QuickBooks Online and Xero.
// The seeded invoice (testing/sales-seed.ts): 2 × $89.99 = 179.98 of beer, 2 × $30.00 = 60.00 of keg deposit,
// tax 8.25 % of 179.98 = 14.85; total 254.83. In the fake QuickBooks its lines sum 179.98 + 60.00 = 239.98, plus
// TotalTax 14.85 = 254.83 (TotalAmt); in the fake Xero the line amounts plus their tax amounts are the same 254.83.
// A credit note for 1 of its 2 kegs: 89.99 of beer, 30.00 of deposit refunded, tax 14.85 × 1 / 2 = 7.425 → 7.43
// (half up, ADR 273); total 89.99 + 30.00 + 7.43 = 127.42 (the CreditMemo's TotalAmt, the credit note's Total).

const BUSINESS = {
  name: 'Ledger Brewing',
  address: '9 Ledger Lane',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  phone: '(541) 555-0100',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const QB_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/quickbooks'
const XERO_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/xero'
type Reply = { json<T>(): T; statusCode: number; body: string }
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data

describe.each(TEST_DATABASES)('accounting on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let qb: FakeQuickBooks
  let xero: FakeXero
  let adminA: string
  let adminB: string
  let managerA: string
  let brewerA: string
  let tenantA: Tenant
  let keg: string
  const bodies: string[] = []

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
    bodies.push(response.body)
    return response
  }
  const push = (task: Omit<PushTask, 'entityId'>) =>
    t.app.jobs
      .definition<PushTask>('accounting.push')
      .run({ entityId: tenantA.entityId, ...task }, { id: 'test' })
  const sweep = () =>
    t.app.jobs
      .definition<{ entityId?: string }>('accounting.sweep')
      .run({ entityId: tenantA.entityId }, { id: 't' })
  const linkOf = async (kind: string, localId: string) =>
    (
      await testDb.db
        .select()
        .from(accountingLinks)
        .where(and(eq(accountingLinks.kind, kind), eq(accountingLinks.localId, localId)))
    )[0]

  /** A credit note for 1 of the seeded invoice's 2 kegs, as Credit Note books it (ADR 273). */
  async function seedCredit(invoiceId: string) {
    const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.id, invoiceId))
    const [line] = await testDb.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))
    const id = crypto.randomUUID()
    const sequence = Math.floor(Math.random() * 90_000) + 10_000
    await testDb.db.insert(creditNotes).values({
      id,
      entityId: tenantA.entityId,
      sequence,
      number: `CN-${sequence}`,
      invoiceId,
      customerId: invoice.customerId,
      issuedOn: '2026-11-20',
      returnedAt: new Date('2026-11-20T12:00:00Z'),
      reason: 'One keg came back unopened',
      subtotalCents: 8999,
      depositCents: 3000,
      taxCents: 743,
      totalCents: 12_742,
    })
    await testDb.db.insert(creditNoteLines).values({
      entityId: tenantA.entityId,
      creditNoteId: id,
      invoiceLineId: line.id,
      position: 0,
      quantity: 1,
      subtotalCents: 8999,
      depositCents: 3000,
      taxCents: 743,
      liquidEventIds: [],
    })
    return { id, number: `CN-${sequence}` }
  }

  /** Connect as the consent page would: start, follow the fake's redirect, hand code and state back. */
  async function connect(provider: 'quickbooks' | 'xero', sub = adminA) {
    const started = dataOf<{ authorizeUrl: string }>(
      await call(sub, 'POST', `/api/accounting/connect/${provider}`),
    )
    const consent = await fetch(started.authorizeUrl, { redirect: 'manual' })
    const back = new URL(consent.headers.get('location')!)
    return {
      state: back.searchParams.get('state')!,
      finish: (overrides: object = {}) =>
        call(sub, 'POST', '/api/accounting/callback', {
          provider,
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
          ...(back.searchParams.get('realmId') ? { realmId: back.searchParams.get('realmId') } : {}),
          ...overrides,
        }),
    }
  }

  beforeAll(async () => {
    qb = await startFakeQuickBooks({ redirectUri: QB_REDIRECT })
    xero = await startFakeXero({ redirectUri: XERO_REDIRECT })
    testDb = await createTestDb(kind)
    t = await createTestApp({
      db: testDb,
      env: {
        QUICKBOOKS_CLIENT_ID: FAKE_QUICKBOOKS_CLIENT.id,
        QUICKBOOKS_CLIENT_SECRET: FAKE_QUICKBOOKS_CLIENT.secret,
        QUICKBOOKS_REDIRECT_URI: QB_REDIRECT,
        QUICKBOOKS_ENVIRONMENT: 'sandbox',
        XERO_CLIENT_ID: FAKE_XERO_CLIENT.id,
        XERO_CLIENT_SECRET: FAKE_XERO_CLIENT.secret,
        XERO_REDIRECT_URI: XERO_REDIRECT,
        ACCOUNTING_TOKEN_KEY: 'ab'.repeat(32),
      },
      accountingApi: { quickbooks: qb.endpoints, xero: xero.endpoints },
    })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    const onboard = async (sub: string) =>
      (
        await call(
          sub,
          'POST',
          '/api/onboarding',
          makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
        )
      ).json<{ data: { entityId: string } }>().data.entityId
    const entityA = await onboard(adminA)
    await onboard(adminB)
    await testDb.db
      .update(users)
      .set({ email: 'owner@ledger.example' })
      .where(eq(users.idpIdentifier, adminA))
    const member = async (role: Role) => {
      const sub = crypto.randomUUID()
      await testDb.db
        .insert(users)
        .values({ idpIdentifier: sub, entityId: entityA, role, email: `${sub}@example.com` })
      return sub
    }
    managerA = await member('Manager')
    brewerA = await member('Brewer')
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, managerA))
    tenantA = { entityId: entityA, role: 'Manager', userId: row.id, sub: managerA }
    ;({ keg } = await seedSellable(testDb.db, entityA))
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
    await qb?.close()
    await xero?.close()
  })

  it('downloads the CSV exports without a connection (Managers and Admins; Brewers not)', async () => {
    await seedInvoice(testDb.db, tenantA, { packageId: keg })
    const csv = await call(managerA, 'GET', '/api/accounting/exports/quickbooks/invoices')
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toMatch(/^text\/csv/)
    expect(csv.body.split('\r\n')[0]).toMatch(/^InvoiceNo,Customer,InvoiceDate,DueDate/)
    expect(csv.body).toContain(',2,89.99,179.98,Y,8.25%,')
    expect((await call(brewerA, 'GET', '/api/accounting/exports/xero/customers')).statusCode).toBe(403)
    expect((await call(managerA, 'GET', '/api/accounting/exports/sage/customers')).statusCode).toBe(400)
  })

  it('refuses a forged, foreign or reused state, and the connection routes to non-Admins', async () => {
    expect((await call(managerA, 'GET', '/api/accounting')).statusCode).toBe(403)
    expect((await call(managerA, 'POST', '/api/accounting/connect/quickbooks')).statusCode).toBe(403)
    const attempt = await connect('quickbooks')
    const forged = await attempt.finish({ state: 'forged-state-value' })
    expect(forged.statusCode).toBe(400)
    expect(forged.json<{ error: { message: string } }>().error.message).toMatch(/not valid/)
    // Brewery B's Admin cannot use brewery A's state.
    const foreign = await call(adminB, 'POST', '/api/accounting/callback', {
      provider: 'quickbooks',
      code: qb.code(QB_REDIRECT),
      state: attempt.state,
      realmId: '9130350000000001',
    })
    expect(foreign.statusCode).toBe(400)
    expect(
      (await call(adminA, 'POST', '/api/accounting/callback', { provider: 'quickbooks' })).statusCode,
    ).toBe(400)
    expect(
      (
        await call(adminA, 'POST', '/api/accounting/callback', {
          provider: 'quickbooks',
          code: 'x',
          state: 'y',
          realmId: 'abc',
        })
      ).statusCode,
    ).toBe(400)
  })

  it('connects QuickBooks, suggests the mapping from the chart, and keeps the tokens sealed', async () => {
    const attempt = await connect('quickbooks')
    const connected = await attempt.finish()
    expect(connected.statusCode).toBe(200)
    const status = dataOf<{
      connection: { provider: string; companyName: string; mapping: Record<string, { name: string }> }
    }>(connected)
    expect(status.connection.provider).toBe('quickbooks')
    expect(status.connection.companyName).toBe('Sandbox Company_US_1')
    expect(status.connection.mapping.income.name).toBe('Beer Sales')
    expect(status.connection.mapping.kegDeposits.name).toBe('Keg Deposits Held')
    expect(status.connection.mapping.bank.name).toBe('Checking')
    // The same state again: used once.
    expect((await attempt.finish()).statusCode).toBe(400)
    const [row] = await testDb.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.entityId, tenantA.entityId))
    for (const issued of qb.tokens.issued) {
      expect(row.accessToken).not.toContain(issued)
      expect(row.refreshToken).not.toContain(issued)
    }
    const chart = dataOf<{ accounts: { name: string }[] }>(
      await call(adminA, 'GET', '/api/accounting/accounts'),
    )
    expect(chart.accounts.map((a) => a.name)).toContain('Taproom Sales')
    const bad = await call(adminA, 'PUT', '/api/accounting/mapping', {
      income: { id: '999', code: '', name: 'Gone' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('pushes customer and invoice once (a retry updates), through a 429 and an expired token', async () => {
    const { invoiceId } = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    await push({ kind: 'invoice', localId: invoiceId })
    const link = await linkOf('invoice', invoiceId)
    const pushed = qb.store.Invoice.get(link.externalId)!
    expect(pushed.TotalAmt).toBe(254.83)
    expect((pushed.Line as { Amount: number }[]).map((l) => l.Amount)).toEqual([179.98, 60])
    const customers = qb.store.Customer.size
    // A forced retry, after the access token expired and through a 429: the same invoice, updated.
    qb.tokens.expireAll()
    qb.rateLimit(1)
    await expect(push({ kind: 'invoice', localId: invoiceId })).rejects.toThrow(/slow down/)
    await push({ kind: 'invoice', localId: invoiceId })
    expect([...qb.store.Invoice.values()].filter((i) => i.DocNumber === pushed.DocNumber)).toHaveLength(1)
    expect(qb.store.Invoice.get(link.externalId)!.SyncToken).toBe('1')
    expect(qb.store.Customer.size).toBe(customers)
  })

  it('pulls a payment entered in QuickBooks: our invoice is Paid, once', async () => {
    const { invoiceId } = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    await push({ kind: 'invoice', localId: invoiceId })
    await sweep()
    qb.pay((await linkOf('invoice', invoiceId)).externalId, 254.83)
    await sweep()
    await sweep()
    const invoice = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
    expect(invoice).toMatchObject({ status: 'paid', paidCents: 25483, balanceCents: 0 })
    expect(invoice.payments).toHaveLength(1)
    const log = dataOf<{ direction: string; label: string; outcome: string }[]>(
      await call(adminA, 'GET', '/api/accounting/log'),
    )
    expect(
      log.some((e) => e.direction === 'pull' && e.label === `Payment of invoice ${invoice.number}`),
    ).toBe(true)
  })

  it('pushes a credit note as a QuickBooks CreditMemo once (a retry updates it)', async () => {
    const { invoiceId } = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    const credit = await seedCredit(invoiceId)
    // Pushed as its job does (the queue does not run here), then once more: a retry.
    await push({ kind: 'creditNote', localId: credit.id })
    await push({ kind: 'creditNote', localId: credit.id })
    const memos = [...qb.store.CreditMemo.values()].filter((m) => m.DocNumber === credit.number)
    expect(memos).toHaveLength(1)
    expect(memos[0]).toMatchObject({ TotalAmt: 127.42, SyncToken: '1', TxnDate: '2026-11-20' })
    expect((memos[0].Line as { Amount: number }[]).map((l) => l.Amount)).toEqual([89.99, 30])
    expect((await linkOf('creditNote', credit.id)).externalId).toBe(memos[0].Id)
    const log = dataOf<{ label: string; outcome: string }[]>(await call(adminA, 'GET', '/api/accounting/log'))
    expect(log).toContainEqual(
      expect.objectContaining({ label: `Credit note ${credit.number}`, outcome: 'ok' }),
    )
  })

  it('logs a refusal in words, offers Retry, and alerts the Admins at the second failure', async () => {
    const { invoiceId } = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    qb.deactivateAccount('1')
    await push({ kind: 'invoice', localId: invoiceId })
    await push({ kind: 'invoice', localId: invoiceId })
    const log = dataOf<
      { id: string; localId?: string; label: string; outcome: string; message: string; failures: number }[]
    >(await call(adminA, 'GET', '/api/accounting/log'))
    const entry = log.find((e) => e.outcome === 'failed')!
    expect(entry.label).toMatch(/^Invoice INV-/)
    expect(entry.message).toMatch(
      /QuickBooks refused to save invoice INV-\d+: Invalid Reference Id: The account of item/,
    )
    expect(entry.failures).toBe(2)
    const alerts = await testDb.db
      .select()
      .from(cellarAlerts)
      // This brewery's: on PostgreSQL the database is shared with the other test files (the journal's alerts).
      .where(
        and(eq(cellarAlerts.kind, 'accounting-sync-failed'), eq(cellarAlerts.entityId, tenantA.entityId)),
      )
    expect(alerts).toHaveLength(1)
    const mails = await readOutbox(t.outboxDir, 'owner@ledger.example')
    expect(mails.some((m) => m.subject.startsWith('Accounting sync failed: Invoice INV-'))).toBe(true)
    expect((await call(adminA, 'POST', `/api/accounting/log/${crypto.randomUUID()}/retry`)).statusCode).toBe(
      404,
    )
    expect((await call(managerA, 'POST', `/api/accounting/log/${entry.id}/retry`)).statusCode).toBe(403)
  })

  it('disconnects: revoked at QuickBooks, tokens forgotten, none in any answer or log message', async () => {
    const [row] = await testDb.db
      .select()
      .from(accountingConnections)
      .where(eq(accountingConnections.entityId, tenantA.entityId))
    expect(row).toBeDefined()
    const done = await call(adminA, 'POST', '/api/accounting/disconnect')
    expect(done.statusCode).toBe(200)
    expect(dataOf<{ connection: null }>(done).connection).toBeNull()
    expect(qb.tokens.revoked).toHaveLength(1)
    expect(
      await testDb.db
        .select()
        .from(accountingConnections)
        .where(eq(accountingConnections.entityId, tenantA.entityId)),
    ).toEqual([])
    const everything = bodies.join('\n')
    for (const issued of [...qb.tokens.issued, ...xero.tokens.issued])
      expect(everything).not.toContain(issued)
    expect((await call(adminA, 'POST', '/api/accounting/disconnect')).statusCode).toBe(404)
  })

  it('connects Xero, pushes an invoice once, and pulls its payment', async () => {
    const connected = await (await connect('xero')).finish()
    expect(connected.statusCode).toBe(200)
    expect(dataOf<{ connection: { companyName: string } }>(connected).connection.companyName).toBe(
      'Demo Company (US)',
    )
    const { invoiceId } = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    await push({ kind: 'invoice', localId: invoiceId })
    xero.tokens.expireAll()
    await push({ kind: 'invoice', localId: invoiceId })
    const link = await linkOf('invoice', invoiceId)
    const pushed = [...xero.store.Invoices.values()]
    expect(pushed).toHaveLength(1)
    expect(pushed[0].Total).toBe(254.83)
    expect((pushed[0].LineItems as { AccountCode: string }[]).map((l) => l.AccountCode)).toEqual([
      '200',
      '825',
    ])
    const credit = await seedCredit(invoiceId)
    await push({ kind: 'creditNote', localId: credit.id })
    await push({ kind: 'creditNote', localId: credit.id })
    const notes = [...xero.store.CreditNotes.values()]
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatchObject({ Type: 'ACCRECCREDIT', CreditNoteNumber: credit.number, Total: 127.42 })
    expect((notes[0].LineItems as { AccountCode: string }[]).map((l) => l.AccountCode)).toEqual([
      '200',
      '825',
    ])
    xero.pay(link.externalId, 254.83)
    await sweep()
    const invoice = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
    expect(invoice).toMatchObject({ status: 'paid', balanceCents: 0 })
    const bodiesText = bodies.join('\n')
    for (const issued of xero.tokens.issued) expect(bodiesText).not.toContain(issued)
  })
})
