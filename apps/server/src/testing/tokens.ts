// Test helpers: mint tokens the API accepts (or refuses) without running the sign-in flow. The real
// code + PKCE flow against the built-in provider is `signUpAndSignIn` in testing/oidc-client.ts.
import { randomUUID } from 'node:crypto'
import { importJWK, SignJWT, type JWK, type JWTPayload } from 'jose'

export interface MintOptions {
  issuer: string
  audience: string
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number
  notBefore?: number
  typ?: string
  kid?: string
}

/** An RS256 JWT signed with `privateJwk` (the built-in provider's key, or a stranger's). */
export async function mintJwt(privateJwk: JWK, claims: JWTPayload, options: MintOptions): Promise<string> {
  const key = await importJWK(privateJwk, 'RS256')
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: options.typ ?? 'at+jwt', kid: options.kid ?? privateJwk.kid })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 3600))
  if (options.notBefore !== undefined) jwt.setNotBefore(now + options.notBefore)
  return jwt.sign(key)
}

/** What `issueTestTokens` needs of the built-in provider: its signing key and settings (`t.idp`). */
export interface TestTokenIssuer {
  keys: { privateJwks: { keys: JWK[] } }
  settings: { issuer: string; audience: string; clientId: string }
}

/** The profile claims of a test user's ID token; anything left out gets a plain default. */
export interface TestProfile {
  sub?: string
  given_name?: string
  family_name?: string
  email?: string
  email_verified?: boolean
  picture?: string
}

/**
 * A valid access token and ID token for one user, shaped and signed as the built-in provider issues
 * them, without running the sign-in flow. `headers` are what the browser sends to the API (use them
 * with `app.inject`); the ID token is only read by `GET /api/users/bootstrap`.
 */
export async function issueTestTokens(idp: TestTokenIssuer, profile: TestProfile = {}) {
  const { issuer, audience, clientId } = idp.settings
  const key = idp.keys.privateJwks.keys[0]
  const sub = profile.sub ?? randomUUID()
  const claims = {
    given_name: 'Tess',
    family_name: 'Taster',
    email: `tess-${sub}@example.com`,
    email_verified: true,
    ...profile,
    sub,
  }
  const accessToken = await mintJwt(
    key,
    { sub, email: claims.email, email_verified: claims.email_verified, scope: 'api', client_id: clientId },
    { issuer, audience },
  )
  const idToken = await mintJwt(key, claims, { issuer, audience: clientId, typ: 'JWT' })
  return {
    sub,
    email: claims.email,
    accessToken,
    idToken,
    headers: { authorization: `Bearer ${accessToken}`, 'x-id-token': idToken },
  }
}
