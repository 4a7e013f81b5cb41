import { makeEnvelope, type Availability, type Invoice, type Order, type Role } from '@brewcommand/domain'
import { and, eq, sql } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedInvoice, seedPackaged, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Credit Brewing',
  address: '3 Return Row',
  city: 'Eugene',
  state: 'OR',
  zip: '97401',
  phone: '(541) 555-0123',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Reply = { json<T>(): T; statusCode: number; body: string }
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
const errorOf = (response: Reply) =>
  response.json<{ error: { code: string; message: string; issues?: { path: string; message: string }[] } }>()
    .error
type Line = { ref: string; barrels: string }

// Hand-computed figures (ADR 270 for the invoice, ADR 273 for the credits). The list sells the 1/6 BBL keg at
// $89.99 with a $30.00 deposit and the 16oz can at $2.15; tax 8.25 %.
// Invoice: 3 kegs: subtotal 3 × 8999 = 26997, deposit 3 × 3000 = 9000, tax 26997 × 0.0825 = 2227.2525 → 2227;
//          24 cans: subtotal 24 × 215 = 5160, tax 5160 × 0.0825 = 425.70 → 426.
//          total 26997 + 5160 + 9000 + 2227 + 426 = 43810.
// Credit note 1 (1 keg, 12 cans): keg 8999 + deposit 3000 + tax 2227 × 1/3 = 742.33 → 742;
//          cans 12 × 215 = 2580 + tax 426 × 12/24 = 213. Total 8999 + 2580 + 3000 + 742 + 213 = 15534.
//          Balance 43810 − 15534 = 28276; paid in full with 28276.
// Credit note 2 (the last 2 kegs): 17998 + deposit 6000 + tax what is left of the line's, 2227 − 742 = 1485;
//          total 25483, all of it beyond the balance (0): refund 25483.
// Barrels: the keg lot is 40 kegs in 6.6668 bbl (0.16667 a keg); the can lot 240 cans in 0.96774 bbl. Dispatch
// removes 3 kegs = 0.50001 and 24 cans = 0.09677; a return of 1 keg is 0.50001 × 1/3 = 0.16667 and of 12 cans
// 0.09677 × 12/24 = 0.048385 → 0.04838 or 0.04839 (the ledger's rounding); 5130.26 line 4 shows their sum.
describe.each(TEST_DATABASES)('credit notes on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let managerA: string
  let brewerA: string
  let adminB: string
  let tenantA: Tenant
  let keg: string
  let can: string
  let customerId: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, ...extra },
    })
  const write = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('sales', data))
  const credit = (invoiceId: string, lines: { invoiceLineId: string; quantity: number }[], sub = managerA) =>
    write(sub, 'POST', `/api/sales/invoices/${invoiceId}/credit-notes`, {
      id: crypto.randomUUID(),
      reason: 'Returned by the bar',
      lines,
    })
  const availabilityOf = async (packageId: string) =>
    dataOf<Availability[]>(await call(managerA, 'GET', '/api/sales/availability')).find(
      (a) => a.packageId === packageId,
    )!
  const returnedLine = async () =>
    dataOf<{ lines: Line[] }>(
      await call(adminA, 'GET', '/api/reports/ttb/5130-26?quarter=2026-Q4'),
    ).lines.find((line) => line.ref === '4')!.barrels
  const returnsBbl = async () => {
    const [row] = await testDb.db
      .select({ total: sql<string>`coalesce(sum(${liquidEvents.volumeBbl}), 0)` })
      .from(liquidEvents)
      .where(and(eq(liquidEvents.entityId, tenantA.entityId), eq(liquidEvents.kind, 'returned')))
    return Number(row.total)
  }

  /** A dispatched order of 3 kegs and 24 cans, and its invoice. */
  async function dispatchedInvoice() {
    const id = crypto.randomUUID()
    const created = await write(managerA, 'POST', '/api/sales/orders', {
      id,
      customerId,
      lines: [
        { id: crypto.randomUUID(), packageId: keg, quantity: 3 },
        { id: crypto.randomUUID(), packageId: can, quantity: 24 },
      ],
    })
    expect(created.statusCode, created.body).toBe(201)
    for (const step of ['confirm', 'pick'])
      expect((await write(managerA, 'POST', `/api/sales/orders/${id}/${step}`, {})).statusCode).toBe(200)
    const dispatched = await write(brewerA, 'POST', `/api/sales/orders/${id}/dispatch`, {
      dispatchedAt: new Date(Date.now() - 120_000).toISOString(),
    })
    expect(dispatched.statusCode, dispatched.body).toBe(200)
    const invoiceId = dataOf<Order>(dispatched).invoiceId!
    return dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
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
    ;({ keg, can } = await seedSellable(testDb.db, entityA))
    await seedPackaged(testDb.db, tenantA, {
      packageId: keg,
      units: 40,
      volumeBbl: 6.6668,
      occurredAt: new Date('2026-10-10T12:00:00Z'),
    })
    await seedPackaged(testDb.db, tenantA, {
      packageId: can,
      units: 240,
      volumeBbl: 0.96774,
      occurredAt: new Date('2026-10-11T12:00:00Z'),
    })
    const priceListId = crypto.randomUUID()
    expect(
      (
        await write(managerA, 'POST', '/api/sales/price-lists', {
          id: priceListId,
          name: 'Wholesale',
          isDefault: true,
          prices: [
            { packageId: keg, minQuantity: 1, unitPriceCents: 8999 },
            { packageId: can, minQuantity: 1, unitPriceCents: 215 },
          ],
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await write(managerA, 'PUT', '/api/sales/settings', {
          taxRateBasisPoints: 825,
          invoicePrefix: 'INV-',
          deposits: [{ packageTypeId: 'keg-sixth', depositCents: 3000 }],
        })
      ).statusCode,
    ).toBe(200)
    customerId = crypto.randomUUID()
    expect(
      (
        await write(managerA, 'POST', '/api/sales/customers', {
          id: customerId,
          name: 'Return Tap',
          kind: 'bar',
          priceListId,
          paymentTerms: 'net-30',
        })
      ).statusCode,
    ).toBe(201)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('brings goods back on the ledger, credits their share of the invoice, and is numbered CN-00001, CN-00002', async () => {
    const invoice = await dispatchedInvoice()
    expect(invoice).toMatchObject({
      subtotalCents: 32157,
      depositCents: 9000,
      taxCents: 2653,
      totalCents: 43810,
    })
    const [kegLine, canLine] = invoice.lines
    const kegsBefore = (await availabilityOf(keg)).onHand
    const cansBefore = (await availabilityOf(can)).onHand
    const lineBefore = await returnedLine()
    const bblBefore = await returnsBbl()

    const first = await credit(invoice.id, [
      { invoiceLineId: kegLine.id, quantity: 1 },
      { invoiceLineId: canLine.id, quantity: 12 },
    ])
    expect(first.statusCode, first.body).toBe(201)
    const credited = dataOf<Invoice>(first)
    expect(credited).toMatchObject({ creditedCents: 15534, balanceCents: 28276, status: 'open' })
    expect(credited.creditNotes).toHaveLength(1)
    expect(credited.creditNotes[0]).toMatchObject({
      number: 'CN-00001',
      invoiceNumber: invoice.number,
      subtotalCents: 11579,
      depositCents: 3000,
      taxCents: 955,
      totalCents: 15534,
      refundCents: 0,
    })
    expect(
      credited.creditNotes[0].lines.map((l) => [l.quantity, l.subtotalCents, l.depositCents, l.taxCents]),
    ).toEqual([
      [1, 8999, 3000, 742],
      [12, 2580, 0, 213],
    ])
    // The goods are back in finished goods, and 5130.26 line 4 grows by exactly the returned barrels.
    expect((await availabilityOf(keg)).onHand).toBe(kegsBefore + 1)
    expect((await availabilityOf(can)).onHand).toBe(cansBefore + 12)
    const returned = (await returnsBbl()) - bblBefore
    expect(returned).toBeGreaterThanOrEqual(0.21505)
    expect(returned).toBeLessThanOrEqual(0.21506)
    expect(Number(await returnedLine())).toBeCloseTo(Number(lineBefore) + returned, 2)
    expect(await returnedLine()).toBe((Number(lineBefore) + 0.22).toFixed(2))

    // Paid in full, then the rest of the kegs come back: the whole line's tax, all of it owed back.
    const paid = await write(managerA, 'POST', `/api/sales/invoices/${invoice.id}/payments`, {
      id: crypto.randomUUID(),
      method: 'check',
      amountCents: 28276,
      receivedOn: '2026-11-20',
    })
    expect(dataOf<Invoice>(paid)).toMatchObject({ status: 'paid', balanceCents: 0 })
    const second = await credit(invoice.id, [{ invoiceLineId: kegLine.id, quantity: 2 }])
    expect(second.statusCode, second.body).toBe(201)
    const after = dataOf<Invoice>(second)
    expect(after.creditNotes[1]).toMatchObject({
      number: 'CN-00002',
      subtotalCents: 17998,
      depositCents: 6000,
      taxCents: 1485,
      totalCents: 25483,
      refundCents: 25483,
    })
    expect(after).toMatchObject({ status: 'paid', balanceCents: 0, creditedCents: 41017 })
    expect((await availabilityOf(keg)).onHand).toBe(kegsBefore + 3)

    // Nothing more than the invoice sent out comes back.
    const third = await credit(invoice.id, [{ invoiceLineId: kegLine.id, quantity: 1 }])
    expect(third.statusCode).toBe(409)
    expect(errorOf(third).message).toBe(
      'Hazy IPA 1/6 BBL Keg: 3 invoiced and 3 credited already; at most 0 can come back.',
    )
    expect(errorOf(third).issues?.[0].path).toBe('data.lines.0.quantity')

    const pdf = await call(managerA, 'GET', `/api/sales/credit-notes/${after.creditNotes[0].id}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe('Credit note CN-00001')
    expect(
      (await call(brewerA, 'GET', `/api/sales/credit-notes/${after.creditNotes[0].id}/pdf`)).statusCode,
    ).toBe(403)
    expect(
      (await call(adminB, 'GET', `/api/sales/credit-notes/${after.creditNotes[0].id}/pdf`)).statusCode,
    ).toBe(404)

    // The customer's page shows the invoice with its credits, and the balance owed.
    const page = dataOf<{ customer: { balanceCents: number }; invoices: Invoice[] }>(
      await call(managerA, 'GET', `/api/sales/customers/${customerId}`),
    )
    expect(page.invoices.find((i) => i.id === invoice.id)?.creditNotes).toHaveLength(2)

    // The customer's statement: open invoices, credits, payments, aging and the balance, as a PDF.
    const statement = await call(managerA, 'GET', `/api/sales/customers/${customerId}/statement`)
    expect(statement.statusCode, statement.body).toBe(200)
    expect(statement.headers['content-type']).toBe('application/pdf')
    expect((await PDFDocument.load(statement.rawPayload)).getTitle()).toMatch(
      /^Statement Return Tap \d{4}-\d{2}-\d{2}$/,
    )
    expect((await call(brewerA, 'GET', `/api/sales/customers/${customerId}/statement`)).statusCode).toBe(403)
    expect((await call(adminB, 'GET', `/api/sales/customers/${customerId}/statement`)).statusCode).toBe(404)

    // Reporting's Sales: the goods invoiced less the goods credited (deposits and tax are not revenue):
    // 32157 − 11579 − 17998 = 2580 (the 12 cans kept); units 27 − 13 − 2 = 12.
    const month = new Date().toISOString().slice(0, 7)
    const report = dataOf<{ totals: { units: number; revenueCents: number }; customers: { key: string }[] }>(
      await call(managerA, 'GET', `/api/sales/report?from=${month}&to=${month}`),
    )
    expect(report.customers[0].key).toBe('Return Tap')
    expect(report.totals).toMatchObject({ units: 12, revenueCents: 2580 })
    expect((await call(brewerA, 'GET', `/api/sales/report?from=${month}&to=${month}`)).statusCode).toBe(403)
    expect((await call(managerA, 'GET', '/api/sales/report?from=2026-13&to=2026-12')).statusCode).toBe(400)
  })

  it('credits a line returned in one go exactly its tax, and lowers the aging', async () => {
    const invoice = await dispatchedInvoice()
    const response = await credit(invoice.id, [{ invoiceLineId: invoice.lines[1].id, quantity: 24 }])
    expect(response.statusCode, response.body).toBe(201)
    // 24 cans: 5160 + tax 426 (the whole line's) = 5586; balance 43810 − 5586 = 38224.
    expect(dataOf<Invoice>(response)).toMatchObject({ creditedCents: 5586, balanceCents: 38224 })
  })

  it('refuses a Brewer, another brewery, a void invoice, a line of another invoice and bad input', async () => {
    const invoice = await dispatchedInvoice()
    const line = { invoiceLineId: invoice.lines[0].id, quantity: 1 }
    expect((await credit(invoice.id, [line], brewerA)).statusCode).toBe(403)
    expect((await credit(invoice.id, [line], adminB)).statusCode).toBe(404)
    const other = await dispatchedInvoice()
    const foreign = await credit(invoice.id, [{ invoiceLineId: other.lines[0].id, quantity: 1 }])
    expect(foreign.statusCode).toBe(400)
    expect(errorOf(foreign).issues?.[0].path).toBe('data.lines.0.invoiceLineId')
    for (const [data, field] of [
      [{ lines: [{ ...line, quantity: 0 }] }, 'data.lines.0.quantity'],
      [{ lines: [{ ...line, quantity: 1.5 }] }, 'data.lines.0.quantity'],
      [{ lines: [] }, 'data.lines'],
      [{ lines: [line, line] }, 'data.lines'],
      [{ reason: '' }, 'data.reason'],
      [{ returnedAt: 'yesterday' }, 'data.returnedAt'],
    ] as const) {
      const response = await write(managerA, 'POST', `/api/sales/invoices/${invoice.id}/credit-notes`, {
        id: crypto.randomUUID(),
        reason: 'Returned',
        lines: [line],
        ...data,
      })
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
      expect(response.body).toContain(field)
    }
    const future = await write(managerA, 'POST', `/api/sales/invoices/${invoice.id}/credit-notes`, {
      id: crypto.randomUUID(),
      reason: 'Returned',
      returnedAt: new Date(Date.now() + 3_600_000).toISOString(),
      lines: [line],
    })
    expect(future.statusCode).toBe(400)
    const seeded = await seedInvoice(testDb.db, tenantA, { packageId: keg })
    await write(adminA, 'POST', `/api/sales/invoices/${seeded.invoiceId}/void`, { reason: 'Twice' })
    const seededInvoice = dataOf<Invoice>(
      await call(managerA, 'GET', `/api/sales/invoices/${seeded.invoiceId}`),
    )
    const voided = await credit(seeded.invoiceId, [{ invoiceLineId: seededInvoice.lines[0].id, quantity: 1 }])
    expect(voided.statusCode).toBe(409)
    expect(errorOf(voided).message).toBe(
      `Invoice ${seededInvoice.number} is void; a void invoice takes no credit note.`,
    )
    // A credit note blocks Void: the goods came back on the ledger.
    expect((await credit(invoice.id, [line])).statusCode).toBe(201)
    expect(
      (await write(adminA, 'POST', `/api/sales/invoices/${invoice.id}/void`, { reason: 'x' })).statusCode,
    ).toBe(409)
  })

  it('credits exactly once under a retried request', async () => {
    const invoice = await dispatchedInvoice()
    const before = await returnsBbl()
    const envelope = makeEnvelope('sales', {
      id: crypto.randomUUID(),
      reason: 'Returned',
      lines: [{ invoiceLineId: invoice.lines[0].id, quantity: 1 }],
    })
    const key = { 'idempotency-key': crypto.randomUUID() }
    const url = `/api/sales/invoices/${invoice.id}/credit-notes`
    const first = await call(managerA, 'POST', url, envelope, key)
    const again = await call(managerA, 'POST', url, envelope, key)
    expect([first.statusCode, again.statusCode]).toEqual([201, 201])
    expect(dataOf<Invoice>(again).creditNotes).toHaveLength(1)
    expect((await returnsBbl()) - before).toBeCloseTo(0.16667, 5)
  })
})
