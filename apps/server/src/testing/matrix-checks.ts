// The matrix's checks, one route at a time; each answers the problems it found (empty = secure).
// access-matrix.test.ts runs them over the whole route table; matrix-selftest.test.ts proves they
// catch a route that forgets tenancy, roles or the public list.
import { can } from '@brewcommand/domain'
import type { LightMyRequestResponse } from 'fastify'
import { isPaymentExempt } from '../payments/payment-guard.ts'
import {
  PUBLIC_ROUTES,
  type Caller,
  type MatrixRequest,
  type RouteDescriptor,
} from '../security/route-matrix.ts'
import {
  descriptorOf,
  errorShapeProblems,
  type CapturedRoute,
  type TokenAttack,
  type World,
} from './security-harness.ts'

export type GuardedDescriptor = Exclude<RouteDescriptor, { kind: 'public' }>
export interface Guarded {
  route: Pick<CapturedRoute, 'key' | 'method' | 'url'>
  descriptor: GuardedDescriptor
}

/** The non-public routes among `routes`, with their descriptors (routes without one are skipped). */
export function guardedRoutes(routes: CapturedRoute[], lookup = descriptorOf): Guarded[] {
  return routes.flatMap((route) => {
    const descriptor = lookup(route)
    return descriptor && descriptor.kind !== 'public' ? [{ route, descriptor }] : []
  })
}

export const show = (response: { statusCode: number; body: string }) =>
  `${response.statusCode} ${response.body.slice(0, 200)}`

/** A valid request of brewery A for the route (a HEAD shares its GET's request). */
export async function validRequest(world: World, { route, descriptor }: Guarded): Promise<MatrixRequest> {
  const request = await descriptor.request(world.ctx)
  return route.method === 'HEAD' ? { ...request, method: 'HEAD', payload: undefined } : request
}

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

/** Each bad token on the route: 401, WWW-Authenticate, the error shape, nothing changed. */
export async function tokenProblems(
  world: World,
  attacks: TokenAttack[],
  guarded: Guarded,
): Promise<string[]> {
  const { route } = guarded
  const problems: string[] = []
  const request = await validRequest(world, guarded)
  const before = await world.databaseSnapshot()
  for (const attack of attacks) {
    const response = await world.send(request, await attack.header(world.members.Admin))
    const label = `${route.key} × ${attack.name}`
    if (response.statusCode !== 401) {
      problems.push(`${label}: expected 401, got ${show(response)}`)
      continue
    }
    if (!/^Bearer /.test(String(response.headers['www-authenticate'])))
      problems.push(`${label}: no WWW-Authenticate: Bearer header`)
    for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
    problems.push(...codeProblem(response, route.method, 'UNAUTHENTICATED', label))
  }
  const after = await world.databaseSnapshot()
  if (after !== before)
    problems.push(`${route.key}: a refused token changed the database [${changedTables(before, after)}]`)
  return problems
}

/**
 * Brewery B's Admin sends brewery A's valid request: a record route answers 404 and nothing changes;
 * a list or create route works on B's own brewery and shows or touches nothing of A.
 */
export async function tenancyProblems(
  world: World,
  guarded: Guarded,
  given?: MatrixRequest,
): Promise<string[]> {
  const { route, descriptor } = guarded
  if (descriptor.kind !== 'tenant') return []
  const problems: string[] = []
  const request = given ?? (await validRequest(world, guarded))
  const label = `${route.key} by another brewery's Admin`
  const allBefore = await world.databaseSnapshot()
  const aBefore = await world.brewerySnapshot(world.entityA)
  const response = await world.as(world.outsider, request)
  if (descriptor.scope === 'record') {
    if (response.statusCode !== 404) problems.push(`${label}: expected 404, got ${show(response)}`)
    else {
      for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
      problems.push(...codeProblem(response, route.method, 'NOT_FOUND', label))
    }
    const allAfter = await world.databaseSnapshot()
    if (allAfter !== allBefore)
      problems.push(`${label}: the database changed (${changedTables(allBefore, allAfter)})`)
    problems.push(...(await ownBreweryVariantProblems(world, guarded, request)))
  } else {
    if (response.statusCode >= 500) problems.push(`${label}: ${show(response)}`)
    if (response.body.includes(world.entityA)) problems.push(`${label}: the answer names brewery A`)
    for (const id of await world.recordIdsOf(world.entityA))
      if (response.body.includes(id)) problems.push(`${label}: the answer shows brewery A's record ${id}`)
  }
  if ((await world.brewerySnapshot(world.entityA)) !== aBefore) problems.push(`${label}: brewery A changed`)
  return problems
}

/**
 * The same attack with the attacker's own brewery id where the request names brewery A's (path or body),
 * the other ids still A's: `PUT /api/entities/{B}/users/{a user of A}` must be a 404 too.
 */
async function ownBreweryVariantProblems(
  world: World,
  { route }: Guarded,
  request: MatrixRequest,
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
  const before = await world.databaseSnapshot()
  const response = await world.as(world.outsider, variant)
  const problems: string[] = []
  // A 404, or an answer about the attacker's own brewery that changes nothing (deleting a storage key
  // of their own that does not exist is a 204) and shows nothing of brewery A.
  if (response.statusCode === 404) {
    for (const problem of errorShapeProblems(response, route.method)) problems.push(`${label}: ${problem}`)
  } else if (response.statusCode >= 300) {
    problems.push(`${label}: expected 404, got ${show(response)}`)
  } else {
    for (const id of await world.recordIdsOf(world.entityA))
      if (response.body.includes(id))
        problems.push(`${label}: answered ${show(response)}, showing brewery A's ${id}`)
  }
  const after = await world.databaseSnapshot()
  if (after !== before)
    problems.push(`${label}: the database changed (${response.statusCode}) [${changedTables(before, after)}]`)
  return problems
}

/** The status the permission table (or the account route's own table) gives `caller`. */
export function expectedStatus(descriptor: GuardedDescriptor, caller: Caller): number {
  if (descriptor.kind === 'account') return descriptor.expect[caller]
  if (caller === 'newcomer') return descriptor.newcomer ?? 403
  return can(caller, descriptor.permission) ? descriptor.ok : 403
}

/** One caller of brewery A on the route: exactly the expected status; a refusal changes nothing. */
export async function roleProblems(world: World, guarded: Guarded, caller: Caller): Promise<string[]> {
  const { route, descriptor } = guarded
  const expected = expectedStatus(descriptor, caller)
  const request = await validRequest(world, guarded)
  const before = expected >= 400 ? await world.databaseSnapshot() : ''
  const response = await world.as(world.callerSub(caller), request)
  const label = `${route.key} as ${caller}`
  if (response.statusCode !== expected) return [`${label}: expected ${expected}, got ${show(response)}`]
  if (expected < 400) return []
  const problems = errorShapeProblems(response, route.method).map((problem) => `${label}: ${problem}`)
  const after = await world.databaseSnapshot()
  if (after !== before)
    problems.push(`${label}: a refused request changed the database [${changedTables(before, after)}]`)
  return problems
}

/**
 * The route for brewery A's Admin while A has not paid: a write answers 402 PAYMENT_REQUIRED and
 * changes nothing; a read, and the writes listed in PAYMENT_EXEMPT_ROUTES (paying, leaving), still work.
 */
export async function unpaidProblems(
  world: World,
  guarded: Guarded,
  given?: MatrixRequest,
): Promise<string[]> {
  const { route, descriptor } = guarded
  if (descriptor.kind !== 'tenant') return []
  const request = given ?? (await validRequest(world, guarded))
  const before = await world.databaseSnapshot()
  await world.subscription('incomplete')
  let response: LightMyRequestResponse
  try {
    response = await world.as(world.members.Admin, request)
  } finally {
    await world.subscription('active')
  }
  const label = `${route.key} of an unpaid brewery`
  if (route.method === 'GET' || route.method === 'HEAD') {
    return response.statusCode === descriptor.ok
      ? []
      : [`${label}: expected ${descriptor.ok}, got ${show(response)}`]
  }
  if (isPaymentExempt(route.method, route.url)) {
    return response.statusCode === 402 ? [`${label}: expected no 402, got ${show(response)}`] : []
  }
  if (response.statusCode !== 402) return [`${label}: expected 402, got ${show(response)}`]
  const problems = [
    ...errorShapeProblems(response, route.method).map((problem) => `${label}: ${problem}`),
    ...codeProblem(response, route.method, 'PAYMENT_REQUIRED', label),
  ]
  const after = await world.databaseSnapshot()
  if (after !== before)
    problems.push(`${label}: the refused write changed the database [${changedTables(before, after)}]`)
  return problems
}

/** A stand-in for path parameters when a route is probed without a valid request. */
const probeUrl = (url: string) => url.replace(/:\w+/g, crypto.randomUUID())

/** Routes that answer without a token must be exactly the listed ones (and registered as public). */
export async function publicRouteProblems(
  world: World,
  routes: CapturedRoute[],
  listed: ReadonlySet<string> = new Set(Object.keys(PUBLIC_ROUTES)),
): Promise<string[]> {
  const problems: string[] = []
  for (const route of routes) {
    const key = route.method === 'HEAD' ? `GET ${route.url}` : route.key
    const response = await world.send({
      method: route.method as MatrixRequest['method'],
      url: probeUrl(route.url),
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    })
    if (response.statusCode !== 401 && !listed.has(key))
      problems.push(`${route.key} answers without a token (${show(response)}) but is not in PUBLIC_ROUTES`)
    if (route.public && !listed.has(key))
      problems.push(`${route.key} is registered with config.public but is not in PUBLIC_ROUTES`)
    if (listed.has(key) && !route.public)
      problems.push(`${route.key} is in PUBLIC_ROUTES but asks for a token (remove it from the list)`)
    if (response.statusCode >= 500) problems.push(`${route.key} without a token: ${show(response)}`)
  }
  return problems
}

/** The tables whose digest differs between two snapshots (`name=digest;…`), to say what a refused request changed. */
export function changedTables(before: string, after: string): string {
  const parse = (snapshot: string) =>
    new Map(snapshot.split(';').map((part) => part.split('=') as [string, string]))
  const was = parse(before)
  return [...parse(after)]
    .filter(([table, digest]) => was.get(table) !== digest)
    .map(([table]) => table)
    .join(', ')
}
