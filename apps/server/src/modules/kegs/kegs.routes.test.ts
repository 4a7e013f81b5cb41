import {
  makeEnvelope,
  shortDate,
  type Invoice,
  type Keg,
  type KegBoard,
  type KegCustomerHolding,
  type KegDetail,
  type KegEvent,
  type KegImportPreview,
  type KegOrder,
  type KegPackageRun,
  type KegTrace,
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
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { checkOverdueKegs } from './kegs-overdue.job.ts'

const BUSINESS = {
  name: 'Keg Co',
  address: '1 Dock Road',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Reply = {
  json<T>(): T
  statusCode: number
  body: string
  rawPayload: Buffer
  headers: Record<string, unknown>
}
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
const errorOf = (response: Reply) =>
  response.json<{ error: { code: string; message: string; issues?: { path: string; message: string }[] } }>()
    .error
const DAY = 86_400_000

// Hand-worked figures: the 1/6 BBL keg's deposit is $30.00 (3000 cents) and sells at $89.99; the order is 2 kegs.
// Invoice: subtotal 2 × 8999 = 17998; deposits 2 × 3000 = 6000; tax 17998 × 8.25 % = 1484.835 → 1485;
// total 17998 + 6000 + 1485 = 25483.
// Kegs: three 1/6 BBL kegs at $120.00 each are filled from the 4-keg run; two ship on the order: the customer holds
// 2 and their deposit balance is 2 × 3000 = 6000. One returns: holds 1, balance 6000 − 3000 = 3000 (the return's
// event credits −3000), and the invoice that charged it takes credit note CN-00001 of one deposit: subtotal 0,
// deposit 3000, tax 0, total 3000; the invoice's balance and the customer's 25483 − 3000 = 22483, of which deposits
// 6000 − 3000 = 3000 = 1 keg held × 3000. The other is then lost there and charged: written off 12000; charged
// 12000 − 3000 (the deposit they paid, kept) = 9000; deposit balance 3000 − 3000 = 0 and no credit note (the
// customer's balance stays 22483: the kept deposit pays towards the lost keg).
describe.each(TEST_DATABASES)('kegs API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let managerA: string
  let brewerA: string
  let adminB: string
  let entityA: string
  let tenantA: Tenant
  let keg: string
  let runId: string
  let batchNumber: string
  let timeZone: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    }) as Promise<Reply>
  const sales = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('sales', data))
  const kegWrite = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('keg', data))
  const scan = (sub: string, data: object) => kegWrite(sub, 'POST', '/api/kegs/scans', data)
  const scanMany = (sub: string, data: object) => kegWrite(sub, 'POST', '/api/kegs/scans/many', data)

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
  async function addKegs(prefix: string, count = 3) {
    const response = await kegWrite(managerA, 'POST', '/api/kegs', {
      count,
      size: '1/6 BBL',
      owner: 'ours',
      purchasedOn: '2026-01-15',
      costCents: 12_000,
      prefix,
    })
    expect(response.statusCode, response.body).toBe(201)
    return dataOf<Keg[]>(response)
  }
  async function dispatchedOrder(customerName: string, quantity = 2) {
    const customerId = crypto.randomUUID()
    expect(
      (
        await sales(managerA, 'POST', '/api/sales/customers', {
          id: customerId,
          name: customerName,
          kind: 'bar',
        })
      ).statusCode,
    ).toBe(201)
    const orderId = crypto.randomUUID()
    const created = await sales(managerA, 'POST', '/api/sales/orders', {
      id: orderId,
      customerId,
      lines: [{ id: crypto.randomUUID(), packageId: keg, quantity }],
    })
    expect(created.statusCode, created.body).toBe(201)
    for (const [step, sub] of [
      ['confirm', managerA],
      ['pick', brewerA],
      ['dispatch', brewerA],
    ] as const) {
      const response = await sales(
        sub,
        'POST',
        `/api/sales/orders/${orderId}/${step}`,
        step === 'dispatch' ? { dispatchedAt: null } : {},
      )
      expect(response.statusCode, response.body).toBe(200)
    }
    return { customerId, order: dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${orderId}`)) }
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    const adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    managerA = await member(entityA, 'Manager')
    brewerA = await member(entityA, 'Brewer')
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, managerA))
    tenantA = { entityId: entityA, role: 'Manager', userId: row.id, sub: managerA }
    ;({ keg } = await seedSellable(testDb.db, entityA))
    ;({ number: batchNumber } = await seedPackaged(testDb.db, tenantA, {
      packageId: keg,
      units: 8,
      volumeBbl: 1.33336,
      occurredAt: new Date(Date.now() - 40 * DAY),
    }))
    const list = await sales(managerA, 'POST', '/api/sales/price-lists', {
      id: crypto.randomUUID(),
      name: 'Wholesale',
      isDefault: true,
      prices: [{ packageId: keg, minQuantity: 1, unitPriceCents: 8999 }],
    })
    expect(list.statusCode, list.body).toBe(201)
    const settings = await sales(managerA, 'PUT', '/api/sales/settings', {
      taxRateBasisPoints: 825,
      invoicePrefix: 'INV-',
      deposits: [{ packageTypeId: 'keg-sixth', depositCents: 3000 }],
    })
    expect(settings.statusCode, settings.body).toBe(200)
    const runs = dataOf<KegPackageRun[]>(await call(brewerA, 'GET', '/api/kegs/package-runs'))
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ size: '1/6 BBL', units: 8, filled: 0, batchNumber })
    runId = runs[0].id
    timeZone = await breweryTimeZone(testDb.db, entityA)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  describe('the register', () => {
    it('adds kegs numbered on from the prefix; a Brewer may not add kegs; costs hidden from a Brewer', async () => {
      const first = await addKegs('RG-', 2)
      expect(first.map((k) => k.assetNumber)).toEqual(['RG-0001', 'RG-0002'])
      expect(first[0]).toMatchObject({ size: '1/6 BBL', owner: 'ours', status: 'clean', costCents: 12_000 })
      expect((await addKegs('rg-', 1))[0].assetNumber).toBe('RG-0003')
      const refused = await kegWrite(brewerA, 'POST', '/api/kegs', {
        count: 1,
        size: '1/6 BBL',
        owner: 'ours',
        prefix: 'RG-',
      })
      expect(refused.statusCode).toBe(403)
      const asBrewer = dataOf<Keg[]>(await call(brewerA, 'GET', '/api/kegs'))
      expect(asBrewer.find((k) => k.assetNumber === 'RG-0001')?.costCents).toBeNull()
    })

    it('refuses a bad count, an unknown size and a pool without its name, naming the field', async () => {
      for (const [data, path] of [
        [{ count: 0, size: '1/6 BBL', owner: 'ours' }, 'data.count'],
        [{ count: 1, size: '3/4 BBL', owner: 'ours' }, 'data.size'],
        [{ count: 1, size: '1/6 BBL', owner: 'pool' }, 'data.ownerName'],
        [{ count: 1, size: '1/6 BBL', owner: 'ours', prefix: 'K 1' }, 'data.prefix'],
      ] as const) {
        const response = await kegWrite(managerA, 'POST', '/api/kegs', data)
        expect(response.statusCode, JSON.stringify(data)).toBe(400)
        expect(errorOf(response).issues?.map((i) => i.path)).toContain(path)
      }
    })

    it('previews an import naming bad rows and numbers already registered, then imports only a whole file', async () => {
      await addKegs('IM-', 1)
      const csv =
        'asset number,size,owner,owner name\nIM-0001,1/6 BBL,ours,\nMS-1,1/2 BBL,pool,MicroStar\nX 2,1/6,ours,'
      const preview = dataOf<KegImportPreview>(
        await call(managerA, 'POST', '/api/kegs/import/preview', { csv }),
      )
      expect(preview.rows.map((r) => r.assetNumber)).toEqual(['MS-1'])
      expect(preview.errors).toEqual([
        { line: 2, field: 'asset number', message: 'IM-0001 is already registered' },
        {
          line: 4,
          field: 'asset number',
          message: '"X 2" is not a keg number (letters, digits and dashes, up to 32)',
        },
      ])
      const refused = await kegWrite(managerA, 'POST', '/api/kegs/import', { csv })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).message).toBe('The file has 2 bad lines: nothing was imported.')
      expect(errorOf(refused).issues?.[0].path).toBe('data.csv.line2.asset number')
      const good = await kegWrite(managerA, 'POST', '/api/kegs/import', {
        csv: 'asset number,size,owner,owner name\nMS-1,1/2 BBL,pool,MicroStar',
      })
      expect(good.statusCode, good.body).toBe(201)
      expect(dataOf<{ imported: number }>(good).imported).toBe(1)
      const all = dataOf<Keg[]>(await call(managerA, 'GET', '/api/kegs'))
      expect(all.find((k) => k.assetNumber === 'MS-1')).toMatchObject({
        owner: 'pool',
        ownerName: 'MicroStar',
        size: '1/2 BBL',
      })
    })

    it('prints a label sheet PDF of the kegs named, and 404s a number of no keg', async () => {
      await addKegs('LB-', 3)
      const pdf = await call(brewerA, 'GET', '/api/kegs/labels?numbers=LB-0001,LB-0002,LB-0003')
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      expect(String(pdf.headers['content-disposition'])).toContain('keg-labels-LB-0001-LB-0003.pdf')
      const document = await PDFDocument.load(pdf.rawPayload)
      expect(document.getPageCount()).toBe(1)
      expect(document.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
      expect((await call(brewerA, 'GET', '/api/kegs/labels?numbers=LB-9999')).statusCode).toBe(404)
    })
  })

  describe('scans, deposits and the board', () => {
    it('fills, ships on a dispatched order, returns and loses kegs with the deposits worked by hand', async () => {
      const [k1, k2, k3] = await addKegs('K-', 3)
      const filledAt = new Date(Date.now() - 30 * DAY).toISOString()
      for (const k of [k1, k2, k3]) {
        const filled = await scan(brewerA, {
          kind: 'filled',
          assetNumber: k.assetNumber.toLowerCase(),
          packageRunId: runId,
          occurredAt: filledAt,
        })
        expect(filled.statusCode, filled.body).toBe(201)
        expect(dataOf<{ keg: Keg }>(filled).keg).toMatchObject({ status: 'full', fill: { batchNumber } })
      }
      const { customerId, order } = await dispatchedOrder('Oak Bar')
      const invoice = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${order.invoiceId}`))
      expect(invoice).toMatchObject({
        subtotalCents: 17998,
        depositCents: 6000,
        taxCents: 1485,
        totalCents: 25483,
      })
      const orders = dataOf<KegOrder[]>(await call(brewerA, 'GET', '/api/kegs/orders'))
      expect(orders.find((o) => o.id === order.id)?.sizes).toEqual([
        { size: '1/6 BBL', ordered: 2, shipped: 0, depositCents: 3000 },
      ])

      const shippedAt = new Date(Date.now() - 20 * DAY).toISOString()
      for (const k of [k1, k2]) {
        const shipped = await scan(brewerA, {
          kind: 'shipped',
          assetNumber: k.assetNumber,
          orderId: order.id,
          occurredAt: shippedAt,
        })
        expect(shipped.statusCode, shipped.body).toBe(201)
        // Named from what the scan read (ADR 401): the order's number, its customer, the keg's batch.
        expect(dataOf<{ event: KegEvent }>(shipped).event).toMatchObject({
          depositCents: 3000,
          customerName: 'Oak Bar',
          orderNumber: order.number,
          batchNumber,
        })
      }
      // A third keg on a two-keg order is refused.
      const third = await scan(brewerA, { kind: 'shipped', assetNumber: k3.assetNumber, orderId: order.id })
      expect(third.statusCode).toBe(409)
      expect(errorOf(third).message).toBe(
        `Order ${order.number} has 2 × 1/6 BBL and all 2 are already scanned onto it.`,
      )
      let holding = dataOf<KegCustomerHolding>(
        await call(managerA, 'GET', `/api/kegs/customers/${customerId}`),
      )
      expect(holding.kegs.map((k) => k.assetNumber)).toEqual([k1.assetNumber, k2.assetNumber])
      expect(holding.depositBalanceCents).toBe(6000)
      expect(holding.kegs[0]).toMatchObject({ daysOut: 20, batchNumber })

      // Filling the keg still at the customer is refused, naming the customer and the day it went.
      const refill = await scan(brewerA, { kind: 'filled', assetNumber: k2.assetNumber, packageRunId: runId })
      expect(refill.statusCode).toBe(409)
      expect(errorOf(refill).message).toBe(
        `Keg ${k2.assetNumber} is at Oak Bar (since ${shortDate(shippedAt, timeZone)}): it must come back before it is filled.`,
      )
      // A full keg cannot come back empty.
      const fullBack = await scan(brewerA, { kind: 'returned', assetNumber: k3.assetNumber })
      expect(errorOf(fullBack).message).toMatch(
        new RegExp(`^Keg ${k3.assetNumber} is full of .* a full keg cannot be returned empty\\.$`),
      )

      const returned = await scan(brewerA, { kind: 'returned', assetNumber: k1.assetNumber })
      expect(returned.statusCode, returned.body).toBe(201)
      expect(dataOf<{ event: KegEvent; keg: Keg }>(returned)).toMatchObject({
        event: { depositCents: -3000, customerName: 'Oak Bar' },
        keg: { status: 'dirty', customerId: null },
      })
      expect(dataOf<{ event: KegEvent }>(returned).event.creditNoteNumber).toBe('CN-00001')
      holding = dataOf<KegCustomerHolding>(await call(managerA, 'GET', `/api/kegs/customers/${customerId}`))
      expect(holding.kegs).toHaveLength(1)
      expect(holding.depositBalanceCents).toBe(3000)
      // The deposit is credited on the invoice that charged it, by a credit note of Sales: one model.
      const credited = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${order.invoiceId}`))
      expect(credited).toMatchObject({ creditedCents: 3000, balanceCents: 22483 })
      expect(credited.creditNotes).toEqual([
        expect.objectContaining({
          number: 'CN-00001',
          subtotalCents: 0,
          depositCents: 3000,
          taxCents: 0,
          totalCents: 3000,
          refundCents: 0,
          reason: `Keg ${k1.assetNumber} returned empty: its deposit credited.`,
          lines: [
            expect.objectContaining({ quantity: 0, depositCents: 3000, kegAssetNumber: k1.assetNumber }),
          ],
        }),
      ])
      const { customer } = dataOf<{ customer: { balanceCents: number } }>(
        await call(managerA, 'GET', `/api/sales/customers/${customerId}`),
      )
      expect(customer.balanceCents).toBe(22483)
      // Deposits on the customer's invoices less those credited = the kegs they hold × the deposit.
      expect(credited.depositCents - credited.creditNotes.reduce((sum, n) => sum + n.depositCents, 0)).toBe(
        holding.kegs.length * 3000,
      )

      const board = dataOf<KegBoard>(await call(brewerA, 'GET', '/api/kegs/board'))
      expect(board.customers.find((c) => c.customerId === customerId)?.kegs).toHaveLength(1)
      expect(board.atBrewery.full.find((f) => f.batchNumber === batchNumber)?.count).toBeGreaterThanOrEqual(1)

      const lost = await scan(managerA, { kind: 'lost', assetNumber: k2.assetNumber, chargeCustomer: true })
      expect(lost.statusCode, lost.body).toBe(201)
      expect(dataOf<{ event: KegEvent }>(lost).event).toMatchObject({
        depositCents: -3000,
        writeOffCents: 12_000,
        chargedCents: 9000,
      })
      holding = dataOf<KegCustomerHolding>(await call(managerA, 'GET', `/api/kegs/customers/${customerId}`))
      expect(holding).toMatchObject({ kegs: [], depositBalanceCents: 0 })
      const afterLoss = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${order.invoiceId}`))
      expect(afterLoss).toMatchObject({ creditedCents: 3000, balanceCents: 22483 })

      const trace = dataOf<KegTrace>(await call(brewerA, 'GET', `/api/kegs/${k1.id}/trace`))
      expect(trace.fills).toEqual([
        expect.objectContaining({
          batchNumber,
          customerName: 'Oak Bar',
          orderNumber: order.number,
          shippedAt,
        }),
      ])
      const detail = dataOf<KegDetail>(await call(brewerA, 'GET', `/api/kegs/${k1.id}`))
      expect(detail.events.map((e) => e.kind)).toEqual(['returned', 'shipped', 'filled'])
    })

    it('refuses a keg back from an order not yet invoiced, then credits it once the order is dispatched', async () => {
      // Hand-worked: 1 keg at $89.99 + $30.00 deposit + 8.25 % tax on 8999 (742.4175 → 742) = 12741; the keg back
      // empty credits 3000: balance 12741 − 3000 = 9741.
      const [k] = await addKegs('ND-', 1)
      expect(
        (await scan(brewerA, { kind: 'filled', assetNumber: k.assetNumber, packageRunId: runId })).statusCode,
      ).toBe(201)
      const customerId = crypto.randomUUID()
      await sales(managerA, 'POST', '/api/sales/customers', {
        id: customerId,
        name: 'Early Tap',
        kind: 'bar',
      })
      const orderId = crypto.randomUUID()
      await sales(managerA, 'POST', '/api/sales/orders', {
        id: orderId,
        customerId,
        lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1 }],
      })
      expect((await sales(managerA, 'POST', `/api/sales/orders/${orderId}/confirm`, {})).statusCode).toBe(200)
      const order = dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${orderId}`))
      expect((await scan(brewerA, { kind: 'shipped', assetNumber: k.assetNumber, orderId })).statusCode).toBe(
        201,
      )
      const early = await scan(brewerA, { kind: 'returned', assetNumber: k.assetNumber })
      expect(early.statusCode).toBe(409)
      expect(errorOf(early).message).toBe(
        `Keg ${k.assetNumber} went out on order ${order.number}, which is not dispatched: no invoice charged its deposit yet. Dispatch the order, then scan the keg back.`,
      )
      // Refused whole: the keg is still at the customer.
      expect(
        dataOf<KegCustomerHolding>(await call(managerA, 'GET', `/api/kegs/customers/${customerId}`)).kegs,
      ).toHaveLength(1)
      for (const step of ['pick', 'dispatch'])
        expect(
          (
            await sales(
              brewerA,
              'POST',
              `/api/sales/orders/${orderId}/${step}`,
              step === 'dispatch' ? { dispatchedAt: null } : {},
            )
          ).statusCode,
        ).toBe(200)
      const dispatched = dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${orderId}`))
      const back = await scan(brewerA, { kind: 'returned', assetNumber: k.assetNumber })
      expect(back.statusCode, back.body).toBe(201)
      const invoice = dataOf<Invoice>(
        await call(managerA, 'GET', `/api/sales/invoices/${dispatched.invoiceId}`),
      )
      expect(invoice).toMatchObject({ totalCents: 12741, creditedCents: 3000, balanceCents: 9741 })
      expect(dataOf<{ event: KegEvent }>(back).event.creditNoteNumber).toBe(invoice.creditNotes[0].number)
    })

    it('credits a keg back on the one invoice made for several orders (Create Invoice, ADR 345)', async () => {
      // Hand-worked: two orders of 1 keg each, invoiced together: 2 × ($89.99 + $30.00 deposit) + 8.25 % tax on
      // each line's 8999 (742.4175 → 742, twice) = 2 × 12741 = 25482; the first keg back empty credits 3000 on that
      // invoice: balance 25482 − 3000 = 22482.
      // One keg filled (the run has few left), shipped on the first order; the second order's keg is not scanned.
      const [k] = await addKegs('CI-', 1)
      expect(
        (await scan(brewerA, { kind: 'filled', assetNumber: k.assetNumber, packageRunId: runId })).statusCode,
      ).toBe(201)
      const customerId = crypto.randomUUID()
      await sales(managerA, 'POST', '/api/sales/customers', {
        id: customerId,
        name: 'Monthly Tap',
        kind: 'bar',
        invoiceAtDispatch: false,
      })
      const orderIds: string[] = []
      for (const [i] of ['first', 'second'].entries()) {
        const orderId = crypto.randomUUID()
        orderIds.push(orderId)
        await sales(managerA, 'POST', '/api/sales/orders', {
          id: orderId,
          customerId,
          lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1 }],
        })
        expect((await sales(managerA, 'POST', `/api/sales/orders/${orderId}/confirm`, {})).statusCode).toBe(
          200,
        )
        if (i === 0)
          expect(
            (await scan(brewerA, { kind: 'shipped', assetNumber: k.assetNumber, orderId })).statusCode,
          ).toBe(201)
        for (const step of ['pick', 'dispatch'])
          expect(
            (
              await sales(
                brewerA,
                'POST',
                `/api/sales/orders/${orderId}/${step}`,
                step === 'dispatch' ? { dispatchedAt: null } : {},
              )
            ).statusCode,
          ).toBe(200)
      }
      const invoiceId = crypto.randomUUID()
      const created = await sales(managerA, 'POST', '/api/sales/invoices', { id: invoiceId, orderIds })
      expect(created.statusCode, created.body).toBe(201)
      const back = await scan(brewerA, { kind: 'returned', assetNumber: k.assetNumber })
      expect(back.statusCode, back.body).toBe(201)
      const invoice = dataOf<Invoice>(await call(managerA, 'GET', `/api/sales/invoices/${invoiceId}`))
      expect(invoice).toMatchObject({ totalCents: 25482, creditedCents: 3000, balanceCents: 22482 })
      expect(dataOf<{ event: KegEvent }>(back).event.creditNoteNumber).toBe(invoice.creditNotes[0].number)
    })

    it('never refunds a line more deposit than it charged, whether a keg or the goods came back first', async () => {
      // Hand-worked: 2 kegs: total 25483 (as above). KD-0001 back empty: credit 3000. Then both units come back as
      // goods: subtotal 17998, deposit min(2 × 3000, 6000 − 3000) = 3000, tax the whole line's 1485 → 22483.
      // Credited 3000 + 22483 = 25483 = the total: balance 0. KD-0002 then back empty: nothing left to credit.
      const [a, b] = await addKegs('KD-', 2)
      for (const k of [a, b])
        expect(
          (await scan(brewerA, { kind: 'filled', assetNumber: k.assetNumber, packageRunId: runId }))
            .statusCode,
        ).toBe(201)
      const { order } = await dispatchedOrder('Both Ways Bar')
      for (const k of [a, b])
        expect(
          (await scan(brewerA, { kind: 'shipped', assetNumber: k.assetNumber, orderId: order.id }))
            .statusCode,
        ).toBe(201)
      expect((await scan(brewerA, { kind: 'returned', assetNumber: a.assetNumber })).statusCode).toBe(201)
      const invoiceUrl = `/api/sales/invoices/${order.invoiceId}`
      const charged = dataOf<Invoice>(await call(managerA, 'GET', invoiceUrl))
      const goods = await sales(managerA, 'POST', `${invoiceUrl}/credit-notes`, {
        id: crypto.randomUUID(),
        reason: 'Came back full',
        lines: [{ invoiceLineId: charged.lines[0].id, quantity: 2 }],
      })
      expect(goods.statusCode, goods.body).toBe(201)
      const invoice = dataOf<Invoice>(await call(managerA, 'GET', invoiceUrl))
      expect(
        invoice.creditNotes.map((n) => [n.subtotalCents, n.depositCents, n.taxCents, n.totalCents]),
      ).toEqual([
        [0, 3000, 0, 3000],
        [17998, 3000, 1485, 22483],
      ])
      expect(invoice).toMatchObject({ totalCents: 25483, creditedCents: 25483, balanceCents: 0 })
      const late = await scan(brewerA, { kind: 'returned', assetNumber: b.assetNumber })
      expect(late.statusCode, late.body).toBe(201)
      expect(dataOf<{ event: KegEvent }>(late).event.creditNoteNumber).toBeNull()
      expect(dataOf<Invoice>(await call(managerA, 'GET', invoiceUrl)).creditNotes).toHaveLength(2)
    })

    // The kegs of one scan are credited one after the other (ADR 422): a later keg sees what an earlier one took.
    it('credits the kegs of one scan back in turn: a line whose deposit the goods took half of refunds one keg, not two', async () => {
      const { number } = await seedPackaged(testDb.db, tenantA, {
        packageId: keg,
        units: 2,
        volumeBbl: 0.33334,
        occurredAt: new Date(Date.now() - 35 * DAY),
      })
      const run = dataOf<KegPackageRun[]>(await call(brewerA, 'GET', '/api/kegs/package-runs')).find(
        (r) => r.batchNumber === number,
      )!
      const [a, b] = await addKegs('KT-', 2)
      const filled = await scanMany(brewerA, {
        kind: 'filled',
        assetNumbers: [a.assetNumber, b.assetNumber],
        packageRunId: run.id,
      })
      expect(filled.statusCode, filled.body).toBe(201)
      const { order } = await dispatchedOrder('Turn Taken Tap')
      const shipped = await scanMany(brewerA, {
        kind: 'shipped',
        assetNumbers: [a.assetNumber, b.assetNumber],
        orderId: order.id,
      })
      expect(shipped.statusCode, shipped.body).toBe(201)
      // One unit came back as goods: its deposit (3000 of the line's 6000) is refunded with it.
      const invoiceUrl = `/api/sales/invoices/${order.invoiceId}`
      const charged = dataOf<Invoice>(await call(managerA, 'GET', invoiceUrl))
      const goods = await sales(managerA, 'POST', `${invoiceUrl}/credit-notes`, {
        id: crypto.randomUUID(),
        reason: 'One came back full',
        lines: [{ invoiceLineId: charged.lines[0].id, quantity: 1 }],
      })
      expect(goods.statusCode, goods.body).toBe(201)
      const back = await scanMany(brewerA, { kind: 'returned', assetNumbers: [a.assetNumber, b.assetNumber] })
      expect(back.statusCode, back.body).toBe(201)
      const events = dataOf<{ event: KegEvent }[]>(back).map((s) => s.event)
      expect(events[0].creditNoteNumber).toMatch(/^CN-\d{5}$/)
      expect(events[1].creditNoteNumber).toBeNull()
      const invoice = dataOf<Invoice>(await call(managerA, 'GET', invoiceUrl))
      expect(invoice.creditNotes.map((n) => n.depositCents)).toEqual([3000, 3000])
    })

    it('refuses a cleaning of a clean keg, an unknown number, a run of another size and a scan from the future', async () => {
      const [k] = await addKegs('RF-', 1)
      const clean = await scan(brewerA, { kind: 'cleaned', assetNumber: k.assetNumber })
      expect(errorOf(clean).message).toBe(
        `Keg ${k.assetNumber} is clean at the brewery: only a dirty or damaged keg at the brewery can be cleaned.`,
      )
      const unknown = await scan(brewerA, { kind: 'cleaned', assetNumber: 'NOPE-1' })
      expect(unknown.statusCode).toBe(404)
      expect(errorOf(unknown).message).toBe('No keg numbered NOPE-1 in this brewery.')
      const half = await kegWrite(managerA, 'POST', '/api/kegs', {
        count: 1,
        size: '1/2 BBL',
        owner: 'ours',
        prefix: 'HF-',
      })
      const halfKeg = dataOf<Keg[]>(half)[0]
      const wrongSize = await scan(brewerA, {
        kind: 'filled',
        assetNumber: halfKeg.assetNumber,
        packageRunId: runId,
      })
      expect(wrongSize.statusCode).toBe(409)
      expect(errorOf(wrongSize).message).toBe(
        `Keg ${halfKeg.assetNumber} is a 1/2 BBL keg; this run filled 1/6 BBL Keg.`,
      )
      const future = await scan(brewerA, {
        kind: 'damaged',
        assetNumber: k.assetNumber,
        occurredAt: new Date(Date.now() + DAY).toISOString(),
      })
      expect(future.statusCode).toBe(400)
      const bad = await scan(brewerA, { kind: 'sold', assetNumber: k.assetNumber })
      expect(bad.statusCode).toBe(400)
    })

    it('scans several kegs at once as one scan each would: a pallet filled and shipped onto an order, then returned and cleaned; all or none', async () => {
      const { number } = await seedPackaged(testDb.db, tenantA, {
        packageId: keg,
        units: 3,
        volumeBbl: 0.5,
        occurredAt: new Date(Date.now() - 35 * DAY),
      })
      const run = dataOf<KegPackageRun[]>(await call(brewerA, 'GET', '/api/kegs/package-runs')).find(
        (r) => r.batchNumber === number,
      )!
      const numbers = (await addKegs('PL-', 4)).map((k) => k.assetNumber)
      const statuses = async () =>
        dataOf<Keg[]>(await call(brewerA, 'GET', '/api/kegs'))
          .filter((k) => numbers.includes(k.assetNumber))
          .map((k) => k.status)
      const occurredAt = new Date(Date.now() - 30 * DAY).toISOString()
      // A run of three fills no fourth keg: the scan is refused whole, and no keg is filled.
      const over = await scanMany(brewerA, {
        kind: 'filled',
        assetNumbers: numbers,
        packageRunId: run.id,
        occurredAt,
      })
      expect(over.statusCode).toBe(409)
      expect(errorOf(over).message).toBe('This run filled 3 × 1/6 BBL Keg and all 3 are already scanned.')
      expect(await statuses()).toEqual(['clean', 'clean', 'clean', 'clean'])

      const filled = await scanMany(brewerA, {
        kind: 'filled',
        assetNumbers: numbers.slice(0, 3).map((n) => n.toLowerCase()),
        packageRunId: run.id,
        occurredAt,
      })
      expect(filled.statusCode, filled.body).toBe(201)
      expect(
        dataOf<{ keg: Keg; event: KegEvent }[]>(filled).map(({ keg: k, event }) => [
          k.assetNumber,
          k.status,
          k.fill?.batchNumber,
          event.kind,
        ]),
      ).toEqual(numbers.slice(0, 3).map((n) => [n, 'full', number, 'filled']))
      expect(
        dataOf<KegPackageRun[]>(await call(brewerA, 'GET', '/api/kegs/package-runs')).find(
          (r) => r.id === run.id,
        )?.filled,
      ).toBe(3)

      const { customerId, order } = await dispatchedOrder('Pallet Pub')
      const shipped = await scanMany(brewerA, {
        kind: 'shipped',
        assetNumbers: numbers.slice(0, 2),
        orderId: order.id,
        occurredAt: new Date(Date.now() - 20 * DAY).toISOString(),
      })
      expect(shipped.statusCode, shipped.body).toBe(201)
      for (const { event } of dataOf<{ event: KegEvent }[]>(shipped))
        expect(event).toMatchObject({
          depositCents: 3000,
          customerName: 'Pallet Pub',
          orderNumber: order.number,
          batchNumber: number,
        })
      const holding = dataOf<KegCustomerHolding>(
        await call(managerA, 'GET', `/api/kegs/customers/${customerId}`),
      )
      expect(holding).toMatchObject({ depositBalanceCents: 6000 })
      expect(holding.kegs.map((k) => k.assetNumber)).toEqual(numbers.slice(0, 2))

      const back = await scanMany(brewerA, { kind: 'returned', assetNumbers: numbers.slice(0, 2) })
      expect(back.statusCode, back.body).toBe(201)
      const credits = dataOf<{ event: KegEvent }[]>(back).map((s) => s.event)
      expect(credits.map((e) => e.depositCents)).toEqual([-3000, -3000])
      expect(new Set(credits.map((e) => e.creditNoteNumber)).size).toBe(2)
      const cleaned = await scanMany(brewerA, { kind: 'cleaned', assetNumbers: numbers.slice(0, 2) })
      expect(cleaned.statusCode, cleaned.body).toBe(201)
      expect(await statuses()).toEqual(['clean', 'clean', 'full', 'clean'])
    })

    it('refuses a bad scan of several kegs with a clear message naming the keg, and keeps none of it', async () => {
      const [damaged, clean] = await addKegs('BD-', 2)
      for (const [data, path, message] of [
        [{ kind: 'cleaned', assetNumbers: [] }, 'data.assetNumbers', 'Scan at least one keg'],
        [
          { kind: 'cleaned', assetNumbers: [clean.assetNumber, clean.assetNumber.toLowerCase()] },
          'data.assetNumbers.1',
          `Keg ${clean.assetNumber} is listed twice`,
        ],
        [
          { kind: 'cleaned', assetNumbers: Array.from({ length: 201 }, (_, i) => `BD-${i}`) },
          'data.assetNumbers',
          'At most 200 kegs in one scan',
        ],
        [
          { kind: 'cleaned', assetNumbers: ['BD 1'] },
          'data.assetNumbers.0',
          'A keg number is letters, digits and dashes',
        ],
        [
          { kind: 'filled', assetNumbers: [clean.assetNumber] },
          'data.packageRunId',
          'Choose the package run',
        ],
      ] as const) {
        const response = await scanMany(brewerA, data)
        expect(response.statusCode, JSON.stringify(data)).toBe(400)
        expect(errorOf(response).issues).toContainEqual({ path, message })
      }
      const unknown = await scanMany(brewerA, {
        kind: 'cleaned',
        assetNumbers: [clean.assetNumber, 'NOPE-1', 'NOPE-2'],
      })
      expect(unknown.statusCode).toBe(404)
      expect(errorOf(unknown).message).toBe('No kegs numbered NOPE-1, NOPE-2 in this brewery.')
      expect(errorOf(unknown).issues?.map((i) => i.path)).toEqual([
        'data.assetNumbers.1',
        'data.assetNumbers.2',
      ])

      expect((await scan(brewerA, { kind: 'damaged', assetNumber: damaged.assetNumber })).statusCode).toBe(
        201,
      )
      // The damaged keg may be cleaned, the clean one may not: the second is named and the first stays damaged.
      const refused = await scanMany(brewerA, {
        kind: 'cleaned',
        assetNumbers: [damaged.assetNumber, clean.assetNumber],
      })
      expect(refused.statusCode).toBe(409)
      expect(errorOf(refused)).toMatchObject({
        message: `Keg ${clean.assetNumber} is clean at the brewery: only a dirty or damaged keg at the brewery can be cleaned.`,
        issues: [{ path: 'data.assetNumbers.1' }],
      })
      const after = dataOf<Keg[]>(await call(brewerA, 'GET', '/api/kegs'))
      expect(after.find((k) => k.assetNumber === damaged.assetNumber)?.status).toBe('damaged')
      // Another brewery does not know the numbers.
      expect(
        (await scanMany(adminB, { kind: 'damaged', assetNumbers: [clean.assetNumber] })).statusCode,
      ).toBe(404)
    })

    it('keeps each brewery to its own kegs: another brewery gets 404 for a keg, its scan, its labels and a customer', async () => {
      const [k] = await addKegs('TN-', 1)
      expect((await call(adminB, 'GET', `/api/kegs/${k.id}`)).statusCode).toBe(404)
      expect((await call(adminB, 'GET', `/api/kegs/${k.id}/trace`)).statusCode).toBe(404)
      expect((await call(adminB, 'GET', `/api/kegs/labels?numbers=${k.assetNumber}`)).statusCode).toBe(404)
      expect((await scan(adminB, { kind: 'damaged', assetNumber: k.assetNumber })).statusCode).toBe(404)
      expect(
        (await scan(adminB, { kind: 'filled', assetNumber: k.assetNumber, packageRunId: runId })).statusCode,
      ).toBe(404)
      expect(dataOf<Keg[]>(await call(adminB, 'GET', '/api/kegs'))).toEqual([])
      expect(dataOf<KegPackageRun[]>(await call(adminB, 'GET', '/api/kegs/package-runs'))).toEqual([])
      const { customerId } = await dispatchedOrder('Tenancy Tap', 1)
      expect((await call(adminB, 'GET', `/api/kegs/customers/${customerId}`)).statusCode).toBe(404)
    })

    it('flags kegs out past the limit and raises one alert per customer in the daily check', async () => {
      const [k] = await addKegs('OD-', 1)
      expect(
        (
          await scan(brewerA, {
            kind: 'filled',
            assetNumber: k.assetNumber,
            packageRunId: runId,
            occurredAt: new Date(Date.now() - 15 * DAY).toISOString(),
          })
        ).statusCode,
      ).toBe(201)
      const { customerId, order } = await dispatchedOrder('Slow Pub', 1)
      const out = await scan(brewerA, {
        kind: 'shipped',
        assetNumber: k.assetNumber,
        orderId: order.id,
        occurredAt: new Date(Date.now() - 12 * DAY).toISOString(),
      })
      expect(out.statusCode, out.body).toBe(201)
      expect((await kegWrite(brewerA, 'PUT', '/api/kegs/settings', { daysOutLimit: 10 })).statusCode).toBe(
        403,
      )
      expect((await kegWrite(managerA, 'PUT', '/api/kegs/settings', { daysOutLimit: 10 })).statusCode).toBe(
        200,
      )
      const board = dataOf<KegBoard>(await call(brewerA, 'GET', '/api/kegs/board'))
      expect(board.daysOutLimit).toBe(10)
      expect(board.customers.find((c) => c.customerId === customerId)?.kegs[0]).toMatchObject({
        daysOut: 12,
        isOverdue: true,
      })
      const raised = await checkOverdueKegs(testDb.db, entityA, new Date())
      expect(raised.map((a) => a.message)).toContain(`Slow Pub holds 1 keg past 10 days: ${k.assetNumber}`)
      expect(
        (await checkOverdueKegs(testDb.db, entityA, new Date())).filter((a) =>
          a.message.startsWith('Slow Pub'),
        ),
      ).toEqual([])
      expect((await kegWrite(managerA, 'PUT', '/api/kegs/settings', { daysOutLimit: 60 })).statusCode).toBe(
        200,
      )
    })
  })
})
