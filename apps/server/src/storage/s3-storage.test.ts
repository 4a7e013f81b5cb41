import { PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeS3 } from '../testing/fake-s3.ts'
import { createS3Storage, s3BrowserOrigin } from './s3-storage.ts'

const settings = {
  bucket: 'brew-media',
  region: 'us-east-1',
  accessKeyId: 'AKIATESTKEY',
  secretAccessKey: 'test-secret',
}
const key = `${crypto.randomUUID()}/${crypto.randomUUID()}/${crypto.randomUUID()}.png`
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

describe('S3-compatible storage against a local S3 server', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>
  let storage: ReturnType<typeof createS3Storage>

  beforeAll(async () => {
    s3 = await startFakeS3(settings)
    storage = createS3Storage({ ...settings, endpoint: s3.endpoint, forcePathStyle: true })
  })
  afterAll(async () => {
    storage?.client.destroy()
    await s3?.close()
  })

  it('hands out a presigned PUT that uploads the file end to end, then stats, reads and deletes it', async () => {
    const uploadUrl = await storage.presignUpload(key, 'image/png', { expiresInSeconds: 600 })
    expect(uploadUrl.startsWith(`${s3.endpoint}/brew-media/${key}?`)).toBe(true)
    expect(new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('content-type')
    const put = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })
    expect(put.status).toBe(200)
    expect(s3.objects.get(key)?.body.equals(PNG)).toBe(true)

    expect(await storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' })
    const read = await storage.read(key)
    expect(read?.kind).toBe('redirect')
    const redirected = await fetch((read as { url: string }).url)
    expect(redirected.status).toBe(200)
    expect(Buffer.from(await redirected.arrayBuffer()).equals(PNG)).toBe(true)

    await storage.delete(key)
    expect(await storage.stat(key)).toBeNull()
    expect(await storage.read(key)).toBeNull()
  })

  it('forces the type and disposition of a read, and streams what can run script itself (SVG)', async () => {
    const base = `${crypto.randomUUID()}/${crypto.randomUUID()}/${crypto.randomUUID()}`
    // Whatever type the object was stored with, it is read as the type of its key.
    for (const [ext, type] of [
      ['.png', 'text/html'],
      ['.csv', 'text/csv'],
      ['.svg', 'image/svg+xml'],
    ]) {
      const url = await storage.presignUpload(`${base}${ext}`, type, { expiresInSeconds: 600 })
      const body =
        ext === '.svg' ? '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' : PNG
      expect((await fetch(url, { method: 'PUT', body, headers: { 'content-type': type } })).status).toBe(200)
    }
    const png = await storage.read(`${base}.png`)
    expect(png?.kind).toBe('redirect')
    const pngLink = new URL((png as { url: string }).url)
    expect(pngLink.searchParams.get('response-content-type')).toBe('image/png')
    expect(pngLink.searchParams.get('response-content-disposition')).toBe('inline')
    const csv = new URL(((await storage.read(`${base}.csv`)) as { url: string }).url)
    expect(csv.searchParams.get('response-content-disposition')).toBe('attachment')
    const svg = await storage.read(`${base}.svg`)
    expect(svg?.kind).toBe('stream')
    expect(svg).toMatchObject({ contentType: 'image/svg+xml' })
    const chunks: Buffer[] = []
    for await (const chunk of (svg as { stream: AsyncIterable<Buffer> }).stream) chunks.push(chunk)
    expect(Buffer.concat(chunks).toString()).toContain('<svg')
  })

  it('binds the presigned PUT to its Content-Type, its length when given, and its key', async () => {
    const uploadUrl = await storage.presignUpload(key, 'image/png', {
      expiresInSeconds: 600,
      size: PNG.length,
    })
    const retyped = await fetch(uploadUrl, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'text/html' },
    })
    expect(retyped.status).toBe(403)
    expect(await retyped.text()).toContain('SignatureDoesNotMatch')
    const longer = await fetch(uploadUrl, {
      method: 'PUT',
      body: Buffer.concat([PNG, PNG]),
      headers: { 'content-type': 'image/png' },
    })
    expect(longer.status).toBe(403)
    const moved = await fetch(uploadUrl.replace(key, key.replace(/\.png$/, '.gif')), {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(moved.status).toBe(403)
    expect(s3.objects.has(key)).toBe(false)
    const ok = await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })
    expect(ok.status).toBe(200)
  })

  it('refuses an expired presigned PUT', async () => {
    // Signed two minutes ago for one minute: a valid signature, but expired.
    const uploadUrl = await getSignedUrl(
      storage.client,
      new PutObjectCommand({ Bucket: settings.bucket, Key: key, ContentType: 'image/png' }),
      {
        expiresIn: 60,
        signingDate: new Date(Date.now() - 120_000),
        signableHeaders: new Set(['content-type']),
      },
    )
    const response = await fetch(uploadUrl, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    })
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('AccessDenied')
  })

  it('names the origin the browser talks to, for the Content-Security-Policy', () => {
    expect(s3BrowserOrigin({ ...settings, endpoint: 'http://minio.local:9000/', forcePathStyle: true })).toBe(
      'http://minio.local:9000',
    )
    expect(s3BrowserOrigin({ ...settings, endpoint: undefined, forcePathStyle: false })).toBe(
      'https://brew-media.s3.us-east-1.amazonaws.com',
    )
  })
})
