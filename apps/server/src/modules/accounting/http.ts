import { ProviderError } from './provider.ts'

// One HTTP call to an accounting system, its failures turned into ProviderErrors a bookkeeper can read: 401 (the
// access token expired or was revoked: the caller refreshes once and tries again), 429 with its Retry-After, 5xx
// (try later), and a 4xx with the provider's own message (QuickBooks' Fault, Xero's ValidationErrors). No token and
// no request header ever goes into a message.

export type ErrorReader = (status: number, body: unknown) => string | null

const TIMEOUT_MS = 20_000

export async function callJson<T>(
  url: string,
  init: RequestInit & { what: string; readError: ErrorReader; providerLabel: string },
): Promise<T> {
  const { what, readError, providerLabel, ...request } = init
  let response: Response
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch {
    throw new ProviderError(
      `${providerLabel} could not be reached to ${what}; it will be tried again.`,
      'unavailable',
    )
  }
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (response.ok) return body as T
  if (response.status === 401)
    throw new ProviderError(
      `${providerLabel} did not accept the connection's sign-in to ${what}.`,
      'unauthorized',
    )
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'))
    throw new ProviderError(
      `${providerLabel} asked us to slow down while trying to ${what}; it will be tried again.`,
      'rate-limited',
      Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 3600) : 60,
    )
  }
  if (response.status >= 500)
    throw new ProviderError(
      `${providerLabel} had a problem while we tried to ${what}; it will be tried again.`,
      'unavailable',
    )
  const said = readError(response.status, body)
  throw new ProviderError(
    said
      ? `${providerLabel} refused to ${what}: ${said}`
      : `${providerLabel} refused to ${what} (HTTP ${response.status}).`,
    response.status === 400 && /invalid_grant/.test(text) ? 'revoked' : 'refused',
  )
}

/** `Authorization: Basic` of an OAuth client (RFC 6749 §2.3.1). */
export const basicAuth = (clientId: string, clientSecret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`

/** The OAuth token endpoint's answer (RFC 6749 §5.1). */
export type TokenResponse = {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: string
}

export const tokenSetOf = (answer: TokenResponse, now = Date.now()) => ({
  accessToken: answer.access_token,
  refreshToken: answer.refresh_token,
  expiresAt: new Date(now + Math.max(0, Number(answer.expires_in) || 0) * 1000),
})

/** The OAuth errors of a token endpoint (RFC 6749 §5.2), without echoing anything sent. */
export const oauthError: ErrorReader = (_status, body) => {
  const error = (body as { error?: unknown } | null)?.error
  if (error === 'invalid_grant') return 'the authorization has expired or was withdrawn; connect again'
  if (error === 'invalid_client') return 'the app’s client id or secret is wrong'
  return typeof error === 'string' ? error.replace(/[^a-z_]/gi, '').slice(0, 60) : null
}
