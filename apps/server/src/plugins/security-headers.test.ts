import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import helmet, { type HelmetOptions } from 'helmet'
import { describe, expect, it } from 'vitest'
import { helmetOptions } from '../app.ts'
import { loadConfig } from '../config.ts'
import { applySecurityHeaders, securityHeadersOf } from './security-headers.ts'

/** A real response, as Node's HTTP server makes one for a request. */
function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()))
}

/**
 * What a response holds: names in the order set and values. HTTP names are case-insensitive: the recorded ones are
 * in lower case (helmet writes `Content-Security-Policy`), which the raw names show.
 */
const held = (res: ServerResponse) => ({
  // Node has it since 15.13; its types do not name it.
  names: (res as unknown as { getRawHeaderNames(): string[] })
    .getRawHeaderNames()
    .map((n) => n.toLowerCase()),
  headers: res.getHeaders(),
})

/** A response after helmet's own middleware ran on it. */
function byHelmet(options: HelmetOptions, before?: (res: ServerResponse) => void) {
  const res = response()
  before?.(res)
  const req = res.req
  let finished = false
  helmet(options)(req, res, (error?: unknown) => {
    expect(error).toBeUndefined()
    finished = true
  })
  expect(finished).toBe(true)
  return held(res)
}

/** A response after the recorded headers were applied. */
function byRecording(options: HelmetOptions, before?: (res: ServerResponse) => void) {
  const res = response()
  before?.(res)
  applySecurityHeaders(res, securityHeadersOf(options))
  return held(res)
}

const configs = {
  'http PUBLIC_URL': loadConfig({ PUBLIC_URL: 'http://localhost:3000' }),
  'https PUBLIC_URL': loadConfig({ PUBLIC_URL: 'https://brew.example' }),
  'an external identity provider': loadConfig({
    PUBLIC_URL: 'https://brew.example',
    OIDC_ISSUER: 'https://login.example.com/',
    OIDC_CLIENT_ID: 'spa',
    OIDC_AUDIENCE: 'https://api.brew.example',
  }),
}

describe('security headers computed once (ADR 421)', () => {
  it.each(Object.entries(configs))(
    "sets exactly helmet's headers, in its order, for the app with %s",
    (_name, config) => {
      const options = helmetOptions(config)
      const expected = byHelmet(options)
      expect(expected.names.length).toBeGreaterThanOrEqual(11)
      expect(byRecording(options)).toEqual(expected)
    },
  )

  it('keeps HSTS only over https and the CSP as the configuration builds it', () => {
    const http = securityHeadersOf(helmetOptions(configs['http PUBLIC_URL']))
    const https = securityHeadersOf(helmetOptions(configs['https PUBLIC_URL']))
    const names = (h: typeof http) => h.set.map(([name]) => name.toLowerCase())
    expect(names(http)).not.toContain('strict-transport-security')
    expect(names(https)).toContain('strict-transport-security')
    const csp = (h: typeof http) => h.set.find(([name]) => name === 'content-security-policy')?.[1]
    expect(csp(http)).toContain("frame-ancestors 'none'")
    expect(csp(https)).toContain('upgrade-insecure-requests')
    expect(csp(http)).not.toContain('upgrade-insecure-requests')
  })

  it('names headers in lower case, removes X-Powered-By and replaces a header set before it, as helmet does', () => {
    const options = helmetOptions(configs['https PUBLIC_URL'])
    const before = (res: ServerResponse) => {
      res.setHeader('X-Powered-By', 'Express')
      res.setHeader('x-frame-options', 'DENY')
      res.setHeader('x-request-id', 'kept')
    }
    const expected = byHelmet(options, before)
    expect(expected.headers['x-powered-by']).toBeUndefined()
    expect(expected.headers['x-request-id']).toBe('kept')
    expect(byRecording(options, before)).toEqual(expected)
    const raw = response()
    applySecurityHeaders(raw, securityHeadersOf(options))
    const names = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()
    expect(names).toContain('content-security-policy')
    expect(names.every((name) => name === name.toLowerCase())).toBe(true)
  })

  it('records every kind of helmet header: report-only CSP, HSTS with preload, and options turned off', () => {
    const options: HelmetOptions = {
      contentSecurityPolicy: { reportOnly: true, directives: { defaultSrc: ["'self'"], reportUri: '/csp' } },
      strictTransportSecurity: { maxAge: 63072000, preload: true },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: ['origin', 'unsafe-url'] },
      xDnsPrefetchControl: false,
      originAgentCluster: false,
    }
    expect(byRecording(options)).toEqual(byHelmet(options))
  })

  it('refuses a policy that depends on the request: it cannot be computed once', () => {
    expect(() =>
      securityHeadersOf({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: [() => "'nonce-abc'"] } },
      }),
    ).toThrow(/computed once/)
  })
})
