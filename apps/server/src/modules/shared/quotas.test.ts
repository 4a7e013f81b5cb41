import { makeEnvelope, newRecipe } from '@brewcommand/domain'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { QUOTAS } from './quotas.ts'

const BUSINESS = {
  name: 'Quota Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
type ErrorBody = { error: { code: string; message: string } }
const DEFAULTS = { ...QUOTAS }

describe.each(TEST_DATABASES)('per-brewery quotas on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp

  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`,
      },
    })
  /** A new brewery of its own (each test starts from zero). */
  async function brewery() {
    const sub = crypto.randomUUID()
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return { sub, entityId: response.json<{ data: { entityId: string } }>().data.entityId }
  }
  const newProduct = (sub: string, recipes = 0) => {
    const id = crypto.randomUUID()
    return call(
      sub,
      'POST',
      '/api/products',
      makeEnvelope('product', {
        id,
        name: 'Quota IPA',
        recipes: Array.from({ length: recipes }, () => newRecipe(id)),
      }),
    ).then((response) => ({ id, response }))
  }
  const expectQuota = (response: Awaited<ReturnType<typeof call>>, message: RegExp) => {
    expect(response.statusCode).toBe(409)
    const { error } = response.json<ErrorBody>()
    expect(error.code).toBe('QUOTA_EXCEEDED')
    expect(error.message).toMatch(message)
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
  })
  afterEach(() => {
    Object.assign(QUOTAS, DEFAULTS)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('has the recorded limits', () => {
    expect(QUOTAS).toEqual({
      productsPerBrewery: 1000,
      recipesPerProduct: 100,
      filesPerProduct: 100,
      storageBytesPerBrewery: 10 * 1024 ** 3,
      membersPerBrewery: 100,
    })
  })

  it('limits products per brewery', async () => {
    const { sub } = await brewery()
    QUOTAS.productsPerBrewery = 2
    expect((await newProduct(sub)).response.statusCode).toBe(201)
    expect((await newProduct(sub)).response.statusCode).toBe(201)
    const third = await newProduct(sub)
    expectQuota(third.response, /at most 2 products/)
    expect((await call(sub, 'GET', `/api/products/${third.id}`)).statusCode).toBe(404)
    // Another brewery is not affected.
    expect((await newProduct((await brewery()).sub)).response.statusCode).toBe(201)
  })

  it('limits recipes per product', async () => {
    const { sub } = await brewery()
    QUOTAS.recipesPerProduct = 2
    const { id, response } = await newProduct(sub, 1)
    expect(response.statusCode).toBe(201)
    const add = () => call(sub, 'POST', `/api/products/${id}/recipes`, makeEnvelope('recipe', newRecipe(id)))
    expect((await add()).statusCode).toBe(201)
    expectQuota(await add(), /at most 2 recipes/)
  })

  it('limits files per product and the bytes a brewery stores', async () => {
    const { sub, entityId } = await brewery()
    const { id: productId } = await newProduct(sub)
    const upload = (fileSize?: number) =>
      call(sub, 'POST', '/api/media/upload', {
        fileName: 'a.png',
        fileType: 'image/png',
        entityId,
        productId,
        ...(fileSize === undefined ? {} : { fileSize }),
      })
    QUOTAS.storageBytesPerBrewery = 100
    expectQuota(await upload(101), /files may take at most/)
    const granted = await upload(PNG.length)
    expect(granted.statusCode).toBe(200)
    const { uploadUrl, s3Key } = granted.json<{ uploadUrl: string; s3Key: string }>()
    const url = new URL(uploadUrl)
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(put.statusCode).toBe(200)
    const attach = () =>
      call(
        sub,
        'POST',
        `/api/products/${productId}/files`,
        makeEnvelope('product:file', {
          id: crypto.randomUUID(),
          name: 'a.png',
          description: '',
          s3Key,
          fileType: 'image/png',
          size: PNG.length,
        }),
      )
    // The stored size counts at attach time too.
    QUOTAS.storageBytesPerBrewery = PNG.length - 1
    expectQuota(await attach(), /files may take at most/)
    QUOTAS.storageBytesPerBrewery = DEFAULTS.storageBytesPerBrewery
    QUOTAS.filesPerProduct = 1
    expect((await attach()).statusCode).toBe(201)
    expectQuota(await upload(), /at most 1 files/)
  })

  it('limits members and pending invitations', async () => {
    const { sub, entityId } = await brewery()
    QUOTAS.membersPerBrewery = 2
    const invite = (email: string) =>
      call(
        sub,
        'POST',
        `/api/entities/${entityId}/users`,
        makeEnvelope('entities:user-invite', { email, role: 'Brewer' }),
      )
    expect((await invite(`q1-${crypto.randomUUID()}@example.com`)).statusCode).toBe(201)
    expectQuota(await invite(`q2-${crypto.randomUUID()}@example.com`), /at most 2 members/)
  })
})
