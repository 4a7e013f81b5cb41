// The matrix in Stripe mode (STRIPE_* set, Stripe's API answered by the local fake): the route table
// differs (the webhook), so coverage, the public list and the bad tokens run here too. On PGlite only (ADR 330):
// Stripe mode changes the route table and the payment calls, not the database; access-matrix.postgres.test.ts
// runs the matrix itself on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripeApi, type FakeStripeApi } from '../testing/stripe-fake-api.ts'
import { STRIPE_ENV } from '../testing/stripe.ts'
import { guardedRoutes, publicRouteProblems, show, changedTables } from '../testing/matrix-checks.ts'
import { CONDITIONAL_ROUTES, type MatrixRequest } from './route-matrix.ts'
import {
  apiRoutes,
  createWorld,
  descriptorOf,
  errorShapeProblems,
  missingRouteMessage,
  startSecurityApp,
  tokenAttacks,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

describe('security matrix in Stripe mode on PGlite', () => {
  const kind = 'pglite'
  let fake: FakeStripeApi
  let s: SecurityApp
  let world: World
  let cases = 0

  beforeAll(async () => {
    fake = await startFakeStripeApi()
    fake.configure({
      secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
      prices: [STRIPE_ENV.STRIPE_PRICE_MONTHLY, STRIPE_ENV.STRIPE_PRICE_ANNUAL],
    })
    s = await startSecurityApp(kind, { env: { ...STRIPE_ENV }, build: { stripeApi: fake.address } })
    world = await createWorld(s)
  })
  afterAll(async () => {
    console.log(`Security matrix in Stripe mode on ${kind}: ${cases} cases`)
    await s?.close()
    await fake?.close()
  })

  it('has every route in the matrix, the Stripe-only ones included, and the webhook on the public list', async () => {
    const routes = apiRoutes(s.routes)
    const missing = routes.filter((route) => !descriptorOf(route)).map((route) => route.key)
    expect(missing, missingRouteMessage(missing)).toEqual([])
    const registered = new Set(routes.map((route) => route.key))
    const absent = Object.entries(CONDITIONAL_ROUTES)
      .filter(([key, when]) => when === 'STRIPE_* set' && !registered.has(key))
      .map(([key]) => key)
    expect(absent, 'CONDITIONAL_ROUTES names routes Stripe mode does not register').toEqual([])
    const problems = await publicRouteProblems(world, routes)
    cases += routes.length
    expect(problems, problems.join('\n')).toEqual([])
  })

  // Stripe mode adds no route that needs a token (its one route, the webhook, is public), and the token is
  // checked before the paywall and before the route's parameters are read: access-matrix.test.ts sends the nine
  // bad tokens with valid requests. Here each route gets one of the nine in turn, on a stand-in path (no records
  // to make), so every route and every attack is still seen refused in this mode; one snapshot around them all.
  it('answers 401 to a bad token on every non-public route, the nine in turn', async () => {
    const attacks = await tokenAttacks(s.idp)
    expect(attacks).toHaveLength(9)
    const problems: string[] = []
    const guarded = guardedRoutes(apiRoutes(s.routes))
    expect(guarded.length).toBeGreaterThan(attacks.length)
    const before = await world.databaseSnapshot()
    for (const [index, { route }] of guarded.entries()) {
      const attack = attacks[index % attacks.length]
      const response = await world.send(
        {
          method: route.method as MatrixRequest['method'],
          url: route.url.replace(/:\w+/g, () => crypto.randomUUID()),
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        },
        await attack.header(world.members.Admin),
      )
      cases += 1
      const label = `${route.key} × ${attack.name}`
      if (response.statusCode !== 401) problems.push(`${label}: expected 401, got ${show(response)}`)
      else if (!/^Bearer /.test(String(response.headers['www-authenticate'])))
        problems.push(`${label}: no WWW-Authenticate: Bearer header`)
      else
        for (const problem of errorShapeProblems(response, route.method))
          problems.push(`${label}: ${problem}`)
    }
    const after = await world.databaseSnapshot()
    if (after !== before)
      problems.push(`a refused token changed the database [${changedTables(before, after)}]`)
    expect(problems, problems.join('\n')).toEqual([])
  }, 300_000)

  it('refuses an unsigned or forged webhook with a 400 in the error shape, changing nothing', async () => {
    const event = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: {} },
    })
    for (const signature of [
      undefined,
      't=1,v1=deadbeef',
      `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    ]) {
      const before = await world.databaseSnapshot()
      const response = await world.send({
        method: 'POST',
        url: '/api/webhooks/stripe',
        payload: event,
        headers: signature ? { 'stripe-signature': signature } : {},
      })
      cases += 1
      expect(response.statusCode, response.body).toBe(400)
      expect(errorShapeProblems(response)).toEqual([])
      expect(await world.databaseSnapshot()).toBe(before)
    }
  })
})
