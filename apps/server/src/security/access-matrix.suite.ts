// The security matrix (ADR 080): every route of the server's own route table against every attacker.
// Routes come from Fastify as it registers them, so a new route cannot be forgotten: it fails the
// first test below until it has its line in route-matrix.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES, type DatabaseKind } from '../testing/test-app.ts'
import { guardedRoutes, publicRouteProblems, validRequest } from '../testing/matrix-checks.ts'
import { CALLERS, familyOf, routeCases, type RouteCases } from '../testing/matrix-route.ts'
import {
  CONDITIONAL_ROUTES,
  IDP_ROUTES,
  PUBLIC_ROUTES,
  ROUTE_MATRIX,
  type MatrixRequest,
} from './route-matrix.ts'
import {
  apiRoutes,
  createWorld,
  descriptorOf,
  isPublicPrefixRoute,
  missingRouteMessage,
  startSecurityApp,
  tokenAttacks,
  type SecurityApp,
  type TokenAttack,
  type World,
} from '../testing/security-harness.ts'

/** The route families (first path segment after /api) of the table, split into `of` shards of about equal size. */
export function familyShards(of: number): string[][] {
  const sizes = new Map<string, number>()
  for (const key of Object.keys(ROUTE_MATRIX)) {
    const url = key.split(' ')[1]
    if (!url.startsWith('/api/')) continue
    // A GET counts twice: Fastify adds its HEAD.
    sizes.set(familyOf(url), (sizes.get(familyOf(url)) ?? 0) + (key.startsWith('GET ') ? 2 : 1))
  }
  const shards = Array.from({ length: of }, () => ({ families: [] as string[], size: 0 }))
  for (const [family, size] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const lightest = shards.reduce((min, shard) => (shard.size < min.size ? shard : min))
    lightest.families.push(family)
    lightest.size += size
  }
  return shards.map((shard) => shard.families.sort())
}

/**
 * The security matrix over the route table, on one database. One file per database (`access-matrix.test.ts` on PGlite, `access-matrix.postgres.test.ts` on PostgreSQL when
 * DATABASE_URL is set), so the test workers run the two at once.
 */
export function accessMatrix(kind: DatabaseKind, shard = { index: 0, of: 1 }) {
  const name = shard.of === 1 ? kind : `${kind}, part ${shard.index + 1} of ${shard.of}`
  const shardFamilies = familyShards(shard.of)[shard.index]
  // The checks of the table as a whole run once, with the first part.
  const whole = shard.index === 0
  describe.skipIf(!TEST_DATABASES.includes(kind))(`security matrix on ${name}`, () => {
    let s: SecurityApp
    let world: World
    let attacks: TokenAttack[]
    let turn = shard.index
    const counts = { routes: 0, token: 0, tenancy: 0, roles: 0, public: 0, unpaid: 0 }

    beforeAll(async () => {
      s = await startSecurityApp(kind)
      world = await createWorld(s)
      attacks = await tokenAttacks(s.idp)
      expect(attacks.map((attack) => attack.name)).toHaveLength(9)
      // Two halves start at once on two shared cores: the app and the two breweries may take over a minute.
    }, 180_000)
    afterAll(async () => {
      const total = counts.token + counts.tenancy + counts.roles + counts.public + counts.unpaid
      console.log(
        `Security matrix on ${name}: ${counts.routes} routes of ${shardFamilies.length} families that need a ` +
          `token → ${total} cases: ${counts.token} bad-token (${attacks?.length ?? 0} on a family's first ` +
          `route, one in turn on the others) + ${counts.tenancy} cross-brewery + ${counts.roles} role ` +
          `(each refused caller of ${CALLERS.length}, and the least allowed) + ${counts.public} no-token ` +
          `probes + ${counts.unpaid} unpaid-brewery`,
      )
      await s?.close()
    })

    const guarded = () => guardedRoutes(apiRoutes(s.routes))

    it.runIf(whole)('has every route of the server in the matrix, and nothing stale', () => {
      const missing = apiRoutes(s.routes)
        .filter((route) => !descriptorOf(route))
        .map((route) => route.key)
      expect(missing, missingRouteMessage(missing)).toEqual([])

      const outside = s.routes.filter(
        (route) => !route.url.startsWith('/api') && !isPublicPrefixRoute(route.url),
      )
      expect(
        outside.map((route) => route.key),
        'Routes outside /api are public by nature: move them under /api (then they need a token) or add ' +
          'their prefix to PUBLIC_PREFIXES in apps/server/src/security/route-matrix.ts with the reason.',
      ).toEqual([])

      const registered = new Set(s.routes.map((route) => route.key))
      const stale = Object.keys(ROUTE_MATRIX).filter(
        (key) => !registered.has(key) && !(key in CONDITIONAL_ROUTES),
      )
      expect(stale, 'ROUTE_MATRIX names routes the server does not have; fix or remove their lines').toEqual(
        [],
      )
    })

    it.runIf(whole)(
      'names every route of the built-in identity provider with its reason and limit, and nothing stale',
      () => {
        const keyOf = (route: { method: string; url: string }) =>
          route.url === '/idp/*' ? 'ALL /idp/*' : `${route.method} ${route.url}`
        const idp = s.routes.filter((route) => route.url.startsWith('/idp/') && route.method !== 'HEAD')
        const missing = [...new Set(idp.map(keyOf))].filter((key) => !(key in IDP_ROUTES))
        expect(
          missing,
          'Add each to IDP_ROUTES in apps/server/src/security/route-matrix.ts with why it is public and its limit',
        ).toEqual([])
        const registered = new Set(idp.map(keyOf))
        expect(Object.keys(IDP_ROUTES).filter((key) => !registered.has(key))).toEqual([])
      },
    )

    it.runIf(whole)('lets exactly the listed public routes through without a token', async () => {
      const routes = apiRoutes(s.routes)
      const problems = await publicRouteProblems(world, routes)
      counts.public += routes.length
      expect(problems, problems.join('\n')).toEqual([])
      const registered = new Set(s.routes.map((route) => route.key))
      expect([...s.app.publicRoutes].filter((key) => !key.startsWith('HEAD ')).sort()).toEqual(
        Object.keys(PUBLIC_ROUTES)
          .filter((key) => registered.has(key))
          .sort(),
      )
    })

    // One pass over the routes, sampled (ADR 330): per route its refusals on one request and one snapshot, then
    // the positive case (testing/matrix-route.ts). The nine bad tokens go to the first route of each family
    // (the first path segment after /api: the auth plugin answers them before any route is chosen), one in
    // turn to each other route, so every route is seen refusing a bad token.
    it.each(shardFamilies)(
      'refuses bad tokens, other breweries, roles beyond the table and unpaid writes on /api/%s, changing nothing',
      async (family) => {
        const problems: string[] = []
        const gets = new Map<string, MatrixRequest>()
        for (const [index, route] of guarded()
          .filter((g) => familyOf(g.route.url) === family)
          .entries()) {
          const sample = index === 0 ? attacks : [attacks[turn++ % attacks.length]]
          // A GET changes nothing: its HEAD (sorted after it) is sent the same request.
          const shared = route.route.method === 'HEAD' ? gets.get(route.route.url) : undefined
          const request = shared
            ? { ...shared, method: 'HEAD' as const, payload: undefined }
            : await validRequest(world, route)
          if (route.route.method === 'GET') gets.set(route.route.url, request)
          const report = await routeCases(world, route, sample, request)
          problems.push(...report.problems)
          for (const key of Object.keys(report.cases) as (keyof RouteCases)[])
            counts[key] += report.cases[key]
          counts.routes += 1
        }
        expect(problems, problems.join('\n')).toEqual([])
      },
      300_000,
    )
  })
}
