import {
  makeEnvelope,
  todayIn,
  type Customer,
  type Invoice,
  type Order,
  type Role,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedPackaged, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Invoicing Brewing',
  address: '9 Ledger Lane',
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

// Hand-computed figures (ADR 270; ADR 345 adds the lines of several orders, never rounding again). The list sells
// the 1/6 BBL keg at $89.99 with a $30.00 deposit and the 16oz can at $2.15 (no deposit); tax 8.25 %.
// Order 1, 2 kegs:  subtotal 2 × 8999 = 17998, deposit 2 × 3000 = 6000, tax 17998 × 0.0825 = 1484.835 → 1485.
// Order 2, 24 cans: subtotal 24 × 215 = 5160, deposit 0, tax 5160 × 0.0825 = 425.70 → 426.
// Order 3, 1 keg:   subtotal 8999, deposit 3000, tax 8999 × 0.0825 = 742.4175 → 742.
// One invoice:      subtotal 17998 + 5160 + 8999 = 32157; deposits 6000 + 3000 = 9000;
//                   tax 1485 + 426 + 742 = 2653; total 32157 + 9000 + 2653 = 43810.
describe.each(TEST_DATABASES)('Create Invoice on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let managerA: string
  let brewerA: string
  let adminB: string
  let tenantA: Tenant
  let keg: string
  let can: string

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
  const createInvoice = (orderIds: string[], sub = managerA, id: string = crypto.randomUUID()) =>
    write(sub, 'POST', '/api/sales/invoices', { id, orderIds })

  async function newCustomer(name: string, invoiceAtDispatch: boolean) {
    const id = crypto.randomUUID()
    const response = await write(managerA, 'POST', '/api/sales/customers', {
      id,
      name: `${name} ${id.slice(0, 6)}`,
      kind: 'bar',
      invoiceAtDispatch,
    })
    expect(response.statusCode, response.body).toBe(201)
    return { id, name: `${name} ${id.slice(0, 6)}` }
  }
  /** An order of the customer taken through confirm, pick and dispatch (unless told to stop at picked). */
  async function dispatched(
    customerId: string,
    lines: { packageId: string; quantity: number }[],
    stop = false,
  ) {
    const id = crypto.randomUUID()
    const created = await write(managerA, 'POST', '/api/sales/orders', {
      id,
      customerId,
      lines: lines.map((line) => ({ id: crypto.randomUUID(), ...line })),
    })
    expect(created.statusCode, created.body).toBe(201)
    for (const step of ['confirm', 'pick'])
      expect((await write(managerA, 'POST', `/api/sales/orders/${id}/${step}`, {})).statusCode).toBe(200)
    if (stop) return dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${id}`))
    const response = await write(brewerA, 'POST', `/api/sales/orders/${id}/dispatch`, {
      dispatchedAt: new Date(Date.now() - 120_000).toISOString(),
    })
    expect(response.statusCode, response.body).toBe(200)
    return dataOf<Order>(response)
  }
  const invoices = async () => dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices'))

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
    const list = await write(managerA, 'POST', '/api/sales/price-lists', {
      id: crypto.randomUUID(),
      name: 'Wholesale',
      isDefault: true,
      prices: [
        { packageId: keg, minQuantity: 1, unitPriceCents: 8999 },
        { packageId: can, minQuantity: 1, unitPriceCents: 215 },
      ],
    })
    expect(list.statusCode, list.body).toBe(201)
    const settings = await write(managerA, 'PUT', '/api/sales/settings', {
      taxRateBasisPoints: 825,
      invoicePrefix: 'INV-',
      deposits: [{ packageTypeId: 'keg-sixth', depositCents: 3000 }],
    })
    expect(settings.statusCode, settings.body).toBe(200)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('keeps the setting on a customer, on by default, and changes it with Edit Customer', async () => {
    const id = crypto.randomUUID()
    const created = await write(managerA, 'POST', '/api/sales/customers', {
      id,
      name: `Default ${id}`,
      kind: 'bar',
    })
    expect(dataOf<Customer>(created).invoiceAtDispatch).toBe(true)
    const changed = await write(managerA, 'PUT', `/api/sales/customers/${id}`, {
      name: `Default ${id}`,
      kind: 'bar',
      invoiceAtDispatch: false,
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(dataOf<Customer>(changed).invoiceAtDispatch).toBe(false)
    const refused = await write(managerA, 'PUT', `/api/sales/customers/${id}`, {
      name: `Default ${id}`,
      kind: 'bar',
      invoiceAtDispatch: 'sometimes',
    })
    expect(refused.statusCode).toBe(400)
    expect(errorOf(refused).issues).toContainEqual({
      path: 'data.invoiceAtDispatch',
      message: 'Say whether each order is invoiced at dispatch',
    })
  })

  it('dispatches without an invoice, then invoices three orders on one invoice with all their lines and the totals worked by hand', async () => {
    const bar = await newCustomer('Monthly Bar', false)
    const first = await dispatched(bar.id, [{ packageId: keg, quantity: 2 }])
    const second = await dispatched(bar.id, [{ packageId: can, quantity: 24 }])
    const third = await dispatched(bar.id, [{ packageId: keg, quantity: 1 }])
    expect([first.invoiceId, second.invoiceId, third.invoiceId]).toEqual([null, null, null])
    const before = (await invoices()).map((i) => i.sequence)
    const response = await createInvoice([third.id, first.id, second.id])
    expect(response.statusCode, response.body).toBe(201)
    const invoice = dataOf<Invoice>(response)
    expect(invoice).toMatchObject({
      customerId: bar.id,
      customerName: bar.name,
      orderId: null,
      status: 'open',
      subtotalCents: 32157,
      depositCents: 9000,
      taxCents: 2653,
      totalCents: 43810,
      balanceCents: 43810,
    })
    // Gapless: the next number after every invoice before it.
    expect(invoice.sequence).toBe(Math.max(0, ...before) + 1)
    expect(invoice.number).toBe(`INV-${String(invoice.sequence).padStart(5, '0')}`)
    // The lines in the orders' order, each with its order line's figures and its batch number.
    expect(
      invoice.lines.map((l) => [l.packageType, l.quantity, l.subtotalCents, l.depositCents, l.taxCents]),
    ).toEqual([
      [first.lines[0].packageType, 2, 17998, 6000, 1485],
      [second.lines[0].packageType, 24, 5160, 0, 426],
      [third.lines[0].packageType, 1, 8999, 3000, 742],
    ])
    expect(invoice.lines.map((l) => l.batchNumber)).toEqual([
      first.lines[0].lots[0].batchNumber,
      second.lines[0].lots[0].batchNumber,
      third.lines[0].lots[0].batchNumber,
    ])
    for (const order of [first, second, third])
      expect(dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${order.id}`)).invoiceId).toBe(
        invoice.id,
      )
    const pdf = await call(managerA, 'GET', `/api/sales/invoices/${invoice.id}/pdf`)
    expect(pdf.statusCode).toBe(200)
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Invoice ${invoice.number}`)
    // The lines name the removals they sent out: a credit note returns a keg against the invoice.
    const credited = await write(managerA, 'POST', `/api/sales/invoices/${invoice.id}/credit-notes`, {
      id: crypto.randomUUID(),
      reason: 'One keg came back',
      lines: [{ invoiceLineId: invoice.lines[0].id, quantity: 1 }],
    })
    expect(credited.statusCode, credited.body).toBe(201)
  })

  it('refuses an order already invoiced, at dispatch or by Create Invoice, naming the invoice', async () => {
    const bar = await newCustomer('Twice Bar', false)
    const order = await dispatched(bar.id, [{ packageId: can, quantity: 6 }])
    const invoice = dataOf<Invoice>(await createInvoice([order.id]))
    const again = await createInvoice([order.id])
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).message).toBe(`Order ${order.number} is already on invoice ${invoice.number}.`)
    const tap = await newCustomer('At Dispatch Tap', true)
    const invoicedAtDispatch = await dispatched(tap.id, [{ packageId: can, quantity: 6 }])
    expect(invoicedAtDispatch.invoiceId).not.toBeNull()
    const refused = await createInvoice([invoicedAtDispatch.id])
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toMatch(
      new RegExp(`^Order ${invoicedAtDispatch.number} is already on invoice INV-`),
    )
  })

  it('refuses orders of another customer in words, and an order not dispatched', async () => {
    const bar = await newCustomer('First Bar', false)
    const other = await newCustomer('Other Bar', false)
    const ours = await dispatched(bar.id, [{ packageId: can, quantity: 2 }])
    const theirs = await dispatched(other.id, [{ packageId: can, quantity: 2 }])
    const before = (await invoices()).length
    const mixed = await createInvoice([ours.id, theirs.id])
    expect(mixed.statusCode).toBe(400)
    expect(errorOf(mixed).message).toBe(
      `Order ${theirs.number} is ${other.name}'s, not ${bar.name}'s; one invoice is for one customer's orders.`,
    )
    const picked = await dispatched(bar.id, [{ packageId: can, quantity: 2 }], true)
    const notOut = await createInvoice([ours.id, picked.id])
    expect(notOut.statusCode).toBe(409)
    expect(errorOf(notOut).message).toBe(
      `Order ${picked.number} is picked; only dispatched orders are invoiced.`,
    )
    expect(await invoices()).toHaveLength(before)
  })

  it('invoices a voided invoice’s order again with the next number', async () => {
    const bar = await newCustomer('Void Bar', false)
    const order = await dispatched(bar.id, [{ packageId: can, quantity: 3 }])
    const first = dataOf<Invoice>(await createInvoice([order.id]))
    const voided = await write(adminA, 'POST', `/api/sales/invoices/${first.id}/void`, {
      reason: 'Wrong terms',
    })
    expect(voided.statusCode, voided.body).toBe(200)
    const second = await createInvoice([order.id])
    expect(second.statusCode, second.body).toBe(201)
    expect(dataOf<Invoice>(second).sequence).toBe(first.sequence + 1)
  })

  it('creates exactly once under a retried request', async () => {
    const bar = await newCustomer('Retry Bar', false)
    const order = await dispatched(bar.id, [{ packageId: can, quantity: 4 }])
    const envelope = makeEnvelope('sales', { id: crypto.randomUUID(), orderIds: [order.id] })
    const key = { 'idempotency-key': crypto.randomUUID() }
    const first = await call(managerA, 'POST', '/api/sales/invoices', envelope, key)
    const again = await call(managerA, 'POST', '/api/sales/invoices', envelope, key)
    expect([first.statusCode, again.statusCode]).toEqual([201, 201])
    expect(dataOf<Invoice>(again).id).toBe(dataOf<Invoice>(first).id)
    expect((await invoices()).filter((i) => i.customerId === bar.id)).toHaveLength(1)
  })

  it('is a Manager’s: a Brewer is refused, another brewery’s order is not found, a bad body names the problem', async () => {
    const bar = await newCustomer('Guarded Bar', false)
    const order = await dispatched(bar.id, [{ packageId: can, quantity: 1 }])
    expect((await createInvoice([order.id], brewerA)).statusCode).toBe(403)
    const foreign = await createInvoice([order.id], adminB)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).message).toBe('Order not found.')
    const empty = await createInvoice([])
    expect(empty.statusCode).toBe(400)
    expect(errorOf(empty).issues).toContainEqual({
      path: 'data.orderIds',
      message: 'Choose at least one dispatched order',
    })
    const twice = await createInvoice([order.id, order.id])
    expect(twice.statusCode).toBe(400)
    expect(errorOf(twice).issues?.[0].message).toBe('Each order once')
  })

  it('answers every member the brewery’s day in its own time zone (GET /api/sales/today)', async () => {
    const saved = await call(
      adminA,
      'PUT',
      '/api/reports/tax-settings',
      makeEnvelope('tax-settings', {
        reducedRateEligible: true,
        controlledGroupShareBasisPoints: 10_000,
        exciseFilingFrequency: 'quarterly',
        operationsReportFrequency: 'quarterly',
        brewersNoticeNumber: '',
        timeZone: 'pacific/kiritimati',
      }),
    )
    expect(saved.statusCode, saved.body).toBe(200)
    const day = dataOf<{ timeZone: string; today: string }>(await call(brewerA, 'GET', '/api/sales/today'))
    expect(day).toEqual({ timeZone: 'Pacific/Kiritimati', today: todayIn('Pacific/Kiritimati') })
    // Brewery B keeps its own zone (onboarding set it from its Oregon address).
    expect((await call(adminB, 'GET', '/api/sales/today')).json()).toEqual({
      data: { timeZone: 'America/Los_Angeles', today: todayIn('America/Los_Angeles') },
    })
  })
})
