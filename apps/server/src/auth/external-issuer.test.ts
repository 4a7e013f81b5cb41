import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { AppConfigSchema } from '@brewcommand/domain'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client.ts'
import { toPublicJwk } from '../idp/keys.ts'
import { buildTestApp, openTestDatabase } from '../testing/test-app.ts'
import { mintJwt } from '../testing/tokens.ts'

// Auth0, Keycloak or any OIDC provider instead of the built-in one: only discovery and the JWKS are
// fetched by the server; the browser talks to the provider itself.
describe('with an external identity provider (OIDC_ISSUER set)', () => {
  let provider: Server
  let issuer: string
  let key: JWK
  let database: Database
  let app: Awaited<ReturnType<typeof buildTestApp>>
  const clientId = 'external-spa-client'
  const audience = 'https://api.brew.example'

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    key = { ...(await exportJWK(privateKey)), kid: 'ext-1', alg: 'RS256' }
    provider = createServer((request, response) => {
      response.setHeader('content-type', 'application/json')
      if (request.url === '/tenant/.well-known/openid-configuration') {
        response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}.well-known/jwks.json` }))
      } else if (request.url === '/tenant/.well-known/jwks.json') {
        response.end(JSON.stringify({ keys: [toPublicJwk(key)] }))
      } else {
        response.statusCode = 404
        response.end('{}')
      }
    })
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve))
    // With a trailing slash, as Auth0 writes its issuers.
    issuer = `http://127.0.0.1:${(provider.address() as { port: number }).port}/tenant/`
    database = await openTestDatabase('pglite')
    app = await buildTestApp(database, {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_AUDIENCE: audience,
    })
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    await new Promise((resolve) => provider?.close(resolve))
  })

  it('tells the browser about the provider', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    const config = AppConfigSchema.parse(response.json<{ data: unknown }>().data)
    expect(config.oidc).toEqual({ issuer, clientId, audience, builtIn: false })
  })

  it("allows the provider's origin in the app's CSP for discovery, token calls, frames and forms", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' })
    const directives = new Map(
      String(response.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...values]) => [name, values]),
    )
    const origin = new URL(issuer).origin
    for (const name of ['connect-src', 'frame-src', 'form-action']) {
      expect(directives.get(name), name).toEqual(["'self'", origin])
    }
    expect(directives.get('script-src')).toEqual(["'self'"])
  })

  it('runs no built-in provider', async () => {
    expect(app.builtInIdp).toBeNull()
    const response = await app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' })
    expect(response.statusCode).toBe(404)
  })

  it("accepts the provider's access token and keeps the profile of its ID token", async () => {
    const sub = `auth0|${randomUUID()}`
    const accessToken = await mintJwt(
      key,
      { sub, scope: 'openid profile email' },
      { issuer, audience, typ: 'JWT' },
    )
    const idToken = await mintJwt(
      key,
      { sub, given_name: 'Ext', family_name: 'Ernal', email: 'ext@example.com', email_verified: true },
      { issuer, audience: clientId, typ: 'JWT' },
    )
    const response = await app.inject({
      method: 'GET',
      url: '/api/users/bootstrap',
      headers: { authorization: `Bearer ${accessToken}`, 'x-id-token': idToken },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      data: {
        user: { givenName: 'Ext', familyName: 'Ernal', email: 'ext@example.com', emailVerified: true },
      },
    })
  })

  it('refuses tokens the provider did not issue for this API', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const stranger = { ...(await exportJWK(privateKey)), kid: 'ext-1' }
    const sub = randomUUID()
    for (const token of [
      await mintJwt(stranger, { sub }, { issuer, audience, typ: 'JWT' }),
      await mintJwt(key, { sub }, { issuer: issuer.replace(/\/$/, ''), audience, typ: 'JWT' }),
      await mintJwt(key, { sub }, { issuer, audience: clientId, typ: 'JWT' }),
      await mintJwt(key, { sub }, { issuer: 'http://localhost:3999/idp', audience, typ: 'JWT' }),
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/users/bootstrap',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Invalid or expired access token' },
      })
    }
  })
})
