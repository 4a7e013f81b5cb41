import { AuthError, AUTH_ERROR_MESSAGES } from './auth-errors.ts'

/** The registered claims the browser checks on an ID token. */
export interface IdTokenClaims {
  iss?: string
  sub?: string
  aud?: string | string[]
  exp?: number
  nbf?: number
  iat?: number
  [claim: string]: unknown
}

/** Reads the payload of a compact JWT without verifying it; undefined when it is not a JWT. */
export function decodeJwtClaims(token: string | undefined): IdTokenClaims | undefined {
  const payload = token?.split('.')[1]
  if (!payload) return undefined
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=')
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return claims && typeof claims === 'object' ? (claims as IdTokenClaims) : undefined
  } catch {
    return undefined
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '')

/**
 * Checks issuer, audience, expiry, not-before and subject of a freshly issued ID token with the given
 * leeway (docs/product/01-access.md §5). oidc-client-ts already checks the nonce; the RS256 signature is verified by the
 * server against the provider's JWKS when the token arrives as X-ID-Token (docs/architecture.md "Identity").
 */
export function validateIdTokenClaims(
  idToken: string | undefined,
  expected: { issuer: string; clientId: string; leewaySeconds: number; nowSeconds?: number },
): IdTokenClaims {
  const claims = decodeJwtClaims(idToken)
  const fail = (reason: string): never => {
    throw new AuthError('invalid_id_token', AUTH_ERROR_MESSAGES.loginFailed, { cause: new Error(reason) })
  }
  if (!claims) return fail('The ID token is missing or malformed')
  const now = expected.nowSeconds ?? Math.floor(Date.now() / 1000)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!claims.iss || withoutTrailingSlash(claims.iss) !== withoutTrailingSlash(expected.issuer)) {
    fail(`Unexpected ID token issuer ${String(claims.iss)}`)
  }
  if (!audiences.includes(expected.clientId)) fail('The ID token is not meant for this client')
  if (typeof claims.exp !== 'number' || claims.exp + expected.leewaySeconds < now)
    fail('The ID token expired')
  if (typeof claims.nbf === 'number' && claims.nbf - expected.leewaySeconds > now) {
    fail('The ID token is not valid yet')
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') fail('The ID token has no subject')
  return claims
}

/** True when the ID token has expired, allowing for the leeway. */
export function isIdTokenExpired(idToken: string | undefined, leewaySeconds: number, nowSeconds?: number) {
  const exp = decodeJwtClaims(idToken)?.exp
  if (typeof exp !== 'number') return false
  return exp - leewaySeconds <= (nowSeconds ?? Math.floor(Date.now() / 1000))
}
