import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { buildTestApp, openTestDatabase } from '../testing/test-app.ts'

describe('serving the built web app', () => {
  let database: Database
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const dist = mkdtempSync(path.join(tmpdir(), 'brewcommand-dist-'))

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>BrewCommand</title>')
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
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

  it('does not serve files outside the build folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/../../package.json' })
    expect(response.statusCode).not.toBe(200)
  })
})
