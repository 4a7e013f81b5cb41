// Headers on every response of every route (helmet's whole set, as its own middleware makes it for the app's
// configuration: CSP with frame-ancestors, nosniff, Referrer-Policy, HSTS when PUBLIC_URL is https), error bodies without stack traces, SQL or file paths, and the rate limits
// of the public routes and of sign-in (ADR 080).
//
// Sampled on the second database (ADR 412): the headers come from an onRequest hook and the public routes' limits
// from the rate-limit plugin's memory, neither from the database. On PGlite every route's allowed caller and every
// rate-limited public route; on PostgreSQL every route without a token (where a database error would show in a
// body), the allowed caller on the first route of each family (first path segment after /api), one rate-limited
// public route that writes (POST /api/contacts), and the sign-in limit in full (its counts are in the database).
import { randomUUID } from 'node:crypto'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import helmet from 'helmet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { helmetOptions } from '../app.ts'
import { loadConfig, type AppConfig } from '../config.ts'
import { freePort } from '../testing/free-port.ts'
import { Browser, startAuthorization } from '../testing/oidc-client.ts'
import { familyOf } from '../testing/matrix-route.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import {
  PUBLIC_ROUTES,
  RATE_LIMIT_EXEMPT,
  RATE_LIMITED_PUBLIC_ROUTES,
  ROUTE_MATRIX,
  type MatrixRequest,
} from './route-matrix.ts'
import {
  createWorld,
  descriptorOf,
  errorShapeProblems,
  leakProblems,
  startSecurityApp,
  type CapturedRoute,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

const REFERRER_POLICIES = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']
const HSTS_MIN_SECONDS = 180 * 24 * 3600

/**
 * The headers helmet's own middleware sets for an app's configuration, on a real response: every response carries
 * all of them with these values (ADR 421 sets them from a list computed once; this is helmet itself, run here).
 */
function helmetHeaders(config: AppConfig): [string, string][] {
  const raw = new ServerResponse(new IncomingMessage(new Socket()))
  helmet(helmetOptions(config))(raw.req, raw, (error?: unknown) => {
    expect(error).toBeUndefined()
  })
  return Object.entries(raw.getHeaders()).map(([name, value]) => [name, String(value)])
}

/**
 * The identity provider's pages and its hijacked responses put their own policy over helmet's
 * (idp/security-headers.ts): a stricter CSP, frames denied, a same-origin referrer.
 */
const IDP_OWN_HEADERS = new Set(['content-security-policy', 'x-frame-options', 'referrer-policy'])

/** What is missing from a response's security headers. */
function headerProblems(
  response: LightMyRequestResponse,
  https: boolean,
  expected?: { headers: [string, string][]; url: string },
): string[] {
  const h = response.headers
  const problems: string[] = []
  for (const [name, value] of expected?.headers ?? []) {
    if (expected!.url.startsWith('/idp') && IDP_OWN_HEADERS.has(name) && h[name] !== undefined) continue
    if (h[name] !== value) problems.push(`${name}: ${String(h[name])}, helmet sets ${value}`)
  }
  if (h['x-powered-by'] !== undefined) problems.push(`X-Powered-By: ${String(h['x-powered-by'])}`)
  const csp = String(h['content-security-policy'] ?? '')
  if (!csp) problems.push('no Content-Security-Policy')
  else if (!/frame-ancestors 'none'/.test(csp)) problems.push(`CSP without frame-ancestors 'none': ${csp}`)
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff')
  if (!REFERRER_POLICIES.includes(String(h['referrer-policy'])))
    problems.push(`Referrer-Policy ${String(h['referrer-policy'])}`)
  const hsts = h['strict-transport-security']
  if (https) {
    const maxAge = Number(/max-age=(\d+)/.exec(String(hsts ?? ''))?.[1] ?? 0)
    if (maxAge < HSTS_MIN_SECONDS) problems.push(`Strict-Transport-Security ${String(hsts)}`)
  } else if (hsts !== undefined) problems.push('Strict-Transport-Security over plain http')
  return problems
}

/** Concrete URLs for a route's pattern: path parameters filled, wildcards given real targets. */
function sampleUrls(route: CapturedRoute): string[] {
  if (route.url === '*' || route.url === '/*') return ['/', '/products/abc', '/assets/missing.js']
  if (route.url === '/idp/*')
    return [
      '/idp/.well-known/openid-configuration',
      '/idp/jwks',
      '/idp/auth',
      '/idp/token',
      '/idp/nothing-here',
    ]
  return [route.url.replace(/:\w+/g, randomUUID())]
}

describe.each(TEST_DATABASES)('response headers, error bodies and rate limits on %s', (kind) => {
  // Every route and every limit on the first database, a sample on the second (see the top of the file).
  const full = kind === TEST_DATABASES[0]
  let https: SecurityApp
  let httpApp: SecurityApp
  let world: World
  let httpUrl: string
  let checked = 0

  beforeAll(async () => {
    https = await startSecurityApp(kind, { publicUrl: 'https://brew.example' })
    world = await createWorld(https)
    const port = await freePort()
    httpUrl = `http://127.0.0.1:${port}`
    httpApp = await startSecurityApp(kind, { publicUrl: httpUrl })
    await httpApp.app.listen({ port, host: '127.0.0.1' })
  })
  afterAll(async () => {
    console.log(`Security headers on ${kind}: ${checked} responses checked`)
    await https?.close()
    await httpApp?.close()
  })

  it("sets helmet's headers (CSP with frame-ancestors, nosniff, a Referrer-Policy, HSTS over https) on every route", async () => {
    const problems: string[] = []
    const expected = { https: helmetHeaders(https.config), http: helmetHeaders(httpApp.config) }
    expect(expected.https.map(([name]) => name)).toContain('strict-transport-security')
    expect(expected.http.map(([name]) => name)).not.toContain('strict-transport-security')
    const check = (label: string, response: LightMyRequestResponse, isHttps: boolean, url: string) => {
      checked += 1
      const headers = isHttps ? expected.https : expected.http
      for (const problem of headerProblems(response, isHttps, { headers, url }))
        problems.push(`${label} → ${response.statusCode}: ${problem}`)
      if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json'))
        for (const problem of leakProblems(response.body)) problems.push(`${label}: ${problem}`)
    }
    const families = new Set<string>()
    for (const route of https.routes) {
      for (const url of sampleUrls(route)) {
        const request = { method: route.method as MatrixRequest['method'], url }
        check(`${route.method} ${url} (no token)`, await world.send(request), true, url)
        check(`${route.method} ${url} over http`, await httpApp.app.inject(request), false, url)
      }
      // The positive case too: an allowed caller with a valid request (on the second database, one route a family).
      const descriptor = descriptorOf(route)
      const sampled = full || !families.has(familyOf(route.url))
      if (sampled && (descriptor?.kind === 'tenant' || descriptor?.kind === 'account')) {
        families.add(familyOf(route.url))
        const valid = await descriptor.request(world.ctx)
        const request =
          route.method === 'HEAD' ? { ...valid, method: 'HEAD' as const, payload: undefined } : valid
        const sub =
          descriptor.kind === 'account' && descriptor.expect.Admin >= 300
            ? world.newcomer()
            : world.members.Admin
        check(`${route.key} as an allowed caller`, await world.as(sub, request), true, request.url)
      }
    }
    check(
      'GET /api/does-not-exist',
      await world.send({ method: 'GET', url: '/api/does-not-exist' }),
      true,
      '/api/does-not-exist',
    )
    // The router's own refusals (frameworkErrors) carry them too.
    check(
      'a path parameter too long',
      await world.send({ method: 'GET', url: `/api/products/${'p'.repeat(300)}` }),
      true,
      '/api/products',
    )
    expect(problems, problems.join('\n')).toEqual([])
  }, 600_000)

  it('answers unknown routes, bad JSON, wrong media types and huge bodies in the error shape', async () => {
    const admin = `Bearer ${await world.token(world.members.Admin)}`
    const cases: [string, MatrixRequest, number][] = [
      ['unknown route', { method: 'GET', url: '/api/nope' }, 404],
      ['broken JSON', { method: 'POST', url: '/api/products', payload: '{"type":' }, 400],
      ['JSON with a BOM', { method: 'POST', url: '/api/products', payload: '\ufeff{}' }, 400],
      [
        'text body',
        { method: 'POST', url: '/api/products', payload: '{}', headers: { 'content-type': 'text/plain' } },
        415,
      ],
      [
        'over the body limit',
        { method: 'POST', url: '/api/products', payload: `"${'x'.repeat(1_100_000)}"` },
        413,
      ],
      ['bad uuid in the path', { method: 'GET', url: '/api/products/not-a-uuid' }, 400],
      ['query too long', { method: 'GET', url: `/api/onboarding?session_id=${'s'.repeat(300)}` }, 400],
      ['path parameter too long', { method: 'GET', url: `/api/products/${'p'.repeat(300)}` }, 414],
    ]
    const problems: string[] = []
    const helmet = helmetHeaders(https.config)
    for (const [name, request, expected] of cases) {
      const response = await world.send(request, admin)
      if (response.statusCode !== expected && !(expected === 415 && response.statusCode === 400))
        problems.push(
          `${name}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`,
        )
      for (const problem of errorShapeProblems(response)) problems.push(`${name}: ${problem}`)
      for (const problem of headerProblems(response, true, { headers: helmet, url: request.url }))
        problems.push(`${name}: ${problem}`)
    }
    expect(problems, problems.join('\n')).toEqual([])
  })

  it('rate limits every public route per client address, or names why not', async () => {
    const publicKeys = Object.keys(PUBLIC_ROUTES)
    const unclassified = publicKeys.filter(
      (key) => !RATE_LIMITED_PUBLIC_ROUTES.includes(key) && !(key in RATE_LIMIT_EXEMPT),
    )
    expect(
      unclassified,
      'Public routes need a rate limit (config.rateLimit) listed in RATE_LIMITED_PUBLIC_ROUTES, or a reason in ' +
        'RATE_LIMIT_EXEMPT (security/route-matrix.ts)',
    ).toEqual([])
    for (const key of full ? RATE_LIMITED_PUBLIC_ROUTES : ['POST /api/contacts']) {
      const descriptor = ROUTE_MATRIX[key]
      if (descriptor?.kind !== 'public') throw new Error(`${key} is not a public route of the matrix`)
      const address = '203.0.113.7'
      let limited: LightMyRequestResponse | undefined
      for (let attempt = 0; attempt < 200 && !limited; attempt++) {
        const request = descriptor.request
          ? await descriptor.request(world.ctx)
          : { method: key.split(' ')[0] as MatrixRequest['method'], url: key.split(' ')[1] }
        const response = await world.send(request, undefined, { remoteAddress: address })
        expect(response.statusCode, `${key} attempt ${attempt}: ${response.body}`).toBeLessThan(500)
        if (response.statusCode === 429) limited = response
      }
      expect(limited, `${key} never answered 429 from one address`).toBeDefined()
      expect(errorShapeProblems(limited!)).toEqual([])
      expect(limited!.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
      expect(limited!.headers['retry-after']).toBeDefined()
      // Another address is not affected.
      const other = descriptor.request
        ? await descriptor.request(world.ctx)
        : { method: 'GET' as const, url: key }
      expect((await world.send(other)).statusCode).not.toBe(429)
    }
    // Each route takes its limit of requests (the webhooks 60 each): minutes on a loaded machine.
  }, 120_000)

  it('limits failed sign-ins from one address with the default configuration (429 after 20)', async () => {
    const settings = httpApp.idp.settings
    const limit = loadConfig({ PUBLIC_URL: httpUrl }).signInLimits.maxFailuresPerAddress
    let status = 0
    let attempts = 0
    for (; attempts <= limit + 2 && status !== 429; attempts++) {
      const browser = new Browser()
      const { interactionUrl } = await startAuthorization(browser, settings)
      const response = await browser.postForm(interactionUrl, {
        email: `nobody-${randomUUID()}@example.com`,
        password: 'not the password',
      })
      status = response.status
      const html = await response.text()
      for (const problem of leakProblems(html)) throw new Error(`sign-in page: ${problem}`)
    }
    expect(status).toBe(429)
    expect(attempts).toBe(limit + 1)
  }, 60_000)
})

describe.each(TEST_DATABASES)('a server error on %s', (kind) => {
  let s: SecurityApp
  let world: World

  beforeAll(async () => {
    s = await startSecurityApp(kind)
    world = await createWorld(s)
  })
  afterAll(async () => {
    await s?.app.close()
  })

  it('answers 500 with the plain INTERNAL message when the database is gone: no stack, SQL or path', async () => {
    const admin = `Bearer ${await world.token(world.members.Admin)}`
    await s.testDb.client.close()
    for (const request of [
      { method: 'GET', url: '/api/products' },
      { method: 'GET', url: '/api/users/bootstrap' },
      { method: 'POST', url: '/api/checkout', payload: { priceId: 'price_monthly' } },
    ] as MatrixRequest[]) {
      const response = await world.send(request, admin)
      expect(response.statusCode, `${request.url}: ${response.body}`).toBe(500)
      expect(errorShapeProblems(response), request.url).toEqual([])
      expect(response.json()).toEqual({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      })
    }
    const health = await world.send({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(503)
    expect(leakProblems(health.body)).toEqual([])
  })
})
