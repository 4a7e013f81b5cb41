import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { startFakeS3 } from '../../testing/fake-s3.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'

const S3 = {
  bucket: 'brew-media',
  region: 'us-east-1',
  accessKeyId: 'AKIAAPPTEST',
  secretAccessKey: 'app-secret',
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const BUSINESS = {
  name: 'Bucket Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

describe('media on S3-compatible storage (S3_* set)', () => {
  let testDb: TestDb
  let t: TestApp
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  const sub = crypto.randomUUID()
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`,
      },
    })

  beforeAll(async () => {
    s3 = await startFakeS3(S3)
    testDb = await createTestDb('pglite')
    t = await createTestApp({
      db: testDb,
      env: {
        S3_BUCKET: S3.bucket,
        S3_REGION: S3.region,
        S3_ACCESS_KEY_ID: S3.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
      },
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
    await s3?.close()
  })

  it('uploads straight to the bucket, attaches the object, and redirects signed reads to the bucket', async () => {
    const onboarding = await call(
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    const entityId = onboarding.json<{ data: { entityId: string } }>().data.entityId
    const productId = crypto.randomUUID()
    await call('POST', '/api/products', makeEnvelope('product', { id: productId, name: 'Bucket IPA' }))

    const response = await call('POST', '/api/media/upload', {
      fileName: 'label.png',
      fileType: 'image/png',
      entityId,
      productId,
    })
    expect(response.statusCode).toBe(200)
    const { uploadUrl, s3Key } = response.json<{ uploadUrl: string; s3Key: string }>()
    expect(uploadUrl.startsWith(`${s3.endpoint}/${S3.bucket}/${s3Key}?X-Amz-`)).toBe(true)
    expect(
      (await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status,
    ).toBe(200)

    const fileId = crypto.randomUUID()
    const attached = await call(
      'POST',
      `/api/products/${productId}/files`,
      makeEnvelope('product:file', {
        id: fileId,
        name: 'label.png',
        description: '',
        s3Key,
        fileType: 'image/png',
        size: 1,
      }),
    )
    expect(attached.statusCode).toBe(201)
    // The stored size wins over the declared one.
    expect(attached.json<{ data: { size: number } }>().data.size).toBe(PNG.length)

    const files = (await call('GET', `/api/products/${productId}`)).json<{
      data: { files: { url: string }[] }
    }>().data.files
    const link = new URL(files[0].url)
    expect(link.pathname).toBe(`/uploads/${s3Key}`)
    const read = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
    expect(read.statusCode).toBe(302)
    const object = await fetch(String(read.headers.location))
    expect(Buffer.from(await object.arrayBuffer()).equals(PNG)).toBe(true)
    // No local upload endpoint with S3.
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/uploads/${s3Key}`,
          payload: PNG,
          headers: { 'content-type': 'image/png' },
        })
      ).statusCode,
    ).toBe(404)

    expect((await call('POST', '/api/delete-file', { s3Key })).statusCode).toBe(204)
    expect(s3.objects.has(s3Key)).toBe(false)
  })

  it('lets the browser reach the bucket in the Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' })
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.endpoint}`))
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`))
  })
})
