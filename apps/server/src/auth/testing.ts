// Test helpers: mint tokens the API accepts (or refuses) without running the sign-in flow.
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
