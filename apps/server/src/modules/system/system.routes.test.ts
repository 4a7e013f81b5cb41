import { AppConfigSchema } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { buildTestApp, openTestDatabase, TEST_DATABASES } from '../../testing/test-app.ts'

describe.each(TEST_DATABASES)('system routes on %s', (kind) => {
  let database: Database
  let app: Awaited<ReturnType<typeof buildTestApp>>

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await buildTestApp(database)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('GET /api/config gives the browser its run-time settings without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    expect(response.statusCode).toBe(200)
    const { data } = response.json<{ data: unknown }>()
    const config = AppConfigSchema.parse(data)
    expect(config.publicUrl).toBe('http://localhost:3999')
    expect(config.oidc.issuer).toBe('http://localhost:3999/idp')
    expect(config.plans.map((p) => p.id)).toEqual(['monthly', 'annual'])
  })

  it('GET /api/health reports the database, and Redis as off without REDIS_URL', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: { status: 'ok', database: 'ok', redis: 'off' } })
  })

  it('answers unknown API routes with a JSON 404 in the error shape', async () => {
    for (const url of ['/api/nothing-here', '/api', '/api/contacts/123']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toMatchObject({
        error: { code: 'NOT_FOUND', message: expect.any(String) as string },
      })
    }
  })

  it('answers a wrong method with a 404 in the error shape', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/config' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
  })

  it('sends security headers and a request id on every response', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    const csp = response.headers['content-security-policy']
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('health when the database is gone', () => {
  it('answers 503 and says the database is unavailable', async () => {
    const database = await openTestDatabase('pglite')
    const app = await buildTestApp(database)
    await database.close()
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({ data: { status: 'degraded', database: 'unavailable', redis: 'off' } })
    await app.close()
  })
})

describe('health and Redis', () => {
  it('is degraded but still 200 while Redis is unavailable: the instance serves its own clients', async () => {
    const database = await openTestDatabase('pglite')
    // Nothing listens on port 1: the real-time layer gives up on Redis at start.
    const app = await buildTestApp(database, { REDIS_URL: 'redis://127.0.0.1:1' })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ data: { status: 'degraded', database: 'ok', redis: 'unavailable' } })
    } finally {
      await app.close()
      await database.close()
    }
  })

  it.runIf(process.env.REDIS_URL)('reports Redis ok when it answers', async () => {
    const database = await openTestDatabase('pglite')
    const app = await buildTestApp(database, { REDIS_URL: process.env.REDIS_URL! })
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ data: { status: 'ok', database: 'ok', redis: 'ok' } })
    } finally {
      await app.close()
      await database.close()
    }
  })
})
