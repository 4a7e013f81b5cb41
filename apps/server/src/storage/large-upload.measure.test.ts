import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'

// A measurement, not part of the normal run: MEASURE_UPLOAD_BYTES=209715200 npx vitest run src/storage/large-upload
const BYTES = Number(process.env.MEASURE_UPLOAD_BYTES ?? 0)
const CHUNK = Buffer.alloc(1024 * 1024, 0x61)

/** `bytes` of body generated on the fly, so the sender holds no more than one chunk either. */
function body(bytes: number) {
  let left = bytes
  return new Readable({
    read() {
      if (left <= 0) return this.push(null)
      const size = Math.min(left, CHUNK.length)
      left -= size
      this.push(size === CHUNK.length ? CHUNK : CHUNK.subarray(0, size))
    },
  })
}

describe.runIf(BYTES > 0)(`a ${BYTES}-byte upload through the local-disk path`, () => {
  let testDb: TestDb
  let t: TestApp
  let origin: string
  const sub = crypto.randomUUID()
  const call = async (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        authorization: `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`,
      },
    })

  beforeAll(async () => {
    testDb = await createTestDb('pglite')
    t = await createTestApp({
      db: testDb,
      publicUrl: 'http://127.0.0.1:1',
      env: { UPLOAD_MAX_BYTES: String(Math.max(BYTES, 200 * 1024 * 1024)) },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('is streamed to disk, not held in memory', { timeout: 600_000 }, async () => {
    const onboarding = await call(
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', {
        user: { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' },
        entity: {
          name: 'Big Files Brewing',
          address: '1 Mash Lane',
          city: 'Portland',
          state: 'OR',
          zip: '97201',
          phone: '(503) 555-0101',
          ein: '12-3456789',
          type: 'Brewery',
        },
      }),
    )
    const entityId = onboarding.json<{ data: { entityId: string } }>().data.entityId
    const productId = crypto.randomUUID()
    await call('/api/products', makeEnvelope('product', { id: productId, name: 'Big IPA' }))
    const location = await call('/api/media/upload', {
      fileName: 'launch.mp4',
      fileType: 'video/mp4',
      entityId,
      productId,
      fileSize: BYTES,
    })
    expect(location.statusCode).toBe(200)
    const { uploadUrl, s3Key } = location.json<{ uploadUrl: string; s3Key: string }>()
    const path = new URL(uploadUrl)
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50)
    const started = performance.now()
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${origin}${path.pathname}${path.search}`, {
        method: 'PUT',
        headers: { 'content-type': 'video/mp4', 'content-length': BYTES },
      })
      req.on('response', (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('error', reject)
      body(BYTES).pipe(req)
    })
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    expect(status).toBe(200)
    const attached = await call(
      `/api/products/${productId}/files`,
      makeEnvelope('product:file', {
        id: crypto.randomUUID(),
        name: 'launch.mp4',
        description: '',
        s3Key,
        fileType: 'video/mp4',
        size: BYTES,
      }),
    )
    expect(attached.json<{ data: { size: number } }>().data.size).toBe(BYTES)
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024
    console.log(
      `upload of ${(BYTES / 1024 / 1024).toFixed(0)} MiB: ${seconds.toFixed(2)} s (${(BYTES / 1024 / 1024 / seconds).toFixed(0)} MiB/s), peak RSS growth ${growthMb.toFixed(1)} MiB`,
    )
    // Streamed: memory grows by a few buffers, nowhere near the file's size.
    expect(growthMb).toBeLessThan(Math.min(100, BYTES / 1024 / 1024 / 2))
  })
})
