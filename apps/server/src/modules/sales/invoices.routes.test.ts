import { makeEnvelope, type Aging, type Invoice, type Order, type Role } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { invoices as invoiceTable } from '../../db/schema/sales.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedInvoice, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import type { MailMessage } from '../../mail/mailer.ts'
import { createInvoiceService } from './invoices.service.ts'

const BUSINESS = {
  name: 'Invoice Brewing',
  address: '9 Ledger Lane',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  phone: '(541) 555-0100',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Reply = { json<T>(): T; statusCode: number; body: string }
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
const errorOf = (response: Reply) => response.json<{ error: { code: string; message: string } }>().error

// The seeded invoice (testing/sales-seed.ts): 2 × $89.99 = 17998, deposits 2 × $30.00 = 6000, tax 8.25 % of 17998
// = 1484.835 → 1485; total 25483. A part payment of $100.00 leaves 15483; 15484 is refused; 15483 pays it.
describe.each(TEST_DATABASES)('invoices and payments on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let managerA: string
  let brewerA: string
  let adminB: string
  let tenantA: Tenant
  let keg: string

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
  const write = (sub: string, url: string, data: object) =>
    call(sub, 'POST', url, makeEnvelope('sales', data))
  const pay = (invoiceId: string, amountCents: number, sub = managerA) =>
    write(sub, `/api/sales/invoices/${invoiceId}/payments`, {
      id: crypto.randomUUID(),
      method: 'check',
      amountCents,
      receivedOn: '2026-11-20',
      reference: 'Check 1042',
    })
  const invoice = () => seedInvoice(testDb.db, tenantA, { packageId: keg })

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    const entityA = (
      await call(
        adminA,
        'POST',
        '/api/onboarding',
        makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
      )
    ).json<{ data: { entityId: string } }>().data.entityId
    await call(
      adminB,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
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
  })

  it('issues an invoice with the order’s figures, numbered INV-00001 and on', async () => {
    const { invoiceId } = await invoice()
    const shown = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
    expect(shown).toMatchObject({
      status: 'open',
      paymentTerms: 'net-30',
      subtotalCents: 17998,
      depositCents: 6000,
      taxCents: 1485,
      totalCents: 25483,
      paidCents: 0,
      balanceCents: 25483,
    })
    expect(shown.number).toMatch(/^INV-\d{5}$/)
    expect((await call(brewerA, 'GET', `/api/sales/invoices/${invoiceId}`)).statusCode).toBe(403)
    expect((await call(adminB, 'GET', `/api/sales/invoices/${invoiceId}`)).statusCode).toBe(404)
  })

  it('takes a part payment, refuses an overpayment naming the balance, and is Paid with the rest', async () => {
    const { invoiceId } = await invoice()
    const part = await pay(invoiceId, 10_000)
    expect(part.statusCode, part.body).toBe(201)
    expect(dataOf<Invoice>(part)).toMatchObject({
      status: 'part-paid',
      paidCents: 10_000,
      balanceCents: 15_483,
    })
    const over = await pay(invoiceId, 15_484)
    expect(over.statusCode).toBe(409)
    expect(errorOf(over).message).toBe(
      'The payment is more than the balance due ($154.83); overpayment is not recorded.',
    )
    const rest = await pay(invoiceId, 15_483)
    expect(dataOf<Invoice>(rest)).toMatchObject({ status: 'paid', balanceCents: 0 })
    expect(dataOf<Invoice>(rest).payments.map((p) => p.amountCents)).toEqual([10_000, 15_483])
    expect((await pay(invoiceId, 1)).statusCode).toBe(409)
    expect((await pay(invoiceId, 100, brewerA)).statusCode).toBe(403)
  })

  // A deposit (ADR 422): several payments in one write, each as Record Payment would record it, one after the other.
  it('records a deposit of several payments at once, a second of an invoice seeing the first; an overpayment refuses it whole, naming the payment', async () => {
    const [first, second] = [(await invoice()).invoiceId, (await invoice()).invoiceId]
    const payment = (invoiceId: string, amountCents: number) => ({
      invoiceId,
      id: crypto.randomUUID(),
      method: 'ach',
      amountCents,
      receivedOn: '2026-11-21',
      reference: 'Deposit 7',
    })
    const deposit = (payments: object[], sub = managerA) =>
      write(sub, '/api/sales/invoices/payments', { payments })
    // 10000 then 15484 on the first: the second is over the 15483 left, so nothing is recorded.
    const over = await deposit([payment(first, 10_000), payment(second, 500), payment(first, 15_484)])
    expect(over.statusCode).toBe(409)
    const refused = over.json<{ error: { message: string; issues: { path: string }[] } }>().error
    expect(refused.message).toMatch(
      /^Invoice INV-\d{5}: The payment is more than the balance due \(\$154\.83\); overpayment is not recorded\.$/,
    )
    expect(refused.issues.map((i) => i.path)).toEqual(['data.payments.2.amountCents'])
    expect(dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${first}`)).paidCents).toBe(0)

    const paid = await deposit([payment(first, 10_000), payment(second, 500), payment(first, 15_483)])
    expect(paid.statusCode, paid.body).toBe(201)
    const answered = dataOf<Invoice[]>(paid)
    expect(answered.map((i) => [i.id, i.status, i.paidCents, i.balanceCents])).toEqual([
      [first, 'paid', 25_483, 0],
      [second, 'part-paid', 500, 24_983],
    ])
    expect(answered[1]).toEqual(dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${second}`)))
    expect(
      dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${first}`))
        .payments.map((p) => p.amountCents)
        .sort(),
    ).toEqual([10_000, 15_483])
    // Paid in full: a deposit paying it again is refused.
    expect((await deposit([payment(first, 1)])).statusCode).toBe(409)
  })

  it('refuses a deposit naming the field, an unknown invoice, a Brewer and another brewery', async () => {
    const { invoiceId } = await invoice()
    const payment = (extra: object = {}) => ({
      invoiceId,
      id: crypto.randomUUID(),
      method: 'check',
      amountCents: 100,
      receivedOn: '2026-11-21',
      ...extra,
    })
    const deposit = (payments: unknown, sub = managerA) =>
      write(sub, '/api/sales/invoices/payments', { payments })
    const issuesOf = async (payments: unknown) => {
      const response = await deposit(payments)
      expect(response.statusCode).toBe(400)
      return response.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues
    }
    expect(await issuesOf([])).toContainEqual({
      path: 'data.payments',
      message: 'Record at least one payment',
    })
    expect(await issuesOf(Array.from({ length: 101 }, () => payment()))).toContainEqual({
      path: 'data.payments',
      message: 'At most 100 payments in one deposit',
    })
    const twice = payment()
    expect(await issuesOf([twice, twice])).toContainEqual({
      path: 'data.payments.1.id',
      message: 'This payment is listed twice',
    })
    expect(await issuesOf([payment({ invoiceId: 'INV-1' })])).toContainEqual({
      path: 'data.payments.0.invoiceId',
      message: 'The invoice id must be a UUID',
    })
    expect((await issuesOf([payment(), payment({ amountCents: 0 })])).map((issue) => issue.path)).toContain(
      'data.payments.1.amountCents',
    )
    const unknown = await deposit([payment(), payment({ invoiceId: crypto.randomUUID() })])
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json<{ error: { issues: unknown[] } }>().error.issues).toEqual([
      { path: 'data.payments.1.invoiceId', message: 'Not an invoice of this brewery' },
    ])
    expect((await deposit([payment()], brewerA)).statusCode).toBe(403)
    expect((await deposit([payment()], adminB)).statusCode).toBe(404)
    expect(dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`)).paidCents).toBe(0)
  })

  it('refuses a zero or fractional payment and an unknown method with a 400 naming the field', async () => {
    const { invoiceId } = await invoice()
    for (const [field, value] of [
      ['amountCents', 0],
      ['amountCents', 10.5],
      ['method', 'bitcoin'],
    ] as const) {
      const response = await write(managerA, `/api/sales/invoices/${invoiceId}/payments`, {
        id: crypto.randomUUID(),
        method: 'check',
        amountCents: 100,
        receivedOn: '2026-11-20',
        [field]: value,
      })
      expect(response.statusCode).toBe(400)
      expect(response.body).toContain(`data.${field}`)
    }
  })

  it('voids (Admin only): the number stays, the balance is 0 and no payment is taken', async () => {
    const { invoiceId } = await invoice()
    expect(
      (await write(managerA, `/api/sales/invoices/${invoiceId}/void`, { reason: 'Twice' })).statusCode,
    ).toBe(403)
    const voided = await write(adminA, `/api/sales/invoices/${invoiceId}/void`, { reason: 'Entered twice' })
    expect(voided.statusCode, voided.body).toBe(200)
    const shown = dataOf<Invoice>(voided)
    expect(shown).toMatchObject({ status: 'void', balanceCents: 0, voidReason: 'Entered twice' })
    const [row] = await testDb.db.select().from(invoiceTable).where(eq(invoiceTable.id, invoiceId))
    expect(row.number).toBe(shown.number)
    expect(errorOf(await pay(invoiceId, 100)).message).toBe('This invoice is void; it takes no payment.')
    const list = dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices'))
    expect(list.find((i) => i.id === invoiceId)?.status).toBe('void')
  })

  it('numbers 20 invoices issued at once without a gap or a repeat', async () => {
    const before = dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices')).map(
      (i) => i.sequence,
    )
    const start = Math.max(0, ...before)
    await Promise.all(Array.from({ length: 20 }, () => invoice()))
    const after = dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices'))
      .map((i) => i.sequence)
      .sort((a, b) => a - b)
    expect(after.slice(-20)).toEqual(Array.from({ length: 20 }, (_, i) => start + 1 + i))
    expect(new Set(after).size).toBe(after.length)
    expect(after).toEqual(Array.from({ length: after.length }, (_, i) => i + 1))
  })

  it('ages the receivables and delivers the dispatched order', async () => {
    const { invoiceId, orderId } = await invoice()
    const aging = dataOf<Aging>(await call(managerA, 'GET', '/api/sales/aging'))
    const row = aging.rows.find((r) => r.totalCents === 25_483 && r.current === 25_483)
    expect(row).toBeDefined()
    expect(aging.total.totalCents).toBe(aging.rows.reduce((sum, r) => sum + r.totalCents, 0))
    const delivered = await write(brewerA, `/api/sales/orders/${orderId}/deliver`, {})
    expect(delivered.statusCode, delivered.body).toBe(200)
    expect(dataOf<Order>(delivered).status).toBe('delivered')
    expect(dataOf<Order>(delivered).invoiceId).toBe(invoiceId)
  })

  it('downloads the PDF and queues Email Invoice', async () => {
    const { invoiceId } = await invoice()
    const pdf = await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const mail = await write(managerA, `/api/sales/invoices/${invoiceId}/email`, {
      to: 'accounts@bar.example',
    })
    expect(mail.statusCode, mail.body).toBe(200)
    expect(
      (await write(managerA, `/api/sales/invoices/${invoiceId}/email`, { to: 'not an address' })).statusCode,
    ).toBe(400)
    // The job sends each requested mail once.
    const sent: MailMessage[] = []
    const service = createInvoiceService({ db: testDb.db, publicUrl: 'https://brew.example' })
    expect(await service.sendPendingMails(async (message) => void sent.push(message), tenantA.entityId)).toBe(
      1,
    )
    expect(await service.sendPendingMails(async (message) => void sent.push(message), tenantA.entityId)).toBe(
      0,
    )
    const shown = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
    expect(sent[0].to).toBe('accounts@bar.example')
    expect(sent[0].subject).toBe(`Invoice ${shown.number} from Invoice Brewing`)
    expect(sent[0].text).toContain('2 × Seed Pale Ale 1/6 BBL Keg: $179.98 + deposit $60.00 + tax $14.85')
    expect(sent[0].text).toContain('total $254.83')
    expect(sent[0].text).toContain(`https://brew.example/secure/sales/invoices/${invoiceId}`)
  })
})
