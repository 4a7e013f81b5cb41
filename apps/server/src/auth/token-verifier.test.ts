import { createServer, type Server } from 'node:http'
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toPublicJwk } from '../idp/keys.ts'
import { createTokenVerifier, InvalidTokenError } from './token-verifier.ts'
import { mintJwt } from '../testing/tokens.ts'

// An external OIDC provider: discovery plus a JWKS, nothing else.
let server: Server
let issuer: string
let key: JWK
let requests: string[]

beforeAll(async () => {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  key = { ...(await exportJWK(privateKey)), kid: 'external-1', alg: 'RS256' }
  requests = []
  server = createServer((request, response) => {
    requests.push(request.url!)
    response.setHeader('content-type', 'application/json')
    if (request.url === '/realm/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }))
    } else if (request.url === '/realm/certs') {
      response.end(JSON.stringify({ keys: [toPublicJwk(key)] }))
    } else {
      response.statusCode = 404
      response.end('{}')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}/realm`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('token verifier for an external issuer', () => {
  it('finds the keys through discovery, caches them, and verifies access and ID tokens', async () => {
    const verifier = createTokenVerifier({ issuer, audience: 'https://api.brew.test', clientId: 'spa' })
    const sub = randomUUID()
    const access = await mintJwt(
      key,
      { sub, email: 'x@example.com' },
      { issuer, audience: 'https://api.brew.test', typ: 'JWT' },
    )
    expect(await verifier.verifyAccessToken(access)).toEqual({ sub, email: 'x@example.com' })
    const id = await mintJwt(key, { sub, given_name: 'X' }, { issuer, audience: 'spa', typ: 'JWT' })
    expect(await verifier.verifyIdToken(id)).toMatchObject({ sub, given_name: 'X' })
    await verifier.verifyAccessToken(access)
    expect(requests.filter((url) => url.endsWith('openid-configuration'))).toHaveLength(1)
    expect(requests.filter((url) => url.endsWith('/certs'))).toHaveLength(1)
  })

  it('remembers a verified access token only while it is valid, and never one that failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const verifier = createTokenVerifier({ issuer, audience: 'https://api.brew.test', clientId: 'spa' })
      const sub = randomUUID()
      const access = await mintJwt(
        key,
        { sub },
        { issuer, audience: 'https://api.brew.test', typ: 'JWT', expiresIn: 600 },
      )
      // Not known before it was verified; known, without a promise, after (the auth plugin's hot path).
      expect(verifier.knownAccessToken(access)).toBeUndefined()
      expect(await verifier.verifyAccessToken(access)).toEqual({ sub })
      expect(verifier.knownAccessToken(access)).toEqual({ sub })
      // Nine minutes on, answered again; past its expiry and the minute of tolerance, refused.
      vi.advanceTimersByTime(9 * 60_000)
      expect(verifier.knownAccessToken(access)).toEqual({ sub })
      expect(await verifier.verifyAccessToken(access)).toEqual({ sub })
      vi.advanceTimersByTime(2 * 60_000 + 1_000)
      expect(verifier.knownAccessToken(access)).toBeUndefined()
      await expect(verifier.verifyAccessToken(access)).rejects.toThrow('Invalid or expired access token')
      // A token refused once is refused again (nothing was remembered of it).
      const other = await mintJwt(key, { sub }, { issuer, audience: 'spa', typ: 'JWT' })
      await expect(verifier.verifyAccessToken(other)).rejects.toThrow(InvalidTokenError)
      await expect(verifier.verifyAccessToken(other)).rejects.toThrow(InvalidTokenError)
      expect(verifier.knownAccessToken(other)).toBeUndefined()
    } finally {
      vi.useRealTimers()
    }
  })

  it('never takes an access token (typ at+jwt) for an ID token', async () => {
    const verifier = createTokenVerifier({ issuer, audience: 'https://api.brew.test', clientId: 'spa' })
    for (const typ of ['at+jwt', 'application/at+jwt']) {
      const token = await mintJwt(key, { sub: randomUUID() }, { issuer, audience: 'spa', typ })
      await expect(verifier.verifyIdToken(token)).rejects.toThrow(InvalidTokenError)
    }
  })

  it('refuses a token for another audience with a safe message', async () => {
    const verifier = createTokenVerifier({ issuer, audience: 'https://api.brew.test', clientId: 'spa' })
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer, audience: 'spa', typ: 'JWT' })
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow(InvalidTokenError)
    await expect(verifier.verifyAccessToken(token)).rejects.toThrow('Invalid or expired access token')
  })

  it('treats an unreachable or inconsistent issuer as a server fault, not a bad token', async () => {
    const verifier = createTokenVerifier({ issuer: `${issuer}-missing`, audience: 'a', clientId: 'b' })
    const token = await mintJwt(key, { sub: randomUUID() }, { issuer: `${issuer}-missing`, audience: 'a' })
    const error = await verifier.verifyAccessToken(token).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(InvalidTokenError)
  })
})
