// The built-in provider behind a proxy: which client address its limits see (TRUST_PROXY), whose
// guesses lock what (decision 111), and Secure cookies when PUBLIC_URL is https (decision 113).
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import type { SignInLimits } from './idp.ts'
import { freePort } from '../testing/free-port.ts'
import { Browser, pkcePair, signUpAndSignIn, startAuthorization } from '../testing/oidc-client.ts'

const PASSWORD = 'mash tun 2024!'
const newEmail = () => `proxy-${randomUUID()}@example.com`

describe.each(TEST_DATABASES)('the built-in provider behind a proxy on %s', (kind) => {
  let testDb: TestDb
  const apps: TestApp[] = []

  async function startApp(env: Record<string, string>, limits?: Partial<SignInLimits>) {
    const port = await freePort()
    const t = await createTestApp({
      db: testDb,
      publicUrl: `http://127.0.0.1:${port}`,
      env,
      ...(limits ? { limits } : {}),
    })
    await t.app.listen({ port, host: '127.0.0.1' })
    apps.push(t)
    return t
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
  })
  afterAll(async () => {
    for (const t of apps) await t.app.close()
    await testDb?.client.close()
  })

  /** A sign-in as it arrives from the proxy: X-Forwarded-For as the client and the proxy wrote it. */
  async function signInVia(t: TestApp, forwardedFor: string, email: string, password: string) {
    const browser = new Browser()
    const headers = { 'x-forwarded-for': forwardedFor }
    const { interactionUrl } = await startAuthorization(browser, t.idp.settings)
    await browser.request(interactionUrl, { headers })
    const response = await browser.request(interactionUrl, {
      method: 'POST',
      headers: {
        ...headers,
        origin: new URL(interactionUrl).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password }).toString(),
    })
    return response.status
  }

  describe('TRUST_PROXY=1 (one proxy in front)', () => {
    it('counts per address the one the proxy saw, not what the client wrote before it', async () => {
      const t = await startApp(
        { TRUST_PROXY: '1' },
        { maxFailuresPerAddress: 3, maxFailuresPerAccount: 5, windowMs: 15 * 60_000 },
      )
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        // The client makes up a new first hop every time; the proxy appends the real address.
        statuses.push(await signInVia(t, `198.51.100.${i}, 203.0.113.9`, newEmail(), PASSWORD))
      }
      expect(statuses).toEqual([401, 401, 401, 429])
      // Another real client address is not limited.
      expect(await signInVia(t, '203.0.113.10', newEmail(), PASSWORD)).toBe(401)
    })

    it("lets the owner in from another address after someone else's five wrong guesses", async () => {
      const t = await startApp({ TRUST_PROXY: '1' })
      const { email } = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      for (let i = 0; i < 5; i++) expect(await signInVia(t, '203.0.113.66', email, `guess ${i} x`)).toBe(401)
      // The guessing address is stopped, even with the right password…
      expect(await signInVia(t, '203.0.113.66', email, PASSWORD)).toBe(429)
      // …the owner, elsewhere, is not.
      expect(await signInVia(t, '198.51.100.20', email, PASSWORD)).toBe(303)
    })

    it('locks the account for everyone when guesses from many addresses pass the total limit', async () => {
      const t = await startApp(
        { TRUST_PROXY: '1' },
        {
          maxFailuresPerAddress: 20,
          maxFailuresPerAccount: 5,
          maxFailuresPerAccountTotal: 6,
          windowMs: 15 * 60_000,
        },
      )
      const { email } = await signUpAndSignIn(t.idp.settings, { email: newEmail() })
      for (let i = 0; i < 6; i++)
        expect(await signInVia(t, `203.0.113.${100 + i}`, email, `guess ${i} x`)).toBe(401)
      expect(await signInVia(t, '198.51.100.20', email, PASSWORD)).toBe(429)
    })
  })

  describe('TRUST_PROXY=false (the default)', () => {
    it('ignores X-Forwarded-For: a client cannot pick a fresh address per guess', async () => {
      const t = await startApp(
        {},
        { maxFailuresPerAddress: 2, maxFailuresPerAccount: 5, windowMs: 15 * 60_000 },
      )
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) statuses.push(await signInVia(t, `198.51.100.${i}`, newEmail(), PASSWORD))
      expect(statuses).toEqual([401, 401, 429])
    })
  })

  describe('cookies', () => {
    /** The Set-Cookie headers of an authorization request to an app at `publicUrl`. */
    async function authorizeCookies(publicUrl: string, headers: Record<string, string> = {}) {
      const t = await createTestApp({ db: testDb, publicUrl })
      apps.push(t)
      const { challenge } = pkcePair()
      const query = new URLSearchParams({
        client_id: t.idp.settings.clientId,
        response_type: 'code',
        redirect_uri: `${publicUrl}/`,
        scope: 'openid profile email offline_access',
        resource: t.idp.settings.audience,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: 'abc',
      })
      // As the TLS proxy hands it on: plain http to the app.
      const response = await t.app.inject({
        method: 'GET',
        url: `/idp/oauth/authorize?${query.toString()}`,
        headers: { host: new URL(publicUrl).host, ...headers },
      })
      expect(response.statusCode).toBe(303)
      const cookies = [response.headers['set-cookie'] ?? []].flat()
      expect(cookies.length).toBeGreaterThan(0)
      return cookies
    }

    it('are Secure when PUBLIC_URL is https, though the proxy speaks plain http to the app', async () => {
      for (const cookie of await authorizeCookies('https://brew.example'))
        expect(cookie, cookie).toMatch(/;\s*secure/i)
      // A client's X-Forwarded-Proto cannot take it away.
      for (const cookie of await authorizeCookies('https://brew.example', { 'x-forwarded-proto': 'http' }))
        expect(cookie, cookie).toMatch(/;\s*secure/i)
    })

    it('are not Secure for an http PUBLIC_URL, whatever X-Forwarded-Proto says', async () => {
      for (const cookie of await authorizeCookies('http://localhost:3000', { 'x-forwarded-proto': 'https' }))
        expect(cookie, cookie).not.toMatch(/;\s*secure/i)
    })
  })
})
