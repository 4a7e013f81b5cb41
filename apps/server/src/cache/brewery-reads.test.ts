import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { makeEnvelope } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { entities } from '../db/schema/entities.ts'
import { users } from '../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { createBreweryReadCache, matchesEtag, negotiateEncoding } from './brewery-read-cache.ts'
import { bumpBreweryVersion } from './brewery-version.ts'

const BUSINESS = {
  name: 'Cache Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type ProductList = { data: { id: string; name: string; tastingNotes: { notes: string }[] }[] }

// Two instances on one database: each has its own cache. PGlite lives in one process, so there the
// "other" instance is the same one (the invalidation is still what is tested); on PostgreSQL
// (DATABASE_URL) they are two apps with two connection pools, as two servers would be.
describe.each(TEST_DATABASES)('cached brewery reads on %s', (kind) => {
  let dbA: TestDb
  let dbB: TestDb
  let a: TestApp
  let b: TestApp
  let admin: string
  let entityId: string
  let productId: string
  // Every statement the apps send (the kept reads' are counted, ADR 421).
  let statements: string[] = []

  const token = (sub: string) =>
    mintJwt(
      a.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: a.idp.settings.issuer, audience: a.idp.settings.audience },
    )
  const call = async (
    on: TestApp,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    on.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(admin)}`, ...headers },
    })
  const rename = async (on: TestApp, name: string) => {
    const envelope = makeEnvelope('product', { name })
    const response = await call(on, 'PUT', `/api/products/${productId}`, envelope, {
      'idempotency-key': envelope.metadata.correlationIdentifier,
    })
    expect(response.statusCode).toBe(200)
  }
  const nameOn = async (on: TestApp) => {
    const response = await call(on, 'GET', '/api/products')
    expect(response.statusCode).toBe(200)
    return response.json<ProductList>().data.find((p) => p.id === productId)!.name
  }

  beforeAll(async () => {
    dbA = await createTestDb(kind, { onQuery: (query) => statements.push(query) })
    a = await createTestApp({ db: dbA })
    if (kind === 'postgres') {
      dbB = await createTestDb(kind, { onQuery: (query) => statements.push(query) })
      b = await createTestApp({ db: dbB })
    } else {
      dbB = dbA
      b = a
    }
    admin = crypto.randomUUID()
    const onboarding = await call(
      a,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    entityId = onboarding.json<{ data: { entityId: string } }>().data.entityId
    productId = crypto.randomUUID()
    const created = await call(
      a,
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Start', description: 'x'.repeat(2000) }),
    )
    expect(created.statusCode).toBe(201)
  })
  afterAll(async () => {
    await a?.app.close()
    if (b !== a) await b?.app.close()
    await dbA?.client.close()
    if (dbB !== dbA) await dbB?.client.close()
  })

  it('answers an unchanged list with a 304 for its strong ETag, and a changed one with 200', async () => {
    const first = await call(b, 'GET', '/api/products')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const again = await call(b, 'GET', '/api/products', undefined, { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)

    await rename(a, 'After the ETag')
    const changed = await call(b, 'GET', '/api/products', undefined, { 'if-none-match': etag })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(changed.json<ProductList>().data[0].name).toBe('After the ETag')
  })

  it('never answers older than a write acknowledged by the other instance', async () => {
    await nameOn(b) // B's cache is warm
    for (let i = 0; i < 15; i++) {
      await rename(a, `Sequential ${i}`)
      expect(await nameOn(b)).toBe(`Sequential ${i}`)
      // And the other way round, with another kind of write.
      const envelope = makeEnvelope('product:tastingNote', {
        id: crypto.randomUUID(),
        category: 'Aroma',
        notes: `Note ${i}`,
      })
      const note = await call(b, 'POST', `/api/products/${productId}/tastingNotes`, envelope, {
        'idempotency-key': envelope.metadata.correlationIdentifier,
      })
      expect(note.statusCode).toBe(201)
      const list = (await call(a, 'GET', '/api/products')).json<ProductList>()
      expect(list.data[0].tastingNotes.map((n) => n.notes)).toContain(`Note ${i}`)
    }
  })

  it('under concurrent reads, no read that starts after an acknowledgement misses that write', async () => {
    let acknowledged = -1
    let writing = true
    const stale: string[] = []
    const writer = (async () => {
      for (let i = 0; i < 20; i++) {
        await rename(a, `Concurrent ${i}`)
        acknowledged = i
      }
      writing = false
    })()
    const reader = async () => {
      while (writing) {
        const floor = acknowledged
        const name = await nameOn(b)
        const seen = name.startsWith('Concurrent ') ? Number(name.slice(11)) : -1
        if (seen < floor) stale.push(`read ${name} after Concurrent ${floor} was acknowledged`)
      }
    }
    await Promise.all([writer, reader(), reader(), reader()])
    expect(stale).toEqual([])
    expect(await nameOn(b)).toBe('Concurrent 19')
  })

  it('compresses per Accept-Encoding with Vary, and not at all when none is accepted', async () => {
    const plain = await call(b, 'GET', '/api/products')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.rawPayload.length).toBeGreaterThan(1024)

    const br = await call(b, 'GET', '/api/products', undefined, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length)

    const gzip = await call(b, 'GET', '/api/products', undefined, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)

    for (const refused of ['identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const none = await call(b, 'GET', '/api/products', undefined, { 'accept-encoding': refused })
      expect(none.headers['content-encoding']).toBeUndefined()
      expect(none.body).toBe(plain.body)
    }

    const boot = await call(b, 'GET', '/api/users/bootstrap', undefined, { 'accept-encoding': 'gzip' })
    expect(boot.headers['content-encoding']).toBe('gzip')
    const unzipped = JSON.parse(gunzipSync(boot.rawPayload).toString()) as {
      data: { entities: { entityId: string }[] }
    }
    expect(unzipped.data.entities[0].entityId).toBe(entityId)
  })

  it("reads the version with the caller's row: a kept list in one statement on PostgreSQL and none on PGlite, bootstrap in one", async () => {
    expect((await call(b, 'GET', '/api/products')).statusCode).toBe(200)
    expect((await call(b, 'GET', '/api/users/bootstrap')).statusCode).toBe(200)
    statements = []
    expect((await call(b, 'GET', '/api/products')).statusCode).toBe(200)
    if (kind === 'postgres') {
      expect(statements).toHaveLength(1)
      expect(statements[0]).toMatch(/brewery_data_versions/)
    } else {
      expect(statements).toEqual([])
    }
    statements = []
    const boot = await call(b, 'GET', '/api/users/bootstrap')
    expect(boot.statusCode).toBe(200)
    expect(boot.json<{ data: { entities: unknown[] } }>().data.entities).toHaveLength(1)
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/brewery_data_versions/)
  })

  it('bootstrap: the products of the current version, the user and their role as they are now', async () => {
    const first = await call(b, 'GET', '/api/users/bootstrap')
    expect(first.statusCode).toBe(200)
    type Boot = {
      data: {
        user: { id: string }
        entities: { entityId: string; role: string; name: string; products: { name: string }[] }[]
      }
    }
    const body = first.json<Boot>().data
    expect(body.entities[0]).toMatchObject({ entityId, role: 'Admin', name: 'Cache Co' })
    const etag = first.headers.etag as string
    expect(
      (await call(b, 'GET', '/api/users/bootstrap', undefined, { 'if-none-match': etag })).statusCode,
    ).toBe(304)

    await rename(a, 'Bootstrapped')
    const renamed = await call(b, 'GET', '/api/users/bootstrap', undefined, { 'if-none-match': etag })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json<Boot>().data.entities[0].products[0].name).toBe('Bootstrapped')

    // The role is the user's own row, read on every bootstrap (no brewery write involved).
    await dbA.db.update(users).set({ role: 'Brewer' }).where(eq(users.idpIdentifier, admin))
    const demoted = await call(b, 'GET', '/api/users/bootstrap', undefined, {
      'if-none-match': renamed.headers.etag as string,
    })
    expect(demoted.statusCode).toBe(200)
    expect(demoted.json<Boot>().data.entities[0].role).toBe('Brewer')
    await dbA.db.update(users).set({ role: 'Admin' }).where(eq(users.idpIdentifier, admin))
    const again = await call(b, 'GET', '/api/users/bootstrap')
    expect(again.json<Boot>().data.entities[0].role).toBe('Admin')

    // The brewery's own fields come with its version (a subscription change bumps it).
    await dbA.db.transaction(async (tx) => {
      await tx.update(entities).set({ name: 'Renamed Co' }).where(eq(entities.id, entityId))
      await bumpBreweryVersion(tx, entityId)
    })
    const brewery = await call(b, 'GET', '/api/users/bootstrap', undefined, {
      'if-none-match': again.headers.etag as string,
    })
    expect(brewery.statusCode).toBe(200)
    expect(brewery.json<Boot>().data.entities[0].name).toBe('Renamed Co')
  })
})

describe('the read cache', () => {
  // These two build the list of many products several times over: 10–14 s at load 8, over 20 s at load 14.
  it('rebuilds when the signed links roll over, and shares one build among concurrent misses', async () => {
    const testDb = await createTestDb('pglite')
    try {
      const [row] = await testDb.db
        .insert(entities)
        .values({ name: 'E', address: '', city: '', state: '', zip: '', phone: '', ein: '' })
        .returning()
      let epoch = 1
      let builds = 0
      const cache = createBreweryReadCache({
        db: testDb.db,
        epoch: () => epoch,
        sizeOf: () => 1,
        build: async () => ++builds,
      })
      const reads = await Promise.all([cache.get(row.id), cache.get(row.id), cache.get(row.id)])
      expect(reads.map((r) => r?.value)).toEqual([1, 1, 1])
      expect((await cache.get(row.id))?.value).toBe(1)
      epoch = 2
      expect((await cache.get(row.id))?.value).toBe(2)
      await bumpBreweryVersion(testDb.db, row.id)
      expect((await cache.get(row.id))?.value).toBe(3)
      expect(await cache.get(crypto.randomUUID())).toBeNull()
    } finally {
      await testDb.client.close()
    }
  }, 60_000)

  it('keeps within its byte budget, least recently used first', async () => {
    const testDb = await createTestDb('pglite')
    try {
      const rows = await testDb.db
        .insert(entities)
        .values(
          [1, 2, 3].map((n) => ({
            name: `E${n}`,
            address: '',
            city: '',
            state: '',
            zip: '',
            phone: '',
            ein: '',
          })),
        )
        .returning()
      const cache = createBreweryReadCache({
        db: testDb.db,
        maxBytes: 2,
        sizeOf: () => 1,
        build: async (_tx, id) => id,
      })
      for (const row of rows) await cache.get(row.id)
      expect(cache.stats()).toEqual({ breweries: 2, bytes: 2 })
    } finally {
      await testDb.client.close()
    }
  }, 60_000)
})

describe('content negotiation', () => {
  it('prefers brotli, then gzip, honours q=0 and *', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0')).toBeNull()
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding(undefined)).toBeNull()
    expect(negotiateEncoding('')).toBeNull()
  })

  it('matches a strong ETag in If-None-Match, in a list, or *', () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true)
    expect(matchesEtag('"b", "a"', '"a"')).toBe(true)
    expect(matchesEtag('*', '"a"')).toBe(true)
    expect(matchesEtag('"b"', '"a"')).toBe(false)
    expect(matchesEtag(undefined, '"a"')).toBe(false)
  })
})
