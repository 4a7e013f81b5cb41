import { createHmac, timingSafeEqual } from 'node:crypto'

export type SignedRequest = { method: 'GET' | 'PUT'; key: string; contentType: string; expires: number }

/** Why a signed link was refused. */
export type SignatureProblem = 'missing' | 'expired' | 'invalid'

/**
 * HMAC-SHA256 signatures for the links to /uploads/{key}: over the method, the key, the content type
 * (uploads only) and the expiry, so a link cannot be reused for another object, another method or
 * another type, nor after it expires.
 */
export function createUrlSigner(secret: string, now: () => number = Date.now) {
  const mac = ({ method, key, contentType, expires }: SignedRequest) =>
    createHmac('sha256', secret).update(`${method}\n${key}\n${contentType}\n${expires}`).digest()

  return {
    sign: (request: SignedRequest) => mac(request).toString('base64url'),

    /** Checks `expires` and `signature` from a link's query string against the request. */
    verify(
      request: Omit<SignedRequest, 'expires'>,
      query: { expires?: string | undefined; signature?: string | undefined },
    ): SignatureProblem | null {
      if (!query.expires || !query.signature) return 'missing'
      if (!/^\d{1,12}$/.test(query.expires)) return 'invalid'
      const expires = Number(query.expires)
      const given = Buffer.from(query.signature, 'base64url')
      const expected = mac({ ...request, expires })
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
      if (expires * 1000 < now()) return 'expired'
      return null
    },
    now,
  }
}
export type UrlSigner = ReturnType<typeof createUrlSigner>
