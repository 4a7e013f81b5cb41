import {
  makeEnvelope,
  type Availability,
  type Customer,
  type CustomerDetail,
  type CustomerImportPreview,
  type Invoice,
  type Order,
  type PriceList,
  type Role,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedPackaged, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Sales Co',
  address: '1 Dock Road',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Json = Record<string, unknown>
type Reply = { json<T>(): T; statusCode: number; body: string }
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
const errorOf = (response: Reply) =>
  response.json<{ error: { code: string; message: string; issues?: { path: string; message: string }[] } }>()
    .error

// Hand-computed figures (ADR 270): the Tap House's list sells the 1/6 BBL keg at $89.99 (from 10: $85.00) and the
// 16oz can at $2.15; the keg's deposit is $30.00; tax 8.25 %.
// 2 kegs: subtotal 2 × 8999 = 17998, deposit 6000, tax 17998 × 0.0825 = 1484.835 → 1485.
// 24 cans: subtotal 24 × 215 = 5160, tax 425.70 → 426. Order: 23158 + 6000 + 1911 = 31069.
describe.each(TEST_DATABASES)('sales API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let managerA: string
  let brewerA: string
  let adminB: string
  let entityA: string
  let tenantA: Tenant
  let keg: string
  let can: string
  let priceListId: string

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

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  async function member(entityId: string, role: Role) {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  async function newCustomer(data: Json = {}) {
    const id = crypto.randomUUID()
    const response = await write(managerA, 'POST', '/api/sales/customers', {
      id,
      name: `Tap House ${id.slice(0, 6)}`,
      kind: 'bar',
      priceListId,
      ...data,
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }
  async function newOrder(customerId: string, lines: Json[], sub = managerA) {
    const id = crypto.randomUUID()
    const response = await write(sub, 'POST', '/api/sales/orders', {
      id,
      customerId,
      lines: lines.map((line) => ({ id: crypto.randomUUID(), ...line })),
    })
    expect(response.statusCode, response.body).toBe(201)
    return dataOf<Order>(response)
  }
  const step = (orderId: string, name: string, sub = managerA) =>
    write(sub, 'POST', `/api/sales/orders/${orderId}/${name}`, {})
  const availabilityOf = async (packageId: string) =>
    dataOf<Availability[]>(await call(brewerA, 'GET', '/api/sales/availability')).find(
      (a) => a.packageId === packageId,
    )!

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    managerA = await member(entityA, 'Manager')
    brewerA = await member(entityA, 'Brewer')
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, managerA))
    tenantA = { entityId: entityA, role: 'Manager', userId: row.id, sub: managerA }
    ;({ keg, can } = await seedSellable(testDb.db, entityA))
    await seedPackaged(testDb.db, tenantA, {
      packageId: keg,
      units: 4,
      volumeBbl: 0.66668,
      occurredAt: new Date('2026-01-10T12:00:00Z'),
    })
    await seedPackaged(testDb.db, tenantA, {
      packageId: keg,
      units: 6,
      volumeBbl: 1,
      occurredAt: new Date('2026-02-10T12:00:00Z'),
    })
    await seedPackaged(testDb.db, tenantA, {
      packageId: can,
      units: 240,
      volumeBbl: 0.96774,
      occurredAt: new Date('2026-02-11T12:00:00Z'),
    })
    priceListId = crypto.randomUUID()
    const list = await write(managerA, 'POST', '/api/sales/price-lists', {
      id: priceListId,
      name: 'Wholesale',
      isDefault: true,
      prices: [
        { packageId: keg, minQuantity: 1, unitPriceCents: 8999 },
        { packageId: keg, minQuantity: 10, unitPriceCents: 8500 },
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

  describe('customers', () => {
    it('creates a customer and lists it with a zero balance; a Brewer may not read customers', async () => {
      const id = await newCustomer({
        name: 'The Tap House',
        contacts: [{ name: 'Sam', email: 'sam@tap.example', phone: '' }],
      })
      const list = dataOf<Customer[]>(await call(managerA, 'GET', '/api/sales/customers'))
      expect(list.find((c) => c.id === id)).toMatchObject({
        name: 'The Tap House',
        balanceCents: 0,
        paymentTerms: 'net-30',
      })
      expect((await call(brewerA, 'GET', '/api/sales/customers')).statusCode).toBe(403)
      expect((await call(adminB, 'GET', `/api/sales/customers/${id}`)).statusCode).toBe(404)
    })
    it('refuses a bad email, an exemption without reason, a second customer of the same name and a foreign price list', async () => {
      const base = { id: crypto.randomUUID(), name: 'Refused Bar', kind: 'bar' }
      const badEmail = await write(managerA, 'POST', '/api/sales/customers', {
        ...base,
        contacts: [{ email: 'nope' }],
      })
      expect(badEmail.statusCode).toBe(400)
      expect(JSON.stringify(errorOf(badEmail).issues)).toContain('data.contacts.0.email')
      const noReason = await write(managerA, 'POST', '/api/sales/customers', { ...base, taxExempt: true })
      expect(JSON.stringify(errorOf(noReason).issues)).toContain('data.taxExemptReason')
      await newCustomer({ name: 'Only Once' })
      const twice = await write(managerA, 'POST', '/api/sales/customers', { ...base, name: 'only once' })
      expect(twice.statusCode).toBe(400)
      expect(errorOf(twice).message).toBe('There is already a customer named “only once”.')
      const foreign = await write(managerA, 'POST', '/api/sales/customers', {
        ...base,
        priceListId: crypto.randomUUID(),
      })
      expect(errorOf(foreign).issues?.[0].path).toBe('data.priceListId')
      const list = dataOf<Customer[]>(await call(managerA, 'GET', '/api/sales/customers'))
      expect(list.some((c) => c.name === 'Refused Bar')).toBe(false)
    })
    it('previews an import naming each bad line, refuses the file whole, then imports a good one', async () => {
      await newCustomer({ name: 'Existing Pub' })
      const csv = [
        'name,email,city,kind',
        'New Shop,shop@new.example,Salem,bottle-shop',
        'Existing Pub,,,',
        ',x@y.z,,',
        'Bad Mail,nope,,',
      ].join('\n')
      const preview = dataOf<CustomerImportPreview>(
        await call(managerA, 'POST', '/api/sales/customers/import/preview', { csv }),
      )
      expect(preview.rows.map((r) => r.name)).toEqual(['New Shop'])
      expect(preview.errors).toEqual([
        { line: 3, field: 'name', message: '“Existing Pub” is already a customer' },
        { line: 4, field: 'name', message: 'The name is required' },
        { line: 5, field: 'email', message: '"nope" is not an email address' },
      ])
      const refused = await write(managerA, 'POST', '/api/sales/customers/import', { csv })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).message).toBe('The file has 3 bad lines; nothing was imported.')
      const good = await write(managerA, 'POST', '/api/sales/customers/import', {
        csv: 'name,email,city\nNew Shop,shop@new.example,Salem',
      })
      expect(good.statusCode, good.body).toBe(201)
      expect(dataOf(good)).toEqual({ customers: 1 })
      const list = dataOf<Customer[]>(await call(managerA, 'GET', '/api/sales/customers'))
      expect(list.find((c) => c.name === 'New Shop')).toMatchObject({
        billingAddress: { city: 'Salem' },
        contacts: [{ email: 'shop@new.example' }],
      })
    })
  })

  describe('price lists', () => {
    it('lists prices and refuses a packaging option of another brewery', async () => {
      const lists = dataOf<PriceList[]>(await call(managerA, 'GET', '/api/sales/price-lists'))
      expect(lists.find((l) => l.id === priceListId)?.prices).toHaveLength(3)
      const refused = await write(managerA, 'POST', '/api/sales/price-lists', {
        id: crypto.randomUUID(),
        name: 'Foreign',
        prices: [{ packageId: crypto.randomUUID(), unitPriceCents: 100 }],
      })
      expect(refused.statusCode).toBe(404)
      expect(errorOf(refused).message).toBe('Packaging option not found.')
      expect((await call(brewerA, 'GET', '/api/sales/price-lists')).statusCode).toBe(403)
    })
  })

  describe('orders', () => {
    it('prices a new order from the customer’s list with deposits and tax, per ADR 270', async () => {
      const customerId = await newCustomer()
      const order = await newOrder(customerId, [
        { packageId: keg, quantity: 2 },
        { packageId: can, quantity: 24 },
      ])
      expect(order.status).toBe('draft')
      expect(order.number).toMatch(/^SO-\d{5}$/)
      expect(order.lines.map((l) => [l.unitPriceCents, l.subtotalCents, l.depositCents, l.taxCents])).toEqual(
        [
          [8999, 17998, 6000, 1485],
          [215, 5160, 0, 426],
        ],
      )
      expect(order).toMatchObject({
        subtotalCents: 23158,
        depositCents: 6000,
        taxCents: 1911,
        totalCents: 31069,
      })
      // A Brewer sees the order without its money.
      const seen = dataOf<Order>(await call(brewerA, 'GET', `/api/sales/orders/${order.id}`))
      expect(seen.lines[0]).toMatchObject({ quantity: 2, unitPriceCents: null, subtotalCents: null })
      expect(seen.totalCents).toBeNull()
      expect(JSON.stringify(seen)).not.toContain('8999')
    })
    it('takes the quantity break, an exempt customer pays no tax, and an edited price is kept', async () => {
      const exempt = await newCustomer({ taxExempt: true, taxExemptReason: 'Resale certificate' })
      const order = await newOrder(exempt, [
        { packageId: keg, quantity: 10 },
        { packageId: can, quantity: 1, unitPriceCents: 199 },
      ])
      expect(order.lines.map((l) => l.unitPriceCents)).toEqual([8500, 199])
      expect(order).toMatchObject({
        subtotalCents: 85_199,
        depositCents: 30_000,
        taxCents: 0,
        totalCents: 115_199,
      })
    })
    it('refuses a line without a price and an order of a Brewer', async () => {
      const customerId = await newCustomer({ priceListId: null })
      const other = crypto.randomUUID()
      const noList = await write(managerA, 'PUT', `/api/sales/price-lists/${priceListId}`, {
        name: 'Wholesale',
        isDefault: true,
        prices: [
          { packageId: keg, minQuantity: 1, unitPriceCents: 8999 },
          { packageId: keg, minQuantity: 10, unitPriceCents: 8500 },
          { packageId: can, minQuantity: 12, unitPriceCents: 215 },
        ],
      })
      expect(noList.statusCode, noList.body).toBe(200)
      const refused = await write(managerA, 'POST', '/api/sales/orders', {
        id: other,
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: can, quantity: 6 }],
      })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).message).toBe(
        'Hazy IPA 16oz Cans has no price on the Wholesale list for 6; enter a price.',
      )
      await write(managerA, 'PUT', `/api/sales/price-lists/${priceListId}`, {
        name: 'Wholesale',
        isDefault: true,
        prices: [
          { packageId: keg, minQuantity: 1, unitPriceCents: 8999 },
          { packageId: keg, minQuantity: 10, unitPriceCents: 8500 },
          { packageId: can, minQuantity: 1, unitPriceCents: 215 },
        ],
      })
      const brewer = await write(brewerA, 'POST', '/api/sales/orders', {
        id: crypto.randomUUID(),
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: can, quantity: 6, unitPriceCents: 100 }],
      })
      expect(brewer.statusCode).toBe(403)
    })
    it('confirms first-expiring lot first, lowers available to promise, refuses a short order naming the line, picks, and cancels to release', async () => {
      const customerId = await newCustomer()
      const before = await availabilityOf(keg)
      const order = await newOrder(customerId, [
        { packageId: keg, quantity: 2 },
        { packageId: can, quantity: 24 },
      ])
      const cansBefore = await availabilityOf(can)
      const confirmed = await step(order.id, 'confirm')
      expect(confirmed.statusCode, confirmed.body).toBe(200)
      const held = dataOf<Order>(confirmed)
      expect(held.status).toBe('confirmed')
      expect(held.lines[0].lots).toHaveLength(1)
      expect(held.lines[0].lots[0].units).toBe(2)
      const after = await availabilityOf(keg)
      expect(after.available).toBe(before.available - 2)
      expect(after.onHand).toBe(before.onHand)
      expect((await availabilityOf(can)).available).toBe(cansBefore.available - 24)

      const big = await newOrder(customerId, [
        { packageId: keg, quantity: after.available + 5 },
        { packageId: can, quantity: 1 },
      ])
      const refused = await step(big.id, 'confirm')
      expect(refused.statusCode).toBe(409)
      expect(errorOf(refused).message).toBe(
        `Not enough on hand to confirm this order. Hazy IPA 1/6 BBL Keg: ${after.available + 5} ordered, ${after.available} available.`,
      )
      expect(errorOf(refused).issues).toEqual([
        { path: 'lines.0.quantity', message: `${after.available + 5} ordered, ${after.available} available` },
      ])
      expect((await availabilityOf(keg)).available).toBe(after.available)

      const edit = await write(managerA, 'PUT', `/api/sales/orders/${order.id}`, {
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1 }],
      })
      expect(edit.statusCode).toBe(409)
      expect(errorOf(edit).message).toBe('Only a draft order can be edited; this order is confirmed.')

      const picked = await step(order.id, 'pick', brewerA)
      expect(picked.statusCode, picked.body).toBe(200)
      expect(dataOf<Order>(picked).lines[0].lots[0].batchNumber).toMatch(/^2026-/)
      const cancelled = await step(order.id, 'cancel')
      expect(dataOf<Order>(cancelled).status).toBe('cancelled')
      expect((await availabilityOf(keg)).available).toBe(before.available)
      expect((await step(order.id, 'cancel')).statusCode).toBe(409)
    })
    it('takes the earliest packaged lot first', async () => {
      const customerId = await newCustomer()
      const lots = (await availabilityOf(keg)).available
      const order = await newOrder(customerId, [{ packageId: keg, quantity: lots }])
      const held = dataOf<Order>(await step(order.id, 'confirm'))
      // The January run (4 kegs) goes before the February one (6).
      expect(held.lines[0].lots.map((l) => l.units)).toEqual([4, 6])
      await step(order.id, 'cancel')
    })
    it('confirms exactly once under a retried request', async () => {
      const customerId = await newCustomer()
      const order = await newOrder(customerId, [{ packageId: keg, quantity: 1 }])
      const before = (await availabilityOf(keg)).available
      const key = { 'idempotency-key': crypto.randomUUID() }
      const envelope = makeEnvelope('sales', {})
      const first = await call(managerA, 'POST', `/api/sales/orders/${order.id}/confirm`, envelope, key)
      const again = await call(managerA, 'POST', `/api/sales/orders/${order.id}/confirm`, envelope, key)
      expect([first.statusCode, again.statusCode]).toEqual([200, 200])
      expect((await availabilityOf(keg)).available).toBe(before - 1)
      await step(order.id, 'cancel')
    })
    it('places an order confirmed in one write as Confirm Order would hold it; a short one is refused whole and nothing is kept; a bad flag is named', async () => {
      const customerId = await newCustomer()
      const before = await availabilityOf(keg)
      const place = (quantity: number, extra: Json = {}) =>
        write(managerA, 'POST', '/api/sales/orders', {
          id: crypto.randomUUID(),
          customerId,
          lines: [{ id: crypto.randomUUID(), packageId: keg, quantity }],
          confirm: true,
          ...extra,
        })
      const placed = await place(2)
      expect(placed.statusCode, placed.body).toBe(201)
      const order = dataOf<Order>(placed)
      expect(order.status).toBe('confirmed')
      expect(order.lines[0].lots.map((l) => l.units)).toEqual([2])
      expect(dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${order.id}`))).toEqual(order)
      expect((await availabilityOf(keg)).available).toBe(before.available - 2)

      const short = await place(before.available)
      expect(short.statusCode).toBe(409)
      expect(errorOf(short).message).toBe(
        `Not enough on hand to confirm this order. Hazy IPA 1/6 BBL Keg: ${before.available} ordered, ${before.available - 2} available.`,
      )
      const orders = dataOf<Order[]>(await call(managerA, 'GET', '/api/sales/orders'))
      expect(orders.filter((o) => o.customerId === customerId).map((o) => o.id)).toEqual([order.id])

      const bad = await place(1, { confirm: 'yes' })
      expect(bad.statusCode).toBe(400)
      expect(errorOf(bad).issues).toContainEqual({
        path: 'data.confirm',
        message: 'Confirm is true or false',
      })
      // Placing confirmed is a sale: a Brewer may do neither.
      const brewer = await write(brewerA, 'POST', '/api/sales/orders', {
        id: crypto.randomUUID(),
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1 }],
        confirm: true,
      })
      expect(brewer.statusCode).toBe(403)
      await step(order.id, 'cancel')
    })
    // Several orders in one write (ADR 422): each as New Order would place it, one after the other, all or none.
    it('places several orders in one write, drafts and confirmed, numbered in the order listed, a later one taking what an earlier left', async () => {
      const customerId = await newCustomer()
      const other = await newCustomer()
      const before = await availabilityOf(keg)
      const order = (quantity: number, extra: Json = {}) => ({
        id: crypto.randomUUID(),
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: keg, quantity }],
        ...extra,
      })
      const many = (orders: Json[], sub = managerA) =>
        write(sub, 'POST', '/api/sales/orders/many', { orders })
      const drafted = order(before.available + 5)
      const first = order(before.available - 1, { confirm: true })
      // The last keg, at the other customer's price, and a can order as a draft.
      const second = order(1, { confirm: true, customerId: other })
      const canDraft = { ...order(24), lines: [{ id: crypto.randomUUID(), packageId: can, quantity: 24 }] }
      // Two left to the second order, one on hand: refused whole, naming the order and its line.
      const short = await many([drafted, first, { ...second, lines: [{ ...second.lines[0], quantity: 2 }] }])
      expect(short.statusCode).toBe(409)
      expect(errorOf(short).message).toMatch(
        /^Not enough on hand to confirm order SO-\d+\. Hazy IPA 1\/6 BBL Keg: 2 ordered, 1 available\.$/,
      )
      expect(errorOf(short).issues).toEqual([
        { path: 'data.orders.2.lines.0.quantity', message: '2 ordered, 1 available' },
      ])
      expect((await call(managerA, 'GET', `/api/sales/orders/${drafted.id}`)).statusCode).toBe(404)
      expect((await availabilityOf(keg)).available).toBe(before.available)

      const placed = await many([drafted, first, second, canDraft])
      expect(placed.statusCode, placed.body).toBe(201)
      const orders = dataOf<Order[]>(placed)
      expect(orders.map((o) => [o.id, o.status])).toEqual([
        [drafted.id, 'draft'],
        [first.id, 'confirmed'],
        [second.id, 'confirmed'],
        [canDraft.id, 'draft'],
      ])
      const numbers = orders.map((o) => Number(o.number.replace(/\D/g, '')))
      expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2, numbers[0] + 3])
      expect(orders[1].lines[0].lots.reduce((sum, lot) => sum + lot.units, 0)).toBe(before.available - 1)
      expect(orders[2].lines[0].lots.map((lot) => lot.units)).toEqual([1])
      // Priced from each customer's list as one New Order would be (both on Wholesale: $89.99 a keg, $2.15 a can).
      expect(orders[2].lines[0].unitPriceCents).toBe(8999)
      expect(orders[3].lines[0].unitPriceCents).toBe(215)
      for (const placedOrder of orders)
        expect(placedOrder).toEqual(
          dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${placedOrder.id}`)),
        )
      expect((await availabilityOf(keg)).available).toBe(0)
      for (const held of [first, second]) expect((await step(held.id, 'cancel')).statusCode).toBe(200)
      // The same ids again: a conflict naming the order, nothing more placed.
      const again = await many([order(1), drafted])
      expect(again.statusCode).toBe(409)
      expect(errorOf(again).issues).toEqual([
        { path: 'data.orders.1.id', message: `An order with id ${drafted.id} already exists.` },
      ])
    })

    it('refuses several orders naming the field, an unknown customer, a Brewer, and another brewery’s customer', async () => {
      const customerId = await newCustomer()
      const order = (extra: Json = {}) => ({
        id: crypto.randomUUID(),
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: can, quantity: 1 }],
        ...extra,
      })
      const many = (orders: unknown, sub = managerA) =>
        write(sub, 'POST', '/api/sales/orders/many', { orders })
      const issuesOf = async (orders: unknown) => {
        const response = await many(orders)
        expect(response.statusCode).toBe(400)
        return errorOf(response).issues
      }
      expect(await issuesOf([])).toContainEqual({ path: 'data.orders', message: 'Place at least one order' })
      expect(await issuesOf(Array.from({ length: 51 }, () => order()))).toContainEqual({
        path: 'data.orders',
        message: 'At most 50 orders in one write',
      })
      const twice = order()
      expect(await issuesOf([twice, twice])).toContainEqual({
        path: 'data.orders.1.id',
        message: 'This order is listed twice',
      })
      const shared = order()
      expect(await issuesOf([shared, order({ lines: shared.lines })])).toContainEqual({
        path: 'data.orders.1.lines.0.id',
        message: 'Each line has its own id',
      })
      expect(await issuesOf([order(), order({ confirm: 'yes' })])).toContainEqual({
        path: 'data.orders.1.confirm',
        message: 'Confirm is true or false',
      })
      const unknown = await many([order(), order({ customerId: crypto.randomUUID() })])
      expect(unknown.statusCode).toBe(404)
      expect(errorOf(unknown).issues).toEqual([
        { path: 'data.orders.1.customerId', message: 'Customer not found.' },
      ])
      expect((await many([order()], brewerA)).statusCode).toBe(403)
      // Brewery B does not know brewery A's customer.
      expect((await many([order()], adminB)).statusCode).toBe(404)
      const orders = dataOf<Order[]>(await call(managerA, 'GET', '/api/sales/orders'))
      expect(orders.filter((o) => o.customerId === customerId)).toEqual([])
    })

    it('shows the customer’s orders on their page; a Brewer may pick but not confirm', async () => {
      const customerId = await newCustomer()
      const order = await newOrder(customerId, [{ packageId: can, quantity: 2 }])
      expect((await step(order.id, 'confirm', brewerA)).statusCode).toBe(403)
      expect((await step(order.id, 'pick', brewerA)).statusCode).toBe(409)
      const detail = dataOf<CustomerDetail>(await call(managerA, 'GET', `/api/sales/customers/${customerId}`))
      expect(detail.orders.map((o) => o.id)).toEqual([order.id])
      expect((await call(adminB, 'GET', `/api/sales/orders/${order.id}`)).statusCode).toBe(404)
    })
  })
  // Dispatch (the removal): 2 kegs of the January run (4 kegs in 0.66668 bbl, 0.16667 bbl each) leave as one
  // taxpaid removal of 2 × 0.16667 = 0.33334 bbl, dated the dispatch; 24 cans of the February run (240 cans in
  // 0.96774 bbl) leave as 24/240 × 0.96774 = 0.096774 → 0.09677 bbl. Each picked lot is one removal event.
  describe('dispatch', () => {
    const removalsOf = async (orderLineIds: string[]) =>
      (await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.entityId, entityA))).filter(
        (event) => event.kind === 'removed' && orderLineIds.includes(String(event.details?.orderLineId)),
      )
    async function picked(customerId: string, lines: Json[]) {
      const order = await newOrder(customerId, lines)
      expect((await step(order.id, 'confirm')).statusCode).toBe(200)
      expect((await step(order.id, 'pick', brewerA)).statusCode).toBe(200)
      return order
    }

    it('removes the picked lots on the ledger, taxpaid and dated the dispatch, and issues the invoice with the batch numbers', async () => {
      const customerId = await newCustomer({
        name: 'Dispatch Tap',
        billingAddress: { line1: '5 Bar St', city: 'Bend' },
      })
      const kegsBefore = await availabilityOf(keg)
      const order = await picked(customerId, [
        { packageId: keg, quantity: 2 },
        { packageId: can, quantity: 24 },
      ])
      const at = new Date(Date.now() - 60_000).toISOString()
      const response = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {
        dispatchedAt: at,
      })
      expect(response.statusCode, response.body).toBe(200)
      const dispatched = dataOf<Order>(response)
      expect(dispatched.status).toBe('dispatched')
      expect(dispatched.invoiceId).not.toBeNull()
      expect((await availabilityOf(keg)).onHand).toBe(kegsBefore.onHand - 2)
      const removals = await removalsOf(order.lines.map((l) => l.id))
      expect(removals.map((r) => [r.ttbClass.replace(/_/g, '-'), r.volumeBbl]).sort()).toEqual([
        ['removed-taxpaid', '0.09677'],
        ['removed-taxpaid', '0.33334'],
      ])
      expect(removals.every((r) => r.occurredAt.toISOString() === at)).toBe(true)
      const invoice = dataOf<Invoice>(
        await call(managerA, 'GET', `/api/sales/invoices/${dispatched.invoiceId}`),
      )
      expect(invoice).toMatchObject({ customerName: 'Dispatch Tap', totalCents: 31069, status: 'open' })
      expect(invoice.lines[0].batchNumber).toBe(dispatched.lines[0].lots[0].batchNumber)
      expect(invoice.lines[0].batchNumber).toMatch(/^2026-/)
      const pdf = await call(managerA, 'GET', `/api/sales/invoices/${invoice.id}/pdf`)
      expect(pdf.statusCode).toBe(200)
      const document = await PDFDocument.load(pdf.rawPayload)
      expect(document.getTitle()).toBe(`Invoice ${invoice.number}`)
      // Nothing dispatched is edited, cancelled or dispatched again.
      expect((await step(order.id, 'cancel')).statusCode).toBe(409)
      expect((await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {})).statusCode).toBe(
        409,
      )
    })

    it('removes an export customer’s beer without payment of tax, the reason export', async () => {
      const exporter = await newCustomer({ kind: 'export' })
      const order = await picked(exporter, [{ packageId: can, quantity: 1 }])
      expect((await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {})).statusCode).toBe(
        200,
      )
      const [removal] = await removalsOf([order.lines[0].id])
      expect(removal.ttbClass.replace(/_/g, '-')).toBe('removed-without-tax')
      expect(removal.details?.taxFreeReason).toBe('export')
    })

    it('refuses a dispatch of an order not picked, or dated in the future, and writes nothing', async () => {
      const customerId = await newCustomer()
      const draft = await newOrder(customerId, [{ packageId: can, quantity: 1 }])
      const early = await write(brewerA, 'POST', `/api/sales/orders/${draft.id}/dispatch`, {})
      expect(early.statusCode).toBe(409)
      expect(errorOf(early).message).toBe('Dispatch needs a picked order; this order is draft.')
      const order = await picked(customerId, [{ packageId: can, quantity: 1 }])
      const future = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {
        dispatchedAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
      expect(future.statusCode).toBe(400)
      expect(await removalsOf([order.lines[0].id])).toEqual([])
      expect(dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${order.id}`)).status).toBe(
        'picked',
      )
    })

    it('picks and dispatches a confirmed order in one write as Pick then Dispatch would; refuses a draft whole; a bad flag is named', async () => {
      const customerId = await newCustomer()
      const order = await newOrder(customerId, [{ packageId: can, quantity: 2 }])
      const draft = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, { pick: true })
      expect(draft.statusCode).toBe(409)
      expect(errorOf(draft).message).toBe('Pick needs a confirmed order; this order is a draft.')
      expect((await step(order.id, 'confirm')).statusCode).toBe(200)
      const bad = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, { pick: 'yes' })
      expect(bad.statusCode).toBe(400)
      expect(errorOf(bad).issues).toContainEqual({ path: 'data.pick', message: 'Pick is true or false' })
      // Without the flag a confirmed order is not dispatched: the pick is asked for, never implied.
      const unpicked = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {})
      expect(errorOf(unpicked).message).toBe('Dispatch needs a picked order; this order is confirmed.')
      expect(await removalsOf([order.lines[0].id])).toEqual([])

      const both = await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, { pick: true })
      expect(both.statusCode, both.body).toBe(200)
      const dispatched = dataOf<Order>(both)
      expect(dispatched).toMatchObject({ status: 'dispatched' })
      expect(dispatched.pickedAt).not.toBeNull()
      expect(dispatched.invoiceId).not.toBeNull()
      expect(await removalsOf([order.lines[0].id])).toHaveLength(1)
      // The Brewer's answer, without prices, is the order as the Brewer reads it back.
      expect(dataOf<Order>(await call(brewerA, 'GET', `/api/sales/orders/${order.id}`))).toEqual(dispatched)
    })

    it('places orders confirmed while others are picked and dispatched at once, side by side, without a deadlock', async () => {
      // Placing confirmed takes the finished-goods lock before the order's number, as Dispatch takes it before
      // the invoice's number on the same settings row; the other way round the two deadlocked on PostgreSQL.
      const customerId = await newCustomer()
      const confirmed: Order[] = []
      for (let i = 0; i < 6; i++) {
        const order = await newOrder(customerId, [{ packageId: can, quantity: 1 }])
        expect((await step(order.id, 'confirm')).statusCode).toBe(200)
        confirmed.push(order)
      }
      const answers = await Promise.all(
        confirmed.flatMap((order) => [
          write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, { pick: true }),
          write(managerA, 'POST', '/api/sales/orders', {
            id: crypto.randomUUID(),
            customerId,
            lines: [{ id: crypto.randomUUID(), packageId: can, quantity: 1 }],
            confirm: true,
          }),
        ]),
      )
      expect(answers.map((a) => a.statusCode)).toEqual(confirmed.flatMap(() => [200, 201]))
    })

    // A van's load (ADR 422): several orders in one write, each dispatched as its own Dispatch would dispatch it.
    it('dispatches a van of orders in one write as each Dispatch would: removals, invoices numbered in the order listed, answers as read back', async () => {
      const bar = await newCustomer()
      const exporter = await newCustomer({ kind: 'export' })
      const later = await newCustomer({ invoiceAtDispatch: false })
      const first = await picked(bar, [
        { packageId: can, quantity: 2 },
        { packageId: keg, quantity: 1 },
      ])
      const second = await newOrder(exporter, [{ packageId: can, quantity: 1 }])
      expect((await step(second.id, 'confirm')).statusCode).toBe(200)
      const third = await picked(later, [{ packageId: can, quantity: 3 }])
      const lineIds = [first, second, third].flatMap((order) => order.lines.map((l) => l.id))
      // The second is confirmed, not picked: the van is refused whole, naming it, and nothing leaves.
      const unpicked = await write(brewerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [first.id, second.id, third.id],
      })
      expect(unpicked.statusCode).toBe(409)
      const sentence = `Dispatch needs a picked order; order ${second.number} is confirmed.`
      expect(errorOf(unpicked)).toEqual({
        code: 'CONFLICT',
        message: sentence,
        issues: [
          {
            path: 'data.orderIds.1',
            message: `Dispatch needs a picked order; order ${second.number} is confirmed.`,
          },
        ],
      })
      expect(await removalsOf(lineIds)).toEqual([])
      expect((await step(second.id, 'pick', brewerA)).statusCode).toBe(200)

      const at = new Date(Date.now() - 60_000).toISOString()
      const van = await write(brewerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [third.id, first.id, second.id],
        dispatchedAt: at,
      })
      expect(van.statusCode, van.body).toBe(200)
      const answered = dataOf<Order[]>(van)
      expect(answered.map((o) => [o.id, o.status])).toEqual([
        [third.id, 'dispatched'],
        [first.id, 'dispatched'],
        [second.id, 'dispatched'],
      ])
      // Each answer is the order as the Brewer reads it back; the customer invoiced later has no invoice yet.
      for (const order of answered)
        expect(order).toEqual(dataOf<Order>(await call(brewerA, 'GET', `/api/sales/orders/${order.id}`)))
      expect(answered[0].invoiceId).toBeNull()
      const invoices = await Promise.all(
        [answered[1], answered[2]].map(async (order) =>
          dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${order.invoiceId}`)),
        ),
      )
      expect(invoices[1].sequence).toBe(invoices[0].sequence + 1)
      // Tax 8.25 % a line (ADR 270): 2 cans at $2.15, 430 + 35.475 → 35; a keg at $89.99, 8999 + 742.42 → 742, and its
      // $30.00 deposit: 13206. The exporter's can: 215 + 17.74 → 18 = 233.
      expect(invoices[0]).toMatchObject({ orderId: first.id, totalCents: 13206, status: 'open' })
      expect(invoices[1]).toMatchObject({ orderId: second.id, totalCents: 233 })
      // One removal per line and lot, dated the dispatch; the exporter's without payment of tax.
      const removals = await removalsOf(lineIds)
      expect(removals).toHaveLength(4)
      expect(removals.every((r) => r.occurredAt.toISOString() === at)).toBe(true)
      expect(
        removals
          .filter((r) => r.ttbClass.replace(/_/g, '-') === 'removed-without-tax')
          .map((r) => r.details?.orderLineId),
      ).toEqual([second.lines[0].id])
      // Nothing dispatched is dispatched again, alone or in a van.
      const again = await write(brewerA, 'POST', '/api/sales/orders/dispatch', { orderIds: [first.id] })
      expect(errorOf(again).message).toBe(`Order ${first.number} is already dispatched.`)
    })

    it('picks a van of confirmed orders with its dispatch; refuses a draft whole naming it; refuses an empty, repeated, oversized or unknown list and another brewery', async () => {
      const customerId = await newCustomer()
      const confirmed = await newOrder(customerId, [{ packageId: can, quantity: 1 }])
      expect((await step(confirmed.id, 'confirm')).statusCode).toBe(200)
      const draft = await newOrder(customerId, [{ packageId: can, quantity: 1 }])
      const refused = await write(brewerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [confirmed.id, draft.id],
        pick: true,
      })
      expect(refused.statusCode).toBe(409)
      expect(errorOf(refused).message).toBe(`Pick needs a confirmed order; order ${draft.number} is a draft.`)
      expect(errorOf(refused).issues?.[0].path).toBe('data.orderIds.1')
      expect(dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${confirmed.id}`)).status).toBe(
        'confirmed',
      )
      const issuesOf = async (data: object) => {
        const response = await write(brewerA, 'POST', '/api/sales/orders/dispatch', data)
        expect(response.statusCode).toBe(400)
        return errorOf(response).issues
      }
      expect(await issuesOf({ orderIds: [] })).toContainEqual({
        path: 'data.orderIds',
        message: 'Dispatch at least one order',
      })
      expect(await issuesOf({ orderIds: [confirmed.id, confirmed.id] })).toContainEqual({
        path: 'data.orderIds.1',
        message: 'This order is listed twice',
      })
      expect(await issuesOf({ orderIds: ['SO-1'] })).toContainEqual({
        path: 'data.orderIds.0',
        message: 'The order id must be a UUID',
      })
      expect(
        await issuesOf({ orderIds: Array.from({ length: 51 }, () => crypto.randomUUID()) }),
      ).toContainEqual({ path: 'data.orderIds', message: 'At most 50 orders in one dispatch' })
      expect(await issuesOf({ orderIds: [confirmed.id], pick: 'yes' })).toContainEqual({
        path: 'data.pick',
        message: 'Pick is true or false',
      })
      const unknown = await write(brewerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [confirmed.id, crypto.randomUUID()],
        pick: true,
      })
      expect(unknown.statusCode).toBe(404)
      expect(errorOf(unknown).issues).toEqual([
        { path: 'data.orderIds.1', message: 'Not an order of this brewery' },
      ])
      // Another brewery's van does not know brewery A's orders.
      const foreign = await write(adminB, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [confirmed.id],
        pick: true,
      })
      expect(foreign.statusCode).toBe(404)
      expect(dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${confirmed.id}`)).status).toBe(
        'confirmed',
      )

      const loaded = await write(brewerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [confirmed.id],
        pick: true,
      })
      expect(loaded.statusCode, loaded.body).toBe(200)
      const [dispatched] = dataOf<Order[]>(loaded)
      expect(dispatched.status).toBe('dispatched')
      expect(dispatched.pickedAt).not.toBeNull()
      expect(dispatched).toEqual(
        dataOf<Order>(await call(brewerA, 'GET', `/api/sales/orders/${confirmed.id}`)),
      )
    })

    it('dispatches exactly once under a retried request', async () => {
      const order = await picked(await newCustomer(), [{ packageId: can, quantity: 1 }])
      const envelope = makeEnvelope('sales', { dispatchedAt: null })
      const key = { 'idempotency-key': crypto.randomUUID() }
      const first = await call(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, envelope, key)
      const again = await call(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, envelope, key)
      expect([first.statusCode, again.statusCode]).toEqual([200, 200])
      expect(await removalsOf([order.lines[0].id])).toHaveLength(1)
    })

    it('numbers the invoices of 20 concurrent dispatches without a gap or a repeat', async () => {
      const customerId = await newCustomer()
      const orders = []
      for (let i = 0; i < 20; i++) orders.push(await picked(customerId, [{ packageId: can, quantity: 1 }]))
      const before = dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices')).length
      const answers = await Promise.all(
        orders.map((order) => write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {})),
      )
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
      const sequences = dataOf<Invoice[]>(await call(managerA, 'GET', '/api/sales/invoices'))
        .map((i) => i.sequence)
        .sort((a, b) => a - b)
      expect(sequences).toHaveLength(before + 20)
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1))
      // Twenty orders set up one by one (60 writes) before the race: minutes on a loaded machine.
    }, 180_000)

    // Each step answers the order from the rows its write holds (ADR 401): the same as reading it back after.
    it('answers every step with the order as it reads back, a line of two lots and an order invoiced later included', async () => {
      const customerId = await newCustomer()
      const kegs = (await availabilityOf(keg)).available
      const order = await newOrder(customerId, [{ packageId: can, quantity: 1 }])
      const get = async (id: string, sub: string) =>
        dataOf<Order>(await call(sub, 'GET', `/api/sales/orders/${id}`))
      expect(order).toEqual(await get(order.id, managerA))
      const changed = await write(managerA, 'PUT', `/api/sales/orders/${order.id}`, {
        customerId,
        lines: [
          { id: crypto.randomUUID(), packageId: keg, quantity: kegs },
          { id: crypto.randomUUID(), packageId: can, quantity: 3 },
        ],
      })
      expect(changed.statusCode, changed.body).toBe(200)
      expect(dataOf<Order>(changed)).toEqual(await get(order.id, managerA))
      const confirmed = dataOf<Order>(await step(order.id, 'confirm'))
      // Every keg left: what is left of the January run, then the February run's.
      expect(confirmed.lines[0].lots).toHaveLength(2)
      expect(confirmed).toEqual(await get(order.id, managerA))
      expect(dataOf<Order>(await step(order.id, 'pick', brewerA))).toEqual(await get(order.id, brewerA))
      const dispatched = dataOf<Order>(
        await write(brewerA, 'POST', `/api/sales/orders/${order.id}/dispatch`, {}),
      )
      expect(dispatched.invoiceId).not.toBeNull()
      expect(dispatched.lines[0].lots).toHaveLength(2)
      expect(dispatched).toEqual(await get(order.id, brewerA))

      const later = await picked(await newCustomer({ invoiceAtDispatch: false }), [
        { packageId: can, quantity: 2 },
      ])
      const waiting = dataOf<Order>(
        await write(managerA, 'POST', `/api/sales/orders/${later.id}/dispatch`, {}),
      )
      expect(waiting.invoiceId).toBeNull()
      expect(waiting).toEqual(await get(later.id, managerA))
    })
  })
})
