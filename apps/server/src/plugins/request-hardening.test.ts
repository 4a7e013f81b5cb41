import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { makeEnvelope } from '@brewcommand/domain'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { mintJwt } from '../testing/tokens.ts'
import { loadConfig } from '../config.ts'
import type { Database } from '../db/client.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { openTestDatabase } from '../testing/test-app.ts'
import { redactUrl } from './request-log.ts'

const USER = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const BUSINESS = {
  name: 'Cache Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

describe('API answers, request ids and timeouts', () => {
  let testDb: TestDb
  let t: TestApp
  let base: string
  const sub = crypto.randomUUID()
  const bearer = async (who = sub) =>
    `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub: who }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`

  beforeAll(async () => {
    testDb = await createTestDb('pglite')
    t = await createTestApp({
      db: testDb,
      env: { REQUEST_TIMEOUT_SECONDS: '1', UPLOAD_TIMEOUT_SECONDS: '30' },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address() as { port: number }
    base = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('marks authenticated answers no-store, and leaves the revalidated reads their own caching', async () => {
    const authorization = await bearer()
    const private_ = await t.app.inject({ method: 'GET', url: '/api/private', headers: { authorization } })
    expect(private_.headers['cache-control']).toBe('no-store')
    // Bootstrap (like the product list) is revalidated by its strong ETag (ADR 170): private, so no
    // shared cache keeps it, and never used without asking the server.
    const bootstrap = await t.app.inject({
      method: 'GET',
      url: '/api/users/bootstrap',
      headers: { authorization },
    })
    expect(bootstrap.headers['cache-control']).toBe('private, no-cache')
    expect(bootstrap.headers.etag).toBeTruthy()
    const refused = await t.app.inject({ method: 'GET', url: '/api/private' })
    expect(refused.statusCode).toBe(401)
    expect(refused.headers['cache-control']).toBe('no-store')
    const onboarding = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers: { authorization },
      payload: makeEnvelope('OnboardingRequest', { user: USER, entity: BUSINESS }),
    })
    expect(onboarding.headers['cache-control']).toBe('no-store')
    const catalog = await t.app.inject({ method: 'GET', url: '/api/catalog', headers: { authorization } })
    expect(catalog.statusCode).toBe(200)
    expect(catalog.headers['cache-control']).toBe('private, no-cache')
    expect(catalog.headers.etag).toBeTruthy()
  })

  it('keeps a plain X-Request-Id of up to 64 characters and replaces anything else', async () => {
    const id = async (value: string) =>
      String(
        (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': value } }))
          .headers['x-request-id'],
      )
    expect(await id('req-1.2_3')).toBe('req-1.2_3')
    expect(await id('a'.repeat(64))).toBe('a'.repeat(64))
    for (const bad of ['a'.repeat(65), 'has space', '<script>', 'x\u00e9', '../../etc', 'a,b']) {
      expect(await id(bad), bad).toMatch(UUID)
    }
  })

  /** Sends the head of a request and part of its body over a raw socket; resolves with what came back. */
  const slowRequest = (head: string, chunks: string[], gapMs: number) =>
    new Promise<{ answer: string; afterMs: number }>((resolve, reject) => {
      const started = Date.now()
      const socket = connect(Number(new URL(base).port), '127.0.0.1')
      let answer = ''
      socket.on('data', (data) => (answer += data.toString()))
      socket.on('close', () => resolve({ answer, afterMs: Date.now() - started }))
      socket.on('error', reject)
      socket.write(head)
      let i = 0
      const next = () => {
        if (i < chunks.length && !socket.destroyed) {
          socket.write(chunks[i++])
          setTimeout(next, gapMs)
        } else if (i >= chunks.length) setTimeout(() => socket.end(), 3000)
      }
      next()
    })

  it('answers 408 and closes a request whose body trickles in past REQUEST_TIMEOUT_SECONDS', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', name: 'Slow' })
    // A byte every 400 ms: never idle for a second, yet the whole body would take many seconds.
    const { answer, afterMs } = await slowRequest(
      `POST /api/contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.split(''),
      400,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408/)
    expect(afterMs).toBeLessThan(3500)
  })

  it('gives an upload its own allowance: a body sent over 2.5 s is stored', async () => {
    const authorization = await bearer(crypto.randomUUID())
    const entityId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: { authorization },
        payload: makeEnvelope('OnboardingRequest', { user: USER, entity: BUSINESS }),
      })
    ).json<{ data: { entityId: string } }>().data.entityId
    const productId = crypto.randomUUID()
    await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { authorization },
      payload: makeEnvelope('product', { id: productId, name: 'Slow IPA' }),
    })
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { authorization },
      payload: { fileName: 'a.txt', fileType: 'text/plain', entityId, productId },
    })
    expect(upload.statusCode).toBe(200)
    const url = new URL(upload.json<{ uploadUrl: string }>().uploadUrl)
    const chunks = ['one ', 'two ', 'three ', 'four ', 'five ', 'six']
    const { answer } = await slowRequest(
      `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: ${chunks.join('').length}\r\nConnection: close\r\n\r\n`,
      chunks,
      500,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 200/)
  })
})

describe('the request log', () => {
  let database: Database
  let app: Awaited<ReturnType<typeof buildApp>>
  const lines: string[] = []

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3999', WEB_DIST: '/nonexistent-web-dist' })
    app = await buildApp({ config, database, logger: pino({ level: 'info' }, stream) })
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('holds no invitation token, reset token or link signature', async () => {
    const token = 'inv0SECRET0token0aaaaaaaaaaaaaaaaaaaaaaaaa'
    const signature = 'SIGNATURE0SECRET0bbbbbbbbbbbbbbbbbbbbbbbbbbb'
    for (const url of [
      `/api/invitations/${token}`,
      `/invitations/${token}`,
      `/uploads/a/b/c.png?expires=1&signature=${signature}`,
      `/idp/reset/${token}`,
      `/idp/reset-password?token=${token}`,
      `/api/ingest/${token}`,
      `/api/calendar/${token}.ics`,
    ]) {
      await app.inject({ method: 'GET', url })
    }
    const log = lines.join('')
    expect(log).toContain('[redacted]')
    expect(log).toContain('/api/invitations/[redacted]')
    expect(log).toContain('/api/ingest/[redacted]')
    expect(log).toContain('/api/calendar/[redacted]')
    expect(log).not.toContain(token)
    expect(log).not.toContain(signature)
  })

  it('answers a path too long or badly encoded in the error shape, with the security headers', async () => {
    for (const [url, status, code] of [
      [`/api/products/${'x'.repeat(150)}`, 414, 'URI_TOO_LONG'],
      ['/api/products/%E0%A4%A', 400, 'VALIDATION_FAILED'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual({ error: { code, message: expect.any(String) as unknown } })
      expect(response.body).not.toContain('xxxx')
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBeDefined()
    }
  })

  it('redacts the secret parts of a URL and keeps the rest', () => {
    expect(redactUrl('/api/invitations/abc?x=1')).toBe('/api/invitations/[redacted]?x=1')
    expect(redactUrl('/uploads/k.png?expires=9&signature=s&type=image%2Fpng')).toBe(
      '/uploads/k.png?expires=9&signature=[redacted]&type=image%2Fpng',
    )
    expect(redactUrl('/idp/auth?code=c&state=s&X-Amz-Signature=z')).toBe(
      '/idp/auth?code=[redacted]&state=s&X-Amz-Signature=[redacted]',
    )
    expect(redactUrl('/api/products/1')).toBe('/api/products/1')
    expect(redactUrl('/api/ingest/AbC_-9')).toBe('/api/ingest/[redacted]')
    expect(redactUrl('/api/calendar/AbC_-9.ics')).toBe('/api/calendar/[redacted]')
  })
})
