import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { makeEnvelope } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { uploadGrants } from '../../db/schema/upload-grants.ts'
import { loadOrCreateMediaSigningKey } from '../../storage/signing-key.ts'
import { UNATTACHED_UPLOAD_GRACE_MS, UPLOAD_SWEEP_CRON } from '../../storage/upload-grants.ts'
import { createUrlSigner } from '../../storage/url-signer.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Sweep Brewing',
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
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'
type ErrorBody = { error: { code: string; message: string } }

describe.each(TEST_DATABASES)('upload URLs and unattached uploads on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  const admin = crypto.randomUUID()
  let entityId: string
  let productId: string

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub: admin }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`,
      },
    })
  const local = (url: string) => `${new URL(url).pathname}${new URL(url).search}`
  const put = (url: string, body: Buffer | string, type = 'image/png') =>
    t.app.inject({ method: 'PUT', url: local(url), payload: body, headers: { 'content-type': type } })
  const requestUpload = async (fileType = 'image/png') => {
    const response = await call('POST', '/api/media/upload', {
      fileName: 'x',
      fileType,
      entityId,
      productId,
    })
    expect(response.statusCode).toBe(200)
    return response.json<{ uploadUrl: string; s3Key: string }>()
  }
  const fileOf = (s3Key: string) => path.join(t.dataDir, 'uploads', s3Key)
  const exists = async (s3Key: string) =>
    (await readdir(path.dirname(fileOf(s3Key))).catch((): string[] => [])).includes(path.basename(s3Key))

  beforeAll(async () => {
    // Its own database: its job queue's workers must not take other files' jobs, nor theirs its (ADR 424).
    testDb = await createTestDb(kind, { own: true })
    t = await createTestApp({ db: testDb, env: { JOB_POLL_SECONDS: '0.5' } })
    const onboarding = await call(
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    entityId = onboarding.json<{ data: { entityId: string } }>().data.entityId
    productId = crypto.randomUUID()
    await call('POST', '/api/products', makeEnvelope('product', { id: productId, name: 'Sweep IPA' }))
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('takes an upload URL once: a second PUT is a 409 and the first file stays', async () => {
    const { uploadUrl, s3Key } = await requestUpload()
    expect((await put(uploadUrl, PNG)).statusCode).toBe(200)
    const again = await put(uploadUrl, Buffer.from('not the same picture'))
    expect(again.statusCode).toBe(409)
    expect(again.json<ErrorBody>().error).toEqual({
      code: 'CONFLICT',
      message: 'This upload link was already used. Request a new upload to send another file.',
    })
    expect((await readFile(fileOf(s3Key))).equals(PNG)).toBe(true)
  })

  it('keeps only the first of two uploads racing on one URL', async () => {
    const { uploadUrl, s3Key } = await requestUpload()
    const [a, b] = await Promise.all([put(uploadUrl, PNG), put(uploadUrl, Buffer.alloc(2000, 1))])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
    const kept = await readFile(fileOf(s3Key))
    expect(kept.equals(a.statusCode === 200 ? PNG : Buffer.alloc(2000, 1))).toBe(true)
    expect((await readdir(path.dirname(fileOf(s3Key)))).filter((f) => f.endsWith('.part'))).toEqual([])
  })

  it('refuses a correctly signed URL the server never handed out (403)', async () => {
    const signer = createUrlSigner(await loadOrCreateMediaSigningKey(testDb.db))
    const s3Key = `${entityId}/${productId}/${crypto.randomUUID()}.png`
    const expires = Math.floor(Date.now() / 1000) + 600
    const signature = signer.sign({ method: 'PUT', key: s3Key, contentType: 'image/png', expires })
    const response = await t.app.inject({
      method: 'PUT',
      url: `/uploads/${s3Key}?expires=${expires}&type=image%2Fpng&signature=${signature}`,
      payload: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(response.statusCode).toBe(403)
    expect(await exists(s3Key)).toBe(false)
  })

  it('serves an uploaded SVG as a download with nosniff; a PNG inline with nosniff', async () => {
    const svg = await requestUpload('image/svg+xml')
    expect((await put(svg.uploadUrl, SVG, 'image/svg+xml')).statusCode).toBe(200)
    const png = await requestUpload()
    expect((await put(png.uploadUrl, PNG)).statusCode).toBe(200)
    for (const [s3Key, disposition] of [
      [svg.s3Key, 'attachment'],
      [png.s3Key, 'inline'],
    ]) {
      const attached = await call(
        'POST',
        `/api/products/${productId}/files`,
        makeEnvelope('product:file', {
          id: crypto.randomUUID(),
          name: 'f',
          description: '',
          s3Key,
          fileType: s3Key.endsWith('.svg') ? 'image/svg+xml' : 'image/png',
          size: 1,
        }),
      )
      expect(attached.statusCode).toBe(201)
      const link = new URL(attached.json<{ data: { url: string } }>().data.url)
      const read = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })
      expect(read.statusCode).toBe(200)
      expect(read.headers['content-disposition']).toBe(disposition)
      expect(read.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('sweeps objects uploaded but never attached after the grace period, on the job queue', async () => {
    const stale = await requestUpload()
    expect((await put(stale.uploadUrl, PNG)).statusCode).toBe(200)
    const fresh = await requestUpload()
    expect((await put(fresh.uploadUrl, PNG)).statusCode).toBe(200)
    const kept = await requestUpload()
    expect((await put(kept.uploadUrl, PNG)).statusCode).toBe(200)
    const attached = await call(
      'POST',
      `/api/products/${productId}/files`,
      makeEnvelope('product:file', {
        id: crypto.randomUUID(),
        name: 'kept.png',
        description: '',
        s3Key: kept.s3Key,
        fileType: 'image/png',
        size: PNG.length,
      }),
    )
    expect(attached.statusCode).toBe(201)
    // Issued a day and a bit ago.
    const longAgo = new Date(Date.now() - UNATTACHED_UPLOAD_GRACE_MS - 60_000)
    for (const key of [stale.s3Key, kept.s3Key]) {
      await testDb.db.update(uploadGrants).set({ issuedAt: longAgo }).where(eq(uploadGrants.s3Key, key))
    }
    expect(UPLOAD_SWEEP_CRON).toBe('41 * * * *')
    expect(t.app.jobs.names).toContain('uploads.sweep')
    await t.app.jobs.start()
    const rows = (
      await testDb.database.executeSql(`select cron from pgboss.schedule where name = 'uploads.sweep'`)
    ).rows
    expect(rows).toEqual([{ cron: UPLOAD_SWEEP_CRON }])
    await t.app.jobs.enqueue(t.app.jobs.definition('uploads.sweep'), {})
    await vi.waitFor(async () => expect(await exists(stale.s3Key)).toBe(false), {
      timeout: 15_000,
      interval: 200,
    })
    expect(await exists(fresh.s3Key)).toBe(true)
    expect(await exists(kept.s3Key)).toBe(true)
    await vi.waitFor(
      async () => {
        const left = await testDb.db
          .select({ key: uploadGrants.s3Key })
          .from(uploadGrants)
          .where(sql`${uploadGrants.s3Key} in (${stale.s3Key}, ${kept.s3Key}, ${fresh.s3Key})`)
        expect(left.map((r) => r.key)).toEqual([fresh.s3Key])
      },
      { timeout: 5000, interval: 100 },
    )
    await t.app.jobs.stop()
  })
})
