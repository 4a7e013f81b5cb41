import { makeEnvelope, newRecipe, productObjectUri } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

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

type Json = Record<string, unknown>

describe.each(TEST_DATABASES)('products API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let brewerA: string
  let managerA: string
  let cansTypeId: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, ...headers },
    })

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  async function member(entityId: string, role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  const productEnvelope = (data: Json) => makeEnvelope('product', data)
  async function createProduct(sub = adminA, extra: Json = {}) {
    const id = crypto.randomUUID()
    const response = await call(
      sub,
      'POST',
      '/api/products',
      productEnvelope({ id, name: 'Hazy Daze', description: 'A soft IPA', ...extra }),
    )
    expect(response.statusCode).toBe(201)
    return id
  }
  const list = async (sub = adminA) => (await call(sub, 'GET', '/api/products')).json<{ data: Json[] }>().data

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    const entityA = await brewery(adminA)
    await brewery(adminB)
    brewerA = await member(entityA, 'Brewer')
    managerA = await member(entityA, 'Manager')
    const bootstrap = await call(adminA, 'GET', '/api/users/bootstrap')
    const types = bootstrap.json<{
      data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] }
    }>().data.entities[0].packagingTypes
    cansTypeId = types.find((p) => p.packageType === '16oz Cans')!.packageTypeId
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('creates a product from the dialog (empty recipes) and lists it, also in bootstrap', async () => {
    const id = await createProduct()
    const product = (await list()).find((p) => p.id === id)
    expect(product).toMatchObject({
      id,
      name: 'Hazy Daze',
      description: 'A soft IPA',
      recipes: [],
      packagingTypes: [],
      tastingNotes: [],
      attributes: [],
      files: [],
    })
    const bootstrap = await call(adminA, 'GET', '/api/users/bootstrap')
    expect(JSON.stringify(bootstrap.json())).toContain(id)
  })

  it('creates a product with its first recipe (onboarding)', async () => {
    const id = crypto.randomUUID()
    const recipe = { ...newRecipe(id), yield: { quantity: 7, unit: 'BBL' } }
    const response = await call(
      brewerA,
      'POST',
      '/api/products',
      productEnvelope({ id, name: 'First Light', recipes: [recipe] }),
    )
    expect(response.statusCode).toBe(201)
    expect(response.json<{ data: { recipes: Json[] } }>().data.recipes).toEqual([recipe])
  })

  it('refuses an invalid envelope, naming the fields, and stores nothing', async () => {
    const before = (await list()).length
    const response = await call(adminA, 'POST', '/api/products', productEnvelope({ id: 'nope', name: '   ' }))
    expect(response.statusCode).toBe(400)
    const paths = response.json<{ error: { issues: { path: string }[] } }>().error.issues.map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['data.id', 'data.name']))
    expect((await list()).length).toBe(before)
  })

  it('answers an id already used with 409', async () => {
    const id = await createProduct()
    const again = await call(adminA, 'POST', '/api/products', productEnvelope({ id, name: 'Copy' }))
    expect(again.statusCode).toBe(409)
  })

  it('answers a replayed correlation identifier with the first response and changes nothing', async () => {
    const envelope = productEnvelope({ id: crypto.randomUUID(), name: 'Replay Red' })
    const headers = { 'idempotency-key': envelope.metadata.correlationIdentifier }
    const first = await call(adminA, 'POST', '/api/products', envelope, headers)
    const second = await call(adminA, 'POST', '/api/products', envelope, headers)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    expect((await list()).filter((p) => p.name === 'Replay Red')).toHaveLength(1)
  })

  it('renames, describes and deletes a product', async () => {
    const id = await createProduct()
    const renamed = await call(adminA, 'PUT', `/api/products/${id}`, productEnvelope({ name: 'Hazier Daze' }))
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({ data: { id, name: 'Hazier Daze' } })
    const described = await call(
      adminA,
      'PUT',
      `/api/products/${id}`,
      productEnvelope({ description: 'Softer.' }),
    )
    expect(described.json()).toMatchObject({ data: { description: 'Softer.', name: 'Hazier Daze' } })
    const both = await call(
      adminA,
      'PUT',
      `/api/products/${id}`,
      productEnvelope({ name: 'X', description: 'Y' }),
    )
    expect(both.statusCode).toBe(400)
    expect((await call(adminA, 'DELETE', `/api/products/${id}`)).statusCode).toBe(204)
    expect((await call(adminA, 'GET', `/api/products/${id}`)).statusCode).toBe(404)
    expect((await call(adminA, 'DELETE', `/api/products/${id}`)).json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'Product not found!' },
    })
  })

  it('adds, edits and removes packaging, checking the type and the UPC', async () => {
    const id = await createProduct()
    const pkg = {
      id: crypto.randomUUID(),
      type: '16oz Cans',
      typeId: cansTypeId,
      sku: 'HD-16',
      upc: '036000291452',
    }
    const added = await call(
      adminA,
      'POST',
      `/api/products/${id}/packages`,
      makeEnvelope('product:package', pkg),
    )
    expect(added.statusCode).toBe(201)
    expect(added.json()).toEqual({ data: pkg })
    const edited = await call(
      adminA,
      'PUT',
      `/api/products/${id}/packages/${pkg.id}`,
      makeEnvelope('product:package', { ...pkg, sku: 'HD-16B', upc: '' }),
    )
    expect(edited.json()).toEqual({ data: { ...pkg, sku: 'HD-16B', upc: '' } })

    const badUpc = await call(
      adminA,
      'POST',
      `/api/products/${id}/packages`,
      makeEnvelope('product:package', { ...pkg, id: crypto.randomUUID(), upc: '036000291453' }),
    )
    expect(badUpc.statusCode).toBe(400)
    expect(badUpc.json()).toMatchObject({
      error: { issues: [{ path: 'data.upc', message: 'The UPC check digit is wrong' }] },
    })
    const shortUpc = await call(
      adminA,
      'POST',
      `/api/products/${id}/packages`,
      makeEnvelope('product:package', { ...pkg, id: crypto.randomUUID(), upc: '12345' }),
    )
    expect(shortUpc.json()).toMatchObject({
      error: { issues: [{ path: 'data.upc', message: 'UPC-A needs 12 digits' }] },
    })
    const foreignType = await call(
      adminA,
      'POST',
      `/api/products/${id}/packages`,
      makeEnvelope('product:package', { ...pkg, id: crypto.randomUUID(), typeId: crypto.randomUUID() }),
    )
    expect(foreignType.statusCode).toBe(400)
    expect(foreignType.json()).toMatchObject({ error: { issues: [{ path: 'data.typeId' }] } })

    const product = (await call(adminA, 'GET', `/api/products/${id}`)).json<{
      data: { packagingTypes: Json[] }
    }>().data
    expect(product.packagingTypes).toEqual([{ ...pkg, sku: 'HD-16B', upc: '' }])
    expect((await call(adminA, 'DELETE', `/api/products/${id}/packages/${pkg.id}`)).statusCode).toBe(204)
    expect((await call(adminA, 'DELETE', `/api/products/${id}/packages/${pkg.id}`)).statusCode).toBe(404)
  })

  it('adds, edits and removes tasting notes and attributes, and recipes', async () => {
    const id = await createProduct()
    const note = { id: crypto.randomUUID(), category: 'Aroma', notes: 'Mango and pine' }
    expect(
      (
        await call(
          adminA,
          'POST',
          `/api/products/${id}/tastingNotes`,
          makeEnvelope('product:tastingNote', note),
        )
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await call(
          adminA,
          'PUT',
          `/api/products/${id}/tastingNotes/${note.id}`,
          makeEnvelope('product:tastingNote', { ...note, notes: 'Pine' }),
        )
      ).statusCode,
    ).toBe(200)
    const emptyNote = await call(
      adminA,
      'POST',
      `/api/products/${id}/tastingNotes`,
      makeEnvelope('product:tastingNote', { ...note, id: crypto.randomUUID(), notes: '' }),
    )
    expect(emptyNote.statusCode).toBe(400)

    const attribute = { id: crypto.randomUUID(), attribute: 'Glassware', value: 'Teku' }
    expect(
      (
        await call(
          adminA,
          'POST',
          `/api/products/${id}/attributes`,
          makeEnvelope('product:attribute', attribute),
        )
      ).statusCode,
    ).toBe(201)
    const mismatch = await call(
      adminA,
      'PUT',
      `/api/products/${id}/attributes/${crypto.randomUUID()}`,
      makeEnvelope('product:attribute', attribute),
    )
    expect(mismatch.statusCode).toBe(400)

    const recipe = newRecipe(id)
    expect(
      (await call(adminA, 'POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', recipe))).statusCode,
    ).toBe(201)
    const changed = { ...recipe, boilTime: 60 }
    expect(
      (
        await call(adminA, 'PUT', `/api/products/${id}/recipes/${recipe.id}`, makeEnvelope('recipe', changed))
      ).json(),
    ).toEqual({ data: changed })
    const wrongProduct = await call(
      adminA,
      'POST',
      `/api/products/${id}/recipes`,
      makeEnvelope('recipe', newRecipe(crypto.randomUUID())),
    )
    expect(wrongProduct.statusCode).toBe(400)

    const product = (await call(adminA, 'GET', `/api/products/${id}`)).json<{ data: Json }>().data
    expect(product).toMatchObject({
      tastingNotes: [{ ...note, notes: 'Pine' }],
      attributes: [attribute],
      recipes: [changed],
    })
    for (const path of [`tastingNotes/${note.id}`, `attributes/${attribute.id}`, `recipes/${recipe.id}`]) {
      expect((await call(adminA, 'DELETE', `/api/products/${id}/${path}`)).statusCode).toBe(204)
    }
    expect((await call(adminA, 'GET', `/api/products/${id}`)).json()).toMatchObject({
      data: { tastingNotes: [], attributes: [], recipes: [] },
    })
  })

  it("gives another brewery's member a 404 for every route, and changes nothing", async () => {
    const id = await createProduct()
    const anyId = crypto.randomUUID()
    const attempts: [string, string, object | undefined][] = [
      ['GET', `/api/products/${id}`, undefined],
      ['PUT', `/api/products/${id}`, productEnvelope({ name: 'Stolen' })],
      ['DELETE', `/api/products/${id}`, undefined],
      ['POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', newRecipe(id))],
      [
        'POST',
        `/api/products/${id}/tastingNotes`,
        makeEnvelope('product:tastingNote', { id: anyId, category: 'Aroma', notes: 'x' }),
      ],
      [
        'POST',
        `/api/products/${id}/attributes`,
        makeEnvelope('product:attribute', { id: anyId, attribute: 'ABV', value: '5' }),
      ],
      ['DELETE', `/api/products/${id}/packages/${anyId}`, undefined],
    ]
    for (const [method, url, payload] of attempts) {
      const response = await call(adminB, method as 'GET', url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await list(adminB)).some((p) => p.id === id)).toBe(false)
    expect((await call(adminA, 'GET', `/api/products/${id}`)).json()).toMatchObject({
      data: { name: 'Hazy Daze', recipes: [], tastingNotes: [], attributes: [] },
    })
  })

  it('enforces the permission table: a Brewer may not rename, delete or manage packaging and attributes', async () => {
    const id = await createProduct(brewerA)
    const pkg = makeEnvelope('product:package', {
      id: crypto.randomUUID(),
      type: '16oz Cans',
      typeId: cansTypeId,
      sku: '',
      upc: '',
    })
    const attribute = makeEnvelope('product:attribute', {
      id: crypto.randomUUID(),
      attribute: 'ABV',
      value: '5',
    })
    for (const [method, url, payload] of [
      ['PUT', `/api/products/${id}`, productEnvelope({ name: 'Nope' })],
      ['DELETE', `/api/products/${id}`, undefined],
      ['POST', `/api/products/${id}/packages`, pkg],
      ['POST', `/api/products/${id}/attributes`, attribute],
    ] as const) {
      const response = await call(brewerA, method, url, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
    }
    // …but may add tasting notes and recipes,
    expect(
      (
        await call(
          brewerA,
          'POST',
          `/api/products/${id}/tastingNotes`,
          makeEnvelope('product:tastingNote', { id: crypto.randomUUID(), category: 'Body', notes: 'Full' }),
        )
      ).statusCode,
    ).toBe(201)
    expect(
      (await call(brewerA, 'POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', newRecipe(id))))
        .statusCode,
    ).toBe(201)
    // and a Manager may do what the Brewer may not.
    expect((await call(managerA, 'POST', `/api/products/${id}/packages`, pkg)).statusCode).toBe(201)
    expect((await call(managerA, 'POST', `/api/products/${id}/attributes`, attribute)).statusCode).toBe(201)
    expect(
      (await call(managerA, 'PUT', `/api/products/${id}`, productEnvelope({ name: 'Managed' }))).statusCode,
    ).toBe(200)
    expect((await call(managerA, 'DELETE', `/api/products/${id}`)).statusCode).toBe(204)
  })

  it('refuses a user without a brewery (403) and a request without a token (401)', async () => {
    expect((await call(crypto.randomUUID(), 'GET', '/api/products')).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401)
  })

  it('names the object of a write as docs/architecture.md "The real-time contract" says', () => {
    expect(productObjectUri('p1')).toBe('brewcommand://products/p1')
  })

  it('keeps tenancy on the users row: a member whose brewery is changed sees the new one', async () => {
    const sub = await member(
      (await call(adminB, 'GET', '/api/users/bootstrap')).json<{
        data: { entities: { entityId: string }[] }
      }>().data.entities[0].entityId,
      'Brewer',
    )
    expect((await list(sub)).every((p) => p.entityId !== undefined)).toBe(true)
    await testDb.db.update(users).set({ entityId: null }).where(eq(users.idpIdentifier, sub))
    expect((await call(sub, 'GET', '/api/products')).statusCode).toBe(403)
  })
})
