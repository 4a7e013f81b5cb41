// The matrix must be able to fail: routes that forget tenancy, roles or the public list, added to the
// real app, are each caught by the check that guards against them.
import { can } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../db/schema/products.ts'
import { AppError } from '../errors.ts'
import {
  guardedRoutes,
  publicRouteProblems,
  roleProblems,
  tenancyProblems,
  tokenProblems,
  type Guarded,
} from '../testing/matrix-checks.ts'
import { routeCases } from '../testing/matrix-route.ts'
import { familyShards } from './access-matrix.suite.ts'
import { ROUTE_MATRIX, type RouteDescriptor } from './route-matrix.ts'
import {
  apiRoutes,
  createWorld,
  descriptorOf,
  errorShapeProblems,
  leakProblems,
  startSecurityApp,
  tokenAttacks,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

const BROKEN: Record<string, RouteDescriptor> = {
  // Reads a product by id without scoping the query to the caller's brewery.
  'GET /api/selftest/unscoped/:productId': {
    kind: 'tenant',
    permission: 'read',
    scope: 'record',
    ok: 200,
    request: async (ctx) => ({ method: 'GET', url: `/api/selftest/unscoped/${(await ctx.product()).id}` }),
  },
  // Scoped to the brewery, but deletes without asking whether the role may (needs manageProducts).
  'DELETE /api/selftest/no-role/:productId': {
    kind: 'tenant',
    permission: 'manageProducts',
    scope: 'record',
    ok: 204,
    request: async (ctx) => ({ method: 'DELETE', url: `/api/selftest/no-role/${(await ctx.product()).id}` }),
  },
  // Asks the role, but only after deleting: the refusal is a 403 and yet the product is gone.
  'DELETE /api/selftest/late-check/:productId': {
    kind: 'tenant',
    permission: 'manageProducts',
    scope: 'record',
    ok: 204,
    request: async (ctx) => ({
      method: 'DELETE',
      url: `/api/selftest/late-check/${(await ctx.product()).id}`,
    }),
  },
}

describe('the security matrix catches broken routes', () => {
  let s: SecurityApp
  let world: World

  beforeAll(async () => {
    s = await startSecurityApp('pglite', {
      beforeReady: (app, testDb) => {
        app.get<{ Params: { productId: string } }>('/api/selftest/unscoped/:productId', async (request) => {
          const [row] = await testDb.db
            .select()
            .from(products)
            .where(eq(products.id, request.params.productId))
          if (!row) throw new AppError('NOT_FOUND', 'Product not found!')
          return { data: row }
        })
        app.delete<{ Params: { productId: string } }>(
          '/api/selftest/no-role/:productId',
          async (request, reply) => {
            const tenant = request.tenant
            const [row] = await testDb.db
              .select()
              .from(products)
              .where(eq(products.id, request.params.productId))
            if (!row || row.entityId !== tenant.entityId)
              throw new AppError('NOT_FOUND', 'Product not found!')
            await testDb.db.delete(products).where(eq(products.id, row.id))
            return reply.code(204).send()
          },
        )
        app.delete<{ Params: { productId: string } }>(
          '/api/selftest/late-check/:productId',
          async (request, reply) => {
            const tenant = request.tenant
            const [row] = await testDb.db
              .select()
              .from(products)
              .where(eq(products.id, request.params.productId))
            if (!row || row.entityId !== tenant.entityId)
              throw new AppError('NOT_FOUND', 'Product not found!')
            await testDb.db.delete(products).where(eq(products.id, row.id))
            if (!can(tenant.role, 'manageProducts')) throw new AppError('FORBIDDEN', 'Not allowed!')
            return reply.code(204).send()
          },
        )
        app.get('/api/selftest/open', { config: { public: true } }, () => ({ data: 'anyone' }))
        app.get('/api/selftest/forgotten', () => ({ data: 'who am I?' }))
      },
    })
    world = await createWorld(s)
  })
  afterAll(async () => {
    await s?.close()
  })

  const broken = (key: string): Guarded => {
    const route = apiRoutes(s.routes).find((candidate) => candidate.key === key)!
    return { route, descriptor: BROKEN[key] as Guarded['descriptor'] }
  }

  it('names a route missing from the table', () => {
    const missing = apiRoutes(s.routes)
      .filter((route) => !descriptorOf(route))
      .map((route) => route.key)
    expect(missing).toEqual(
      expect.arrayContaining(['GET /api/selftest/forgotten', 'GET /api/selftest/unscoped/:productId']),
    )
  })

  it('catches a public route that is not on the list', async () => {
    const routes = apiRoutes(s.routes).filter((route) => route.url === '/api/selftest/open')
    const problems = await publicRouteProblems(world, routes)
    expect(problems.join('\n')).toContain('GET /api/selftest/open answers without a token')
    expect(problems.join('\n')).toContain('registered with config.public but is not in PUBLIC_ROUTES')
  })

  it('catches a query that is not scoped to the brewery', async () => {
    const problems = await tenancyProblems(world, broken('GET /api/selftest/unscoped/:productId'))
    expect(problems.join('\n')).toMatch(/by another brewery's Admin: expected 404, got 200/)
  })

  it('catches a route that skips the role check, and that a refused role changed nothing', async () => {
    const route = broken('DELETE /api/selftest/no-role/:productId')
    expect(await roleProblems(world, route, 'Admin')).toEqual([])
    expect((await roleProblems(world, route, 'Brewer')).join('\n')).toMatch(
      /as Brewer: expected 403, got 204/,
    )
  })

  it('passes a route that is right (the auth plugin still refuses every bad token on the broken ones)', async () => {
    const attacks = await tokenAttacks(s.idp)
    expect(await tokenProblems(world, attacks, broken('DELETE /api/selftest/no-role/:productId'))).toEqual([])
    const real = guardedRoutes(apiRoutes(s.routes)).find(
      (g) => g.route.key === 'DELETE /api/products/:productId',
    )!
    expect(await tenancyProblems(world, real)).toEqual([])
    expect(await roleProblems(world, real, 'Brewer')).toEqual([])
  })

  // The sampled pass of access-matrix.suite.ts (ADR 330) catches the same broken routes.
  it('catches, in the sampled pass over a route, a query not scoped to the brewery', async () => {
    const attacks = await tokenAttacks(s.idp)
    const { problems } = await routeCases(world, broken('GET /api/selftest/unscoped/:productId'), attacks)
    expect(problems.join('\n')).toMatch(/by another brewery's Admin: expected 404, got 200/)
  })

  it('catches, in the sampled pass, a role let through, and a refusal that changed the database, naming it', async () => {
    const attacks = await tokenAttacks(s.idp)
    const noRole = await routeCases(world, broken('DELETE /api/selftest/no-role/:productId'), [attacks[0]])
    expect(noRole.problems.join('\n')).toMatch(/as Brewer: expected 403, got 204/)
    const late = await routeCases(world, broken('DELETE /api/selftest/late-check/:productId'), [attacks[0]])
    const text = late.problems.join('\n')
    expect(text).toMatch(/one of the refusals \(.*Brewer.*\) changed the database \[.*products/)
    // Run again one case at a time, the culprit is named.
    expect(text).toMatch(/as Brewer: a refused request changed the database/)
    expect(text).not.toMatch(/as Manager: a refused request/)
  })

  it('passes a right route in the sampled pass, with each refused caller and the least allowed role', async () => {
    const attacks = await tokenAttacks(s.idp)
    const real = guardedRoutes(apiRoutes(s.routes)).find(
      (g) => g.route.key === 'DELETE /api/products/:productId',
    )!
    const report = await routeCases(world, real, attacks)
    expect(report.problems).toEqual([])
    // Nine tokens; Brewer and newcomer refused, Manager allowed; another brewery; unpaid.
    expect(report.cases).toEqual({ token: 9, roles: 3, tenancy: 1, unpaid: 1 })
  })

  it('splits the route families into parts that together hold each family once', () => {
    const families = new Set(
      Object.keys(ROUTE_MATRIX)
        .map((key) => key.split(' ')[1])
        .filter((url) => url.startsWith('/api/'))
        .map((url) => url.split('/')[2]),
    )
    const parts = familyShards(2)
    expect(parts.flat().sort()).toEqual([...families].sort())
    expect(parts[0].length).toBeGreaterThan(0)
    expect(parts[1].length).toBeGreaterThan(0)
  })

  it('sees a committed write in the digests and the needle search, and not a rolled-back one (ADR 332)', async () => {
    const product = await world.ctx.product()
    const before = await world.databaseSnapshot()
    const breweryBefore = await world.brewerySnapshot(world.entityA)
    const marks = await world.changeMarks()
    const needle = `needle-${crypto.randomUUID()}`
    // Rolled back: no change anywhere.
    await s.testDb.db
      .transaction(async (tx) => {
        await tx.update(products).set({ description: needle }).where(eq(products.id, product.id))
        throw new Error('roll back')
      })
      .catch(() => undefined)
    expect(await world.databaseSnapshot()).toBe(before)
    expect(await world.brewerySnapshot(world.entityA)).toBe(breweryBefore)
    expect(await world.tablesContaining(needle, marks)).toEqual([])
    // Committed (outside any request, as a job would): every view of the database sees it.
    await s.testDb.db.update(products).set({ description: needle }).where(eq(products.id, product.id))
    expect(await world.databaseSnapshot()).not.toBe(before)
    expect(await world.brewerySnapshot(world.entityA)).not.toBe(breweryBefore)
    expect(await world.tablesContaining(needle, marks)).toEqual(['products'])
    expect(await world.tablesContaining(needle)).toEqual(['products'])
  })

  it('recognises leaks and a wrong error shape', async () => {
    expect(leakProblems('Error: boom\n    at handler (/work/main/apps/server/src/x.ts:10:5)')).not.toEqual([])
    expect(
      leakProblems('{"error":{"message":"duplicate key value violates unique constraint \\"p_pkey\\""}}'),
    ).not.toEqual([])
    expect(leakProblems('{"error":{"message":"select * from products where id = 1"}}')).not.toEqual([])
    expect(leakProblems('{"error":{"code":"NOT_FOUND","message":"Product not found!"}}')).toEqual([])
    // A Windows path, as JSON carries it, is one; a fuzzed key ending in a capital and a colon, echoed, is not.
    expect(leakProblems('{"error":{"message":"at C:\\\\app\\\\server.js"}}')).not.toEqual([])
    expect(leakProblems('{"error":{"message":"Unrecognized key: \\"x-extra-lOKY7f<&tT:\\""}}')).toEqual([])
    const response = await s.app.inject({ method: 'GET', url: '/api/selftest/open' })
    expect(errorShapeProblems(response).join()).toContain('not { error }')
  })
})
