import { randomUUID } from 'node:crypto'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { firstLink, readOutbox } from '../testing/mail.ts'
import { freePort } from '../testing/free-port.ts'
import {
  absolute,
  Browser,
  followToApp,
  formFields,
  startAuthorization,
  tokenRequest,
  type ClientSettings,
} from '../testing/oidc-client.ts'

describe.each(TEST_DATABASES)('built-in identity provider on %s: code + PKCE flow over HTTP', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let port: number
  let settings: ClientSettings

  async function start() {
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
    settings = t.idp.settings
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    port = await freePort()
    await start()
  })

  afterAll(async () => {
    // The test's own HTTP client may still hold a keep-alive connection: teardown cuts it rather than
    // waiting for it (seen hanging app.close() past a minute in the full, parallel suite).
    t?.app.server.closeAllConnections()
    await t?.app.close()
    await testDb?.client.close()
  })

  const browser = new Browser()
  const email = `flow-${randomUUID()}@example.com`
  let tokens: { access_token: string; id_token: string; refresh_token: string }

  it('publishes a discovery document with the renamed endpoints and S256 only', async () => {
    const response = await fetch(`${settings.issuer}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const discovery = (await response.json()) as Record<string, unknown>
    expect(discovery).toMatchObject({
      issuer: settings.issuer,
      authorization_endpoint: `${settings.issuer}/oauth/authorize`,
      token_endpoint: `${settings.issuer}/oauth/token`,
      jwks_uri: `${settings.issuer}/oauth/jwks`,
      userinfo_endpoint: `${settings.issuer}/oauth/userinfo`,
      end_session_endpoint: `${settings.issuer}/oauth/logout`,
      revocation_endpoint: `${settings.issuer}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
    })
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    )
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuses an authorization request without PKCE', async () => {
    const url = new URL(`${settings.issuer}/oauth/authorize`)
    url.search = new URLSearchParams({
      client_id: settings.clientId,
      response_type: 'code',
      redirect_uri: `${settings.publicUrl}/`,
      scope: 'openid',
    }).toString()
    const response = await new Browser().request(url.href)
    const location = new URL(absolute(response.headers.get('location'), url.href))
    expect(location.searchParams.get('error')).toBe('invalid_request')
  })

  it('signs up through the Create account page and returns to the app with a code', async () => {
    const { interactionUrl, verifier, state } = await startAuthorization(browser, settings, {
      screen_hint: 'signup',
    })
    const page = await browser.request(interactionUrl)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<h1>Create account</h1>')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")

    const { action } = formFields(html)
    const created = await browser.postForm(absolute(action, interactionUrl), {
      givenName: 'Ada',
      familyName: 'Lovelace',
      email,
      password: 'hops and barley 42',
    })
    const callback = await followToApp(browser, created, settings)
    expect(`${callback.origin}${callback.pathname}`).toBe(`${settings.publicUrl}/`)
    expect(callback.searchParams.get('state')).toBe(state)
    const code = callback.searchParams.get('code')!
    expect(code).toBeTruthy()

    const { status, body } = await tokenRequest(settings, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: `${settings.publicUrl}/`,
      resource: settings.audience,
    })
    expect(status).toBe(200)
    expect(body.refresh_token).toBeTruthy()
    expect(body.id_token).toBeTruthy()
    tokens = body

    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' })
    const access = decodeJwt(body.access_token)
    expect(access).toMatchObject({
      iss: settings.issuer,
      aud: settings.audience,
      email,
      email_verified: false,
    })
    expect(access.sub).toMatch(/^[0-9a-f-]{36}$/)
    const id = decodeJwt(body.id_token)
    expect(id).toMatchObject({
      sub: access.sub,
      aud: settings.clientId,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
      email,
      email_verified: false,
    })
  })

  it('lets the API bootstrap the user from those tokens', async () => {
    const response = await fetch(`${settings.publicUrl}/api/users/bootstrap`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, 'x-id-token': tokens.id_token },
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: { user: Record<string, unknown>; entities: unknown[] } }
    expect(body.data.user).toMatchObject({
      givenName: 'Ada',
      familyName: 'Lovelace',
      email,
      emailVerified: false,
    })
    expect(body.data.entities).toEqual([])
  })

  it('refreshes with rotation', async () => {
    const first = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(first.status).toBe(200)
    expect(first.body.refresh_token).not.toBe(tokens.refresh_token)
    expect(decodeJwt(first.body.access_token)).toMatchObject({
      aud: settings.audience,
      sub: decodeJwt(tokens.access_token).sub,
    })
    expect(decodeJwt(first.body.id_token)).toMatchObject({ aud: settings.clientId, given_name: 'Ada' })
    tokens = { ...tokens, ...first.body }
  })

  it('verifying the email flips the flag for the API and in the next tokens', async () => {
    const [message] = await readOutbox(t.outboxDir, email)
    const verified = await fetch(firstLink(message.text)!)
    expect(await verified.text()).toContain('Your email address is verified.')
    const bootstrap = await fetch(`${settings.publicUrl}/api/users/bootstrap`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(await bootstrap.json()).toMatchObject({ data: { user: { email, emailVerified: true } } })
    const { body } = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(decodeJwt(body.id_token)).toMatchObject({ email_verified: true })
    expect(decodeJwt(body.access_token)).toMatchObject({ email_verified: true })
    tokens = { ...tokens, ...body }
  })

  it('keeps sessions and refresh tokens across a restart', async () => {
    await t.app.close()
    await start()
    const { status, body } = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(status).toBe(200)
    tokens = { ...tokens, ...body }
    const bootstrap = await fetch(`${settings.publicUrl}/api/users/bootstrap`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    })
    expect(bootstrap.status).toBe(200)

    // The browser's provider session survived too: a new authorization needs no sign-in.
    const { interactionUrl: location } = await startAuthorization(browser, settings)
    expect(location).toMatch(new RegExp(`^${settings.publicUrl}/\\?code=`))
  })

  it('signs out through the end-session endpoint, straight back to the app without a confirmation page', async () => {
    const url = new URL(`${settings.issuer}/oauth/logout`)
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${settings.publicUrl}/`,
      client_id: settings.clientId,
      state: 'after-logout',
    }).toString()
    const response = await browser.request(url.href)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${settings.publicUrl}/?state=after-logout`)
    expect(response.headers.get('cache-control')).toBe('no-store')
    // The provider's session cookie is cleared in the same response.
    expect(
      response.headers.getSetCookie().some((c) => /^_session=;.*expires=Thu, 01 Jan 1970/i.test(c)),
    ).toBe(true)

    // The refresh token went with the session.
    const refreshed = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    })
    expect(refreshed.status).toBe(400)
    // And the next authorization asks for a sign-in again.
    const { interactionUrl } = await startAuthorization(browser, settings)
    const signIn = await (await browser.request(interactionUrl)).text()
    expect(signIn).toContain('<h1>Sign in</h1>')
  })

  it('refuses the access token of the ended session within 10 minutes (+ 60 s clock tolerance) of its issue', async () => {
    const { iat, exp } = decodeJwt(tokens.access_token)
    expect(exp! - iat!).toBe(10 * 60)
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/private',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // Not checked against the session (decision 114): still accepted just before it expires…
      vi.setSystemTime((exp! - 1) * 1000)
      expect((await call()).statusCode).toBe(200)
      // …and refused once its lifetime and the API's clock tolerance have passed.
      vi.setSystemTime((exp! + 61) * 1000)
      expect((await call()).statusCode).toBe(401)
    } finally {
      vi.useRealTimers()
    }
  })

  it('returns to the app from the end-session endpoint also when already signed out', async () => {
    const url = new URL(`${settings.issuer}/oauth/logout`)
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: `${settings.publicUrl}/`,
    }).toString()
    const response = await new Browser().request(url.href)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${settings.publicUrl}/`)
  })

  it('refuses to sign out to an address that is not registered, and shows why', async () => {
    const url = new URL(`${settings.issuer}/oauth/logout`)
    url.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://evil.example/',
    }).toString()
    const response = await new Browser().request(url.href)
    expect(response.status).toBe(400)
    expect(response.headers.get('location')).toBeNull()
    expect(await response.text()).toContain('post_logout_redirect_uri not registered')
  })

  it('signs in again on the Sign in page; reusing a rotated-out refresh token revokes the whole family', async () => {
    const { interactionUrl, verifier } = await startAuthorization(browser, settings)
    const { action } = formFields(await (await browser.request(interactionUrl)).text())
    const signedIn = await browser.postForm(absolute(action, interactionUrl), {
      email,
      password: 'hops and barley 42',
    })
    const callback = await followToApp(browser, signedIn, settings)
    const { body } = await tokenRequest(settings, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      code_verifier: verifier,
      redirect_uri: `${settings.publicUrl}/`,
    })
    expect(decodeJwt(body.access_token).aud).toBe(settings.audience)
    const rotated = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
    })
    expect(rotated.status).toBe(200)

    const replayed = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: body.refresh_token,
    })
    expect(replayed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const afterReplay = await tokenRequest(settings, {
      grant_type: 'refresh_token',
      refresh_token: rotated.body.refresh_token,
    })
    expect(afterReplay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  it('serves the logout script and the stylesheet', async () => {
    const script = await fetch(`${settings.issuer}/assets/logout.js`)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('javascript')
    expect(await script.text()).toContain("getElementById('op.logoutForm')")
    const css = await fetch(`${settings.issuer}/assets/idp.css`)
    expect(css.headers.get('content-type')).toContain('text/css')
  })
})
