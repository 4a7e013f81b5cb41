import { makeEnvelope, newRecipe } from '@brewcommand/domain'
import { and, eq, sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import type { Tenant } from '../auth/tenant.ts'
import type { Db } from '../db/client.ts'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { AppError } from '../errors.ts'
import errorHandler from '../plugins/error-handler.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { createWriteRunner, type Broadcast } from './write-runner.ts'

/** Statements other than a transaction's own `begin` and `commit` (PGlite sends those unseen). */
const isWork = (query: string) => !/^\s*(begin|commit|rollback)\b/i.test(query)

describe.each(TEST_DATABASES)('the write runner on %s', (kind) => {
  let testDb: TestDb
  const entityId = crypto.randomUUID()
  const tenant: Tenant = { entityId, role: 'Admin', userId: crypto.randomUUID(), sub: 'runner-test' }
  const broadcasts: { entityId: string; payload: Broadcast; sourceSocketId: string }[] = []
  const beforeCommit = vi.fn(async (tx: Db, write: { entityId: string | null }) => {
    // What a read-cache version bump would do: a write of its own, in the write's transaction.
    await tx
      .insert(idempotencyRecords)
      .values({ scope: `hook:${write.entityId}`, key: crypto.randomUUID(), requestHash: '', statusCode: 0 })
  })
  // What the read-cache version bump is: a statement sent with the stored response, in the transaction.
  const lastStatement = vi.fn(
    (write: { entityId: string | null }) =>
      sql`insert into ${idempotencyRecords} (scope, key, request_hash, status_code)
        values (${`last:${write.entityId}`}, ${crypto.randomUUID()}, '', 0)`,
  )
  const run = vi.fn(async (_tx: Db, body: { n: number; fail?: boolean }) => {
    if (body.fail) throw new AppError('CONFLICT', 'refused')
    return { n: body.n }
  })
  const afterCommit = vi.fn(async () => undefined)
  let app: FastifyInstance

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    app = Fastify()
    await app.register(errorHandler)
    app.decorateRequest('tenant', null as unknown as Tenant)
    app.addHook('preHandler', async (request) => {
      request.tenant = tenant
    })
    const runWrite = createWriteRunner({
      db: testDb.db,
      realtime: { dataModified: (id, event) => broadcasts.push({ entityId: id, ...event }) },
      beforeCommit,
      lastStatement,
    })
    app.post('/things', (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => run(tx, request.body as { n: number; fail?: boolean }),
        body: (result) => ({ data: result }),
        afterCommit,
        broadcast: (result) => ({ objectUri: 'thing', data: { id: 'thing', n: result.n } }),
      }),
    )
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await testDb?.client.close()
  })

  const send = (body: object, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/things',
      payload: body,
      headers: { 'x-socket-id': 'socket-1', ...(key ? { 'idempotency-key': key } : {}) },
    })
  const rowsIn = async (scope: string) =>
    (await testDb.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.scope, scope))).length
  /** Rows the hook and the last statement wrote: always as many of each. */
  const hookRows = async () => {
    const hooked = await rowsIn(`hook:${entityId}`)
    expect(await rowsIn(`last:${entityId}`)).toBe(hooked)
    return hooked
  }

  it('runs a write once per key; a replay answers the first response and runs, broadcasts and hooks nothing', async () => {
    const key = crypto.randomUUID()
    vi.clearAllMocks()
    broadcasts.length = 0
    const hooked = await hookRows()
    const first = await send({ n: 1 }, key)
    expect(first.statusCode).toBe(201)
    expect(first.json()).toEqual({ data: { n: 1 } })
    expect(run).toHaveBeenCalledTimes(1)
    expect(beforeCommit).toHaveBeenCalledTimes(1)
    expect(beforeCommit.mock.calls[0][1]).toEqual({ entityId })
    expect(lastStatement).toHaveBeenCalledTimes(1)
    expect(lastStatement.mock.calls[0][0]).toEqual({ entityId })
    expect(afterCommit).toHaveBeenCalledTimes(1)
    expect(broadcasts).toEqual([
      { entityId, sourceSocketId: 'socket-1', payload: { objectUri: 'thing', data: { id: 'thing', n: 1 } } },
    ])
    expect(await hookRows()).toBe(hooked + 1)

    const again = await send({ n: 1 }, key)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual({ data: { n: 1 } })
    expect(run).toHaveBeenCalledTimes(1)
    expect(beforeCommit).toHaveBeenCalledTimes(1)
    expect(afterCommit).toHaveBeenCalledTimes(1)
    expect(broadcasts).toHaveLength(1)
    expect(await hookRows()).toBe(hooked + 1)

    const reused = await send({ n: 2 }, key)
    expect(reused.statusCode).toBe(409)
    expect(run).toHaveBeenCalledTimes(1)
    expect(broadcasts).toHaveLength(1)
  })

  it('keeps no key, no hook write and no broadcast when the write is refused', async () => {
    const key = crypto.randomUUID()
    vi.clearAllMocks()
    broadcasts.length = 0
    const hooked = await hookRows()
    expect((await send({ n: 3, fail: true }, key)).statusCode).toBe(409)
    expect(broadcasts).toEqual([])
    expect(afterCommit).not.toHaveBeenCalled()
    expect(await hookRows()).toBe(hooked)
    const stored = await testDb.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, `entity:${entityId}`), eq(idempotencyRecords.key, key)))
    expect(stored).toEqual([])
    // The same key goes through once the write can succeed.
    expect((await send({ n: 3 }, key)).statusCode).toBe(201)
  })

  it('prepares no broadcast when nobody can hear it', async () => {
    const quiet = Fastify()
    quiet.decorateRequest('tenant', null as unknown as Tenant)
    quiet.addHook('preHandler', async (request) => {
      request.tenant = tenant
    })
    const dataModified = vi.fn()
    const broadcast = vi.fn(() => ({ objectUri: 'thing', data: { id: 'thing' } }))
    const runQuiet = createWriteRunner({ db: testDb.db, realtime: { dataModified, isHeard: () => false } })
    quiet.post('/quiet', (request, reply) =>
      runQuiet(request, reply, { status: 204, run: async () => 1, broadcast }),
    )
    expect((await quiet.inject({ method: 'POST', url: '/quiet', payload: {} })).statusCode).toBe(204)
    expect(broadcast).not.toHaveBeenCalled()
    expect(dataModified).not.toHaveBeenCalled()
    await quiet.close()
  })

  it('runs an unkeyed write in a transaction all the same, hook included', async () => {
    vi.clearAllMocks()
    const hooked = await hookRows()
    expect((await send({ n: 4 })).statusCode).toBe(201)
    expect((await send({ n: 4 })).statusCode).toBe(201)
    expect(run).toHaveBeenCalledTimes(2)
    expect(await hookRows()).toBe(hooked + 2)
  })
})

/**
 * The queries of a queued write through the whole app (counted on the database client). Before the
 * write runner a rename took 12 statements (tenant, a replay lookup in a pre-handler and another in
 * the service, an existence check, the update, six to read the product back, the key) plus BEGIN and
 * COMMIT; a new tasting note 9 (its broadcast's read included) plus BEGIN and COMMIT.
 */
describe.each(TEST_DATABASES)('queries per write on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  const admin = crypto.randomUUID()
  let productId: string
  const queries: string[] = []

  const token = () =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: admin },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, key: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${await token()}`, 'idempotency-key': key },
    })
  /** The statements one request sends, its transaction's own `begin`/`commit` apart. */
  async function counted(request: () => Promise<{ statusCode: number }>) {
    queries.length = 0
    const response = await request()
    const work = queries.filter(isWork)
    return { response, work, all: queries.slice() }
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind, { onQuery: (query) => queries.push(query) })
    t = await createTestApp({ db: testDb })
    const business = {
      name: 'Counting Co',
      address: '1 Mash Lane',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      phone: '(503) 555-0101',
      ein: '12-3456789',
      type: 'Brewery',
    }
    const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
    const onboarded = await call(
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: business }),
      crypto.randomUUID(),
    )
    expect(onboarded.statusCode).toBe(201)
    productId = crypto.randomUUID()
    const recipe = { ...newRecipe(productId), name: 'Counting Red' }
    const created = await call(
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Counted', recipes: [recipe] }),
      crypto.randomUUID(),
    )
    expect(created.statusCode).toBe(201)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('renames a product in 4 queries and one transaction', async () => {
    const key = crypto.randomUUID()
    const envelope = makeEnvelope('product', { name: 'Renamed' })
    const rename = () => call('PUT', `/api/products/${productId}`, envelope, key)
    const { response, work, all } = await counted(rename)
    expect(response.statusCode).toBe(200)
    // The tenant with the brewery's subscription (the payment guard's too), the key's claim, the update
    // that reads the product back, the stored response with the brewery's read-cache version (ADR 170)
    // in one statement.
    expect(work, work.join('\n')).toHaveLength(4)
    expect(work[3]).toMatch(
      /^with stored as \(\s*update "idempotency_records"[\s\S]*insert into "brewery_data_versions"/,
    )
    if (kind === 'postgres') expect(all.filter((q) => !isWork(q))).toEqual(['begin', 'commit'])

    // A replay: the tenant, the claim that finds the key, the one lookup of the stored response (nothing
    // ran, so no version bump).
    const replay = await counted(rename)
    expect(replay.response.statusCode).toBe(200)
    expect(replay.work, replay.work.join('\n')).toHaveLength(3)
  })

  it('adds a tasting note in 4 queries when no socket of the brewery listens', async () => {
    const note = { id: crypto.randomUUID(), category: 'Aroma', notes: 'Mango' }
    const { response, work } = await counted(() =>
      call(
        'POST',
        `/api/products/${productId}/tastingNotes`,
        makeEnvelope('product:tastingNote', note),
        crypto.randomUUID(),
      ),
    )
    expect(response.statusCode).toBe(201)
    // The tenant, the claim, the insert (which finds the product), the stored response with the version
    // bump. With a socket of the brewery connected (or Redis), the whole tastingNotes array is read for
    // the broadcast: a fifth.
    expect(work, work.join('\n')).toHaveLength(4)
  })

  it('answers a rename with the product exactly as the list gives it', async () => {
    const renamed = await call(
      'PUT',
      `/api/products/${productId}`,
      makeEnvelope('product', { name: 'Listed' }),
      crypto.randomUUID(),
    )
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { authorization: `Bearer ${await token()}` },
    })
    const strip = (product: { files: { url?: string }[] }) => ({
      ...product,
      files: product.files.map(({ url: _url, ...file }) => file),
    })
    const { data } = listed.json<{ data: { id: string; files: { url?: string }[] }[] }>()
    expect(strip(renamed.json<{ data: { files: { url?: string }[] } }>().data)).toEqual(
      strip(data.find((p) => p.id === productId)!),
    )
  })
})
