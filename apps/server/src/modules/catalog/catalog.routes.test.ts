import { CatalogSchema, makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createCatalogRepository } from './catalog.repository.ts'

const BUSINESS = {
  name: 'Hoppy Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

describe.each(TEST_DATABASES)('GET /api/catalog on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let headers: Record<string, string>

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    const token = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: crypto.randomUUID() },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    headers = { authorization: `Bearer ${token}` }
    await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers,
      payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('answers the whole catalogue in its shape, with a type on every item and yeast tolerance', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/catalog', headers })
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: unknown }>()
    const catalog = CatalogSchema.parse(data)
    expect(catalog.fermentables.length).toBeGreaterThan(100)
    expect(catalog.hops.length).toBeGreaterThan(100)
    expect(catalog.yeast.length).toBeGreaterThan(100)
    expect(catalog.otherIngredients.length).toBeGreaterThan(50)
    expect(catalog.hops.every((h) => h.type === 'hop')).toBe(true)
    expect(catalog.yeast.some((y) => y.tolerance !== undefined)).toBe(true)
  })

  it('sends an ETag, and a repeat load with it is a 304 without a body', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/catalog', headers })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/catalog',
      headers: { ...headers, 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/catalog',
      headers: { ...headers, 'if-none-match': '"old"' },
    })
    expect(stale.statusCode).toBe(200)
  })

  it('needs a token and a brewery', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog' })).statusCode).toBe(401)
    const stranger = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: crypto.randomUUID() },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/catalog',
          headers: { authorization: `Bearer ${stranger}` },
        })
      ).statusCode,
    ).toBe(403)
  })

  it('seeds safely twice', async () => {
    const repo = createCatalogRepository(testDb.db)
    const before = await repo.load()
    const count = await repo.seed()
    const after = await repo.load()
    expect(count).toBe(
      before.yeast.length + before.fermentables.length + before.hops.length + before.otherIngredients.length,
    )
    expect(after).toEqual(before)
  })
})
