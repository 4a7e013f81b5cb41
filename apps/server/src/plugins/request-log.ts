import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** A caller's X-Request-Id is kept only in this shape; anything else gets a fresh id. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** The request id of a request: the caller's `X-Request-Id` when it is short and plain, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID()
}

const REDACTED = '[redacted]'
/**
 * Path segments that are secrets themselves: invitation and password-reset tokens, a device's ingestion token
 * (`/api/ingest/{token}`) and the private calendar feed's (`/api/calendar/{token}.ics`).
 */
const SECRET_PATH =
  /(\/(?:invitations|reset|reset-password|password-reset|verify|verify-email|ingest|calendar)\/)[^/?#]+/gi
/** Query parameters that carry a signature, a token or a code. */
const SECRET_PARAM = /signature|token|code|secret|password|credential|key/i

/**
 * A URL as it may be written to the log: invitation, reset, device and calendar-feed tokens in the path, and the values of
 * signature, token and code parameters (signed upload and read links, OIDC codes) replaced.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`)
  if (queryAt === -1) return pathPart
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name)
      } catch {
        // A malformed name is judged as it is.
      }
      return equals !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
  return `${pathPart}?${query}`
}

/** The request as it is logged (Fastify's default fields, with the URL redacted). */
export function serializeRequest(request: {
  method: string
  url: string
  host?: string
  ip?: string
  socket?: { remotePort?: number }
}) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
