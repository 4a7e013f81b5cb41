// A socket lives no longer than the session it was opened with (ADR 122): it is closed when its
// access token expires, when its provider session ends (logout) and when the refresh token is revoked,
// and a token of an ended session opens no new socket.
import { makeEnvelope, SOCKET_AUTH_ERRORS } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { freePort } from '../testing/free-port.ts'
import { signUpAndSignIn, type SignedIn } from '../testing/oidc-client.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'

const BUSINESS = {
  name: 'Session Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const NO_PROFILE = {
  givenName: '',
  familyName: '',
  emailAddress: '',
  emailVerified: false,
  idpIdentifier: '',
}

describe('a socket ends with its token and its session', () => {
  let testDb: TestDb
  let t: TestApp
  let url: string
  const sockets: Socket[] = []

  beforeAll(async () => {
    testDb = await createTestDb()
    const port = await freePort()
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
    url = `http://127.0.0.1:${port}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await t?.app.close()
    await testDb?.client.close()
  })

  const onboard = async (accessToken: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload: makeEnvelope('OnboardingRequest', { user: NO_PROFILE, entity: BUSINESS }),
      headers: { authorization: `Bearer ${accessToken}` },
    })
    expect(response.statusCode).toBe(201)
  }
  /** A real sign-in through the built-in provider, with a brewery of its own. */
  const signedIn = async (): Promise<SignedIn> => {
    const session = await signUpAndSignIn(t.idp.settings)
    await onboard(session.tokens.access_token)
    return session
  }
  const open = (token: string) => {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false })
    sockets.push(socket)
    return socket
  }
  const connect = (token: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = open(token)
      socket.on('connect', () => resolve(socket))
      socket.on('connect_error', reject)
    })
  const refused = (token: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = open(token)
      socket.on('connect', () => reject(new Error('the socket connected')))
      socket.on('connect_error', (error) => resolve(error.message))
    })
  const disconnected = (socket: Socket, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${withinMs} ms`)), withinMs)
      socket.once('disconnect', (reason) => {
        clearTimeout(timer)
        resolve(reason)
      })
    })

  it('closes the socket when its access token expires', async () => {
    const sub = crypto.randomUUID()
    const { keys, settings } = t.idp
    const longLived = await mintJwt(keys.privateJwks.keys[0], { sub }, settings)
    await onboard(longLived)
    const shortLived = await mintJwt(keys.privateJwks.keys[0], { sub }, { ...settings, expiresIn: 2 })
    const socket = await connect(shortLived)
    const startedAt = Date.now()
    expect(await disconnected(socket, 8000)).toBe('io server disconnect')
    expect(Date.now() - startedAt).toBeGreaterThan(500)
    // A socket with a token still valid for an hour stays.
    const lasting = await connect(longLived)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(lasting.connected).toBe(true)
  })

  it('closes the socket at logout, and the token of the ended session opens no new one', async () => {
    const session = await signedIn()
    const other = await signedIn()
    const socket = await connect(session.tokens.access_token)
    const bystander = await connect(other.tokens.access_token)
    const closed = disconnected(socket, 8000)
    const logout = new URL(`${t.idp.settings.issuer}/oauth/logout`)
    logout.search = new URLSearchParams({
      id_token_hint: session.tokens.id_token,
      post_logout_redirect_uri: `${t.idp.settings.publicUrl}/`,
      client_id: t.idp.settings.clientId,
    }).toString()
    const response = await session.browser.request(logout.href)
    expect(response.status).toBe(303)
    expect(await closed).toBe('io server disconnect')
    expect(await refused(session.tokens.access_token)).toBe(SOCKET_AUTH_ERRORS.invalid)
    // Another person's session goes on.
    expect(bystander.connected).toBe(true)
  })

  it('closes the socket when the refresh token is revoked', async () => {
    const session = await signedIn()
    const socket = await connect(session.tokens.access_token)
    const closed = disconnected(socket, 8000)
    const revoked = await fetch(`${t.idp.settings.issuer}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: session.tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: t.idp.settings.clientId,
      }).toString(),
    })
    expect(revoked.status).toBe(200)
    expect(await closed).toBe('io server disconnect')
    expect(await refused(session.tokens.access_token)).toBe(SOCKET_AUTH_ERRORS.invalid)
  })
})
