import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet, { type HelmetOptions } from 'helmet'

/**
 * What helmet does to every response, recorded once: the headers it sets (in its order, names in lower case) and those
 * it removes.
 */
export type SecurityHeaders = {
  readonly set: readonly (readonly [name: string, value: string])[]
  readonly removed: readonly string[]
}

/**
 * helmet's headers for `options`, computed once at start-up (ADR 421): its middleware runs against a response that
 * only records what is done to it. helmet ran eleven middlewares per response, each a closure call and a header
 * set through a chain of `next` callbacks (about 5 % of a cached report's hit, ADR 415); what they set depends on
 * the options alone, so the same headers are set in one loop instead. Options whose policy depends on the request (a
 * CSP directive given as a function, a nonce) are refused: they would be recorded for one request only.
 */
export function securityHeadersOf(options: HelmetOptions): SecurityHeaders {
  const csp = options.contentSecurityPolicy
  if (csp && typeof csp === 'object') {
    for (const value of Object.values(csp.directives ?? {})) {
      const entries: unknown[] =
        Array.isArray(value) || value instanceof Set ? [...(value as Iterable<unknown>)] : []
      if (entries.some((entry) => typeof entry === 'function'))
        throw new Error('security headers are computed once: a CSP directive may not be a function')
    }
  }
  const set: [string, string][] = []
  const removed: string[] = []
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a value that is not a string`)
      // Lower case, as Node keys every header (HTTP names are case-insensitive, RFC 9110 §5.1): `setHeader` then
      // stores it under the name it was given instead of lowering a mixed-case copy of it on every response (about
      // a third of the cost of setting these headers).
      set.push([name.toLowerCase(), value])
      return recorder
    },
    removeHeader(name: string) {
      removed.push(name)
    },
  }
  let finished = false
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error)
      throw error instanceof Error ? error : new Error('helmet refused its options', { cause: error })
    finished = true
  })
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once')
  return { set, removed }
}

/** Sets the recorded headers on a response, as helmet's middleware did (on the raw response, so hijacked ones too). */
export function applySecurityHeaders(response: ServerResponse, { set, removed }: SecurityHeaders): void {
  for (let i = 0; i < set.length; i++) response.setHeader(set[i][0], set[i][1])
  for (let i = 0; i < removed.length; i++) response.removeHeader(removed[i])
}
