/** Where a redirect login lands when it saved no return target (docs/product/01-access.md §2). */
export const DEFAULT_RETURN_TO = '/secure'
/** Return target of a sign-up in automated-test mode (docs/product/01-access.md §2, §6). */
export const SIGNUP_CALLBACK_RETURN_TO = '/plans?callback=true'

/** The state saved with a login request and handed back by its callback. */
export interface LoginState {
  returnTo?: string
}

// Parameters the provider appends to the redirect URI (RFC 6749 §4.1.2, RFC 9207 `iss`, OIDC session).
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss', 'session_state']

/** True when the URL is the provider's answer to a login: code and state, or an error (docs/product/01-access.md §4). */
export function hasAuthParams(search: string): boolean {
  const params = new URLSearchParams(search)
  return (params.has('code') && params.has('state')) || params.has('error')
}

/** True when the URL is the provider's return from logout: a bare state, no code and no error. */
export function isSignoutReturn(search: string): boolean {
  const params = new URLSearchParams(search)
  return params.has('state') && !params.has('code') && !params.has('error')
}

/** The URL without the provider's callback parameters (path, other query parameters and hash kept). */
export function stripAuthParams(href: string): string {
  const url = new URL(href)
  for (const name of CALLBACK_PARAMS) url.searchParams.delete(name)
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * The in-app path to open after a redirect login. Only same-origin paths are honoured, so a crafted
 * state cannot send the user to another site; anything else falls back to /secure.
 */
export function resolveReturnTo(state: unknown): string {
  const returnTo = state && typeof state === 'object' ? (state as LoginState).returnTo : undefined
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) {
    return DEFAULT_RETURN_TO
  }
  if (returnTo.includes('\\')) return DEFAULT_RETURN_TO
  return returnTo
}
