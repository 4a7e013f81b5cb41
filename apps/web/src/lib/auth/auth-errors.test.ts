import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts'
import { describe, expect, it } from 'vitest'
import { isTransientNetworkError, toAuthError } from './auth-errors.ts'

describe('toAuthError maps login failures onto the spec catalogue', () => {
  it.each([
    [new Error('Popup closed by user'), 'login', 'popup_closed', 'Popup closed'],
    [new Error('State does not match'), 'login', 'state_mismatch', 'Invalid state'],
    [new Error('No matching state found in storage'), 'login', 'missing_transaction', 'Invalid state'],
    [new ErrorTimeout('Timeout'), 'token', 'timeout', 'Timeout'],
    [new Error('something odd'), 'login', 'login_failed', 'Login failed'],
    [new Error('something odd'), 'token', 'get_access_token_failed', 'Get access token failed'],
    ['not even an error', 'login', 'login_failed', 'Login failed'],
  ] as const)('%s during %s → %s', (error, operation, code, message) => {
    const mapped = toAuthError(error, operation)
    expect(mapped.code).toBe(code)
    expect(mapped.message).toBe(message)
  })

  it('keeps the provider code of an OAuth error answer', () => {
    const mapped = toAuthError(new ErrorResponse({ error: 'login_required' }), 'token')
    expect(mapped.code).toBe('login_required')
  })

  it('retries network failures only, never an answer from the provider', () => {
    expect(isTransientNetworkError(new TypeError('Failed to fetch'))).toBe(true)
    expect(isTransientNetworkError(new ErrorResponse({ error: 'invalid_grant' }))).toBe(false)
    expect(isTransientNetworkError(new Error('Bad Gateway (502)'))).toBe(true)
    expect(isTransientNetworkError(new Error('Bad Request (400)'))).toBe(false)
  })
})
