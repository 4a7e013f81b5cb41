import { makeEnvelope, type Order, type Recall, type Role } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedSellable } from '../../testing/sales-seed.ts'
import type { DatabaseKind } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { seedTraceBrewery } from './trace-seed.test-helper.ts'

// The app, two breweries and A's team for the trace tests beside trace.routes.test.ts (kegs in the trace, holds
// on every way stock moves): brewery A holds the trace brewery of trace-seed.test-helper.ts.

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

export type Reply = {
  json<T>(): T
  statusCode: number
  body: string
  headers: Record<string, unknown>
  rawPayload: Buffer
}
export const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
export const messageOf = (response: Reply) => response.json<{ error: { message: string } }>().error.message

export async function openTraceHarness(kind: DatabaseKind, tag: string) {
  const testDb: TestDb = await createTestDb(kind)
  const t: TestApp = await createTestApp({ db: testDb })
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
  const write = (sub: string, type: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope(type, data))
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
  const adminA = crypto.randomUUID()
  const adminB = crypto.randomUUID()
  const entityA = await brewery(adminA)
  await brewery(adminB)
  const managerA = await member(entityA, 'Manager')
  const brewerA = await member(entityA, 'Brewer')
  const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, managerA))
  const tenantA: Tenant = { entityId: entityA, role: 'Manager', userId: row.id, sub: managerA }
  const { keg } = await seedSellable(testDb.db, entityA)
  const seed = await seedTraceBrewery(testDb.db, tenantA, keg, tag)

  /** An order of `units` kegs to the seed's customer (or `customerId`), taken through `steps`. */
  async function order(units: number, steps: string[], customerId = seed.customerId) {
    const id = crypto.randomUUID()
    const made = await write(managerA, 'sales', 'POST', '/api/sales/orders', {
      id,
      customerId,
      lines: [{ id: crypto.randomUUID(), packageId: keg, quantity: units, unitPriceCents: 9000 }],
    })
    expect(made.statusCode, made.body).toBe(201)
    for (const step of steps) {
      const response = await write(managerA, 'sales', 'POST', `/api/sales/orders/${id}/${step}`, {})
      expect(response.statusCode, `${step}: ${response.body}`).toBe(200)
    }
    return dataOf<Order>(await call(managerA, 'GET', `/api/sales/orders/${id}`))
  }

  /** Start Recall (or a drill) from a trace node, as the Manager. */
  async function startRecall(data: object) {
    const response = await write(managerA, 'recall', 'POST', '/api/trace/recalls', {
      id: crypto.randomUUID(),
      reason: 'Foreign matter in malt',
      ...data,
    })
    expect(response.statusCode, response.body).toBe(201)
    return dataOf<Recall>(response)
  }

  return {
    testDb,
    t,
    call,
    write,
    member,
    adminA,
    adminB,
    entityA,
    managerA,
    brewerA,
    tenantA,
    keg,
    seed,
    order,
    startRecall,
    async close() {
      await t.app.close()
      await testDb.client.close()
    },
  }
}
export type TraceHarness = Awaited<ReturnType<typeof openTraceHarness>>
