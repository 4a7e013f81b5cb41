import { AppError } from '../errors.ts'
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose'

/** Who called: the access token's subject, plus the email claims the built-in provider adds. */
export interface AuthContext {
  sub: string
  email?: string
  emailVerified?: boolean
}

export interface TokenVerifierOptions {
  issuer: string
  /** Audience of access tokens (the API). */
  audience: string
  /** Audience of ID tokens (our OIDC client id). */
  clientId: string
  /**
   * The built-in provider's public keys, used in process; without them the keys come from the
   * issuer's discovery document (`jwks_uri`), fetched once and cached by jose.
   */
  localJwks?: JSONWebKeySet
  /** The built-in provider marks access tokens `typ: at+jwt`; external ones may not. */
  requireAtJwtType?: boolean
}

/** Why a token was refused; the message is safe to show. */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError'
}

/** A 401 for the error handler. */
export function unauthenticated(message: string): Error {
  return new AppError('UNAUTHENTICATED', message)
}

const CLOCK_TOLERANCE_S = 60
const MAX_TOKEN_LENGTH = 16 * 1024
/** Access tokens remembered once verified (ADR 380): a client sends the same token with every request. */
const VERIFIED_TOKENS = 1_000

// Failures that say something about the token (answer 401); anything else (the issuer unreachable,
// a broken key set) is our problem and propagates as a 500.
const TOKEN_ERRORS = new Set([
  errors.JWTClaimValidationFailed.code,
  errors.JWTExpired.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JWKInvalid.code,
])

async function discoverJwksUri(issuer: string): Promise<URL> {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(5000),
  })
  if (!response.ok) throw new Error(`OIDC discovery for ${issuer} answered ${response.status}`)
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown }
  if (document.issuer !== issuer)
    throw new Error(`OIDC discovery for ${issuer} names issuer ${String(document.issuer)}`)
  if (typeof document.jwks_uri !== 'string') throw new Error(`OIDC discovery for ${issuer} has no jwks_uri`)
  return new URL(document.jwks_uri)
}

export function createTokenVerifier(options: TokenVerifierOptions) {
  let keySet: Promise<JWTVerifyGetKey> | undefined
  function getKeySet(): Promise<JWTVerifyGetKey> {
    if (options.localJwks) {
      keySet ??= Promise.resolve(createLocalJWKSet(options.localJwks))
    } else {
      keySet ??= discoverJwksUri(options.issuer).then(
        (uri) => createRemoteJWKSet(uri),
        (error: unknown) => {
          keySet = undefined // try discovery again on the next request
          throw error
        },
      )
    }
    return keySet
  }

  async function verify(token: string, audience: string, message: string, typ?: string) {
    if (!token || token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError(message)
    let payload: JWTPayload
    let header: JWTHeaderParameters
    try {
      ;({ payload, protectedHeader: header } = await jwtVerify(token, await getKeySet(), {
        issuer: options.issuer,
        audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp'],
        ...(typ ? { typ } : {}),
      }))
    } catch (error) {
      if (error instanceof errors.JOSEError && TOKEN_ERRORS.has(error.code)) {
        throw new InvalidTokenError(message, { cause: error })
      }
      throw error
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError(message)
    return { payload: payload as JWTPayload & { sub: string }, header }
  }

  // The RSA signature check was a quarter of a millisecond of CPU per request (the seed's profile): a token
  // whose signature and claims were verified is remembered with its validity window and answered from here while
  // the window holds (the clock read as jose reads it); the oldest is forgotten past VERIFIED_TOKENS.
  const verified = new Map<string, { context: AuthContext; from: number; until: number }>()

  /** The caller of an access token verified before and still within its validity window; undefined otherwise. */
  function knownAccessToken(token: string): AuthContext | undefined {
    const known = verified.get(token)
    if (!known) return undefined
    const now = new Date().getTime()
    if (now >= known.from && now < known.until) return known.context
    verified.delete(token)
    return undefined
  }

  return {
    /**
     * `verifyAccessToken`'s answer without a promise when the token was verified before and is still valid (the
     * auth plugin's hot path: a client sends the same token with every request); undefined: verify it.
     */
    knownAccessToken,
    /** Verifies an API access token (RS256, issuer, API audience, exp/nbf ±60 s, sub). */
    verifyAccessToken: async (token: string): Promise<AuthContext> => {
      const known = knownAccessToken(token)
      if (known) return known
      const { payload } = await verify(
        token,
        options.audience,
        'Invalid or expired access token',
        options.requireAtJwtType ? 'at+jwt' : undefined,
      )
      const context: AuthContext = {
        sub: payload.sub,
        ...(typeof payload.email === 'string' ? { email: payload.email } : {}),
        ...(typeof payload.email_verified === 'boolean' ? { emailVerified: payload.email_verified } : {}),
      }
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!)
      verified.set(token, {
        context,
        from: typeof payload.nbf === 'number' ? (payload.nbf - CLOCK_TOLERANCE_S) * 1000 : -Infinity,
        until: (payload.exp! + CLOCK_TOLERANCE_S) * 1000,
      })
      return context
    },

    /** Verifies an ID token for our client (RS256, issuer, audience = client id, exp/nbf ±60 s, sub). */
    verifyIdToken: async (token: string): Promise<JWTPayload & { sub: string }> => {
      const message = 'Invalid or expired ID token'
      const { payload, header } = await verify(token, options.clientId, message)
      // An access token (RFC 9068) is never an ID token, even where its audience would fit.
      if (/^(application\/)?at\+jwt$/i.test(header.typ ?? '')) throw new InvalidTokenError(message)
      return payload
    },
  }
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>
