import { createPublicKey, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { mintJwt } from '../testing/tokens.ts'

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe.each(TEST_DATABASES)('API authentication on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let key: JWK
  let issuer: string
  let audience: string

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    key = t.idp.keys.privateJwks.keys[0]!
    issuer = t.idp.settings.issuer
    audience = t.idp.settings.audience
  })

  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  function get(url: string, authorization?: string) {
    return t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} })
  }

  async function expectUnauthenticated(
    authorization: string | undefined,
    message = 'Invalid or expired access token',
  ) {
    const response = await get('/api/private', authorization)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message } })
    expect(response.headers['www-authenticate']).toMatch(/^Bearer /)
    return response
  }

  it('accepts a valid RS256 access token and identifies the caller', async () => {
    const sub = randomUUID()
    const token = await mintJwt(
      key,
      { sub, email: 'ada@example.com', email_verified: true },
      { issuer, audience },
    )
    const response = await get('/api/private', `Bearer ${token}`)
    expect(response.statusCode).toBe(200)
  })

  it('lets exactly the public routes through without a token', async () => {
    expect((await get('/api/health')).statusCode).toBe(200)
    expect((await get('/api/config')).statusCode).toBe(200)
    // Config, health and contacts (docs/architecture.md, security/route-matrix.ts), and the invitation preview a person opens from the mail
    // before signing in (ADR 041; rate-limited). The Stripe webhook joins them only in Stripe mode.
    // The calendar feed and device ingestion carry their own secret in the path (a hashed token). The API's
    // OpenAPI document and its reference page describe routes, never data (ADR 280). The accounting providers'
    // webhooks prove themselves by a signature over the raw body (ADR 366).
    expect([...t.app.publicRoutes].sort()).toEqual([
      'GET /api/calendar/:feedToken.ics',
      'GET /api/config',
      'GET /api/docs',
      'GET /api/docs/static/:file',
      'GET /api/health',
      'GET /api/invitations/:token',
      'GET /api/openapi.json',
      'HEAD /api/calendar/:feedToken.ics',
      'HEAD /api/config',
      'HEAD /api/docs',
      'HEAD /api/docs/static/:file',
      'HEAD /api/health',
      'HEAD /api/invitations/:token',
      'HEAD /api/openapi.json',
      'POST /api/contacts',
      'POST /api/ingest/:deviceToken',
      'POST /api/webhooks/quickbooks',
      'POST /api/webhooks/xero',
    ])
  })

  it('refuses the other /api routes without a token, before looking at their input', async () => {
    for (const [method, url] of [
      ['GET', '/api/users/bootstrap'],
      ['GET', '/api/products'],
      ['POST', '/api/onboarding'],
      ['POST', '/api/checkout'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Missing bearer token' } })
    }
  })

  it('refuses a request without a token', async () => {
    const response = await expectUnauthenticated(undefined, 'Missing bearer token')
    expect(response.headers['www-authenticate']).not.toContain('error=')
  })

  it.each([
    'Bearer',
    'Bearer not-a-jwt',
    'Bearer a.b.c',
    'Basic dXNlcjpwYXNz',
    'Bearer ' + 'x'.repeat(20_000),
  ])('refuses a malformed authorization header (%#)', async (header) => {
    const response = await expectUnauthenticated(header)
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"')
  })

  it('refuses an unsigned token (alg: none)', async () => {
    const now = Math.floor(Date.now() / 1000)
    const token = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ sub: randomUUID(), iss: issuer, aud: audience, iat: now, exp: now + 600 })}.`
    await expectUnauthenticated(`Bearer ${token}`)
  })

  it('refuses an HS256 token keyed with the RSA public key (algorithm confusion)', async () => {
    const publicPem = createPublicKey({ key: key as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    })
    const now = Math.floor(Date.now() / 1000)
    for (const secret of [
      Buffer.from(publicPem),
      Buffer.from(JSON.stringify({ kty: key.kty, n: key.n, e: key.e })),
    ]) {
      const token = await new SignJWT({ sub: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret)
      await expectUnauthenticated(`Bearer ${token}`)
    }
  })

  it('refuses a token from another issuer', async () => {
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer: 'https://evil.example/idp', audience })
    await expectUnauthenticated(`Bearer ${token}`)
  })

  it('refuses a token for another audience (an ID token included)', async () => {
    await expectUnauthenticated(
      `Bearer ${await mintJwt(key, { sub: randomUUID() }, { issuer, audience: 'https://other.example/api' })}`,
    )
    await expectUnauthenticated(
      `Bearer ${await mintJwt(key, { sub: randomUUID() }, { issuer, audience: t.idp.settings.clientId, typ: 'JWT' })}`,
    )
  })

  it('refuses an expired token beyond the 60 s leeway, and accepts one within it', async () => {
    await expectUnauthenticated(
      `Bearer ${await mintJwt(key, { sub: randomUUID() }, { issuer, audience, expiresIn: -90 })}`,
    )
    const withinLeeway = await mintJwt(key, { sub: randomUUID() }, { issuer, audience, expiresIn: -30 })
    expect((await get('/api/private', `Bearer ${withinLeeway}`)).statusCode).toBe(200)
  })

  it('refuses a token that is not yet valid beyond the leeway', async () => {
    await expectUnauthenticated(
      `Bearer ${await mintJwt(key, { sub: randomUUID() }, { issuer, audience, notBefore: 300 })}`,
    )
  })

  it('refuses a token signed by an unknown key, even with a known kid', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const stranger = { ...(await exportJWK(privateKey)), kid: 'stranger' }
    await expectUnauthenticated(
      `Bearer ${await mintJwt(stranger, { sub: randomUUID() }, { issuer, audience })}`,
    )
    await expectUnauthenticated(
      `Bearer ${await mintJwt(stranger, { sub: randomUUID() }, { issuer, audience, kid: key.kid! })}`,
    )
  })

  it('refuses a token without a subject', async () => {
    await expectUnauthenticated(`Bearer ${await mintJwt(key, {}, { issuer, audience })}`)
    await expectUnauthenticated(`Bearer ${await mintJwt(key, { sub: '' }, { issuer, audience })}`)
  })

  it('refuses a token with a tampered payload', async () => {
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer, audience })
    const [header, , signature] = token.split('.')
    const now = Math.floor(Date.now() / 1000)
    const forged = `${header}.${b64({ sub: randomUUID(), iss: issuer, aud: audience, iat: now, exp: now + 600 })}.${signature}`
    await expectUnauthenticated(`Bearer ${forged}`)
  })

  // A header seen before is recognised by its last characters (the signature's) and then compared whole (ADR 427).
  it('refuses a tampered payload whose signature ends a header already accepted', async () => {
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer, audience })
    expect((await get('/api/private', `Bearer ${token}`)).statusCode).toBe(200)
    expect((await get('/api/private', `Bearer ${token}`)).statusCode).toBe(200)
    const [header, , signature] = token.split('.')
    const now = Math.floor(Date.now() / 1000)
    const forged = `${header}.${b64({ sub: randomUUID(), iss: issuer, aud: audience, iat: now, exp: now + 600 })}.${signature}`
    await expectUnauthenticated(`Bearer ${forged}`)
    // Another header with the same end is read in full, as any new one.
    expect((await get('/api/private', `bearer ${token}`)).statusCode).toBe(200)
    // The genuine header is still known.
    expect((await get('/api/private', `Bearer ${token}`)).statusCode).toBe(200)
  })

  it('refuses a header accepted before once its token has expired', async () => {
    // Expired 30 s ago, within the 60 s leeway: accepted for 30 s more.
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer, audience, expiresIn: -30 })
    expect((await get('/api/private', `Bearer ${token}`)).statusCode).toBe(200)
    expect((await get('/api/private', `Bearer ${token}`)).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 60_000)
      await expectUnauthenticated(`Bearer ${token}`)
    } finally {
      vi.useRealTimers()
    }
  })
})
