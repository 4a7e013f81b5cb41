import {
  makeEnvelope,
  type Order,
  type Recall,
  type RecallSummary,
  type Role,
  type Trace,
  type TraceMatch,
  type TraceNode,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { seedTraceBrewery } from './trace-seed.test-helper.ts'

const BUSINESS = {
  name: 'Trace Co',
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
  headers: Record<string, unknown>
  rawPayload: Buffer
}
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
const messageOf = (response: Reply) => response.json<{ error: { message: string } }>().error.message
const flatten = (node: TraceNode): TraceNode[] => [node, ...node.children.flatMap(flatten)]

// The brewery of trace-seed.test-helper.ts (worked by hand there). Then, through the API:
//   order 1: 10 kegs to Named Bar, confirmed, picked, dispatched (invoice issued): all from lot (keg, A).
//   order 2: 5 kegs confirmed (held on the shelf, not picked); order 3: 4 kegs confirmed and picked, not dispatched.
//   Still on hand (the ledger): 63 − 10 = 53 kegs of lot (keg, A).
// Batch B is ⅓ of each run (run 1: B 2 of 6 bbl; run 2: B 1.5 of 4.5 bbl), so the malt lot reaches every keg.
describe.each(TEST_DATABASES)('trace and recall API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let managerA: string
  let brewerA: string
  let adminB: string
  let entityA: string
  let tenantA: Tenant
  let keg: string
  let seed: Awaited<ReturnType<typeof seedTraceBrewery>>
  let order1: Order
  let order2: Order
  let order3: Order

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    (await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })) as unknown as Reply
  const sales = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('sales', data))
  const recallWrite = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('recall', data))

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
  async function order(units: number, steps: string[]) {
    const id = crypto.randomUUID()
    const made = await sales(managerA, 'POST', '/api/sales/orders', {
      id,
      customerId: seed.customerId,
      lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: units, unitPriceCents: 9000 }],
    })
    expect(made.statusCode, made.body).toBe(201)
    for (const step of steps) {
      const response = await sales(managerA, 'POST', `/api/sales/orders/${id}/${step}`, {})
      expect(response.statusCode, `${step}: ${response.body}`).toBe(200)
    }
    return dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${id}`))
  }
  const startRecall = async (data: object, sub = managerA) =>
    recallWrite(sub, 'POST', '/api/trace/recalls', {
      id: crypto.randomUUID(),
      reason: 'Foreign matter in malt',
      ...data,
    })

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
    ;({ keg } = await seedSellable(testDb.db, entityA))
    seed = await seedTraceBrewery(testDb.db, tenantA, keg, 'X1')
    order1 = await order(10, ['confirm', 'pick', 'dispatch'])
    order2 = await order(5, ['confirm'])
    order3 = await order(4, ['confirm', 'pick'])
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('finds a lot code, batch, order, invoice, SKU and customer with one search box', async () => {
    const search = async (q: string) =>
      dataOf<TraceMatch[]>(await call(managerA, 'GET', `/api/trace/search?q=${encodeURIComponent(q)}`))
    expect((await search('MALT-X1')).map((m) => [m.kind, m.id])).toEqual([['lot', seed.lotId]])
    expect((await search(seed.b.number)).find((m) => m.kind === 'batch')?.id).toBe(seed.b.batchId)
    expect((await search(order1.number)).find((m) => m.kind === 'order')?.id).toBe(order1.id)
    const invoiceNumber = (await search('INV-')).find((m) => m.kind === 'invoice')
    expect(invoiceNumber).toBeDefined()
    expect((await search('HZ-K6')).find((m) => m.kind === 'package')?.id).toBe(keg)
    expect((await search('Named Bar X1')).find((m) => m.kind === 'customer')?.id).toBe(seed.customerId)
    // % and _ are matched as themselves, not as patterns.
    expect(await search('%%')).toEqual([])
    // Another brewery finds nothing of A's.
    expect(dataOf<TraceMatch[]>(await call(adminB, 'GET', '/api/trace/search?q=MALT-X1'))).toEqual([])
  })

  it('refuses a search that is too short or too long, in a sentence', async () => {
    const short = await call(managerA, 'GET', '/api/trace/search?q=M')
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('at least 2 characters')
    const long = await call(managerA, 'GET', `/api/trace/search?q=${'x'.repeat(101)}`)
    expect(long.statusCode).toBe(400)
    const missing = await call(managerA, 'GET', '/api/trace/search')
    expect(missing.statusCode).toBe(400)
  })

  it('traces the malt lot forward through the blend to the runs, the lot of kegs, the order and the customer', async () => {
    const trace = dataOf<Trace>(await call(managerA, 'GET', `/api/trace/nodes/lot/${seed.lotId}`))
    expect(trace.direction).toBe('forward')
    const nodes = flatten(trace.tree)
    const batch = nodes.find((n) => n.kind === 'batch')!
    expect(batch.label).toBe(seed.b.number)
    expect(batch.quantity).toBe('40 kg used')
    const runs = batch.children.filter((n) => n.kind === 'package-run')
    // Run 1: B 6 × 5/15 = 2 bbl of 6; run 2: B 4.5 × 3/9 = 1.5 bbl of 4.5: a third of each.
    expect(runs.map((r) => r.quantity).sort()).toEqual([
      '1.50 bbl of 4.50 bbl (33.3 % of it)',
      '2.00 bbl of 6.00 bbl (33.3 % of it)',
    ])
    expect(runs[0].detail).toContain('a blend of')
    const goods = nodes.filter((n) => n.kind === 'finished-goods')
    expect(goods[0].detail).toBe(`lot ${seed.a.number} · 53 on hand`)
    const orders = nodes.filter((n) => n.kind === 'order')
    expect(orders.map((o) => o.label)).toContain(order1.number)
    const shipped = orders.find((o) => o.label === order1.number)!
    expect(shipped.quantity).toBe('10 units')
    expect(shipped.detail).toMatch(/dispatched \d{4}-\d{2}-\d{2} · invoice /)
    const customer = shipped.children.find((n) => n.kind === 'customer')!
    expect(customer.label).toBe('Named Bar X1')
    expect(customer.detail).toBe('Pat Keeper · 541-555-0100 · pat@named.example')
    // What is left in bulk: B 1 bbl in FV2 and B 1.5 bbl in BT2.
    expect(
      batch.children
        .filter((n) => n.kind === 'stock')
        .map((n) => n.quantity)
        .sort(),
    ).toEqual(['1.00 bbl', '1.50 bbl'])
    // Keys are unique in the tree.
    expect(new Set(nodes.map((n) => n.key)).size).toBe(nodes.length)
  })

  it('traces the order backward to both batches of the blend, the malt lot with its supplier, cleaning and readings', async () => {
    const trace = dataOf<Trace>(await call(managerA, 'GET', `/api/trace/nodes/order/${order1.id}`))
    expect(trace.direction).toBe('backward')
    expect(trace.tree.label).toBe(order1.number)
    const nodes = flatten(trace.tree)
    const batches = nodes.filter((n) => n.kind === 'batch')
    expect(new Set(batches.map((b) => b.label))).toEqual(new Set([seed.a.number, seed.b.number]))
    const fromB = batches.find((b) => b.label === seed.b.number && b.quantity.startsWith('2.00'))!
    expect(fromB.quantity).toBe('2.00 bbl (33.3 % of it)')
    const lot = nodes.find((n) => n.kind === 'lot')!
    expect(lot.label).toBe('Pale malt X1 lot MALT-X1')
    expect(lot.detail).toBe('Great Western · received 2026-02-20')
    expect(lot.quantity).toBe('40 kg')
    const cleaning = nodes.find((n) => n.kind === 'cleaning')!
    expect(cleaning.label).toBe('clean 2026-02-28')
    expect(cleaning.detail).toBe('Caustic')
    // The invoice's trace is the order's.
    const invoiceId = (await call(managerA, 'GET', `/api/sales/orders/${order1.id}`)).json<{ data: Order }>()
      .data.invoiceId!
    const byInvoice = dataOf<Trace>(await call(managerA, 'GET', `/api/trace/nodes/invoice/${invoiceId}`))
    expect(flatten(byInvoice.tree).some((n) => n.label === 'Pale malt X1 lot MALT-X1')).toBe(true)
    // The customer's: every order of theirs.
    const byCustomer = dataOf<Trace>(
      await call(managerA, 'GET', `/api/trace/nodes/customer/${seed.customerId}`),
    )
    expect(byCustomer.tree.children.map((n) => n.label)).toEqual([
      order1.number,
      order2.number,
      order3.number,
    ])
  })

  it('keeps each brewery to its own: 404 for another brewery, 403 for a Brewer, 400 for a bad kind', async () => {
    expect((await call(adminB, 'GET', `/api/trace/nodes/lot/${seed.lotId}`)).statusCode).toBe(404)
    expect((await call(adminB, 'GET', `/api/trace/nodes/order/${order1.id}`)).statusCode).toBe(404)
    expect((await call(brewerA, 'GET', `/api/trace/nodes/lot/${seed.lotId}`)).statusCode).toBe(403)
    expect((await call(managerA, 'GET', `/api/trace/nodes/vessel/${seed.lotId}`)).statusCode).toBe(400)
    expect((await call(managerA, 'GET', '/api/trace/nodes/lot/not-a-uuid')).statusCode).toBe(404)
    expect((await call(managerA, 'GET', `/api/trace/nodes/finished-goods/${keg}:nope`)).statusCode).toBe(404)
  })

  it('runs a timed mock recall drill that lists the customer and holds nothing', async () => {
    const response = await startRecall({ kind: 'drill', originKind: 'lot', originId: seed.lotId })
    expect(response.statusCode, response.body).toBe(201)
    const drill = dataOf<Recall>(response)
    expect(drill.number).toMatch(/^DRILL-\d{4}$/)
    expect(drill.listMs).toBeGreaterThan(0)
    expect(drill.customers.map((c) => [c.customerName, c.unitsShipped])).toEqual([['Named Bar X1', 10]])
    expect(drill.holds).toEqual([])
    expect(drill.stock.length).toBeGreaterThan(0)
    expect(drill.history.map((h) => h.action)).toEqual(['started', 'list complete'])
    // Nothing held: a pick still goes through the checks (order 2 is confirmed).
  })

  describe('Start Recall from the malt lot', () => {
    let recall: Recall

    beforeAll(async () => {
      const response = await startRecall({ kind: 'recall', originKind: 'lot', originId: seed.lotId })
      expect(response.statusCode, response.body).toBe(201)
      recall = dataOf<Recall>(response)
    })

    it('lists the customer with what was shipped, when, and their contact; puts the stock left on hold', () => {
      expect(recall.number).toMatch(/^RC-\d{4}$/)
      expect(recall.customers).toHaveLength(1)
      const [customer] = recall.customers
      expect(customer.customerName).toBe('Named Bar X1')
      expect(customer.unitsShipped).toBe(10)
      expect(customer.contacts[0].phone).toBe('541-555-0100')
      expect(customer.shipments[0]).toMatchObject({
        orderNumber: order1.number,
        batchNumber: seed.a.number,
        units: 10,
      })
      expect(customer.shipments[0].invoiceNumber).not.toBe('')
      // Held: the malt lot's 60 kg, the 53 kegs on hand, and the bulk of A and B (BT2 A 3 + B 1.5, FV2 B 1).
      const held = recall.holds.map((h) => h.kind).sort()
      expect(held).toEqual(['bulk', 'bulk', 'finished-goods', 'ingredient-lot'])
      expect(recall.stock.find((s) => s.kind === 'ingredient-lot')!.quantity).toBe('60 kg')
      expect(recall.stock.find((s) => s.kind === 'finished-goods')!.quantity).toBe('53 units')
      expect(recall.stock.find((s) => s.kind === 'bulk' && s.batchId === seed.b.batchId)!.quantity).toBe(
        '2.50 bbl',
      )
    })

    it('refuses a pick of held stock', async () => {
      const response = await sales(managerA, 'POST', `/api/sales/orders/${order2.id}/pick`, {})
      expect(response.statusCode).toBe(409)
      expect(messageOf(response)).toMatch(/is on hold \(recall RC-\d{4}: Foreign matter in malt\)/)
    })

    it('refuses a dispatch of held stock picked before the hold', async () => {
      const response = await sales(managerA, 'POST', `/api/sales/orders/${order3.id}/dispatch`, {})
      expect(response.statusCode).toBe(409)
      expect(messageOf(response)).toContain('is on hold')
    })

    it('refuses held stock loaded on a van with its pick or picked before, on one order or several, naming the order', async () => {
      const one = await sales(managerA, 'POST', `/api/sales/orders/${order2.id}/dispatch`, { pick: true })
      expect(one.statusCode).toBe(409)
      expect(messageOf(one)).toMatch(/is on hold \(recall RC-\d{4}: Foreign matter in malt\)/)
      const van = await sales(managerA, 'POST', '/api/sales/orders/dispatch', {
        orderIds: [order2.id],
        pick: true,
      })
      expect(van.statusCode).toBe(409)
      expect(messageOf(van)).toMatch(/is on hold \(recall RC-\d{4}: Foreign matter in malt\)/)
      expect(van.json<{ error: { issues: { path: string }[] } }>().error.issues[0].path).toBe(
        'data.orderIds.0',
      )
      const picked = await sales(managerA, 'POST', '/api/sales/orders/dispatch', { orderIds: [order3.id] })
      expect(picked.statusCode).toBe(409)
      expect(messageOf(picked)).toContain('is on hold')
    })

    it('refuses to confirm an order from held stock (it is not available to promise)', async () => {
      const id = crypto.randomUUID()
      await sales(managerA, 'POST', '/api/sales/orders', {
        id,
        customerId: seed.customerId,
        lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1, unitPriceCents: 9000 }],
      })
      const response = await sales(managerA, 'POST', `/api/sales/orders/${id}/confirm`, {})
      expect(response.statusCode).toBe(409)
    })

    it('refuses a removal (sale) of held finished goods from Inventory, but lets them be destroyed', async () => {
      const sold = await call(
        managerA,
        'POST',
        '/api/inventory/finished-goods/movements',
        makeEnvelope('stock', {
          id: crypto.randomUUID(),
          packageId: keg,
          kind: 'sold',
          units: 1,
          batchId: seed.a.batchId,
        }),
      )
      expect(sold.statusCode).toBe(409)
      expect(messageOf(sold)).toContain('is on hold')
      const unnamed = await call(
        managerA,
        'POST',
        '/api/inventory/finished-goods/movements',
        makeEnvelope('stock', {
          id: crypto.randomUUID(),
          packageId: keg,
          kind: 'sold',
          units: 1,
        }),
      )
      expect(unnamed.statusCode).toBe(409)
      const destroyed = await call(
        managerA,
        'POST',
        '/api/inventory/finished-goods/movements',
        makeEnvelope('stock', {
          id: crypto.randomUUID(),
          packageId: keg,
          kind: 'destroyed',
          units: 1,
          batchId: seed.a.batchId,
          reason: 'Recall: destroyed',
        }),
      )
      expect(destroyed.statusCode, destroyed.body).toBe(201)
    })

    it('refuses a packaging run from a vessel whose batch is held', async () => {
      const response = await call(
        managerA,
        'POST',
        '/api/cellar/packaging-runs',
        makeEnvelope('liquid-event', {
          id: crypto.randomUUID(),
          fromVesselId: seed.BT2,
          lines: [{ id: crypto.randomUUID(), packageId: keg, units: 2 }],
        }),
      )
      expect(response.statusCode).toBe(409)
      expect(messageOf(response)).toContain('is on hold')
    })

    it('refuses an inventory removal from the held malt lot, named or first-expiring', async () => {
      const adjust = (lotId: string | null) =>
        call(
          managerA,
          'POST',
          `/api/inventory/items/${seed.itemId}/adjustments`,
          makeEnvelope('stock', {
            id: crypto.randomUUID(),
            direction: 'remove',
            quantity: 5,
            unit: 'kg',
            lotId,
            reason: 'Spilt',
          }),
        )
      const named = await adjust(seed.lotId)
      expect(named.statusCode).toBe(409)
      expect(messageOf(named)).toContain('is on hold')
      // The only lot is held: first-expiring finds nothing to take.
      expect((await adjust(null)).statusCode).toBe(400)
    })

    it('marks the customer contacted with what they returned, and keeps it in the history', async () => {
      const bad = await recallWrite(
        managerA,
        'PUT',
        `/api/trace/recalls/${recall.id}/customers/${recall.customers[0].id}`,
        {
          contacted: true,
          returnedUnits: 11,
        },
      )
      expect(bad.statusCode).toBe(400)
      expect(messageOf(bad)).toBe('At most 10 units were shipped to them.')
      const negative = await recallWrite(
        managerA,
        'PUT',
        `/api/trace/recalls/${recall.id}/customers/${recall.customers[0].id}`,
        {
          contacted: true,
          returnedUnits: -1,
        },
      )
      expect(negative.statusCode).toBe(400)
      const response = await recallWrite(
        managerA,
        'PUT',
        `/api/trace/recalls/${recall.id}/customers/${recall.customers[0].id}`,
        {
          contacted: true,
          note: 'Pat pulled them from the line',
          returnedUnits: 8,
        },
      )
      expect(response.statusCode, response.body).toBe(200)
      const updated = dataOf<Recall>(response)
      expect(updated.customers[0].contactedAt).not.toBeNull()
      expect(updated.customers[0].returnedUnits).toBe(8)
      expect(updated.history.at(-1)).toMatchObject({
        action: 'contacted',
        note: 'Named Bar X1: 8 returned · Pat pulled them from the line',
      })
      const list = dataOf<RecallSummary[]>(await call(managerA, 'GET', '/api/trace/recalls'))
      expect(list.find((r) => r.id === recall.id)).toMatchObject({ customerCount: 1, contactedCount: 1 })
    })

    it('downloads the list as CSV and PDF', async () => {
      const csv = await call(managerA, 'GET', `/api/trace/recalls/${recall.id}/list.csv`)
      expect(csv.statusCode).toBe(200)
      expect(csv.headers['content-type']).toContain('text/csv')
      const lines = csv.body.trim().split('\r\n')
      expect(lines[0]).toBe(
        'Customer,Contact,Order,Invoice,Dispatched,Product,Batch,Units,Contacted,Returned,Note,Kegs still out',
      )
      expect(lines[1]).toContain(`Named Bar X1,Pat Keeper 541-555-0100 pat@named.example,${order1.number}`)
      expect(lines[1]).toContain(`,${seed.a.number},10,`)
      const pdf = await call(managerA, 'GET', `/api/trace/recalls/${recall.id}/list.pdf`)
      expect(pdf.statusCode).toBe(200)
      expect(pdf.headers['content-type']).toBe('application/pdf')
      const doc = await PDFDocument.load(pdf.rawPayload)
      expect(doc.getTitle()).toBe(`Recall ${recall.number}`)
      expect((await call(adminB, 'GET', `/api/trace/recalls/${recall.id}/list.csv`)).statusCode).toBe(404)
    })

    it('releases a hold with a reason; the pick then goes through', async () => {
      const hold = recall.holds.find((h) => h.kind === 'finished-goods')!
      const noReason = await recallWrite(
        managerA,
        'POST',
        `/api/trace/recalls/${recall.id}/holds/${hold.id}/release`,
        { reason: '' },
      )
      expect(noReason.statusCode).toBe(400)
      const brewer = await recallWrite(
        brewerA,
        'POST',
        `/api/trace/recalls/${recall.id}/holds/${hold.id}/release`,
        { reason: 'Tested clean' },
      )
      expect(brewer.statusCode).toBe(403)
      const released = await recallWrite(
        managerA,
        'POST',
        `/api/trace/recalls/${recall.id}/holds/${hold.id}/release`,
        { reason: 'Lab tested clean' },
      )
      expect(released.statusCode, released.body).toBe(200)
      expect(dataOf<Recall>(released).holds.find((h) => h.id === hold.id)!.releaseReason).toBe(
        'Lab tested clean',
      )
      const pick = await sales(managerA, 'POST', `/api/sales/orders/${order2.id}/pick`, {})
      expect(pick.statusCode, pick.body).toBe(200)
    })

    it('closes with its outcome; a closed recall takes no more contacts; another brewery sees nothing', async () => {
      const empty = await recallWrite(managerA, 'POST', `/api/trace/recalls/${recall.id}/close`, {
        outcome: ' ',
      })
      expect(empty.statusCode).toBe(400)
      const closed = await recallWrite(managerA, 'POST', `/api/trace/recalls/${recall.id}/close`, {
        outcome: '8 of 10 kegs returned and destroyed; 2 poured before the notice.',
      })
      expect(closed.statusCode, closed.body).toBe(200)
      expect(dataOf<Recall>(closed)).toMatchObject({
        status: 'closed',
        outcome: '8 of 10 kegs returned and destroyed; 2 poured before the notice.',
      })
      const again = await recallWrite(
        managerA,
        'PUT',
        `/api/trace/recalls/${recall.id}/customers/${recall.customers[0].id}`,
        { contacted: false },
      )
      expect(again.statusCode).toBe(409)
      expect((await call(adminB, 'GET', `/api/trace/recalls/${recall.id}`)).statusCode).toBe(404)
      expect(
        (await recallWrite(adminB, 'POST', `/api/trace/recalls/${recall.id}/close`, { outcome: 'x' }))
          .statusCode,
      ).toBe(404)
    })
  })

  it("refuses Start Recall from a Brewer, of another brewery's record, and without a reason", async () => {
    expect(
      (await startRecall({ kind: 'recall', originKind: 'lot', originId: seed.lotId }, brewerA)).statusCode,
    ).toBe(403)
    expect(
      (await startRecall({ kind: 'recall', originKind: 'lot', originId: seed.lotId }, adminB)).statusCode,
    ).toBe(404)
    const noReason = await startRecall({
      kind: 'recall',
      originKind: 'lot',
      originId: seed.lotId,
      reason: '',
    })
    expect(noReason.statusCode).toBe(400)
    expect(messageOf(noReason)).toContain('Say why')
    expect((await startRecall({ kind: 'panic', originKind: 'lot', originId: seed.lotId })).statusCode).toBe(
      400,
    )
  })
})
