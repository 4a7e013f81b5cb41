import type { ErrorResponse } from 'oidc-client-ts'

// Recognised by name rather than instanceof: oidc-client-ts is loaded on demand (auth-client.ts), and
// its error classes name themselves.
const isErrorResponse = (error: unknown): error is ErrorResponse =>
  error instanceof Error && error.name === 'ErrorResponse'
const isErrorTimeout = (error: unknown): error is Error =>
  error instanceof Error && error.name === 'ErrorTimeout'

/** Machine-readable codes of the login errors in docs/product/01-access.md §8. */
export type AuthErrorCode =
  | 'popup_closed'
  | 'state_mismatch'
  | 'missing_transaction'
  | 'login_failed'
  | 'get_access_token_failed'
  | 'timeout'
  | 'mfa_required'
  | 'missing_refresh_token'
  | 'login_required'
  | (string & {})

/** The exact texts of the spec's error catalogue (docs/product/01-access.md §8). */
export const AUTH_ERROR_MESSAGES = {
  popupClosed: 'Popup closed',
  invalidState: 'Invalid state',
  loginFailed: 'Login failed',
  getAccessTokenFailed: 'Get access token failed',
  timeout: 'Timeout',
  loginRequired: 'Login required',
  missingRefreshToken: 'Missing Refresh Token',
} as const

/** A login or token error with a stable code and the message a person reads. */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly code: AuthErrorCode
  constructor(code: AuthErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.code = code
  }
}

/** Which library default applies when an error is not recognised. */
export type AuthOperation = 'login' | 'token'

// Texts oidc-client-ts throws (dist/esm/oidc-client-ts.js); it has no error classes for these cases.
const POPUP_CLOSED = /^Popup (closed|blocked)/
const STATE_MISMATCH = /^State does not match|authority mismatch|client_id mismatch|^invalid request_type/
const MISSING_TRANSACTION = /^No matching state found in storage|^No state in response/

/** Maps anything a login or token call throws onto the spec's error catalogue (docs/product/01-access.md §8). */
export function toAuthError(error: unknown, operation: AuthOperation): AuthError {
  if (error instanceof AuthError) return error
  const fallback =
    operation === 'login'
      ? new AuthError('login_failed', AUTH_ERROR_MESSAGES.loginFailed, { cause: error })
      : new AuthError('get_access_token_failed', AUTH_ERROR_MESSAGES.getAccessTokenFailed, { cause: error })

  if (isErrorResponse(error)) {
    // An OAuth error answer: keep the provider's code (login_required, mfa_required, access_denied …).
    if (!error.error) return fallback
    return new AuthError(error.error, error.error_description || describeCode(error.error), { cause: error })
  }
  if (isErrorTimeout(error)) {
    return new AuthError('timeout', AUTH_ERROR_MESSAGES.timeout, { cause: error })
  }
  if (!(error instanceof Error)) return fallback
  if (POPUP_CLOSED.test(error.message)) {
    return new AuthError('popup_closed', AUTH_ERROR_MESSAGES.popupClosed, { cause: error })
  }
  if (STATE_MISMATCH.test(error.message)) {
    return new AuthError('state_mismatch', AUTH_ERROR_MESSAGES.invalidState, { cause: error })
  }
  if (MISSING_TRANSACTION.test(error.message)) {
    return new AuthError('missing_transaction', AUTH_ERROR_MESSAGES.invalidState, { cause: error })
  }
  return fallback
}

function describeCode(code: string): string {
  if (code === 'login_required') return AUTH_ERROR_MESSAGES.loginRequired
  return code
}

/** True when the error means the provider session is gone and only an interactive login helps. */
export function isLoginRequired(error: unknown): boolean {
  return (
    (error instanceof AuthError && error.code === 'login_required') ||
    (isErrorResponse(error) && error.error === 'login_required')
  )
}

/** True for failures worth retrying: the network, not the provider's answer. */
export function isTransientNetworkError(error: unknown): boolean {
  if (isErrorResponse(error)) return false
  if (isErrorTimeout(error)) return true
  // fetch rejects with a TypeError when the request never got an answer.
  if (error instanceof TypeError) return true
  // oidc-client-ts reports a 5xx from the token endpoint as "<statusText> (<status>)…".
  return error instanceof Error && /\(5\d\d\)/.test(error.message)
}
