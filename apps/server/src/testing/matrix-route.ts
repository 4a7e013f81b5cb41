// The matrix's cases of one route, sampled (ADR 330): one valid request of brewery A serves every refusal
// (a refusal changes nothing, so the request stays valid), one database snapshot before and one after all of
// them, then the positive case. The cases kept per route: each bad token given (the nine on the first route
// of a family, one in turn on the others), each refused caller, another brewery's Admin (404 on a record), an
// unpaid brewery's write (402), and the positive case with the least role the permission table allows. When
// the snapshot shows that a refusal changed something, the one-case checks of matrix-checks.ts run again to
// name which.
import { can, ROLES } from '@brewcommand/domain'
import type { LightMyRequestResponse } from 'fastify'
import { isPaymentExempt } from '../payments/payment-guard.ts'
import type { Caller, MatrixRequest } from '../security/route-matrix.ts'
import {
  changedTables,
  expectedStatus,
  roleProblems,
  show,
  tenancyProblems,
  tokenProblems,
  unpaidProblems,
  validRequest,
  type Guarded,
} from './matrix-checks.ts'
import { errorShapeProblems, type TokenAttack, type World } from './security-harness.ts'

export const CALLERS: Caller[] = [...ROLES, 'newcomer']

export interface RouteCases {
  token: number
  tenancy: number
  roles: number
  unpaid: number
}

export interface RouteReport {
  problems: string[]
  cases: RouteCases
}

/** The family of a route: the first path segment after /api (`/api/sales/orders/:id` → `sales`). */
export const familyOf = (url: string) => url.split('/')[2] ?? ''

function codeProblem(response: LightMyRequestResponse, method: string, code: string, label: string) {
  if (method === 'HEAD') return []
  try {
    return response.json<{ error?: { code?: string } }>().error?.code === code
      ? []
      : [`${label}: code is not ${code}`]
  } catch {
    return [`${label}: not JSON`]
  }
}

/** The least role the permission table lets through (Admin ⊇ Manager ⊇ Brewer), or none. */
function leastAllowed(guarded: Guarded): Caller[] {
  const { descriptor } = guarded
  if (descriptor.kind === 'account') return CALLERS.filter((caller) => descriptor.expect[caller] < 400)
  const allowed = [...ROLES].reverse().find((role) => can(role, descriptor.permission))
  return allowed ? [allowed] : []
}

/**
 * Every sampled case of one route; `request` is a valid request of brewery A that no case has used (a GET's,
 * shared with its HEAD), made here when not given.
 */
export async function routeCases(
  world: World,
  guarded: Guarded,
  attacks: TokenAttack[],
  given?: MatrixRequest,
): Promise<RouteReport> {
  const { route, descriptor } = guarded
  const cases: RouteCases = { token: 0, tenancy: 0, roles: 0, unpaid: 0 }
  const problems: string[] = []
  const request = given ?? (await validRequest(world, guarded))
  const fresh = () => validRequest(world, guarded)
  const tenant = descriptor.kind === 'tenant' ? descriptor : null
  const read = route.method === 'GET' || route.method === 'HEAD'

  // ---- the refusals, on one snapshot ----
  const before = await world.databaseSnapshot()
  const refusals: string[] = []

  for (const attack of attacks) {
    const response = await world.send(request, await attack.header(world.members.Admin))
    const label = `${route.key} × ${attack.name}`
    refusals.push(attack.name)
    cases.token += 1
    if (response.statusCode !== 401) {
      problems.push(`${label}: expected 401, got ${show(response)}`)
      continue
    }
    if (!/^Bearer /.test(String(response.headers['www-authenticate'])))
      problems.push(`${label}: no WWW-Authenticate: Bearer header`)
    for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
    problems.push(...codeProblem(response, route.method, 'UNAUTHENTICATED', label))
  }

  const positives = leastAllowed(guarded)
  for (const caller of CALLERS) {
    const expected = expectedStatus(descriptor, caller)
    if (expected < 400) continue
    const response = await world.as(world.callerSub(caller), request)
    const label = `${route.key} as ${caller}`
    refusals.push(caller)
    cases.roles += 1
    if (response.statusCode !== expected) {
      problems.push(`${label}: expected ${expected}, got ${show(response)}`)
      continue
    }
    for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
  }

  if (tenant?.scope === 'record') {
    const label = `${route.key} by another brewery's Admin`
    const response = await world.as(world.outsider, request)
    refusals.push("another brewery's Admin")
    cases.tenancy += 1
    if (response.statusCode !== 404) problems.push(`${label}: expected 404, got ${show(response)}`)
    else {
      for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
      problems.push(...codeProblem(response, route.method, 'NOT_FOUND', label))
    }
    problems.push(...(await ownBreweryVariant(world, guarded, request, refusals)))
  }

  const unpaidWrite = tenant && !read && !isPaymentExempt(route.method, route.url)
  if (unpaidWrite) {
    const label = `${route.key} of an unpaid brewery`
    await world.subscription('incomplete')
    let response: LightMyRequestResponse
    try {
      response = await world.as(world.members.Admin, request)
    } finally {
      await world.subscription('active')
    }
    refusals.push('unpaid')
    cases.unpaid += 1
    if (response.statusCode !== 402) problems.push(`${label}: expected 402, got ${show(response)}`)
    else {
      for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
      problems.push(...codeProblem(response, route.method, 'PAYMENT_REQUIRED', label))
    }
  }

  const after = await world.databaseSnapshot()
  if (after !== before) {
    problems.push(
      `${route.key}: one of the refusals (${refusals.join(', ')}) changed the database [${changedTables(before, after)}]`,
    )
    problems.push(...(await nameTheRefusal(world, guarded, attacks)))
  }

  // ---- what is allowed ----
  // Another brewery's Admin on a list or create: works on their own brewery, shows and touches nothing of A.
  if (tenant?.scope === 'brewery') {
    problems.push(...(await tenancyProblems(world, guarded, read ? request : undefined)))
    cases.tenancy += 1
  }
  // An unpaid brewery still reads, pays and leaves.
  if (tenant && !unpaidWrite) {
    problems.push(...(await unpaidProblems(world, guarded, read ? request : undefined)))
    cases.unpaid += 1
  }
  for (const [index, caller] of positives.entries()) {
    const expected = expectedStatus(descriptor, caller)
    const response = await world.as(world.callerSub(caller), index === 0 ? request : await fresh())
    cases.roles += 1
    if (response.statusCode !== expected)
      problems.push(`${route.key} as ${caller}: expected ${expected}, got ${show(response)}`)
  }
  return { problems, cases }
}

/**
 * The record attack again with the attacker's own brewery id where the request names A's (path or body), the
 * other ids still A's: `PUT /api/entities/{B}/users/{a user of A}` must be a 404 too, or an answer about B that
 * shows nothing of A (the database snapshot around the refusals sees any change).
 */
async function ownBreweryVariant(
  world: World,
  { route }: Guarded,
  request: MatrixRequest,
  refusals: string[],
): Promise<string[]> {
  const otherParams = (route.url.match(/:\w+/g) ?? []).filter((param) => param !== ':entityId')
  const inBody = JSON.stringify(request.payload ?? null).includes(world.entityA)
  if (!request.url.includes(world.entityA) && !inBody) return []
  if (otherParams.length === 0 && !inBody) return []
  const swap = (text: string) => text.split(world.entityA).join(world.entityB)
  const variant: MatrixRequest = {
    ...request,
    url: swap(request.url),
    ...(request.payload === undefined
      ? {}
      : { payload: JSON.parse(swap(JSON.stringify(request.payload))) as unknown }),
  }
  const label = `${route.key} by another brewery's Admin, naming their own brewery`
  const response = await world.as(world.outsider, variant)
  refusals.push("another brewery's Admin naming their own brewery")
  if (response.statusCode === 404)
    return errorShapeProblems(response, route.method).map((problem) => `${label}: ${problem}`)
  if (response.statusCode >= 300) return [`${label}: expected 404, got ${show(response)}`]
  const problems: string[] = []
  for (const id of await world.recordIdsOf(world.entityA))
    if (response.body.includes(id))
      problems.push(`${label}: answered ${show(response)}, showing brewery A's ${id}`)
  return problems
}

/** A refusal changed the database: each case again on its own request and snapshots, to say which. */
async function nameTheRefusal(world: World, guarded: Guarded, attacks: TokenAttack[]): Promise<string[]> {
  const problems = [...(await tokenProblems(world, attacks, guarded))]
  for (const caller of CALLERS)
    if (expectedStatus(guarded.descriptor, caller) >= 400)
      problems.push(...(await roleProblems(world, guarded, caller)))
  if (guarded.descriptor.kind === 'tenant') {
    if (guarded.descriptor.scope === 'record') problems.push(...(await tenancyProblems(world, guarded)))
    problems.push(...(await unpaidProblems(world, guarded)))
  }
  return problems
}
