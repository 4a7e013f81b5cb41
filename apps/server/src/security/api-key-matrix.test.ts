// The security matrix with API keys as a caller kind (ADR 281), on PGlite: every route on a brewery, called with
// a key of every scope, a read-only key and a key of another brewery. What a key may reach is the permission
// table of a Manager, narrowed by its scopes and by the routes no key reaches (scopesForRoute). The role matrix
// (access-matrix.suite.ts) already proves each refusal changes nothing; a key's refusals are answered before
// any handler runs (auth/auth.plugin.ts).
import {
  API_KEY_AREAS,
  can,
  makeEnvelope,
  scopesForRoute,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { guardedRoutes, show, validRequest, type Guarded } from '../testing/matrix-checks.ts'
import {
  apiRoutes,
  createWorld,
  startSecurityApp,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

const ALL_WRITE: ApiKeyScope[] = [...API_KEY_AREAS.map(({ area }) => `${area}:write` as const), 'ingest']
const ALL_READ: ApiKeyScope[] = API_KEY_AREAS.map(({ area }) => `${area}:read` as const)

/** What a key with `scopes` of brewery A gets on the route. */
function expectedForKey({ route, descriptor }: Guarded, scopes: readonly ApiKeyScope[]): number {
  const needed = descriptor.kind === 'account' ? null : scopesForRoute(route.method, route.url)
  if (!needed || descriptor.kind !== 'tenant') return 403
  if (!needed.some((scope) => scopes.includes(scope))) return 403
  return can('Manager', descriptor.permission) ? descriptor.ok : 403
}

describe('security matrix with API keys as callers (PGlite)', () => {
  let s: SecurityApp
  let world: World
  const keys: Record<'all' | 'read' | 'other', string> = { all: '', read: '', other: '' }

  const makeKey = async (sub: string, scopes: ApiKeyScope[]) => {
    const response = await world.as(sub, {
      method: 'POST',
      url: '/api/api-keys',
      payload: makeEnvelope('api-key', { id: crypto.randomUUID(), name: 'Matrix', scopes, expiresOn: null }),
    })
    if (response.statusCode !== 201) throw new Error(`making a key: ${response.body}`)
    return `Bearer ${response.json<{ data: CreatedApiKey }>().data.secret!}`
  }

  beforeAll(async () => {
    s = await startSecurityApp('pglite')
    world = await createWorld(s)
    keys.all = await makeKey(world.members.Admin, ALL_WRITE)
    keys.read = await makeKey(world.members.Admin, ALL_READ)
    keys.other = await makeKey(world.outsider, ALL_WRITE)
  }, 180_000)
  afterAll(async () => s?.close())

  const guarded = () => guardedRoutes(apiRoutes(s.routes)).filter(({ route }) => route.method !== 'HEAD')

  // One valid request per route serves the three keys (ADR 330): the read-only key's and the other brewery's
  // are refusals or reads, which change nothing, so the key of every scope still finds it unused.
  it('a read-only key reads and is refused every write naming the scope it lacks; a key of another brewery gets 404 on each record; a key of every scope reaches what a Manager may, never the people-only routes', async () => {
    const problems: string[] = []
    for (const route of guarded()) {
      const request = await validRequest(world, route)
      const key = route.route.key

      const expectedRead = expectedForKey(route, ALL_READ)
      const read = await world.send(request, keys.read)
      if (read.statusCode !== expectedRead)
        problems.push(`${key} with a read-only key: expected ${expectedRead}, got ${show(read)}`)
      const needed = scopesForRoute(route.route.method, route.route.url)
      if (needed && route.route.method !== 'GET' && !read.body.includes('lacks the scope'))
        problems.push(`${key}: the refusal does not name the scope: ${show(read)}`)

      const { descriptor } = route
      if (
        descriptor.kind === 'tenant' &&
        descriptor.scope === 'record' &&
        expectedForKey(route, ALL_WRITE) < 400
      ) {
        const other = await world.send(request, keys.other)
        if (other.statusCode !== 404)
          problems.push(`${key} with another brewery's key: expected 404, got ${show(other)}`)
      }

      const expected = expectedForKey(route, ALL_WRITE)
      const all = await world.send(request, keys.all)
      if (all.statusCode !== expected)
        problems.push(`${key} with a key of every scope: expected ${expected}, got ${show(all)}`)
    }
    expect(problems, problems.join('\n')).toEqual([])
  }, 600_000)
})
