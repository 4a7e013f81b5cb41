// The reports' cache (ADR 376): an answer kept per brewery data version and quarter hour, with its ETag. The
// ledger row inserted behind the app's back (no version bump) shows which answers come from memory: it appears
// only once a write of the same brewery through the API moves the version; another brewery's write does not.
import { randomUUID } from 'node:crypto'
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { eq } from 'drizzle-orm'
import { bumpBreweryVersion } from '../../cache/brewery-version.ts'
import { users } from '../../db/schema/users.ts'
import { seedCellar, type CellarSeed } from '../../testing/cellar-seed.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { insertLedgerEvent } from '../../testing/reporting-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { createReportCache, FAST_COMPRESSION_BYTES, queryKey } from './report-cache.ts'

const BUSINESS = {
  name: 'Cache Cellars',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const monthsFromNow = (n: number) => {
  const at = new Date()
  at.setUTCDate(1)
  at.setUTCMonth(at.getUTCMonth() + n)
  return at.toISOString().slice(0, 7)
}
type Losses = { rows: { reason: string; barrels: string }[] }

describe.each(TEST_DATABASES)('the reports cache on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let entityA: string
  let entityB: string
  let seedA: CellarSeed
  let seedB: CellarSeed
  const LOSSES = `/api/reports/losses?from=${monthsFromNow(-2)}&to=${monthsFromNow(1)}`
  // Every statement the app sends (ADR 415 counts a hit's).
  let statements: string[] = []

  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(
          t.idp.keys.privateJwks.keys[0],
          { sub },
          { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
        )}`,
        ...headers,
      },
    })
  const reasons = (response: { json: <T>() => T }) =>
    response
      .json<{ data: Losses }>()
      .data.rows.map((row) => `${row.reason} ${row.barrels}`)
      .sort()
  const loss = (sub: string, vesselId: string, reason: string) =>
    call(
      sub,
      'POST',
      '/api/cellar/liquid-events',
      makeEnvelope('liquid-event', {
        id: crypto.randomUUID(),
        kind: 'lost',
        reason,
        fromVesselId: vesselId,
        volumeBbl: 0.25,
      }),
    )
  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind, { onQuery: (query) => statements.push(query) })
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    entityB = await brewery(adminB)
    seedA = await seedCellar(testDb.db, entityA)
    seedB = await seedCellar(testDb.db, entityB)
  }, 120_000)
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers an ETag, 304 for it, and keeps the answer until the brewery itself writes', async () => {
    const first = await call(adminA, 'GET', LOSSES)
    expect(first.statusCode, first.body).toBe(200)
    expect(reasons(first)).toEqual([])
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const revalidated = await call(adminA, 'GET', LOSSES, undefined, { 'if-none-match': etag })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.body).toBe('')

    // Behind the app's back: no version moves, so the kept answer is still served.
    await insertLedgerEvent(testDb.db, entityA, {
      kind: 'lost',
      reason: 'Behind the back',
      volumeBbl: '0.50000',
      ttbClass: 'losses',
      fromVesselId: seedA.fermenterId,
      batchId: seedA.batchId,
    })
    expect(reasons(await call(adminA, 'GET', LOSSES))).toEqual([])

    // Another brewery's write leaves brewery A's answer be.
    expect((await loss(adminB, seedB.fermenterId, 'Their leak')).statusCode).toBe(201)
    const still = await call(adminA, 'GET', LOSSES, undefined, { 'if-none-match': etag })
    expect(still.statusCode).toBe(304)
    expect(reasons(await call(adminB, 'GET', LOSSES))).toEqual(['Their leak 0.25000'])

    // Brewery A's own write to the ledger moves its version: the next read is computed anew, both rows in it.
    expect((await loss(adminA, seedA.fermenterId, 'Our leak')).statusCode).toBe(201)
    const after = await call(adminA, 'GET', LOSSES, undefined, { 'if-none-match': etag })
    expect(after.statusCode).toBe(200)
    expect(reasons(after)).toEqual(['Behind the back 0.50000', 'Our leak 0.25000'])
    expect(after.headers.etag).not.toBe(etag)
    const again = await call(adminA, 'GET', LOSSES, undefined, { 'if-none-match': after.headers.etag })
    expect(again.statusCode).toBe(304)
  })

  it('checks the permission on every read, cached or not', async () => {
    const brewer = crypto.randomUUID()
    await testDb.db
      .insert(users)
      .values({ idpIdentifier: brewer, entityId: entityA, role: 'Brewer', email: `${brewer}@example.com` })
    expect((await call(adminA, 'GET', LOSSES)).statusCode).toBe(200)
    const refused = await call(brewer, 'GET', LOSSES)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })

  it('takes a changed role and a removed member into account on the next request, the report kept or not', async () => {
    const manager = crypto.randomUUID()
    await testDb.db
      .insert(users)
      .values({ idpIdentifier: manager, entityId: entityA, role: 'Manager', email: `${manager}@example.com` })
    const byManager = () =>
      testDb.db.update(users).set({ role: 'Manager' }).where(eq(users.idpIdentifier, manager))
    expect((await call(manager, 'GET', LOSSES)).statusCode).toBe(200)
    expect((await call(manager, 'GET', LOSSES)).statusCode).toBe(200)
    // Behind the app's back (no version moves, the report stays kept): the caller's row is read anew all the same.
    await testDb.db.update(users).set({ role: 'Brewer' }).where(eq(users.idpIdentifier, manager))
    expect((await call(manager, 'GET', LOSSES)).statusCode).toBe(403)
    await byManager()
    expect((await call(manager, 'GET', LOSSES)).statusCode).toBe(200)
    await testDb.db.delete(users).where(eq(users.idpIdentifier, manager))
    const removed = await call(manager, 'GET', LOSSES)
    expect(removed.statusCode).toBe(403)
    expect(removed.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })

  it('answers a kept report in one statement on PostgreSQL (role and version together) and none on PGlite', async () => {
    const first = await call(adminA, 'GET', LOSSES)
    expect(first.statusCode).toBe(200)
    statements = []
    expect((await call(adminA, 'GET', LOSSES)).statusCode).toBe(200)
    expect(
      (await call(adminA, 'GET', LOSSES, undefined, { 'if-none-match': first.headers.etag })).statusCode,
    ).toBe(304)
    if (kind === 'postgres') {
      expect(statements).toHaveLength(2)
      for (const statement of statements) expect(statement).toMatch(/brewery_data_versions/)
    } else {
      expect(statements).toEqual([])
    }
    // A write through the API moves the count on PGlite and the version on both: read again, computed anew.
    expect((await loss(adminA, seedA.fermenterId, 'Counted leak')).statusCode).toBe(201)
    const after = await call(adminA, 'GET', LOSSES)
    expect(reasons(after)).toContain('Counted leak 0.25000')
    expect(after.headers.etag).not.toBe(first.headers.etag)
  })

  it('computes once per version and quarter hour, shares a concurrent miss, and drops what the schema does not name', async () => {
    let now = 0
    const cache = createReportCache({ db: testDb.db, now: () => now })
    let computed = 0
    const schema = z.object({ n: z.number() })
    const compute = async () => {
      computed += 1
      return { n: computed, secret: 'not in the schema' } as { n: number }
    }
    const [a, b] = await Promise.all([
      cache.body(entityA, 'r', schema, compute),
      cache.body(entityA, 'r', schema, compute),
    ])
    expect(computed).toBe(1)
    expect(b).toBe(a)
    expect(a.raw.toString()).toBe('{"data":{"n":1}}')
    expect(await cache.body(entityA, 'r', schema, compute)).toBe(a)
    // Another brewery's version moving changes nothing here; its own does.
    await bumpBreweryVersion(testDb.db, entityB)
    expect(await cache.body(entityA, 'r', schema, compute)).toBe(a)
    await bumpBreweryVersion(testDb.db, entityA)
    expect((await cache.body(entityA, 'r', schema, compute)).raw.toString()).toBe('{"data":{"n":2}}')
    now = 15 * 60 * 1000
    expect((await cache.body(entityA, 'r', schema, compute)).raw.toString()).toBe('{"data":{"n":3}}')
    expect(computed).toBe(3)
    expect(cache.stats().reports).toBe(1)
    expect(queryKey('/x', { to: '2026-12', from: '2026-01' })).toBe('/x?from=2026-01&to=2026-12')
  })

  it('serves one kept answer for a query in any order of its parameters, as a hit without a promise', async () => {
    const [from, to] = [monthsFromNow(-3), monthsFromNow(2)]
    const inOrder = `/api/reports/losses?from=${from}&to=${to}`
    const reversed = `/api/reports/losses?to=${to}&from=${from}`
    const first = await call(adminA, 'GET', inOrder)
    expect(first.statusCode).toBe(200)
    // Behind the app's back: only a computation would show it.
    await insertLedgerEvent(testDb.db, entityA, {
      kind: 'lost',
      reason: 'Unseen',
      volumeBbl: '0.50000',
      ttbClass: 'losses',
      fromVesselId: seedA.fermenterId,
      batchId: seedA.batchId,
    })
    for (const url of [reversed, inOrder, reversed]) {
      const again = await call(adminA, 'GET', url)
      expect(again.headers.etag, url).toBe(first.headers.etag)
      expect(reasons(again)).not.toContain('Unseen 0.50000')
    }
    // Kept under the version read with the caller's row: a hit is the kept body itself, not a promise of it.
    const cache = createReportCache({ db: testDb.db })
    const schema = z.object({ n: z.number() })
    const computed = await cache.body(entityA, 'r', schema, async () => ({ n: 1 }), 7)
    expect(cache.body(entityA, 'r', schema, async () => ({ n: 2 }), 7)).toBe(computed)
    expect(cache.body(entityA, 'r', schema, async () => ({ n: 2 }), 6)).toBe(computed)
    expect((await cache.body(entityA, 'r', schema, async () => ({ n: 3 }), 8)).raw.toString()).toBe(
      '{"data":{"n":3}}',
    )
  })

  it('lets the least recently served reports go first past its bytes, of any brewery', async () => {
    const schema = z.object({ s: z.string() })
    // Each body is {"data":{"s":"…"}} of 1,000 bytes, held as 1,300 (its compressed forms counted): three fit.
    const filler = (c: string) => async () => ({ s: c.repeat(1000 - '{"data":{"s":""}}'.length) })
    const cache = createReportCache({ db: testDb.db, maxBytes: 3 * 1300 })
    const kept = new Map<string, unknown>()
    for (const [entity, report] of [
      [entityA, 'a'],
      [entityB, 'b'],
      [entityA, 'c'],
    ] as const) {
      kept.set(report, await cache.body(entity, report, schema, filler(report), 1))
    }
    expect(cache.stats()).toEqual({ reports: 3, bytes: 3 * 1300 })
    // 'a' served again: 'b' is now the least recently served, and goes when 'd' comes.
    expect(cache.body(entityA, 'a', schema, filler('x'), 1)).toBe(kept.get('a'))
    await cache.body(entityB, 'd', schema, filler('d'), 1)
    expect(cache.stats()).toEqual({ reports: 3, bytes: 3 * 1300 })
    expect(cache.body(entityA, 'a', schema, filler('x'), 1)).toBe(kept.get('a'))
    expect(cache.body(entityA, 'c', schema, filler('x'), 1)).toBe(kept.get('c'))
    const b = await cache.body(entityB, 'b', schema, filler('B'), 1)
    expect(b).not.toBe(kept.get('b'))
    expect(JSON.parse(b.raw.toString())).toEqual({ data: { s: 'B'.repeat(1000 - 17) } })
    // A report larger than the whole budget is answered, and held alone.
    const huge = await cache.body(entityA, 'huge', schema, async () => ({ s: 'h'.repeat(5000) }), 1)
    expect(huge.raw.length).toBeGreaterThan(5000)
    expect(cache.stats().reports).toBe(1)
  })

  it('compresses a body of event ids at brotli quality 1 and gzip level 1, a smaller one at 4 and 6', async () => {
    const cache = createReportCache({ db: testDb.db })
    const schema = z.object({ ids: z.array(z.string()) })
    const ids = (count: number) => async () => ({ ids: Array.from({ length: count }, () => randomUUID()) })
    const large = await cache.body(entityA, 'large', schema, ids(8000))
    const small = await cache.body(entityA, 'small', schema, ids(100))
    expect(large.raw.length).toBeGreaterThanOrEqual(FAST_COMPRESSION_BYTES)
    expect(small.raw.length).toBeLessThan(FAST_COMPRESSION_BYTES)
    const brotli = (raw: Buffer, quality: number) =>
      brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    expect((await large.encode('br')).equals(brotli(large.raw, 1))).toBe(true)
    expect((await small.encode('br')).equals(brotli(small.raw, 4))).toBe(true)
    expect(gunzipSync(await large.encode('gzip')).equals(large.raw)).toBe(true)
    expect((await large.encode('gzip')).equals(gzipSync(large.raw, { level: 1 }))).toBe(true)
    expect((await small.encode('gzip')).equals(gzipSync(small.raw, { level: 6 }))).toBe(true)
  })
})
