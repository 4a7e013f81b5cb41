// A minimal headless OIDC client for tests: fetch with a cookie jar, PKCE, and helpers that drive
// the built-in provider's pages the way a browser would.
import { createHash, randomBytes } from 'node:crypto'

interface StoredCookie {
  value: string
  path: string
}

/** Cookies by name and path; enough of RFC 6265 for one host. */
export class CookieJar {
  #cookies = new Map<string, StoredCookie>()

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim())
      const index = pair.indexOf('=')
      const name = pair.slice(0, index)
      const value = pair.slice(index + 1)
      let path = '/'
      let expired = value === ''
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=')
        if (key.toLowerCase() === 'path') path = attributeValue
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true
      }
      const key = `${name};${path}`
      if (expired) this.#cookies.delete(key)
      else this.#cookies.set(key, { value, path })
    }
  }

  header(url: string): string {
    const { pathname } = new URL(url)
    return [...this.#cookies.entries()]
      .filter(
        ([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ')
  }
}

export class Browser {
  readonly jar = new CookieJar()

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    const cookie = this.jar.header(url)
    if (cookie) headers.set('cookie', cookie)
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    this.jar.store(response)
    return response
  }

  postForm(url: string, form: Record<string, string>, origin?: string): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : { origin: new URL(url).origin }),
      },
      body: new URLSearchParams(form).toString(),
    })
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  return { verifier, challenge }
}

export interface ClientSettings {
  publicUrl: string
  issuer: string
  clientId: string
  audience: string
}

export function absolute(location: string | null, base: string): string {
  if (!location) throw new Error('expected a Location header')
  return new URL(location, base).href
}

/** Starts an authorization request; answers the interaction page URL and the PKCE verifier. */
export async function startAuthorization(
  browser: Browser,
  settings: ClientSettings,
  extra: Record<string, string> = {},
) {
  const { verifier, challenge } = pkcePair()
  const state = randomBytes(8).toString('hex')
  const url = new URL(`${settings.issuer}/oauth/authorize`)
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    response_type: 'code',
    redirect_uri: `${settings.publicUrl}/`,
    scope: 'openid profile email offline_access',
    resource: settings.audience,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  }).toString()
  const response = await browser.request(url.href)
  if (response.status !== 303)
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`)
  return { interactionUrl: absolute(response.headers.get('location'), url.href), verifier, state }
}

/** Follows redirects (GET) until one leaves the provider; answers that URL. */
export async function followToApp(
  browser: Browser,
  response: Response,
  settings: ClientSettings,
): Promise<URL> {
  let current = response
  let url = current.url
  for (let hop = 0; hop < 10; hop++) {
    if (current.status !== 302 && current.status !== 303) {
      throw new Error(`expected a redirect, got ${current.status}: ${await current.text()}`)
    }
    const next = absolute(current.headers.get('location'), url)
    if (!next.startsWith(`${settings.issuer}/`)) return new URL(next)
    url = next
    current = await browser.request(next)
  }
  throw new Error('too many redirects')
}

export interface TokenResponse {
  access_token: string
  id_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  scope: string
}

export async function tokenRequest(settings: ClientSettings, form: Record<string, string>) {
  const response = await fetch(`${settings.issuer}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: settings.publicUrl },
    body: new URLSearchParams({ client_id: settings.clientId, ...form }).toString(),
  })
  return { status: response.status, body: (await response.json()) as TokenResponse & { error?: string } }
}

/** The hidden and text inputs of the first form on a page, by name. */
export function formFields(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html)
  if (!form) throw new Error('no form on the page')
  const fields: Record<string, string> = {}
  for (const input of form[2].matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1]
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? ''
    if (name) fields[name] = value.replaceAll('&amp;', '&').replaceAll('&quot;', '"')
  }
  return { action: form[1].replaceAll('&amp;', '&'), fields }
}

export interface SignedIn {
  /** The browser that signed in: it holds the provider's session cookie. */
  browser: Browser
  email: string
  password: string
  tokens: TokenResponse
}

async function finishAuthorization(
  browser: Browser,
  settings: ClientSettings,
  started: { interactionUrl: string; verifier: string; state: string },
  form: Record<string, string>,
): Promise<TokenResponse> {
  const page = await browser.request(started.interactionUrl)
  const { action } = formFields(await page.text())
  const submitted = await browser.postForm(absolute(action, started.interactionUrl), form)
  if (submitted.status !== 303) {
    throw new Error(`the provider's page answered ${submitted.status}: ${await submitted.text()}`)
  }
  const callback = await followToApp(browser, submitted, settings)
  if (callback.searchParams.get('state') !== started.state) throw new Error('the state came back changed')
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`no code on the way back: ${callback.href}`)
  const { status, body } = await tokenRequest(settings, {
    grant_type: 'authorization_code',
    code,
    code_verifier: started.verifier,
    redirect_uri: `${settings.publicUrl}/`,
    resource: settings.audience,
  })
  if (status !== 200) throw new Error(`the token endpoint answered ${status}: ${JSON.stringify(body)}`)
  return body
}

/**
 * Creates an account on the built-in provider's Create account page and signs in with it, through
 * the real authorization code + PKCE flow, the way the browser app does (`screen_hint=signup`,
 * `resource`, the app's redirect URI). The app must be listening at `settings.publicUrl`.
 */
export async function signUpAndSignIn(
  settings: ClientSettings,
  profile: { givenName?: string; familyName?: string; email?: string; password?: string } = {},
): Promise<SignedIn> {
  const browser = new Browser()
  const email = profile.email ?? `brewer-${randomBytes(6).toString('hex')}@example.com`
  const password = profile.password ?? 'mash tun 2024!'
  const started = await startAuthorization(browser, settings, { screen_hint: 'signup' })
  const tokens = await finishAuthorization(browser, settings, started, {
    givenName: profile.givenName ?? 'Tess',
    familyName: profile.familyName ?? 'Taster',
    email,
    password,
  })
  return { browser, email, password, tokens }
}

/** Signs in with an existing account on the Sign in page, through the real code + PKCE flow. */
export async function signIn(
  settings: ClientSettings,
  email: string,
  password: string,
  browser = new Browser(),
): Promise<SignedIn> {
  const started = await startAuthorization(browser, settings)
  const tokens = await finishAuthorization(browser, settings, started, { email, password })
  return { browser, email, password, tokens }
}
