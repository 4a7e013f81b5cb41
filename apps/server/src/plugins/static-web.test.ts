import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/client.ts'
import { buildTestApp, openTestDatabase } from '../testing/test-app.ts'

const BIG = `export const names = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `name ${i}`))}\n`

describe('serving the built web app', () => {
  let database: Database
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const dist = mkdtempSync(path.join(tmpdir(), 'brewcommand-dist-'))

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>BrewCommand</title>')
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    writeFileSync(
      path.join(dist, 'assets', 'index-abc123.js.map'),
      '{"version":3,"sources":["src/secret.ts"]}',
    )
    writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), BIG)
    writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG))
    writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG))
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"BrewCommand"}')
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, { WEB_DIST: dist })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves index.html at / and revalidates it', async () => {
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>BrewCommand</title>')
    expect(response.headers['cache-control']).toBe('no-cache')
  })

  it('answers client-side routes with index.html so a reload works', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/secure/products/123',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<title>BrewCommand</title>')
  })

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends the precompressed file the browser accepts, with Vary, and the plain one otherwise', async () => {
    const get = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/big-abc123.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      })
    const br = await get('gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['content-type']).toMatch(/javascript/)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG)

    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG)

    for (const none of [undefined, 'identity']) {
      const plain = await get(none)
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body).toBe(BIG)
    }
  })

  it('compresses JSON above 1 KB per Accept-Encoding, and not below it or when not accepted', async () => {
    const big = await app.inject({ method: 'GET', url: '/api/missing-' + 'x'.repeat(1200) })
    expect(big.headers['content-encoding']).toBeUndefined()
    const gz = await app.inject({
      method: 'GET',
      url: '/api/missing-' + 'x'.repeat(1200),
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big.json())
    const small = await app.inject({
      method: 'GET',
      url: '/api/missing',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  it('serves the service worker as JavaScript, revalidated on every update check', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('addEventListener')
  })

  it('serves the web app manifest with its own type, revalidated', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.json()).toEqual({ name: 'BrewCommand' })
  })

  it("lets the page load its own worker and manifest, and nobody else's", async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])
    expect(csp).toContain("worker-src 'self';")
    expect(csp).toContain("manifest-src 'self';")
  })

  it('keeps the JSON 404 for a missing asset and for API paths, even when HTML is accepted', async () => {
    for (const url of ['/assets/missing.js', '/api/missing', '/uploads/missing']) {
      const accept = url.startsWith('/assets') ? '*/*' : 'text/html'
      const response = await app.inject({ method: 'GET', url, headers: { accept } })
      expect(response.statusCode).toBe(404)
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
    }
  })

  it('does not serve source maps outside development', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/INDEX-abc123.js.MAP']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('secret.ts')
    }
    vi.stubEnv('NODE_ENV', 'development')
    const dev = await buildTestApp(database, { WEB_DIST: dist }).finally(() => vi.unstubAllEnvs())
    try {
      expect((await dev.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode).toBe(200)
    } finally {
      await dev.close()
    }
  })

  it('does not serve files outside the build folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/../../package.json' })
    expect(response.statusCode).not.toBe(200)
  })
})
