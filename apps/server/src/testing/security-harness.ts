// The world the security matrix runs in: the whole app (without test-only routes) on a test database,
// its route table as Fastify registered it, two breweries with a member of each role, and the nine
// ways an attacker's token can be wrong.
import { createPublicKey, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeEnvelope, newRecipe, type Role } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { expect } from 'vitest'
import { buildApp, type BuildAppOptions } from '../app.ts'
import { mintJwt } from './tokens.ts'
import { loadConfig, type AppConfig } from '../config.ts'
import { entities } from '../db/schema/entities.ts'
import { seedBatch, seedVessel } from './production-seed.ts'
import { users } from '../db/schema/users.ts'
import { seedBatch as seedInventoryBatch, seedRecipe } from './inventory-seed.ts'
import type { BuiltInIdp } from '../idp/idp.ts'
import { readOutbox } from './mail.ts'
import { createTestDb, type TestDb } from './identity-harness.ts'
import type { DatabaseKind } from './test-app.ts'
import {
  onboardingEnvelope,
  PUBLIC_PREFIXES,
  ROUTE_MATRIX,
  SEED,
  type Caller,
  type MatrixRequest,
  type RequestContext,
  type RouteDescriptor,
  type SeededProduct,
} from '../security/route-matrix.ts'
import { paidBreweries } from './paid-breweries.ts'
import { seedCellar } from './cellar-seed.ts'
import { cellarAlerts } from '../db/schema/cellar.ts'
import { brewSteps } from '../db/schema/production.ts'
import { seedScheduleCase } from './schedule-seed.ts'
import { seedInvoice } from './sales-seed.ts'

export interface CapturedRoute {
  /** `METHOD /path`, the key of ROUTE_MATRIX. */
  key: string
  method: string
  url: string
  /** Registered with `config: { public: true }`. */
  public: boolean
  rateLimit: unknown
  /** The route's body schema (zod), when it has one. */
  bodySchema: unknown
}

export interface SecurityApp {
  app: FastifyInstance
  /** The configuration the app was built with. */
  config: AppConfig
  idp: BuiltInIdp
  testDb: TestDb
  outboxDir: string
  routes: CapturedRoute[]
  close(): Promise<void>
}

/** The app exactly as production builds it (no `/api/private`), with its route table captured. */
export async function startSecurityApp(
  kind: DatabaseKind,
  options: {
    publicUrl?: string
    env?: Record<string, string>
    /** More options for buildApp (e.g. the address of a fake Stripe API). */
    build?: Partial<Omit<BuildAppOptions, 'config' | 'database' | 'onRoute'>>
    /** Adds routes before the app is ready (the matrix's self-test adds broken ones). */
    beforeReady?: (app: FastifyInstance, testDb: TestDb) => void
    /** Breweries onboarded through the app start paid (default); false leaves them to pay. */
    paid?: boolean
  } = {},
): Promise<SecurityApp> {
  // A database of its own on PostgreSQL too, so its digest counts every row (databaseSnapshot).
  const testDb = await createTestDb(kind, { own: true })
  const dataDir = await mkdtemp(join(tmpdir(), 'brewcommand-security-'))
  const config = loadConfig({
    PUBLIC_URL: options.publicUrl ?? 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Every test request comes from 127.0.0.1; the sign-up limit itself is tested in src/idp.
    SIGN_UP_MAX_PER_ADDRESS: '10000',
    // The matrix invites hundreds of fresh addresses from brewery A (team.routes.test.ts tests the limit).
    INVITATION_MAILS_PER_BREWERY_PER_DAY: '100000',
    ...options.env,
  })
  const routes: CapturedRoute[] = []
  const markPaid = options.paid === false ? () => undefined : paidBreweries(testDb.db)
  const onRoute = (route: RouteOptions) => {
    markPaid(route)
    for (const method of [route.method].flat()) {
      routes.push({
        key: `${method} ${route.url}`,
        method,
        url: route.url,
        public: route.config?.public === true,
        rateLimit: (route.config as { rateLimit?: unknown } | undefined)?.rateLimit,
        bodySchema: route.schema?.body,
      })
    }
  }
  const app = await buildApp({
    // The provider's attempt counters of this app alone (a PostgreSQL test database is shared).
    signInLimits: { namespace: crypto.randomUUID() },
    ...options.build,
    config,
    database: testDb.database,
    onRoute,
  })
  options.beforeReady?.(app, testDb)
  await app.ready()
  return {
    app,
    config,
    idp: app.builtInIdp!,
    testDb,
    outboxDir: join(dataDir, 'outbox'),
    routes,
    close: async () => {
      await app.close()
      await testDb.client.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Routes outside /api that are public as a whole (the identity provider, the web app). */
export function isPublicPrefixRoute(url: string): boolean {
  return Object.keys(PUBLIC_PREFIXES).some((prefix) => url === prefix || url.startsWith(`${prefix}/`))
}

/** The descriptor of a captured route; a HEAD Fastify added for a GET shares the GET's. */
export function descriptorOf(route: { method: string; url: string }): RouteDescriptor | undefined {
  return (
    ROUTE_MATRIX[`${route.method} ${route.url}`] ??
    (route.method === 'HEAD' ? ROUTE_MATRIX[`GET ${route.url}`] : undefined)
  )
}

/** The /api routes the matrix runs against (HEAD included), sorted. */
export function apiRoutes(routes: CapturedRoute[]) {
  return routes
    .filter((route) => route.url === '/api' || route.url.startsWith('/api/'))
    .sort((a, b) => a.key.localeCompare(b.key))
}

export function missingRouteMessage(keys: string[]) {
  return (
    `These routes are not in the security matrix: ${keys.join(', ')}.\n` +
    'Add each to ROUTE_MATRIX in apps/server/src/security/route-matrix.ts: PUBLIC_ROUTES (no token, ' +
    "with the reason), account(…) for any signed-in user, or tenant(permission, 'record' | 'brewery', " +
    'okStatus, ctx => validRequest) for a route on the caller’s brewery.'
  )
}

// ---- the error shape ----

/** What is wrong with an error response: `{ error: { code, message, issues? } }` and no leaks (docs/architecture.md "Errors"). */
export function errorShapeProblems(response: LightMyRequestResponse, method = 'GET'): string[] {
  if (method === 'HEAD') return [] // no body by definition
  if (response.rawPayload.length === 0) return ['an empty body']
  const problems: string[] = []
  if (!/^application\/json/.test(String(response.headers['content-type'])))
    problems.push(`content-type ${String(response.headers['content-type'])}`)
  let body: unknown
  try {
    body = JSON.parse(response.body)
  } catch {
    return [...problems, `not JSON: ${response.body.slice(0, 120)}`]
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error
  if (!error || Object.keys(body as object).length !== 1)
    problems.push(`not { error }: ${response.body.slice(0, 200)}`)
  else {
    if (typeof error.code !== 'string') problems.push('error.code is not a string')
    if (typeof error.message !== 'string') problems.push('error.message is not a string')
    const extra = Object.keys(error).filter((key) => !['code', 'message', 'issues'].includes(key))
    if (extra.length > 0) problems.push(`error has ${extra.join(', ')}`)
  }
  return [...problems, ...leakProblems(response.body)]
}

/** Asserts the error shape (see errorShapeProblems). */
export function expectErrorShape(response: LightMyRequestResponse, label: string) {
  expect(errorShapeProblems(response), label).toEqual([])
  return response.json<{ error: { code: string; message: string } }>().error
}

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\bat [\w$.<>]+ \(|\bat (file:|node:|\/)|Error: .*\n\s+at /],
  // A Windows path is a drive and at least one folder (`C:\\Users\\`, its backslashes doubled in JSON): a drive
  // letter and a colon before an escaped quote (`T:\"`, a fuzzed key echoed in a validation message) is not one.
  [
    'a file path',
    /(\/work\/|\/home\/|\/tmp\/|\/usr\/|node_modules|\b[A-Z]:\\{1,2}[\w.$ -]+\\|\.ts:\d+|\.js:\d+)/,
  ],
  [
    'SQL',
    /\b(select\s[\s\S]*\sfrom\s|insert into|update\s+"?\w+"?\s+set|delete from|syntax error at|violates (unique|foreign key|check|not-null) constraint|relation "\w+")/i,
  ],
  ['a driver error', /\b(PGlite|PostgresError|ECONNREFUSED|drizzle|duplicate key value)\b/i],
]

/** Stack traces, SQL, file paths or driver errors in a response body. */
export function leakProblems(body: string): string[] {
  return LEAKS.filter(([, pattern]) => pattern.test(body)).map(
    ([what]) => `the body shows ${what}: ${body.slice(0, 300)}`,
  )
}

// ---- the world: two breweries, every role, attackers ----

export interface World {
  entityA: string
  entityB: string
  /** Subjects of brewery A's members by role, brewery B's Admin, and a user without a brewery. */
  members: Record<Role, string>
  outsider: string
  newcomer: () => string
  ctx: RequestContext
  token(sub: string): Promise<string>
  send(
    request: MatrixRequest,
    authorization?: string,
    extra?: { remoteAddress?: string },
  ): Promise<LightMyRequestResponse>
  as(sub: string, request: MatrixRequest): Promise<LightMyRequestResponse>
  callerSub(caller: Caller): string
  /** Sets brewery A's subscription status (it starts `active`: paid). */
  subscription(status: string): Promise<void>
  /** A digest of every row of a brewery (its `entities` row and every table with `entity_id`). */
  brewerySnapshot(entityId: string): Promise<string>
  /** A digest of every table but the identity provider's sessions and keys. */
  databaseSnapshot(): Promise<string>
  /** The ids of every row of a brewery (tables with `entity_id` and `id`), to spot leaks in answers. */
  recordIdsOf(entityId: string): Promise<string[]>
  /** Where the watched tables' change log stands now: pass it to `tablesContaining` after a request. */
  changeMarks(): Promise<ChangeMarks>
  /**
   * The tables (but the provider's) with a row whose text contains `needle`; with `since`, only the tables
   * written since those marks are read (a fresh needle can be nowhere else).
   */
  tablesContaining(needle: string, since?: ChangeMarks): Promise<string[]>
}

/** How many committed write statements each watched table has seen (its change log's rows). */
export type ChangeMarks = ReadonlyMap<string, number>

/**
 * The change log: a statement-level trigger on every watched table adds a row naming the table, inside the
 * writing transaction, so a rolled-back write leaves no row and a committed one always does. A table's
 * digest is taken again only when its count of rows here has moved since (ADR 332), so a snapshot after a
 * refusal costs one small query instead of hashing every row of every table. An insert-only log (rather than
 * a counter row) takes no lock a concurrent writer could wait on.
 */
const CHANGE_LOG = '_security_change_log'

/**
 * Tables left out of the database digest: the provider's own sessions and keys (it writes them on its
 * own), and the ingredient catalogue (reference data only a migration changes; large, so slow to hash).
 */
// The brewery's read-cache version is left out as well: every write through the runner moves it, even
// one that changed nothing (cache/brewery-version.ts); it is a counter, not data. A brewery's own digest
// keeps it: a refused write must not move it either.
const UNWATCHED_TABLES = new Set([
  CHANGE_LOG,
  'oidc_payloads',
  'idp_keys',
  'idp_secrets',
  'catalog_items',
  'brewery_data_versions',
])
/** Columns left out of the digest (none at present: the read-cache version has a table of its own). */
const UNWATCHED_COLUMNS: Record<string, string[]> = {}
const rowText = (table: string) =>
  UNWATCHED_COLUMNS[table]
    ? `(to_jsonb(t) - ${UNWATCHED_COLUMNS[table].map((c) => `'${c}'`).join(' - ')})::text`
    : 't::text'

type Rows = { rows: Record<string, unknown>[] }

let addressCounter = 0
/** A fresh client address per request, so per-address rate limits never mix into the matrix. */
export const nextAddress = () => {
  addressCounter += 1
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

export async function createWorld(s: SecurityApp): Promise<World> {
  const { app, idp, testDb } = s
  const key = idp.keys.privateJwks.keys[0]
  const { issuer, audience } = idp.settings
  // One token per subject: signing is the slow part of a request, and a valid token stays valid.
  const tokens = new Map<string, Promise<string>>()
  const token = (sub: string) => {
    let minted = tokens.get(sub)
    if (!minted) tokens.set(sub, (minted = mintJwt(key, { sub }, { issuer, audience })))
    return minted
  }

  const send = async (
    request: MatrixRequest,
    authorization?: string,
    extra: { remoteAddress?: string } = {},
  ) => {
    const headers: Record<string, string> = {
      ...(typeof request.payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(authorization ? { authorization } : {}),
      ...request.headers,
    }
    return app.inject({
      method: request.method,
      url: request.url,
      remoteAddress: extra.remoteAddress ?? nextAddress(),
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload as string | object }),
    })
  }
  const as = async (sub: string, request: MatrixRequest) => send(request, `Bearer ${await token(sub)}`)

  async function brewery() {
    const sub = randomUUID()
    const response = await as(sub, { method: 'POST', url: '/api/onboarding', payload: onboardingEnvelope() })
    expect(response.statusCode, response.body).toBe(201)
    return { sub, entityId: response.json<{ data: { entityId: string } }>().data.entityId }
  }
  async function member(entityId: string, role: Role) {
    const sub = randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }

  const a = await brewery()
  const b = await brewery()
  const newcomer = () => randomUUID()
  const members: Record<Role, string> = {
    Admin: a.sub,
    Manager: await member(a.entityId, 'Manager'),
    Brewer: await member(a.entityId, 'Brewer'),
  }
  const bootstrap = await as(a.sub, { method: 'GET', url: '/api/users/bootstrap' })
  const types = bootstrap.json<{
    data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] }
  }>().data.entities[0].packagingTypes
  const packagingTypeId = types.find((type) => type.packageType === '16oz Cans')!.packageTypeId

  const [adminRow] = await testDb.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.idpIdentifier, a.sub))
  const adminTenant = { entityId: a.entityId, role: 'Admin' as const, userId: adminRow.id, sub: a.sub }
  async function asAdmin(request: MatrixRequest) {
    const response = await as(a.sub, request)
    return { statusCode: response.statusCode, body: response.body ? response.json<unknown>() : null }
  }
  async function created(request: MatrixRequest) {
    const response = await asAdmin(request)
    expect(
      response.statusCode,
      `seeding ${request.method} ${request.url}: ${JSON.stringify(response.body)}`,
    ).toBe(201)
  }

  const browserConfig = await send({ method: 'GET', url: '/api/config' })
  const priceId = browserConfig.json<{ data: { plans: { priceId: string }[] } }>().data.plans[0].priceId
  const ctx: RequestContext = {
    entityId: a.entityId,
    priceId,
    packagingTypeId,
    asAdmin,
    async inventoryBatch() {
      const recipe = seedRecipe({
        grains: [{ id: 'matrix-pale-malt', name: 'Matrix Pale Malt', value: 100, unit: 'Kilograms' }],
        hops: [
          { id: 'matrix-citra', name: 'Matrix Citra', value: 1, unit: 'Kilograms', alpha: 12, minutes: 60 },
        ],
      })
      const { batchId } = await seedInventoryBatch(testDb.db, a.entityId, { recipe })
      return batchId
    },
    scheduleSeed: () => seedScheduleCase(testDb.db, a.entityId),
    salesInvoice: async () =>
      seedInvoice(testDb.db, adminTenant, { packageId: (await ctx.product()).packageId }),
    async mailTo(address) {
      const messages = await readOutbox(s.outboxDir, address)
      if (messages.length === 0) throw new Error(`no mail to ${address} in the outbox`)
      return messages.at(-1)!.text
    },
    async product(): Promise<SeededProduct> {
      const id = randomUUID()
      const recipe = newRecipe(id)
      const seeded = {
        id,
        recipeId: recipe.id,
        packageId: randomUUID(),
        tastingNoteId: randomUUID(),
        attributeId: randomUUID(),
      }
      await created({
        method: 'POST',
        url: '/api/products',
        payload: makeEnvelope('product', { id, name: 'Seeded Stout', description: '', recipes: [recipe] }),
      })
      await Promise.all([
        created({
          method: 'POST',
          url: `/api/products/${id}/packages`,
          payload: makeEnvelope('product:package', SEED.pkg(ctx, seeded.packageId)),
        }),
        created({
          method: 'POST',
          url: `/api/products/${id}/tastingNotes`,
          payload: makeEnvelope('product:tastingNote', SEED.note(seeded.tastingNoteId)),
        }),
        created({
          method: 'POST',
          url: `/api/products/${id}/attributes`,
          payload: makeEnvelope('product:attribute', SEED.attribute(seeded.attributeId)),
        }),
      ])
      return seeded
    },
    async cellar() {
      const seeded = await seedCellar(testDb.db, a.entityId)
      const [alert] = await testDb.db
        .insert(cellarAlerts)
        .values({
          entityId: a.entityId,
          kind: 'fg-reached',
          message: 'Seeded alert',
          vesselId: seeded.fermenterId,
          batchId: seeded.batchId,
          subject: `batch:${seeded.batchId}`,
        })
        .returning({ id: cellarAlerts.id })
      // A dry hop for the days after brew day, as brew day stores it (a cellar task, ADR 263).
      const dryHopKey = `hop:${crypto.randomUUID()}`
      await testDb.db.insert(brewSteps).values({
        entityId: a.entityId,
        batchId: seeded.batchId,
        key: dryHopKey,
        position: 1,
        kind: 'reminder',
        plan: {
          key: dryHopKey,
          order: 1,
          kind: 'reminder',
          title: 'Dry hop: add Citra',
          detail: '1 lb',
          plannedMinutes: 0,
          parentKey: null,
          dueAfterStartMinutes: null,
          dueBeforeEndMinutes: null,
          laterDays: 3,
          measurementPoints: [],
          addition: {
            source: 'hop',
            entryId: dryHopKey.slice(4),
            ingredientId: 'citra',
            name: 'Citra',
            amount: { value: 1, unit: 'Pounds' },
          },
        },
      })
      return { ...seeded, alertId: alert.id, dryHopKey }
    },
    async plannedBatch() {
      const batch = await seedBatch(testDb.db, a.entityId)
      const fermenterId = await seedVessel(testDb.db, a.entityId)
      return {
        id: batch.id,
        mashKey: `mash:${batch.recipe.process[0].id}`,
        mashHopKey: `hop:${batch.recipe.hopsBill[1].id}`,
        fermenterId,
      }
    },
    async checkout() {
      // Brewery A is paid, and an active subscription starts no checkout: A is unpaid for this one call.
      const status = async (subscriptionStatus: string) =>
        testDb.db.update(entities).set({ subscriptionStatus }).where(eq(entities.id, a.entityId))
      const [{ subscriptionStatus: before }] = await testDb.db
        .select({ subscriptionStatus: entities.subscriptionStatus })
        .from(entities)
        .where(eq(entities.id, a.entityId))
      await status('incomplete')
      const response = await asAdmin({
        method: 'POST',
        url: '/api/checkout',
        payload: { priceId },
      }).finally(() => status(before))
      expect(response.statusCode, JSON.stringify(response.body)).toBe(201)
      const { client_secret, sessionId } = (
        response.body as { data: { client_secret: string; sessionId: string } }
      ).data
      return { sessionId, clientSecret: client_secret }
    },
  }

  const execute = async (query: ReturnType<typeof sql.raw>) =>
    (await testDb.db.execute<Record<string, unknown>>(query)) as Rows

  // Migrations ran before the app started: the table list is fixed for the run.
  const tableLists = new Map<string, Promise<string[]>>()
  function tablesWith(column?: string): Promise<string[]> {
    let list = tableLists.get(column ?? '')
    if (!list) tableLists.set(column ?? '', (list = listTables(column)))
    return list
  }
  async function listTables(column?: string): Promise<string[]> {
    const result = column
      ? await execute(
          sql.raw(
            `select table_name as name from information_schema.columns where table_schema = current_schema() and column_name = '${column}' order by 1`,
          ),
        )
      : await execute(
          sql.raw(
            "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1",
          ),
        )
    return result.rows.map((row) => String(row.name)).filter((name) => /^[a-z_][a-z0-9_]*$/.test(name))
  }

  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`

  // Every watched table gets the change log's trigger once; the table list is fixed for the run.
  let changeLog: Promise<void> | undefined
  function installChangeLog(): Promise<void> {
    changeLog ??= (async () => {
      const tables = (await tablesWith()).filter((table) => !UNWATCHED_TABLES.has(table))
      // One statement per query: a prepared statement takes one command.
      for (const statement of [
        `create table if not exists "${CHANGE_LOG}" (table_name text not null)`,
        `create or replace function security_change_logged() returns trigger language plpgsql as $$ begin insert into "${CHANGE_LOG}" values (TG_TABLE_NAME); return null; end $$`,
        ...tables.map(
          (table) =>
            `create or replace trigger security_change_logged after insert or update or delete or truncate on "${table}" for each statement execute function security_change_logged()`,
        ),
      ])
        await execute(sql.raw(statement))
    })()
    return changeLog
  }
  async function changeMarks(): Promise<ChangeMarks> {
    await installChangeLog()
    const { rows } = await execute(
      sql.raw(`select table_name as name, count(*)::int as n from "${CHANGE_LOG}" group by 1`),
    )
    return new Map(rows.map((row) => [String(row.name), Number(row.n)]))
  }
  // Each table's digest in a scope (the whole database, or one brewery), with the mark it was taken at. The
  // marks are read before the digests: a write committed in between makes a digest newer than its mark, so
  // it is merely taken again next time; a digest can never be older than its mark.
  const digests = new Map<string, { mark: number; digest: string }>()
  async function digestOf(scope: string, parts: { table: string; query: string }[]): Promise<string> {
    const marks = await changeMarks()
    const markOf = (table: string) => marks.get(table) ?? 0
    const stale = parts.filter((part) => digests.get(`${scope}|${part.table}`)?.mark !== markOf(part.table))
    if (stale.length > 0) {
      const result = await execute(sql.raw(stale.map((part) => part.query).join(' union all ')))
      for (const row of result.rows)
        digests.set(`${scope}|${String(row.name)}`, {
          mark: markOf(String(row.name)),
          digest: String(row.digest),
        })
    }
    return parts
      .map((part) => `${part.table}=${digests.get(`${scope}|${part.table}`)!.digest}`)
      .sort()
      .join(';')
  }

  return {
    entityA: a.entityId,
    entityB: b.entityId,
    members,
    outsider: b.sub,
    newcomer,
    ctx,
    token,
    send,
    as,
    callerSub: (caller) => (caller === 'newcomer' ? newcomer() : members[caller]),
    async subscription(subscriptionStatus) {
      await testDb.db.update(entities).set({ subscriptionStatus }).where(eq(entities.id, a.entityId))
    },
    async brewerySnapshot(entityId) {
      const tables = await tablesWith('entity_id')
      return digestOf(`brewery ${entityId}`, [
        {
          table: 'entities',
          query: `select 'entities' as name, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as digest from "entities" t where id = ${quote(entityId)}`,
        },
        ...tables.map((table) => ({
          table,
          query: `select '${table}' as name, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as digest from "${table}" t where entity_id = ${quote(entityId)}`,
        })),
      ])
    },
    async recordIdsOf(entityId) {
      const withId = new Set(await tablesWith('id'))
      const tables = (await tablesWith('entity_id')).filter((table) => withId.has(table))
      if (tables.length === 0) return []
      const result = await execute(
        sql.raw(
          tables
            .map((table) => `select id::text as id from "${table}" where entity_id = ${quote(entityId)}`)
            .join(' union all '),
        ),
      )
      return result.rows.map((row) => String(row.id))
    },
    changeMarks,
    async tablesContaining(needle, since) {
      const now = since ? await changeMarks() : undefined
      const tables = (await tablesWith())
        .filter((table) => !UNWATCHED_TABLES.has(table))
        .filter((table) => !since || !now || (now.get(table) ?? 0) !== (since.get(table) ?? 0))
      if (tables.length === 0) return []
      const pattern = quote(`%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      const result = await execute(
        sql.raw(
          tables
            .map(
              (table) =>
                `select '${table}' as name, count(*)::int as hits from "${table}" t where t::text like ${pattern}`,
            )
            .join(' union all '),
        ),
      )
      return result.rows.filter((row) => Number(row.hits) > 0).map((row) => String(row.name))
    },
    async databaseSnapshot() {
      const tables = (await tablesWith()).filter((table) => !UNWATCHED_TABLES.has(table))
      // The security app's database is its own (startSecurityApp), on PGlite and PostgreSQL alike: every row
      // counts.
      return digestOf(
        'database',
        tables.map((table) => ({
          table,
          query: `select '${table}' as name, coalesce(md5(string_agg(${rowText(table)}, '|' order by ${rowText(table)})), '-') as digest from "${table}" t`,
        })),
      )
    },
  }
}

// ---- the nine attackers' tokens ----

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

export interface TokenAttack {
  name: string
  /** The Authorization header, or undefined for none; for the subject `sub` (who exists and may). */
  header(sub: string): Promise<string | undefined>
}

/** The nine ways a bearer token can be wrong (ADR 080); each must answer 401. */
export async function tokenAttacks(idp: BuiltInIdp): Promise<TokenAttack[]> {
  const key: JWK = idp.keys.privateJwks.keys[0]
  const { issuer, audience } = idp.settings
  const now = () => Math.floor(Date.now() / 1000)
  const publicPem = createPublicKey({ key: key as never, format: 'jwk' }).export({
    type: 'spki',
    format: 'pem',
  })
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const stranger = { ...(await exportJWK(privateKey)), kid: key.kid }
  const bearer = (token: string) => `Bearer ${token}`
  return [
    { name: 'no token', header: async () => undefined },
    { name: 'malformed', header: async () => 'Bearer not.a-jwt' },
    {
      name: 'alg none',
      header: async (sub) =>
        bearer(
          `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({ sub, iss: issuer, aud: audience, iat: now(), exp: now() + 600 })}.`,
        ),
    },
    {
      name: 'HS256 signed with the public key',
      header: async (sub) =>
        bearer(
          await new SignJWT({ sub })
            .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: key.kid })
            .setIssuer(issuer)
            .setAudience(audience)
            .setIssuedAt()
            .setExpirationTime(now() + 600)
            .sign(Buffer.from(publicPem)),
        ),
    },
    {
      name: 'wrong issuer',
      header: async (sub) =>
        bearer(await mintJwt(key, { sub }, { issuer: 'https://evil.example/idp', audience })),
    },
    {
      name: 'wrong audience',
      header: async (sub) =>
        bearer(await mintJwt(key, { sub }, { issuer, audience: 'https://other.example/api' })),
    },
    {
      name: 'expired',
      header: async (sub) => bearer(await mintJwt(key, { sub }, { issuer, audience, expiresIn: -120 })),
    },
    {
      name: 'not yet valid',
      header: async (sub) => bearer(await mintJwt(key, { sub }, { issuer, audience, notBefore: 300 })),
    },
    {
      name: 'unknown key',
      header: async (sub) => bearer(await mintJwt(stranger, { sub }, { issuer, audience })),
    },
  ]
}
