// Every request body the server accepts, fuzzed with fast-check from a valid request (ADR 080):
// wrong types, huge strings, deep nesting, __proto__ and constructor keys, unicode, numbers as strings,
// NaN and Infinity, missing and extra fields. Zero 5xx; every refusal is a 4xx in the error shape and
// stores nothing; extra fields are dropped, never stored (mass assignment).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_DATABASES, type DatabaseKind } from '../testing/test-app.ts'
import { FREE_FORM_BODY_PATHS, type MatrixRequest } from './route-matrix.ts'
import {
  apiRoutes,
  createWorld,
  descriptorOf,
  errorShapeProblems,
  startSecurityApp,
  type CapturedRoute,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

/**
 * Runs per route (ADR 330: 10, was 20; ADR 405: 3 on PostgreSQL, where the same validation answers and only the
 * storing of what it lets through differs). fast-check draws a new seed each run, so the runs of successive CI
 * runs add up to more bodies than one long run; a failure prints its seed to replay. SECURITY_FUZZ_RUNS=100 for a
 * deep run by hand (on either database).
 */
const runsPerRoute = (kind: DatabaseKind) =>
  Number(process.env.SECURITY_FUZZ_RUNS ?? (kind === 'postgres' ? 3 : 10))
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH'])
/** Fuzz only the routes whose key ("POST /api/sales/invoices") matches this pattern: a quick run by hand. */
const ONLY_ROUTES = process.env.SECURITY_FUZZ_ROUTES ? new RegExp(process.env.SECURITY_FUZZ_ROUTES) : null

type Path = (string | number)[]
/** A JSON value, or a raw token JSON.stringify cannot write (NaN, Infinity, 1e999). */
type Nasty = { json: unknown } | { raw: string }
type Mutation =
  | { op: 'replace'; at: number; value: Nasty }
  | { op: 'retype'; at: number }
  | { op: 'remove'; at: number }
  | { op: 'extra'; at: number; key: string }

const json = (value: unknown): Nasty => ({ json: value })
const nested = (depth: number, leaf: unknown = 'x') => {
  let value: unknown = leaf
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}
const UNICODE = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202eevil',
  '🍺🍺🍺',
  'Ａｂｃ',
  'ﷺ',
  'e\u0301\u0301\u0301\u0301',
  '\u200b',
  "'; drop table products; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '{{7*7}}',
]
const RAW = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '-0', '1e308', '9007199254740993', '0.1e-400']

const nastyValue: fc.Arbitrary<Nasty> = fc.oneof(
  fc
    .oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
    .map(json),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 4 }).map(json),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }).map(json),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => json('x'.repeat(n))),
  fc.constant(json('y'.repeat(1_200_000))), // beyond the body limit: 413
  fc.integer({ min: 20, max: 2_000 }).map((depth) => json(nested(depth))),
  fc.constantFrom(
    json(JSON.parse('{"__proto__":{"polluted":"yes"}}')),
    json(JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}')),
    json(JSON.parse('[{"__proto__":{"polluted":"yes"}}]')),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map(json),
  fc.constantFrom(...UNICODE).map(json),
  fc.constantFrom(...RAW).map((raw) => ({ raw })),
)
const extraKey = fc.oneof(
  fc.constantFrom(
    'entityId',
    'role',
    'isAdmin',
    'userId',
    'createdAt',
    '__proto__',
    'constructor',
    'prototype',
  ),
  // Random names carry a prefix no schema field has: a bare random name can be a real optional field
  // (`name` of a product file), which is then rightly stored and is no extra field at all.
  fc.string({ minLength: 1, maxLength: 12 }).map((name) => `x-extra-${name}`),
)
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: nastyValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('retype' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('extra' as const), at: fc.nat(), key: extraKey }) },
)

/** Every path in a JSON value, the root first. */
function pathsOf(value: unknown, path: Path = []): Path[] {
  const here = [path]
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => pathsOf(item, [...path, i]))]
  if (value && typeof value === 'object')
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...path, key]))]
  return here
}
const get = (value: unknown, path: Path) =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value)
const setOwn = (target: object, key: string | number, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })

/** Applies a mutation to a copy of `base`; answers the JSON text and what it did. */
function mutate(
  base: unknown,
  m: Mutation,
  canary: string,
): { text: string; label: string; extraAt?: string } {
  const root = structuredClone(base) as Record<string, unknown>
  const all = pathsOf(root)
  const raws: string[] = []
  const put = (path: Path, value: unknown) => {
    if (path.length === 0) return value
    setOwn(get(root, path.slice(0, -1)) as object, path.at(-1)!, value)
    return root
  }
  let body: unknown = root
  let label: string
  let extraAt: string | undefined
  if (m.op === 'extra') {
    const objects = all.filter((path) => {
      const node = get(root, path)
      return node !== null && typeof node === 'object' && !Array.isArray(node)
    })
    const path = objects[m.at % objects.length]
    setOwn(get(root, path) as object, m.key, canary)
    extraAt = path.join('.')
    label = `extra field ${JSON.stringify(m.key)} at ${extraAt || '(root)'}`
  } else {
    const leaves = all.filter((path) => path.length > 0)
    // A body without fields (`{}`): the mutation applies to the body itself.
    const path = leaves.length > 0 ? leaves[m.at % leaves.length] : []
    const where = path.join('.') || '(root)'
    if (m.op === 'remove' && path.length === 0) {
      body = undefined
      label = 'without a body'
    } else if (m.op === 'remove') {
      const parent = get(root, path.slice(0, -1))
      if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1)
      else delete (parent as Record<string, unknown>)[path.at(-1) as string]
      label = `without ${where}`
    } else if (m.op === 'retype') {
      const old = get(root, path)
      const value =
        typeof old === 'number'
          ? String(old)
          : typeof old === 'string'
            ? Number(old) || 42
            : typeof old === 'boolean'
              ? String(old)
              : old === null
                ? 'null'
                : JSON.stringify(old)
      body = put(path, value)
      label = `${where} retyped to ${JSON.stringify(value).slice(0, 60)}`
    } else if ('raw' in m.value) {
      raws.push(m.value.raw)
      body = put(path, `__RAW_${raws.length - 1}__`)
      label = `${where} = ${m.value.raw}`
    } else {
      body = put(path, m.value.json)
      label = `${where} = ${JSON.stringify(m.value.json)?.slice(0, 80)}`
    }
  }
  let text = body === undefined ? '' : (JSON.stringify(body) ?? 'null')
  raws.forEach((raw, i) => (text = text.replace(`"__RAW_${i}__"`, raw)))
  return { text, label, ...(extraAt === undefined ? {} : { extraAt }) }
}

/**
 * Every request body fuzzed, on one database. One file per database (`fuzz.test.ts` on PGlite, `fuzz.postgres.test.ts` on PostgreSQL when
 * DATABASE_URL is set), so the test workers run the two at once.
 */
export function fuzzRequestBodies(kind: DatabaseKind) {
  describe.skipIf(!TEST_DATABASES.includes(kind))(`request bodies under fuzzing on ${kind}`, () => {
    let s: SecurityApp
    let world: World
    let fuzzed = 0

    beforeAll(async () => {
      s = await startSecurityApp(kind)
      world = await createWorld(s)
    })
    afterAll(async () => {
      console.log(`Security fuzzing on ${kind}: ${fuzzed} mutated requests over the body routes`)
      await s?.close()
    })

    /** Who may send the route's valid request: no one (public), the newcomer (onboarding), or brewery A's Admin. */
    async function sender(
      route: CapturedRoute,
    ): Promise<{ request: MatrixRequest; authorization?: string } | null> {
      const descriptor = descriptorOf(route)
      if (!descriptor?.request) return null
      const request = await descriptor.request(world.ctx)
      if (descriptor.kind === 'public') return { request }
      const sub =
        descriptor.kind === 'account' && descriptor.expect.Admin >= 300
          ? world.newcomer()
          : world.members.Admin
      return { request, authorization: `Bearer ${await world.token(sub)}` }
    }
    const bodyRoutes = () => apiRoutes(s.routes).filter((route) => BODY_METHODS.has(route.method))

    it('has a valid request for every route that takes a body', () => {
      const missing = bodyRoutes()
        .filter((route) => !descriptorOf(route)?.request)
        .map((route) => route.key)
      expect(
        missing,
        `Give these routes a request factory in security/route-matrix.ts: ${missing.join(', ')}`,
      ).toEqual([])
    })

    it('answers every mutated body with a 2xx or a 4xx in the error shape, storing nothing when refused', async () => {
      const problems: string[] = []
      for (const route of bodyRoutes().filter((r) => !ONLY_ROUTES || ONLY_ROUTES.test(r.key))) {
        let valid = await sender(route)
        if (!valid || valid.request.payload === undefined) continue
        let before = await world.databaseSnapshot()
        await fc.assert(
          fc.asyncProperty(mutation, async (m) => {
            if (!valid) return
            const canary = `canary-${crypto.randomUUID()}`
            const { text, label, extraAt } = mutate(valid.request.payload, m, canary)
            const marks = await world.changeMarks()
            const response = await world.send({ ...valid.request, payload: text }, valid.authorization)
            fuzzed += 1
            const where = `${route.key} with ${label}`
            if (({} as Record<string, unknown>).polluted !== undefined) {
              delete (Object.prototype as Record<string, unknown>).polluted
              problems.push(`${where}: Object.prototype was polluted`)
            }
            if (response.statusCode >= 500)
              problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`)
            else if (response.statusCode >= 400) {
              for (const problem of errorShapeProblems(response)) problems.push(`${where}: ${problem}`)
              const after = await world.databaseSnapshot()
              if (after !== before)
                problems.push(`${where}: refused with ${response.statusCode} but the database changed`)
              before = after
            } else {
              // Accepted: an extra field must not have been stored (unless under a free-form path).
              if (extraAt !== undefined && !FREE_FORM_BODY_PATHS.some((pattern) => pattern.test(extraAt))) {
                const tables = await world.tablesContaining(canary, marks)
                if (tables.length > 0)
                  problems.push(`${where}: the extra field was stored in ${tables.join(', ')}`)
                if (response.body.includes(canary))
                  problems.push(`${where}: the answer echoes the extra field`)
              }
              // The valid request was used up (an id now taken): start again from a fresh one.
              valid = await sender(route)
              before = await world.databaseSnapshot()
            }
          }),
          { numRuns: runsPerRoute(kind), endOnFailure: true },
        )
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 900_000)

    it('drops privileged and unknown fields (mass assignment): never stored, never another brewery', async () => {
      const problems: string[] = []
      for (const route of bodyRoutes().filter((r) => !ONLY_ROUTES || ONLY_ROUTES.test(r.key))) {
        const valid = await sender(route)
        if (!valid || valid.request.payload === undefined) continue
        const canary = `canary-${crypto.randomUUID()}`
        const extras = {
          entityId: world.entityB,
          role: 'Admin',
          isAdmin: true,
          userId: world.outsider,
          extraField: canary,
        }
        const payload = structuredClone(valid.request.payload) as Record<string, unknown>
        for (const path of pathsOf(payload)) {
          const node = get(payload, path)
          if (!node || typeof node !== 'object' || Array.isArray(node)) continue
          if (FREE_FORM_BODY_PATHS.some((pattern) => pattern.test(path.join('.')))) continue
          for (const [key, value] of Object.entries(extras)) if (!(key in node)) setOwn(node, key, value)
        }
        const bBefore = await world.brewerySnapshot(world.entityB)
        const before = await world.databaseSnapshot()
        const marks = await world.changeMarks()
        const response = await world.send({ ...valid.request, payload }, valid.authorization)
        const where = `${route.key} with extra fields`
        if (response.statusCode >= 500)
          problems.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`)
        else if (response.statusCode >= 400) {
          for (const problem of errorShapeProblems(response)) problems.push(`${where}: ${problem}`)
          if ((await world.databaseSnapshot()) !== before)
            problems.push(`${where}: refused but the database changed`)
        }
        const tables = await world.tablesContaining(canary, marks)
        if (tables.length > 0) problems.push(`${where}: an unknown field was stored in ${tables.join(', ')}`)
        if ((await world.brewerySnapshot(world.entityB)) !== bBefore)
          problems.push(`${where}: another brewery's records changed (entityId from the body was used)`)
      }
      expect(problems, problems.join('\n')).toEqual([])
    }, 600_000)
  })
}
