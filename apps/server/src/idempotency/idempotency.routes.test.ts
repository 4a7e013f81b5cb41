import { makeEnvelope, newRecipe } from '@brewcommand/domain'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'

const BUSINESS = {
  name: 'Replay Brewing',
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
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
type Method = 'POST' | 'PUT' | 'DELETE'

/**
 * Exactly once over HTTP (docs/architecture.md "The write path"): every write route, sent again with its Idempotency-Key,
 * answers its first response and changes nothing — even after the record was changed or deleted since;
 * a key reused for another request is a 409; a write whose transaction fails stores no key.
 */
describe.each(TEST_DATABASES)('idempotent writes on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let admin: string
  let entityId: string
  let cansTypeId: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (method: Method | 'GET', url: string, payload?: object, key?: string) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(admin)}`, ...(key ? { 'idempotency-key': key } : {}) },
    })
  const parsed = (response: { body: string; json(): unknown }) => (response.body ? response.json() : null)
  // File links are signed when read, so they are left out when comparing states.
  const products = async () =>
    (await call('GET', '/api/products'))
      .json<{ data: (Json & { id: string; name: string; files: Json[] })[] }>()
      .data.map((p) => ({ ...p, files: p.files.map(({ url: _url, ...file }) => file) }))
  /** An uploaded PNG of the product, ready to be attached. */
  async function uploaded(productId: string) {
    const response = await call('POST', '/api/media/upload', {
      fileName: 'label.png',
      fileType: 'image/png',
      entityId,
      productId,
    })
    expect(response.statusCode).toBe(200)
    const { uploadUrl, s3Key } = response.json<{ uploadUrl: string; s3Key: string }>()
    const url = new URL(uploadUrl)
    const sent = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(sent.statusCode).toBe(200)
    return {
      id: crypto.randomUUID(),
      name: 'label.png',
      description: 'Front label',
      s3Key,
      fileType: 'image/png',
      size: PNG.length,
    }
  }
  async function attached(productId: string) {
    const file = await uploaded(productId)
    const response = await call(
      'POST',
      `/api/products/${productId}/files`,
      makeEnvelope('product:file', file),
    )
    expect(response.statusCode).toBe(201)
    return file
  }
  const storedKeys = async (key: string) =>
    testDb.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.scope, `entity:${entityId}`), eq(idempotencyRecords.key, key)))

  async function newProduct() {
    const id = crypto.randomUUID()
    const response = await call('POST', '/api/products', makeEnvelope('product', { id, name: 'Base' }))
    expect(response.statusCode).toBe(201)
    return id
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    admin = crypto.randomUUID()
    const onboarded = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
      headers: { authorization: `Bearer ${await token(admin)}` },
    })
    entityId = onboarded.json<{ data: { entityId: string } }>().data.entityId
    const bootstrap = await call('GET', '/api/users/bootstrap')
    cansTypeId = bootstrap
      .json<{ data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] } }>()
      .data.entities[0].packagingTypes.find((p) => p.packageType === '16oz Cans')!.packageTypeId
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  /** Every write route: the request, and a later change to the same record made with another key. */
  type Case = {
    name: string
    /** The write; another request reusing its key (`other`; for a DELETE, another record); a later change. */
    setup: () => Promise<{
      method: Method
      url: string
      body?: Json
      other?: Json
      later?: () => Promise<unknown>
    }>
  }
  const cases: Case[] = [
    {
      name: 'POST /api/products',
      setup: async () => {
        const id = crypto.randomUUID()
        return {
          method: 'POST',
          url: '/api/products',
          body: makeEnvelope('product', { id, name: 'Replay Red', description: 'first' }),
          other: makeEnvelope('product', { id, name: 'Other Red', description: 'first' }),
          later: () => call('PUT', `/api/products/${id}`, makeEnvelope('product', { name: 'Renamed' })),
        }
      },
    },
    {
      name: 'PUT /api/products/:id',
      setup: async () => {
        const id = await newProduct()
        return {
          method: 'PUT',
          url: `/api/products/${id}`,
          body: makeEnvelope('product', { name: 'Once' }),
          other: makeEnvelope('product', { name: 'Other' }),
          later: () => call('PUT', `/api/products/${id}`, makeEnvelope('product', { name: 'Twice' })),
        }
      },
    },
    {
      name: 'DELETE /api/products/:id',
      setup: async () => ({ method: 'DELETE', url: `/api/products/${await newProduct()}` }),
    },
    ...(['recipes'] as const).flatMap((): Case[] => [
      {
        name: 'POST /api/products/:id/recipes',
        setup: async () => {
          const id = await newProduct()
          const recipe = newRecipe(id)
          return {
            method: 'POST',
            url: `/api/products/${id}/recipes`,
            body: makeEnvelope('recipe', recipe),
            other: makeEnvelope('recipe', { ...recipe, boilTime: 75 }),
            later: () => call('DELETE', `/api/products/${id}/recipes/${recipe.id}`),
          }
        },
      },
      {
        name: 'PUT /api/products/:id/recipes/:recipeId',
        setup: async () => {
          const id = await newProduct()
          const recipe = newRecipe(id)
          expect(
            (await call('POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', recipe))).statusCode,
          ).toBe(201)
          return {
            method: 'PUT',
            url: `/api/products/${id}/recipes/${recipe.id}`,
            body: makeEnvelope('recipe', { ...recipe, boilTime: 60 }),
            other: makeEnvelope('recipe', { ...recipe, boilTime: 75 }),
            later: () =>
              call(
                'PUT',
                `/api/products/${id}/recipes/${recipe.id}`,
                makeEnvelope('recipe', { ...recipe, boilTime: 90 }),
              ),
          }
        },
      },
      {
        name: 'DELETE /api/products/:id/recipes/:recipeId',
        setup: async () => {
          const id = await newProduct()
          const recipe = newRecipe(id)
          expect(
            (await call('POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', recipe))).statusCode,
          ).toBe(201)
          return { method: 'DELETE', url: `/api/products/${id}/recipes/${recipe.id}` }
        },
      },
    ]),
    ...(
      [
        [
          'packages',
          'product:package',
          () => ({
            id: crypto.randomUUID(),
            type: '16oz Cans',
            typeId: cansTypeId,
            sku: 'A-1',
            upc: '036000291452',
          }),
          { sku: 'B-2' },
          { sku: 'C-3' },
        ],
        [
          'tastingNotes',
          'product:tastingNote',
          () => ({ id: crypto.randomUUID(), category: 'Aroma', notes: 'Mango' }),
          { notes: 'Pine' },
          { notes: 'Resin' },
        ],
        [
          'attributes',
          'product:attribute',
          () => ({ id: crypto.randomUUID(), attribute: 'Glassware', value: 'Teku' }),
          { value: 'Pint' },
          { value: 'Snifter' },
        ],
      ] as const
    ).flatMap(([collection, type, make, edit, laterEdit]): Case[] => [
      {
        name: `POST /api/products/:id/${collection}`,
        setup: async () => {
          const id = await newProduct()
          const item = make()
          return {
            method: 'POST',
            url: `/api/products/${id}/${collection}`,
            body: makeEnvelope(type, item),
            other: makeEnvelope(type, { ...item, ...edit }),
            later: () =>
              call(
                'PUT',
                `/api/products/${id}/${collection}/${item.id}`,
                makeEnvelope(type, { ...item, ...laterEdit }),
              ),
          }
        },
      },
      {
        name: `PUT /api/products/:id/${collection}/:itemId`,
        setup: async () => {
          const id = await newProduct()
          const item = make()
          expect(
            (await call('POST', `/api/products/${id}/${collection}`, makeEnvelope(type, item))).statusCode,
          ).toBe(201)
          return {
            method: 'PUT',
            url: `/api/products/${id}/${collection}/${item.id}`,
            body: makeEnvelope(type, { ...item, ...edit }),
            other: makeEnvelope(type, { ...item, ...laterEdit }),
            later: () => call('DELETE', `/api/products/${id}/${collection}/${item.id}`),
          }
        },
      },
      {
        name: `DELETE /api/products/:id/${collection}/:itemId`,
        setup: async () => {
          const id = await newProduct()
          const item = make()
          expect(
            (await call('POST', `/api/products/${id}/${collection}`, makeEnvelope(type, item))).statusCode,
          ).toBe(201)
          return { method: 'DELETE', url: `/api/products/${id}/${collection}/${item.id}` }
        },
      },
    ]),
    {
      name: 'POST /api/products/:id/files',
      setup: async () => {
        const id = await newProduct()
        const file = await uploaded(id)
        return {
          method: 'POST',
          url: `/api/products/${id}/files`,
          body: makeEnvelope('product:file', file),
          other: makeEnvelope('product:file', { ...file, description: 'Back label' }),
          later: () => call('DELETE', `/api/products/${id}/files/${file.id}`),
        }
      },
    },
    {
      name: 'PUT /api/products/:id/files/:fileId',
      setup: async () => {
        const id = await newProduct()
        const file = await attached(id)
        const change = (description: string) =>
          makeEnvelope('product:file', { id: file.id, name: file.name, description })
        return {
          method: 'PUT',
          url: `/api/products/${id}/files/${file.id}`,
          body: change('Renamed once'),
          other: change('Renamed otherwise'),
          later: () => call('PUT', `/api/products/${id}/files/${file.id}`, change('Renamed later')),
        }
      },
    },
    {
      name: 'DELETE /api/products/:id/files/:fileId',
      setup: async () => {
        const id = await newProduct()
        const file = await attached(id)
        return { method: 'DELETE', url: `/api/products/${id}/files/${file.id}` }
      },
    },
  ]

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: a replay answers the first response and changes nothing',
    async (_name, c) => {
      const { method, url, body, other, later } = await c.setup()
      const key = crypto.randomUUID()
      const first = await call(method, url, body, key)
      expect(first.statusCode, first.body).toBeLessThan(300)
      await later?.()
      const before = await products()
      for (let i = 0; i < 2; i += 1) {
        const again = await call(method, url, body, key)
        expect(again.statusCode).toBe(first.statusCode)
        expect(parsed(again)).toEqual(parsed(first))
      }
      expect(await products()).toEqual(before)
      expect(await storedKeys(key)).toHaveLength(1)
      // The same key with another request (another body, or another record) is a 409 and changes nothing.
      const conflict = other
        ? await call(method, url, other, key)
        : await call('DELETE', `/api/products/${crypto.randomUUID()}`, undefined, key)
      expect(conflict.statusCode).toBe(409)
      expect(conflict.json()).toEqual({
        error: {
          code: 'CONFLICT',
          message: 'This Idempotency-Key was already used for a different request.',
        },
      })
      expect(await products()).toEqual(before)
    },
  )

  it('uses the envelope correlation identifier as the key when the header is absent', async () => {
    const envelope = makeEnvelope('product', { id: crypto.randomUUID(), name: 'Header-less' })
    const first = await call('POST', '/api/products', envelope)
    const again = await call('POST', '/api/products', envelope)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await storedKeys(envelope.metadata.correlationIdentifier)).toHaveLength(1)
  })

  it('ignores a different envelope timestamp (a retry may be re-stamped), but not a different body', async () => {
    const envelope = makeEnvelope('product', { id: crypto.randomUUID(), name: 'Stamped' })
    const key = envelope.metadata.correlationIdentifier
    const first = await call('POST', '/api/products', envelope, key)
    const restamped = await call(
      'POST',
      '/api/products',
      { ...envelope, timestamp: new Date(0).toISOString() },
      key,
    )
    expect(restamped.json()).toEqual(first.json())
  })

  it('stores no key when the write is refused, so the same key may be sent again once it can succeed', async () => {
    const id = await newProduct()
    const envelope = makeEnvelope('product', { id, name: 'Taken' })
    const key = envelope.metadata.correlationIdentifier
    expect((await call('POST', '/api/products', envelope, key)).statusCode).toBe(409)
    expect(await storedKeys(key)).toEqual([])
  })

  it('stores no key and no change when the transaction fails, even when it fails storing the key', async () => {
    // A fault injected into the database: the key row itself cannot be written for this key.
    const key = `fail-${crypto.randomUUID()}`
    await testDb.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_idempotency_key() RETURNS trigger AS $$
        BEGIN
          IF NEW.key LIKE 'fail-%' THEN RAISE EXCEPTION 'injected failure'; END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql`),
    )
    await testDb.db.execute(
      sql.raw('DROP TRIGGER IF EXISTS test_fail_idempotency_key ON idempotency_records'),
    )
    // On storing the response, the last step of the write's transaction (the key is claimed first).
    await testDb.db.execute(
      sql.raw(`CREATE TRIGGER test_fail_idempotency_key BEFORE UPDATE ON idempotency_records
        FOR EACH ROW EXECUTE FUNCTION test_fail_idempotency_key()`),
    )
    try {
      const id = crypto.randomUUID()
      const envelope = makeEnvelope('product', { id, name: 'Rolled Back' })
      const failed = await call('POST', '/api/products', envelope, key)
      expect(failed.statusCode).toBe(500)
      expect(JSON.stringify(failed.json())).not.toContain('injected failure')
      expect((await products()).some((p) => p.id === id)).toBe(false)
      expect(await storedKeys(key)).toEqual([])

      const productId = await newProduct()
      const rename = await call(
        'PUT',
        `/api/products/${productId}`,
        makeEnvelope('product', { name: 'Not Applied' }),
        key,
      )
      expect(rename.statusCode).toBe(500)
      expect((await products()).find((p) => p.id === productId)).toMatchObject({ name: 'Base' })
      expect(await storedKeys(key)).toEqual([])
    } finally {
      await testDb.db.execute(
        sql.raw('DROP TRIGGER IF EXISTS test_fail_idempotency_key ON idempotency_records'),
      )
    }
    // The fault gone, the same key goes through exactly once.
    const id = crypto.randomUUID()
    const envelope = makeEnvelope('product', { id, name: 'Second Try' })
    const retryKey = `ok-${key}`
    expect((await call('POST', '/api/products', envelope, retryKey)).statusCode).toBe(201)
    expect((await call('POST', '/api/products', envelope, retryKey)).statusCode).toBe(201)
    expect((await products()).filter((p) => p.id === id)).toHaveLength(1)
  })

  it('answers two copies of one write sent at the same time with one response, writing once', async () => {
    const envelope = makeEnvelope('product', { id: crypto.randomUUID(), name: 'Raced' })
    const key = envelope.metadata.correlationIdentifier
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => call('POST', '/api/products', envelope, key)))
    expect(new Set([a.statusCode, b.statusCode, c.statusCode])).toEqual(new Set([201]))
    expect(b.json()).toEqual(a.json())
    expect(c.json()).toEqual(a.json())
    expect((await products()).filter((p) => p.name === 'Raced')).toHaveLength(1)
  })
})
