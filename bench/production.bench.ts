// The production side at a regional brewery's scale (issue 40), against the server process (what `npm start`
// runs), on PGlite always and on PostgreSQL (a database of its own on DATABASE_URL's server when set, dropped at the
// end, else a PostgreSQL of its own; BENCH_ONLY=pglite skips it). Every figure is a ratio to a yardstick measured in
// the same run, as in api.bench.ts:
//
// - device ingestion: BENCH_DEVICES (2,000) devices of 40 breweries (50 each, each brewery's devices from an
//   address of their own, 127.0.0.x) posting one reading each, 50 at a time, beside a bare Fastify route taking
//   the same posts; every post acknowledged, and the readings stored equal the acknowledged posts (counted in the
//   database afterwards). Targets: ≥ 0.25 × the bare rate on PostgreSQL, ≥ 0.1 × on PGlite.
// - reports of a brewery with a year of ledger (BENCH_LEDGER_EVENTS, 150,000 events, issue 40's "moves beer
//   150,000 times": the TTB fixture's quarter copied across 2026 with fresh ids), 5130.9 for a month, 5130.26 for
//   a quarter, 5000.24 for the year, costs and inventory value for twelve months, production and losses for the
//   year: the first computation after a write (median of 3) against one SQL aggregate over the ledger rows the
//   report reads (median of 5, the floor: ≤ 5 ×; ADR 385: a report reads every event booked up to the end of its
//   books, from the ledger's first day, since its opening balance is the sum of them all, and the events
//   supersession ties to them: `ledgerRowsWhere` of modules/reporting/ledger-read.ts, the very predicate of the
//   report's read). The aggregate over only the period's rows (the floor before ADR 385) is reported beside it
//   (period_floor_ms, first_to_period_floor). Repeated reads of the unchanged period with autocannon (32
//   connections, BENCH_SECONDS = 5 after a 2 s warm-up) against a bare route serving the same JSON (≥ 0.5 ×
//   req/s, p99 ≤ 2 ×), with each process's CPU per answer (cpu_us_req, bare_cpu_us_req), which moves far less
//   with the shared machine's load than the rates do.
// - memory: the server's resident set (VmRSS, sampled every 100 ms) through all of it: < 400 MB.
//
// BENCH_PART=ingest or BENCH_PART=reports measures that part only (with the memory through it; the data is the
// same). BENCH_SERVER_NODE_ARGS passes node options to the server (support/server.ts), say to profile it.
//
// The data is written before the server starts, in this process: the breweries, their users and the
// fermenter with its batch as testing/cellar-seed.ts leaves them, the devices through the cellar's own
// `addDevice` (so their tokens are made and hashed as the API makes them), the ledger with the reporting tests'
// seeder (testing/reporting-seed.ts). The EXPLAIN (ANALYZE, BUFFERS) of the hot queries goes to
// results/production-explain.txt (PostgreSQL), the figures to results/production.json.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { makeEnvelope, type TtbLedgerEvent } from '@brewcommand/domain'
import { Q3_EVENTS } from '@brewcommand/domain/production/ttb-fixture.ts'
import autocannon, { type Options, type Result } from 'autocannon'
import pg from 'pg'
import { openDatabase, type Db } from '../apps/server/src/db/client.ts'
import { entities } from '../apps/server/src/db/schema/entities.ts'
import { users } from '../apps/server/src/db/schema/users.ts'
import { addDevice } from '../apps/server/src/modules/cellar/devices.ts'
import { seedCellar } from '../apps/server/src/testing/cellar-seed.ts'
import { freePort } from '../apps/server/src/testing/free-port.ts'
import { databaseUrl, runAsAdmin } from '../apps/server/src/testing/postgres-admin.ts'
import { seedReportingQuarter } from '../apps/server/src/testing/reporting-seed.ts'
import { issueTestTokens } from '../apps/server/src/testing/tokens.ts'
import { booksEnd } from '@brewcommand/domain'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import {
  boundOf,
  ledgerRowsWhere,
  ledgerStatement,
  PARALLEL_AGGREGATE,
  planSettings,
} from '../apps/server/src/modules/reporting/ledger-read.ts'
import {
  combinationsStatement,
  lossStatement,
  productionStatement,
  tableParts,
} from '../apps/server/src/modules/reporting/report-rows.ts'
import {
  dayStarts,
  ledgerParts,
  SUMMARY_PLAN,
  summaryStatement,
} from '../apps/server/src/modules/reporting/ledger-summary.ts'
import {
  createReportingRepository,
  spanOf,
} from '../apps/server/src/modules/reporting/reporting.repository.ts'
import { pgliteStore, prepareIssuer, ServerProcess, type Store } from './support/server.ts'
import { MissingBinaryError, startPostgres } from './support/services.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const PART = process.env.BENCH_PART ?? 'all'
if (!['all', 'ingest', 'reports'].includes(PART))
  throw new Error(`BENCH_PART is ingest, reports or all, not ${PART}`)
const DEVICES = PART === 'reports' ? 0 : Number(process.env.BENCH_DEVICES ?? 2000)
const PER_BREWERY = 50
const AT_ONCE = 50
const LEDGER_EVENTS = Number(process.env.BENCH_LEDGER_EVENTS ?? 150_000)
const RSS_LIMIT_MB = 400
const INGEST_TARGET = { pglite: 0.1, postgres: 0.25 } as const
const READING = { gravity: 1.0452, temperature: 19.5 }

type Row = { name: string; target: string; [figure: string]: unknown }
type Label = 'pglite' | 'postgres'

/** The reports measured, each with the ledger span its floor aggregates. */
const REPORTS = [
  {
    name: '5130.9 month',
    url: '/api/reports/ttb/5130-9?month=2026-07',
    from: '2026-07-01',
    to: '2026-08-01',
  },
  {
    name: '5130.26 quarter',
    url: '/api/reports/ttb/5130-26?quarter=2026-Q3',
    from: '2026-07-01',
    to: '2026-10-01',
  },
  { name: '5000.24 year', url: '/api/reports/ttb/5000-24?period=2026', from: '2026-01-01', to: '2027-01-01' },
  {
    name: 'costs 12 months',
    url: '/api/reports/costs?from=2026-01&to=2026-12',
    from: '2026-01-01',
    to: '2027-01-01',
  },
  {
    name: 'production year',
    url: '/api/reports/production?from=2026-01&to=2026-12',
    from: '2026-01-01',
    to: '2027-01-01',
  },
  {
    name: 'losses year',
    url: '/api/reports/losses?from=2026-01&to=2026-12',
    from: '2026-01-01',
    to: '2027-01-01',
  },
] as const

/** One SQL aggregate over the period's ledger rows: the floor a report's first computation is held to. */
const FLOOR_SQL = `select ttb_class, kind, sum(volume_bbl) as barrels, count(*) as events from liquid_events
  where entity_id = $1 and occurred_at >= $2 and occurred_at < $3 group by ttb_class, kind`

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const ms = (n: number) => Number(n.toFixed(2))

/**
 * The TTB fixture's quarter copied `LEDGER_EVENTS / its length` times, each copy shifted by whole weeks within 2026
 * and its ids made its own (the seeder maps each to a fresh UUID, a correction's to its mistake's), in chunks.
 */
function yearOfLedger(): TtbLedgerEvent[][] {
  const copies = Math.ceil(LEDGER_EVENTS / Q3_EVENTS.length)
  const week = 7 * 24 * 3600 * 1000
  const chunks: TtbLedgerEvent[][] = []
  let chunk: TtbLedgerEvent[] = []
  for (let c = 0; c < copies; c++) {
    // The quarter runs June 10 to September 30: −22 to +9 weeks keep every copy inside 2026.
    const shift = ((c % 32) - 22) * week
    const moved = (iso: string) => new Date(new Date(iso).getTime() + shift).toISOString()
    chunk.push(
      ...Q3_EVENTS.map((event) => ({
        ...event,
        id: `${event.id}#${c}`,
        supersedesId: event.supersedesId ? `${event.supersedesId}#${c}` : event.supersedesId,
        occurredAt: moved(event.occurredAt),
        recordedAt: moved(event.recordedAt),
      })),
    )
    if (chunk.length >= 1000) {
      chunks.push(chunk)
      chunk = []
    }
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}

async function insertBrewery(db: Db, name: string, sub: string = crypto.randomUUID()) {
  const [entity] = await db
    .insert(entities)
    .values({
      name,
      address: '1 Mash Lane',
      city: 'Portland',
      state: 'OR',
      zip: '97201',
      phone: '(503) 555-0101',
      ein: '12-3456789',
      subscriptionPlan: 'monthly',
      subscriptionStatus: 'active',
    })
    .returning({ id: entities.id })
  const [user] = await db
    .insert(users)
    .values({ idpIdentifier: sub, entityId: entity.id, role: 'Admin', email: `${sub}@bench.example` })
    .returning({ id: users.id })
  return { entityId: entity.id, userId: user.id, sub }
}

/** Breweries with their devices, and the regional brewery with its year of ledger, written before the server starts. */
async function prepare(store: Store, adminSub: string) {
  const started = Date.now()
  const database = await openDatabase(store)
  const db = database.db
  try {
    const fleets: { address: string; tokens: string[] }[] = []
    for (let b = 0; b < Math.ceil(DEVICES / PER_BREWERY); b++) {
      const brewery = await insertBrewery(db, `Device Brewery ${b}`)
      const seed = await seedCellar(db, brewery.entityId)
      const tenant = { ...brewery, role: 'Admin' as const }
      const tokens: string[] = []
      for (let d = 0; d < Math.min(PER_BREWERY, DEVICES - b * PER_BREWERY); d++) {
        const { token } = await addDevice(db, tenant, {
          id: crypto.randomUUID(),
          name: `Probe ${b}-${d}`,
          kind: 'ispindel',
          vesselId: seed.fermenterId,
        })
        tokens.push(token)
      }
      fleets.push({ address: `127.0.0.${10 + b}`, tokens })
    }
    const regional = await insertBrewery(db, 'Regional Brewing', adminSub)
    let events = 0
    for (const chunk of yearOfLedger()) {
      if (events >= LEDGER_EVENTS) break
      await seedReportingQuarter(db, regional.entityId, { counts: false, events: chunk })
      events += chunk.length
    }
    await db.execute(sql`analyze`)
    console.error(
      `prepared ${fleets.length} breweries × ${PER_BREWERY} devices and ${events} ledger events in ${Math.round((Date.now() - started) / 1000)} s`,
    )
    return { fleets, entityId: regional.entityId, events }
  } finally {
    await database.close()
  }
}

/** The rows a report reads (ADR 385): the ledger up to where its books end, as the report's own read selects them. */
const readRows = (entityId: string, report: (typeof REPORTS)[number]) =>
  ledgerRowsWhere(entityId, boundOf(booksEnd({ to: report.to })))

/**
 * The floors of each report, each its aggregate's median of 5 (after one warm-up), on the database itself: over
 * the rows the report reads (the target's floor), and over the period's rows alone.
 */
async function floors(store: Store, entityId: string) {
  const out = new Map<string, { read: number; period: number }>()
  const database = await openDatabase(store)
  const timed = async (query: ReturnType<typeof sql>) => {
    const times: number[] = []
    for (let i = 0; i < 6; i++) {
      const t0 = performance.now()
      await database.db.execute(query)
      if (i > 0) times.push(performance.now() - t0)
    }
    return median(times)
  }
  try {
    for (const report of REPORTS) {
      const read = await timed(
        sql`select le.ttb_class, le.kind, sum(le.volume_bbl) as barrels, count(*) as events from liquid_events le
          where ${readRows(entityId, report)} group by le.ttb_class, le.kind`,
      )
      const period = await timed(
        sql`select ttb_class, kind, sum(volume_bbl) as barrels, count(*) as events from liquid_events
          where entity_id = ${entityId} and occurred_at >= ${report.from}::timestamptz
            and occurred_at < ${report.to}::timestamptz group by ttb_class, kind`,
      )
      out.set(report.name, { read, period })
    }
  } finally {
    await database.close()
  }
  return out
}

/** Resident memory of a process in MB, sampled until stopped; the maximum seen. */
function sampleRss(pid: number) {
  let max = 0
  const timer = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
      max = Math.max(max, kb / 1024)
    } catch {
      // the process is gone
    }
  }, 100)
  return { stop: () => (clearInterval(timer), Math.round(max)) }
}

/** CPU time (user + system) a process has used so far, in ms (Linux clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

async function startBare(bodies: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'brewcommand-bare-'))
  const routes: Record<string, string> = {}
  Object.entries(bodies).forEach(([route, body], i) => {
    routes[route] = path.join(dir, `${i}.json`)
    writeFileSync(routes[route], body)
  })
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(routes))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'bare-server.ts'),
      path.join(dir, 'routes.json'),
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const [line] = await new Promise<string[]>((resolve) =>
    createInterface({ input: child.stdout }).once('line', (l) => resolve([l])),
  )
  if (line !== 'READY') throw new Error('the bare server did not start')
  return {
    port,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  }
}

/**
 * Every device posts once, 50 at a time, each brewery's from its own address: the posts per second, latencies,
 * and each post's status.
 */
async function postAll(
  port: number,
  fleets: { address: string; tokens: string[] }[],
  pathOf: (token: string) => string,
) {
  const agents = new Map(
    fleets.map((f) => [f.address, new http.Agent({ keepAlive: true, maxSockets: AT_ONCE })]),
  )
  const posts = fleets.flatMap((f) => f.tokens.map((token) => ({ address: f.address, token })))
  const body = JSON.stringify(READING)
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const acknowledged: string[] = []
  let next = 0
  const one = (post: (typeof posts)[number]) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now()
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathOf(post.token),
          method: 'POST',
          localAddress: post.address,
          agent: agents.get(post.address),
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (c: Buffer) => chunks.push(c))
          response.on('end', () => {
            latencies.push(performance.now() - t0)
            const status = response.statusCode ?? 0
            statuses.set(status, (statuses.get(status) ?? 0) + 1)
            if (status === 201) {
              const id = (JSON.parse(Buffer.concat(chunks).toString()) as { data?: { id?: string } }).data?.id
              if (id) acknowledged.push(id)
            }
            resolve()
          })
        },
      )
      request.on('error', () => {
        statuses.set(-1, (statuses.get(-1) ?? 0) + 1)
        resolve()
      })
      request.end(body)
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < posts.length) await one(posts[next++])
    }),
  )
  const seconds = (performance.now() - started) / 1000
  for (const agent of agents.values()) agent.destroy()
  const sorted = latencies.toSorted((a, b) => a - b)
  return {
    perSecond: Math.round(posts.length / seconds),
    p50: ms(sorted[Math.floor(sorted.length * 0.5)]),
    p99: ms(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]),
    statuses: Object.fromEntries(statuses),
    acknowledged,
  }
}

/** A warm-up, then the measured run; `measure` starts before the measured run and its result ends after it. */
async function cannon(options: Options, measure?: () => () => void): Promise<Result> {
  await autocannon({ ...options, duration: Math.min(2, SECONDS) })
  const end = measure?.()
  const result = await autocannon({
    ...options,
    duration: SECONDS,
    connections: options.connections ?? CONNECTIONS,
  })
  end?.()
  return result
}
const rps = (r: Result) => Math.round(r['2xx'] / SECONDS)

/** A statement to explain: its title, text and parameters, and what it runs under (a `set local`), if anything. */
type Explained = [title: string, text: string, params: unknown[], setting?: string]

/**
 * The year's hot report statements: the production and losses tables (ADR 406) with their combinations read, and
 * the 5000.24 year's summary (ADR 402) with its whole read (ADR 413), as the server builds them for the bench's
 * brewery.
 */
async function yearStatements(store: Store, entityId: string, dialect: PgDialect) {
  const database = await openDatabase(store)
  try {
    const repo = createReportingRepository(database.db)
    const [closed, { timeZone }] = await Promise.all([
      repo.closedPeriods(entityId),
      repo.taxSettings(entityId),
    ])
    const books = { closed: closed.map(spanOf), timeZone }
    const year = { from: '2026-01-01', to: '2027-01-01' }
    const out: Explained[] = []
    const combinations = dialect.sqlToQuery(combinationsStatement(entityId, boundOf(booksEnd(year))))
    out.push([
      "the production and losses tables' first read: the brewery's kinds, classes and purposes (report-rows.ts)",
      combinations.sql,
      combinations.params,
    ])
    for (const [table, statement] of [
      ['production', productionStatement],
      ['losses', lossStatement],
    ] as const) {
      const parts = await tableParts(database.db, entityId, table, year, booksEnd(year), books)
      if (!parts) continue
      const query = dialect.sqlToQuery(statement(parts))
      out.push([
        `the ${table} table of 2026 in SQL (modules/reporting/report-rows.ts), parallel work priced as the server does (ADR 426)`,
        query.sql,
        query.params,
        dialect.sqlToQuery(planSettings(PARALLEL_AGGREGATE)).sql,
      ])
    }
    const bound = boundOf(booksEnd(year))
    const starts = dayStarts('2025-12-31', bound.slice(0, 10), timeZone)
    if (starts) {
      const parts = ledgerParts(entityId, starts[0], bound, books.closed)
      const query = dialect.sqlToQuery(summaryStatement(entityId, parts.plain, starts))
      out.push([
        'the 5000.24 year: the summarised ledger, without sorting, parallel work priced as for the tables (modules/reporting/ledger-summary.ts, ADRs 420 and 426)',
        query.sql,
        query.params,
        dialect.sqlToQuery(SUMMARY_PLAN).sql,
      ])
      const whole = dialect.sqlToQuery(ledgerStatement(entityId, bound, false, parts.wholeRead))
      out.push([
        'the 5000.24 year: the events read whole beside the summary (adjustments, events near a closed period)',
        whole.sql,
        whole.params,
      ])
    }
    return out
  } finally {
    await database.close()
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the hot queries, on PostgreSQL (the ingest statement rolled back). */
async function explainHotQueries(
  store: Extract<Store, { kind: 'postgres' }>,
  entityId: string,
  token: string | null,
): Promise<string> {
  const client = new pg.Client({ connectionString: store.url })
  await client.connect()
  const { createHash } = await import('node:crypto')
  const tokenHash = createHash('sha256')
    .update(token ?? '')
    .digest('hex')
  const out: string[] = []
  const dialect = new PgDialect()
  const month = REPORTS[0]
  const ledger = dialect.sqlToQuery(ledgerStatement(entityId, boundOf(booksEnd({ to: month.to })), false))
  const floor = dialect.sqlToQuery(
    sql`select le.ttb_class, le.kind, sum(le.volume_bbl) as barrels, count(*) as events from liquid_events le
      where ${readRows(entityId, month)} group by le.ttb_class, le.kind`,
  )
  const queries: Explained[] = [
    [
      'ingest: the one statement of an accepted post (modules/cellar/ingest.ts), rolled back',
      `with d as (
        update devices set last_ingest_at = now(), last_seen_at = now()
        where token_hash = $1 and revoked_at is null and vessel_id is not null
          and (last_ingest_at is null or last_ingest_at <= now() - make_interval(secs => 0::double precision))
        returning id, entity_id, vessel_id, name),
      o as (select vo.batch_id from vessel_occupancies vo join d on vo.entity_id = d.entity_id and vo.vessel_id = d.vessel_id
        where vo.actual_start <= now() and (vo.actual_end is null or vo.actual_end > now())
        order by vo.actual_start desc limit 1),
      r as (insert into readings (id, entity_id, vessel_id, batch_id, device_id, source, taken_at, gravity_sg,
          temperature_c, ph, battery, note, entered)
        select gen_random_uuid(), d.entity_id, d.vessel_id, o.batch_id, d.id, 'device', now(), 1.045, 19.5, null, null, '', '{}'::jsonb
        from d join o on true returning id, taken_at)
      select d.id, d.entity_id, d.vessel_id, d.name, (select batch_id from o), r.id, r.taken_at from d left join r on true`,
      [tokenHash],
    ],
    [
      'report cache: the brewery data version of every report read (cache/brewery-version.ts)',
      'select (select coalesce(sum(version), 0) from brewery_data_versions where entity_id = $1) as version from entities where id = $1',
      [entityId],
    ],
    [
      `report computation: the ledger a ${month.name} reads, as one JSON array (modules/reporting/ledger-read.ts)`,
      ledger.sql,
      ledger.params,
    ],
    [`the floor of the ${month.name}: one aggregate over the same rows`, floor.sql, floor.params],
    ...(await yearStatements(store, entityId, dialect)),
    [
      'the period floor (before ADR 385): one aggregate over a year of the ledger',
      FLOOR_SQL,
      [entityId, '2026-01-01', '2027-01-01'],
    ],
  ]
  try {
    for (const [title, text, params, setting] of queries) {
      if (title.startsWith('ingest') && token === null) continue
      await client.query('begin')
      if (setting) await client.query(setting)
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${text}`,
        params,
      )
      await client.query('rollback')
      out.push(`-- ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`)
    }
  } finally {
    await client.end()
  }
  return out.join('\n')
}

async function countReadings(store: Store, ids: string[]): Promise<number> {
  const database = await openDatabase(store)
  try {
    const count = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as { rows: { n: number }[] }).rows[0].n
    const acknowledged = await count(
      sql`select count(*)::int as n from readings where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    )
    const all = await count(sql`select count(*)::int as n from readings`)
    // Every stored reading is an acknowledged one (the seed stores none), and every acknowledged one is stored.
    return acknowledged === all ? acknowledged : -all
  } finally {
    await database.close()
  }
}

async function runStore(label: Label, store: Store): Promise<Row[]> {
  const rows: Row[] = []
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const issuer = await prepareIssuer(store, publicUrl)
  const admin = await issueTestTokens(issuer)
  const { fleets, entityId, events } = await prepare(store, admin.sub)
  const floor = await floors(store, entityId)
  const server = new ServerProcess({ store, port })
  // A year of data on PGlite under a loaded machine takes a while to open.
  await server.start(300_000)
  const rss = sampleRss(server.pid!)
  let acknowledged: string[] = []
  try {
    // ---- device ingestion ----
    if (PART !== 'reports') {
      const bare = await startBare({
        'POST /api/ingest/:token': JSON.stringify({
          data: {
            id: crypto.randomUUID(),
            vesselId: crypto.randomUUID(),
            batchId: null,
            takenAt: new Date().toISOString(),
          },
        }),
      })
      let bareRun: Awaited<ReturnType<typeof postAll>>
      // The CPU time each process spent per post: a figure the machine's other load moves less than the rate.
      let bareCpu = 0
      try {
        // Once to warm it, then measured: the same posts from the same addresses.
        await postAll(bare.port, fleets, (token) => `/api/ingest/${token}`)
        const cpu0 = cpuMs(bare.pid)
        bareRun = await postAll(bare.port, fleets, (token) => `/api/ingest/${token}`)
        bareCpu = cpuMs(bare.pid) - cpu0
      } finally {
        await bare.stop()
      }
      const cpu0 = cpuMs(server.pid!)
      const run = await postAll(port, fleets, (token) => `/api/ingest/${token}`)
      const serverCpu = cpuMs(server.pid!) - cpu0
      acknowledged = run.acknowledged
      const ratio = run.perSecond / Math.max(1, bareRun.perSecond)
      rows.push({
        name: `production-${label} ingestion, ${DEVICES} devices of ${fleets.length} breweries, ${AT_ONCE} at once`,
        target: `≥ ${INGEST_TARGET[label]} × bare posts/s, every post acknowledged and stored`,
        posts_s: run.perSecond,
        p50_ms: run.p50,
        p99_ms: run.p99,
        statuses: JSON.stringify(run.statuses),
        bare_posts_s: bareRun.perSecond,
        bare_p99_ms: bareRun.p99,
        cpu_ms_post: ms(serverCpu / DEVICES),
        bare_cpu_ms_post: ms(bareCpu / DEVICES),
        ratio_to_bare: Number(ratio.toFixed(3)),
        met: ratio >= INGEST_TARGET[label] && run.acknowledged.length === DEVICES,
      })
    }

    // ---- reports ----
    const headers = { authorization: admin.headers.authorization }
    const get = async (url: string) => {
      const response = await fetch(`${server.url}${url}`, { headers })
      const text = await response.text()
      if (response.status !== 200)
        throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`)
      return text
    }
    // A write of the brewery (its tax settings put back as they are): every write moves its data version.
    const settings = JSON.parse(await get('/api/reports/tax-settings')) as { data: Record<string, unknown> }
    const { timeZone: _tz, ...settingsInput } = settings.data
    const write = async () => {
      const response = await fetch(`${server.url}/api/reports/tax-settings`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(
          makeEnvelope('tax-settings', { ...settingsInput, timeZone: settings.data.timeZone }),
        ),
      })
      if (response.status !== 200)
        throw new Error(`the write answered ${response.status}: ${await response.text()}`)
    }
    for (const report of PART === 'ingest' ? [] : REPORTS) {
      const firsts: number[] = []
      let body = ''
      try {
        for (let i = 0; i < 3; i++) {
          await write()
          const t0 = performance.now()
          body = await get(report.url)
          firsts.push(performance.now() - t0)
        }
      } catch (error) {
        // One report failing is a row of its own, not the end of the run.
        rows.push({
          name: `production-${label} report ${report.name} (${events} ledger events)`,
          target: 'first ≤ 5 × the SQL floor; repeated ≥ 0.5 × bare req/s, p99 ≤ 2 × bare',
          error: (error as Error).message.slice(0, 300),
          met: false,
        })
        continue
      }
      const first = median(firsts)
      const { read: floorMs, period: periodFloorMs } = floor.get(report.name)!
      const bareReports = await startBare({ [report.url.split('?')[0]]: body })
      let appRun: Result
      let bareRun: Result
      // CPU per answer as well (the server's and the bare process's, measured runs only): the ratio of req/s moves
      // with the machine's load, the CPU an answer costs much less.
      let appCpu = 0
      let bareCpu = 0
      try {
        appRun = await cannon({ url: `${server.url}${report.url}`, headers }, () => {
          const cpu0 = cpuMs(server.pid!)
          return () => (appCpu = cpuMs(server.pid!) - cpu0)
        })
        bareRun = await cannon({ url: `${bareReports.url}${report.url}` }, () => {
          const cpu0 = cpuMs(bareReports.pid)
          return () => (bareCpu = cpuMs(bareReports.pid) - cpu0)
        })
      } finally {
        await bareReports.stop()
      }
      const throughput = rps(appRun) / Math.max(1, rps(bareRun))
      const p99 = appRun.latency.p99 / Math.max(1, bareRun.latency.p99)
      rows.push({
        name: `production-${label} report ${report.name} (${events} ledger events, ${Math.round(body.length / 1024)} KB)`,
        target: 'first ≤ 5 × the SQL floor; repeated ≥ 0.5 × bare req/s, p99 ≤ 2 × bare',
        first_ms: ms(first),
        floor_ms: ms(floorMs),
        first_to_floor: ms(first / floorMs),
        period_floor_ms: ms(periodFloorMs),
        first_to_period_floor: ms(first / periodFloorMs),
        req_s: rps(appRun),
        p99_ms: appRun.latency.p99,
        failed: appRun.non2xx + appRun.errors + appRun.timeouts,
        bare_req_s: rps(bareRun),
        bare_p99_ms: bareRun.latency.p99,
        cpu_us_req: Math.round((1000 * appCpu) / Math.max(1, appRun['2xx'])),
        bare_cpu_us_req: Math.round((1000 * bareCpu) / Math.max(1, bareRun['2xx'])),
        ratio_req_s: ms(throughput),
        ratio_p99: ms(p99),
        met: first <= 5 * floorMs && throughput >= 0.5 && p99 <= 2,
      })
    }
    if (store.kind === 'postgres') {
      mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
      const explain = await explainHotQueries(store, entityId, fleets[0]?.tokens[0] ?? null)
      writeFileSync(
        path.join(import.meta.dirname, 'results', 'production-explain.txt'),
        `-- ${new Date().toISOString()}, ${events} ledger events, ${DEVICES} devices\n\n${explain}`,
      )
    }
  } catch (error) {
    console.error(`the server's last words: ${server.log.slice(-4000)}`)
    throw error
  } finally {
    const maxRss = rss.stop()
    await server.stop()
    rows.push({
      name: `production-${label} server memory (resident, max through the run)`,
      target: `< ${RSS_LIMIT_MB} MB`,
      max_rss_mb: maxRss,
      met: maxRss < RSS_LIMIT_MB,
    })
  }
  if (PART === 'reports') return rows
  const stored = await countReadings(store, acknowledged)
  const ingestion = rows[0]
  ingestion.acknowledged = acknowledged.length
  ingestion.stored = stored
  ingestion.met = ingestion.met === true && stored === acknowledged.length
  return rows
}

const results: Row[] = []
const when = new Date().toISOString()
if (process.env.BENCH_ONLY !== 'postgres') results.push(...(await runStore('pglite', pgliteStore())))
try {
  if (process.env.BENCH_ONLY !== 'pglite') {
    if (process.env.DATABASE_URL) {
      // A database of this run's own on that server, dropped at the end: the readings counted and the floors' scans
      // must see this run's rows only (a second run into the same database found the first's).
      const admin = process.env.DATABASE_URL
      const name = `brewcommand_bench_${process.pid}_${Date.now()}`
      await runAsAdmin(admin, `create database "${name}"`)
      try {
        results.push(...(await runStore('postgres', { kind: 'postgres', url: databaseUrl(admin, name) })))
      } finally {
        await runAsAdmin(admin, `drop database if exists "${name}" with (force)`)
      }
    } else {
      const own = await startPostgres()
      try {
        results.push(...(await runStore('postgres', { kind: 'postgres', url: own.url })))
      } finally {
        await own.destroy()
      }
    }
  }
} catch (error) {
  if (!(error instanceof MissingBinaryError)) throw error
  console.error(`PostgreSQL runs skipped: ${error.message}`)
  results.push({ name: 'production-postgres', target: '', skipped: error.message })
}
for (const row of results) row.measuredAt = when
console.table(results.map(({ target: _t, measuredAt: _m, ...row }) => row))
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
writeFileSync(
  // BENCH_ONLY runs keep their own file, so the two databases may be measured apart.
  path.join(
    import.meta.dirname,
    'results',
    `production${process.env.BENCH_ONLY ? `-${process.env.BENCH_ONLY}` : ''}${PART === 'all' ? '' : `-${PART}`}.json`,
  ),
  `${JSON.stringify(results, null, 2)}\n`,
)
process.exit(0)
