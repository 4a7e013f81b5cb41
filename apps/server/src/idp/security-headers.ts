import type { ServerResponse } from 'node:http'

/**
 * Headers for every response under /idp. The provider's responses bypass Fastify (hijacked), so
 * helmet never sees them; these are set on the raw response before koa runs.
 */
export function idpSecurityHeaders(publicUrl: string): Record<string, string> {
  const appOrigin = new URL(publicUrl).origin
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      // Forms post to the provider, which redirects on to the app (the callback or the logout target).
      `form-action 'self' ${appOrigin}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    // No Cross-Origin-Opener-Policy here: the sign-in popup must keep the same one as the app, or the
    // browser cuts it off from the window that opened it.
  }
}

export function setRawHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}
