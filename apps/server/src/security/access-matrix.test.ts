// The security matrix (issue 14): every route of the server's own route table against every attacker.
// Routes come from Fastify as it registers them, so a new route cannot be forgotten: it fails the
// first test below until it has its line in route-matrix.ts.
import { can, ROLES } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { PUBLIC_ROUTES, ROUTE_MATRIX, type Caller, type MatrixRequest } from './route-matrix.ts'
import {
  apiRoutes,
  createWorld,
  descriptorOf,
  errorShapeProblems,
  isPublicPrefixRoute,
  missingRouteMessage,
  startSecurityApp,
  tokenAttacks,
  type CapturedRoute,
  type SecurityApp,
  type TokenAttack,
  type World,
} from './security-harness.ts'

const CALLERS: Caller[] = [...ROLES, 'newcomer']
/** A stand-in for path parameters when a route is probed without a valid request. */
const probeUrl = (url: string) => url.replace(/:\w+/g, crypto.randomUUID())

describe.each(TEST_DATABASES)('security matrix on %s', (kind) => {
  let s: SecurityApp
  let world: World
  let attacks: TokenAttack[]
  const counts = { token: 0, tenancy: 0, roles: 0, public: 0 }

  beforeAll(async () => {
    s = await startSecurityApp(kind)
    world = await createWorld(s)
    attacks = await tokenAttacks(s.idp)
  })
  afterAll(async () => {
    const routes = apiRoutes(s?.routes ?? []).length
    const total = counts.token + counts.tenancy + counts.roles + counts.public
    console.log(
      `Security matrix on ${kind}: ${routes} /api routes; ${total} checks = ` +
        `${counts.token} token (${attacks?.length ?? 0} attacks × non-public routes) + ` +
        `${counts.tenancy} cross-brewery + ${counts.roles} role (${CALLERS.length} callers × non-public routes) + ` +
        `${counts.public} public-route probes`,
    )
    await s?.close()
  })

  /** The non-public /api routes with their descriptors. */
  const guarded = () =>
    apiRoutes(s.routes).flatMap((route) => {
      const descriptor = descriptorOf(route)
      return descriptor && descriptor.kind !== 'public' ? [{ route, descriptor }] : []
    })
  /** A valid request of brewery A for the route (HEAD shares its GET's). */
  async function validRequest(route: CapturedRoute): Promise<MatrixRequest> {
    const descriptor = descriptorOf(route)
    if (!descriptor || descriptor.kind === 'public') throw new Error(`${route.key} has no request factory`)
    const request = await descriptor.request(world.ctx)
    return route.method === 'HEAD' ? { ...request, method: 'HEAD', payload: undefined } : request
  }
  const show = (response: { statusCode: number; body: string }) =>
    `${response.statusCode} ${response.body.slice(0, 200)}`

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
    const stale = Object.keys(ROUTE_MATRIX).filter((key) => !registered.has(key))
    expect(stale, 'ROUTE_MATRIX names routes the server does not have; fix or remove their lines').toEqual([])
  })

  it('lets exactly the listed public routes through without a token', async () => {
    const listed = new Set(Object.keys(PUBLIC_ROUTES))
    const problems: string[] = []
    for (const route of apiRoutes(s.routes)) {
      const key = route.method === 'HEAD' ? `GET ${route.url}` : route.key
      const response = await world.send({
        method: route.method as MatrixRequest['method'],
        url: probeUrl(route.url),
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
      })
      counts.public += 1
      const answeredWithoutToken = response.statusCode !== 401
      if (answeredWithoutToken && !listed.has(key))
        problems.push(`${route.key} answers without a token (${show(response)}) but is not in PUBLIC_ROUTES`)
      if (route.public && !listed.has(key))
        problems.push(`${route.key} is registered with config.public but is not in PUBLIC_ROUTES`)
      if (listed.has(key) && !route.public)
        problems.push(`${route.key} is in PUBLIC_ROUTES but asks for a token (remove it from the list)`)
      if (response.statusCode >= 500) problems.push(`${route.key} without a token: ${show(response)}`)
    }
    expect(problems, problems.join('\n')).toEqual([])
    expect([...s.app.publicRoutes].filter((key) => !key.startsWith('HEAD ')).sort()).toEqual(
      [...listed].sort(),
    )
  })

  it('answers 401 to each of the nine bad tokens on every non-public route, changing nothing', async () => {
    expect(attacks).toHaveLength(9)
    const problems: string[] = []
    for (const { route } of guarded()) {
      const request = await validRequest(route)
      const before = await world.databaseSnapshot()
      for (const attack of attacks) {
        const response = await world.send(request, await attack.header(world.members.Admin))
        counts.token += 1
        const label = `${route.key} × ${attack.name}`
        if (response.statusCode !== 401) {
          problems.push(`${label}: expected 401, got ${show(response)}`)
          continue
        }
        if (!/^Bearer /.test(String(response.headers['www-authenticate'])))
          problems.push(`${label}: no WWW-Authenticate: Bearer header`)
        for (const problem of errorShapeProblems(response, route.method))
          problems.push(`${label}: ${problem}`)
        if (
          route.method !== 'HEAD' &&
          response.json<{ error: { code: string } }>().error.code !== 'UNAUTHENTICATED'
        )
          problems.push(`${label}: code is not UNAUTHENTICATED`)
      }
      if ((await world.databaseSnapshot()) !== before)
        problems.push(`${route.key}: a refused token changed the database`)
    }
    expect(problems, problems.join('\n')).toEqual([])
  }, 180_000)

  it('answers 404 to a member of another brewery on every record of the brewery, changing nothing', async () => {
    const problems: string[] = []
    for (const { route, descriptor } of guarded()) {
      if (descriptor.kind !== 'tenant') continue
      const request = await validRequest(route)
      const label = `${route.key} by another brewery's Admin`
      const [allBefore, aBefore] = [
        await world.databaseSnapshot(),
        await world.brewerySnapshot(world.entityA),
      ]
      const response = await world.as(world.outsider, request)
      counts.tenancy += 1
      if (descriptor.scope === 'record') {
        if (response.statusCode !== 404) problems.push(`${label}: expected 404, got ${show(response)}`)
        else {
          for (const problem of errorShapeProblems(response, route.method))
            problems.push(`${label}: ${problem}`)
          if (
            route.method !== 'HEAD' &&
            response.json<{ error: { code: string } }>().error.code !== 'NOT_FOUND'
          )
            problems.push(`${label}: code is not NOT_FOUND`)
        }
        if ((await world.databaseSnapshot()) !== allBefore) problems.push(`${label}: the database changed`)
      } else {
        // Lists and creates work on the caller's own brewery: nothing of brewery A is seen or touched.
        if (response.statusCode >= 500) problems.push(`${label}: ${show(response)}`)
        if (response.body.includes(world.entityA)) problems.push(`${label}: the answer names brewery A`)
        const ownIds = await world.ctx.asAdmin({ method: 'GET', url: '/api/products' })
        for (const { id } of (ownIds.body as { data: { id: string }[] }).data)
          if (response.body.includes(id))
            problems.push(`${label}: the answer shows brewery A's product ${id}`)
      }
      if ((await world.brewerySnapshot(world.entityA)) !== aBefore)
        problems.push(`${label}: brewery A changed`)
    }
    expect(problems, problems.join('\n')).toEqual([])
  }, 180_000)

  it('allows each role exactly what the permission table says, and answers 403 beyond it', async () => {
    const problems: string[] = []
    for (const { route, descriptor } of guarded()) {
      for (const caller of CALLERS) {
        const expected =
          descriptor.kind === 'account'
            ? descriptor.expect[caller]
            : caller === 'newcomer'
              ? (descriptor.newcomer ?? 403)
              : can(caller, descriptor.permission)
                ? descriptor.ok
                : 403
        const request = await validRequest(route)
        const before = expected >= 400 ? await world.databaseSnapshot() : ''
        const response = await world.as(world.callerSub(caller), request)
        counts.roles += 1
        const label = `${route.key} as ${caller}`
        if (response.statusCode !== expected) {
          problems.push(`${label}: expected ${expected}, got ${show(response)}`)
          continue
        }
        if (expected >= 400) {
          for (const problem of errorShapeProblems(response, route.method))
            problems.push(`${label}: ${problem}`)
          if ((await world.databaseSnapshot()) !== before)
            problems.push(`${label}: a refused request changed the database`)
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([])
  }, 180_000)
})
