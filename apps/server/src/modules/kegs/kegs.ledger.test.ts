import {
  makeEnvelope,
  todayIn,
  type KegEvent,
  type KegPackageRun,
  type Keg,
  type Order,
} from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedPackaged, seedSellable } from '../../testing/sales-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'

type Reply = { json<T>(): T; statusCode: number; body: string }
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
type Line = { ref: string; barrels: string }

// ADR 351: a full keg damaged or lost at the brewery loses its beer — a breakage of packaged beer on the liquid
// ledger (`lost`, class `losses`: TTB F 5130.26 line 14), one keg of its lot. A keg lost at a customer after its
// order's taxpaid removal (line 10) touches the ledger no more. Worked by hand, all in this quarter:
//   packaged: 6 × 1/6 BBL keg = 1.00002 bbl (0.16667 a keg)
//   K-0001 filled, damaged full at the brewery      → loss 1.00002 × 1/6 = 0.16667 bbl
//   K-0002 filled, lost full at the brewery         → loss 0.16667 bbl; line 14 = 0.33334 → 0.33
//   K-0003 filled, shipped on an order of 1, dispatched (removed taxpaid 0.16667 → line 10 = 0.17), then lost at
//          the customer                             → no event: line 14 stays 0.33, line 10 0.17
//   K-0004 clean (empty), damaged                   → no event
//   finished goods left: 6 − 2 − 1 = 3 kegs = 0.50001 bbl (the ledger's packaged place).
describe.each(TEST_DATABASES)('kegs on the liquid ledger on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let manager: string
  let entityId: string
  let keg: string
  let runId: string
  let quarter: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(manager)}` },
    }) as Promise<Reply>
  const sales = (method: 'POST' | 'PUT', url: string, data: object) =>
    call(method, url, makeEnvelope('sales', data))
  const scan = async (data: object) => {
    const response = await call('POST', '/api/kegs/scans', makeEnvelope('keg', data))
    expect(response.statusCode, response.body).toBe(201)
    return dataOf<{ keg: Keg; event: KegEvent }>(response)
  }
  const form = async () =>
    Object.fromEntries(
      dataOf<{ lines: Line[] }>(await call('GET', `/api/reports/ttb/5130-26?quarter=${quarter}`)).lines.map(
        (line) => [line.ref, line.barrels],
      ),
    )
  const lossEvents = () =>
    testDb.db
      .select()
      .from(liquidEvents)
      .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.kind, 'lost')))

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    manager = crypto.randomUUID()
    const onboarded = await call(
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', {
        user: { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' },
        entity: {
          name: 'Ledger Kegs',
          address: '2 Dock Road',
          city: 'Portland',
          state: 'OR',
          zip: '97201',
          phone: '(503) 555-0102',
          ein: '12-3456780',
          type: 'Brewery',
        },
      }),
    )
    entityId = dataOf<{ entityId: string }>(onboarded).entityId
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, manager))
    const tenant: Tenant = { entityId, role: 'Admin', userId: row.id, sub: manager }
    ;({ keg } = await seedSellable(testDb.db, entityId))
    await seedPackaged(testDb.db, tenant, {
      packageId: keg,
      units: 6,
      volumeBbl: 1.00002,
      occurredAt: new Date(Date.now() - 3_600_000),
    })
    const day = todayIn(await breweryTimeZone(testDb.db, entityId))
    quarter = `${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`
    expect(
      (
        await sales('POST', '/api/sales/price-lists', {
          id: crypto.randomUUID(),
          name: 'Wholesale',
          isDefault: true,
          prices: [{ packageId: keg, minQuantity: 1, unitPriceCents: 8999 }],
        })
      ).statusCode,
    ).toBe(201)
    runId = dataOf<KegPackageRun[]>(await call('GET', '/api/kegs/package-runs'))[0].id
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('books a full keg damaged or lost at the brewery as a loss of its beer, and nothing for one lost at a customer', async () => {
    const added = await call(
      'POST',
      '/api/kegs',
      makeEnvelope('keg', { count: 4, size: '1/6 BBL', owner: 'ours', prefix: 'K-' }),
    )
    expect(added.statusCode, added.body).toBe(201)
    for (const n of ['K-0001', 'K-0002', 'K-0003'])
      await scan({ kind: 'filled', assetNumber: n, packageRunId: runId })
    expect((await form())['14']).toBe('0.00')

    const damaged = await scan({ kind: 'damaged', assetNumber: 'K-0001' })
    expect(damaged.event.lossBarrels).toBe(0.16667)
    const lost = await scan({ kind: 'lost', assetNumber: 'K-0002' })
    expect(lost.event.lossBarrels).toBe(0.16667)
    const losses = await lossEvents()
    expect(losses.map((e) => [e.ttbClass, Number(e.volumeBbl)])).toEqual([
      ['losses', 0.16667],
      ['losses', 0.16667],
    ])
    expect(losses.map((e) => e.reason).sort()).toEqual([
      'Keg K-0001 damaged full at the brewery',
      'Keg K-0002 lost full at the brewery',
    ])
    expect((await form())['14']).toBe('0.33')

    // K-0003 leaves on a dispatched order (the taxpaid removal), then is lost at the customer.
    const customerId = crypto.randomUUID()
    await sales('POST', '/api/sales/customers', { id: customerId, name: 'Far Bar', kind: 'bar' })
    const orderId = crypto.randomUUID()
    await sales('POST', '/api/sales/orders', {
      id: orderId,
      customerId,
      lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: 1 }],
    })
    for (const step of ['confirm', 'pick', 'dispatch'])
      expect(
        (
          await sales(
            'POST',
            `/api/sales/orders/${orderId}/${step}`,
            step === 'dispatch' ? { dispatchedAt: null } : {},
          )
        ).statusCode,
      ).toBe(200)
    expect(dataOf<Order>(await call('GET', `/api/sales/orders/${orderId}`)).status).toBe('dispatched')
    await scan({ kind: 'shipped', assetNumber: 'K-0003', orderId })
    const before = await form()
    expect([before['10'], before['14']]).toEqual(['0.17', '0.33'])
    const away = await scan({ kind: 'lost', assetNumber: 'K-0003' })
    expect(away.event.lossBarrels).toBeNull()
    // An empty keg damaged loses no beer.
    expect((await scan({ kind: 'damaged', assetNumber: 'K-0004' })).event.lossBarrels).toBeNull()
    expect(await lossEvents()).toHaveLength(2)
    const after = await form()
    expect([after['10'], after['13'], after['14']]).toEqual(['0.17', '0.00', '0.33'])
    expect(after).toEqual(before)
  })
})
