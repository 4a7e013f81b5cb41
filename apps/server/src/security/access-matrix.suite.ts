// The security matrix (ADR 080): every route of the server's own route table against every attacker.
// Routes come from Fastify as it registers them, so a new route cannot be forgotten: it fails the
// first test below until it has its line in route-matrix.ts.
import { ROLES } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES, type DatabaseKind } from '../testing/test-app.ts'
import {
  guardedRoutes,
  publicRouteProblems,
  roleProblems,
  tenancyProblems,
  unpaidProblems,
  tokenProblems,
} from '../testing/matrix-checks.ts'
import { CONDITIONAL_ROUTES, IDP_ROUTES, PUBLIC_ROUTES, ROUTE_MATRIX, type Caller } from './route-matrix.ts'
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

const CALLERS: Caller[] = [...ROLES, 'newcomer']

/**
 * The security matrix over the route table, on one database. One file per database (`access-matrix.test.ts` on PGlite, `access-matrix.postgres.test.ts` on PostgreSQL when
 * DATABASE_URL is set), so the test workers run the two at once.
 */
export function accessMatrix(kind: DatabaseKind) {
  describe.skipIf(!TEST_DATABASES.includes(kind))(`security matrix on ${kind}`, () => {
    let s: SecurityApp
    let world: World
    let attacks: TokenAttack[]
    const counts = { token: 0, tenancy: 0, roles: 0, public: 0, unpaid: 0 }

    beforeAll(async () => {
      s = await startSecurityApp(kind)
      world = await createWorld(s)
      attacks = await tokenAttacks(s.idp)
    })
    afterAll(async () => {
      const routes = apiRoutes(s?.routes ?? [])
      const guarded = guardedRoutes(routes).length
      const open = routes.filter((route) => descriptorOf(route)?.kind === 'public').length
      const total = counts.token + counts.tenancy + counts.roles + counts.public + counts.unpaid
      console.log(
        `Security matrix on ${kind}: ${routes.length} /api routes (${guarded} need a token, ` +
          `${open} public) → ${total} cases: ${counts.token} bad-token ` +
          `(${attacks?.length ?? 0} × ${guarded}) + ${counts.tenancy} cross-brewery + ${counts.roles} role ` +
          `(${CALLERS.length} callers × ${guarded}) + ${counts.public} no-token probes + ${counts.unpaid} unpaid-brewery`,
      )
      await s?.close()
    })

    const guarded = () => guardedRoutes(apiRoutes(s.routes))

    it('has every route of the server in the matrix, and nothing stale', () => {
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

    it('names every route of the built-in identity provider with its reason and limit, and nothing stale', () => {
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
    })

    it('lets exactly the listed public routes through without a token', async () => {
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

    it('answers 401 to each of the nine bad tokens on every non-public route, changing nothing', async () => {
      expect(attacks.map((attack) => attack.name)).toHaveLength(9)
      const problems: string[] = []
      for (const route of guarded()) {
        problems.push(...(await tokenProblems(world, attacks, route)))
        counts.token += attacks.length
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 900_000)

    it('answers 404 to a member of another brewery on every record of the brewery, changing nothing', async () => {
      const problems: string[] = []
      for (const route of guarded()) {
        if (route.descriptor.kind !== 'tenant') continue
        problems.push(...(await tenancyProblems(world, route)))
        counts.tenancy += 1
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 900_000)

    it('allows each role exactly what the permission table says, and answers 403 beyond it', async () => {
      const problems: string[] = []
      for (const route of guarded()) {
        for (const caller of CALLERS) {
          problems.push(...(await roleProblems(world, route, caller)))
          counts.roles += 1
        }
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 900_000)

    it('answers 402 to every write of an unpaid brewery, changing nothing, while reads and paying work', async () => {
      const problems: string[] = []
      for (const route of guarded()) {
        if (route.descriptor.kind !== 'tenant') continue
        problems.push(...(await unpaidProblems(world, route)))
        counts.unpaid += 1
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 900_000)
  })
}
