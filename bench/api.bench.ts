// API throughput and latency with autocannon against the server process (`apps/server/src/server.ts`,
// what `npm start` runs), on PGlite and on a PostgreSQL of its own: GET /api/products for a brewery of
// 100 products × 3 recipes, GET /api/users/bootstrap, and a write mix (PUT product name, POST tasting
// note, each with its Idempotency-Key as the browser's queue sends it). Every read is compared with a
// bare Fastify process serving the same JSON from memory, measured in the same run at the same
// concurrency: the load generator shares the machine, so only these ratios carry over between runs.
// Targets: read throughput ≥ 0.5 × bare, read p99 ≤ 2 × bare p99; ≥ 1,000 writes/s on PostgreSQL,
// ≥ 300 on PGlite. BENCH_SECONDS (default 10) sets each run's length; BENCH_CONNECTIONS (default 32).
// BENCH_BREWERIES=1000 fills the PostgreSQL run's database with that many breweries in all (each a copy of
// the measured one's 100 products × 3 recipes) before measuring, and writes the EXPLAIN of the hot
// queries to results/api-explain.txt; BENCH_ONLY=postgres skips the PGlite run, BENCH_ONLY=pglite the PostgreSQL one. BENCH_PARTS (default
// "sizes,reads,writes") chooses what is measured: "sizes" is the JSON of both reads in the full form and
// with ingredient lines by catalogue reference (ADR 172), raw and as the server compresses it.
// BENCH_PG_STATEMENTS=1 prints the statements that cost the PostgreSQL run's server most (pg_stat_statements,
// with planning time); BENCH_PG_OPTIONS adds `-c name=value` settings to that server.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { INGREDIENT_REFS_ACCEPT, makeEnvelope } from '@brewcommand/domain'
import autocannon, { type Options, type Result } from 'autocannon'
import pg from 'pg'
import { freePort } from '../apps/server/src/testing/free-port.ts'
import { launch, newBrewery, pgliteStore, seedProducts, type Store } from './support/server.ts'
import { MissingBinaryError, startPostgres } from './support/services.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const PRODUCTS = 100
const RECIPES = 3
/** Ingredient lines per recipe: a typical brewhouse recipe (the documents carry their catalogue data). */
const LINES = 12
const WRITE_TARGET = { pglite: 300, postgres: 1000 } as const
const BREWERIES = Number(process.env.BENCH_BREWERIES ?? 1)
const PARTS = new Set((process.env.BENCH_PARTS ?? 'sizes,reads,writes').split(',').map((p) => p.trim()))

/**
 * Makes the database hold `BREWERIES` breweries: copies of the measured one's products and recipes under
 * new ids (the documents keep their old ids inside, which nothing here reads), then ANALYZE.
 */
async function fillWithBreweries(url: string, entityId: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const started = Date.now()
    await client.query(
      `insert into entities (name, address, city, state, zip, phone, ein)
       select 'Filler ' || g, '', '', '', '', '', '' from generate_series(2, $1) g`,
      [BREWERIES],
    )
    await client.query(
      `create temporary table product_map as
       select e.id as entity_id, p.id as source_id, gen_random_uuid() as id
       from entities e cross join products p where e.name like 'Filler %' and p.entity_id = $1`,
      [entityId],
    )
    await client.query(
      `insert into products (id, entity_id, name, description, created_at, updated_at)
       select m.id, m.entity_id, p.name, p.description, p.created_at, p.updated_at
       from product_map m join products p on p.id = m.source_id`,
    )
    await client.query(
      `insert into recipes (id, entity_id, product_id, document, position)
       select gen_random_uuid(), m.entity_id, m.id, r.document, r.position
       from product_map m join recipes r on r.product_id = m.source_id`,
    )
    // A team of three per brewery, so the tenant lookup reads a table of thousands of users.
    await client.query(
      `insert into users (idp_identifier, email, role, entity_id)
       select gen_random_uuid()::text, 'user' || g || '@' || e.id || '.test', r, e.id
       from entities e cross join generate_series(1, 3) g
       cross join lateral (select (array['Admin', 'Manager', 'Brewer'])[g] as r) role
       where e.name like 'Filler %'`,
    )
    await client.query('analyze')
    const { rows } = await client.query<{
      breweries: string
      users: string
      products: string
      recipes: string
    }>(
      `select (select count(*) from entities) as breweries, (select count(*) from users) as users,
              (select count(*) from products) as products, (select count(*) from recipes) as recipes`,
    )
    console.error(
      `filled: ${rows[0].breweries} breweries, ${rows[0].users} users, ${rows[0].products} products, ${rows[0].recipes} recipes ` +
        `in ${Math.round((Date.now() - started) / 1000)} s`,
    )
  } finally {
    await client.end()
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of the queries every read and write of one brewery runs. */
async function explainHotQueries(url: string, entityId: string, productId: string, sub: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const out: string[] = []
  try {
    const ids = (
      await client.query<{ id: string }>('select id from products where entity_id = $1', [entityId])
    ).rows.map((r) => r.id)
    const queries: [string, string, unknown[]][] = [
      [
        'tenant of a request (auth/tenant.ts)',
        `select u.id, u.entity_id, u.role, e.subscription_status, s.status_at from users u
         left join entities e on e.id = u.entity_id left join stripe_subscriptions s on s.entity_id = u.entity_id
         where u.idp_identifier = $1`,
        [sub],
      ],
      [
        'data version of a read',
        'select (select coalesce(sum(version), 0) from brewery_data_versions where entity_id = $1) as version from entities where id = $1',
        [entityId],
      ],
      [
        'product list: products',
        'select * from products where entity_id = $1 order by created_at, name',
        [entityId],
      ],
      [
        'product list: recipes',
        'select * from recipes where entity_id = $1 and product_id = any($2) order by position, created_at',
        [entityId, ids],
      ],
      [
        'product list: tasting notes',
        'select * from tasting_notes where entity_id = $1 and product_id = any($2) order by position',
        [entityId, ids],
      ],
      [
        'product list: files',
        'select * from product_files where entity_id = $1 and product_id = any($2) order by position, created_at',
        [entityId, ids],
      ],
      [
        'write: claim the idempotency key (idempotency.ts)',
        `insert into idempotency_records (scope, key, request_hash, status_code) values ($1, $2, 'h', 0)
         on conflict do nothing returning key`,
        [`entity:${entityId}`, crypto.randomUUID()],
      ],
      [
        'write: rename and read the product back, one statement (products.repository.ts productQuery, recipes and notes shown)',
        `with p as (update products set name = $3, updated_at = now() where entity_id = $1 and id = $2
           returning id, entity_id, name, description)
         select p.id, p.name,
           coalesce((select json_agg(r.document order by r.position, r.created_at) from recipes r
             where r.entity_id = p.entity_id and r.product_id = p.id), '[]') as recipes,
           coalesce((select json_agg(json_build_object('id', t.id, 'category', t.category, 'notes', t.notes)
             order by t.position) from tasting_notes t
             where t.entity_id = p.entity_id and t.product_id = p.id), '[]') as tasting_notes
         from p`,
        [entityId, productId, 'Renamed for EXPLAIN'],
      ],
      [
        'write: a tasting note at the end of the list (products.repository.ts insertItem)',
        `insert into tasting_notes (id, entity_id, product_id, position, category, notes)
         select gen_random_uuid(), products.entity_id, products.id, coalesce(
           (select max(position) + 1 from tasting_notes where entity_id = $1 and product_id = $2), 0),
           'Aroma', 'Explained'
         from products where products.entity_id = $1 and products.id = $2
         on conflict do nothing returning id`,
        [entityId, productId],
      ],
      [
        'write: bump the data version',
        'insert into brewery_data_versions (entity_id, slot, version) values ($1, 7, 1) on conflict (entity_id, slot) do update set version = brewery_data_versions.version + 1',
        [entityId],
      ],
    ]
    for (const [title, text, values] of queries) {
      await client.query('begin')
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers, costs off) ${text}`,
        values,
      )
      await client.query('rollback')
      const plan = rows
        .map((r) => r['QUERY PLAN'])
        .join('\n')
        .replace(/'\{[\da-f,-]{200,}\}'::uuid\[\]/g, "'{…the brewery's product ids…}'::uuid[]")
      out.push(`-- ${title}\n${text}\n${plan}\n`)
    }
  } finally {
    await client.end()
  }
  writeFileSync(path.join(import.meta.dirname, 'results', 'api-explain.txt'), out.join('\n'))
}

type Row = { name: string; target: string; [figure: string]: unknown }

async function cannon(options: Options): Promise<Result> {
  // A short warm-up first: the first second of a run is a JIT and connection-pool dip.
  await autocannon({ ...options, duration: Math.min(2, SECONDS) })
  return autocannon({ ...options, duration: SECONDS, connections: options.connections ?? CONNECTIONS })
}

/** The bare yardstick in a process of its own, serving each path's body from memory. */
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
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  }
}

const rps = (r: Result) => Math.round(r['2xx'] / SECONDS)
const failures = (r: Result) => r.non2xx + r.errors + r.timeouts

async function runStore(label: 'pglite' | 'postgres', store: Store): Promise<Row[]> {
  const { server, issuer } = await launch(store)
  try {
    const brewery = await newBrewery(server.url, issuer)
    const productIds = await seedProducts(server.url, brewery.headers, {
      count: PRODUCTS,
      recipes: RECIPES,
      lines: LINES,
    })
    if (label === 'postgres' && BREWERIES > 1 && store.kind === 'postgres') {
      await fillWithBreweries(store.url, brewery.entityId)
      mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
      await explainHotQueries(store.url, brewery.entityId, productIds[0], brewery.sub)
    }
    const auth = { authorization: brewery.headers.authorization }
    const read = async (p: string, headers: Record<string, string>) => {
      const response = await fetch(`${server.url}${p}`, { headers })
      if (!response.ok) throw new Error(`${p} answered ${response.status}`)
      return response.text()
    }
    const bootstrapHeaders = {
      authorization: brewery.headers.authorization,
      'x-id-token': brewery.headers['x-id-token'],
    }
    const rows: Row[] = []
    if (PARTS.has('sizes')) {
      // Bytes on the wire for each read, in both forms: as it is, and as the server sends it compressed.
      // node:http, not fetch: fetch would decompress the body before it could be counted.
      const wire = (p: string, headers: Record<string, string>, encoding: string) =>
        new Promise<number>((resolve, reject) => {
          http
            .get(
              `${server.url}${p}`,
              { headers: { ...headers, 'accept-encoding': encoding } },
              (response) => {
                if (response.statusCode !== 200) reject(new Error(`${p} answered ${response.statusCode}`))
                let bytes = 0
                response.on('data', (chunk: Buffer) => (bytes += chunk.length))
                response.on('end', () => resolve(bytes))
              },
            )
            .on('error', reject)
        })
      const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
      for (const [route, headers] of [
        ['/api/products', auth],
        ['/api/users/bootstrap', bootstrapHeaders],
      ] as const) {
        const sizes: Record<string, number> = {}
        for (const [form, accept] of [
          ['full', 'application/json'],
          ['refs', INGREDIENT_REFS_ACCEPT],
        ] as const) {
          for (const encoding of ['identity', 'br', 'gzip']) {
            sizes[`${form}_${encoding === 'identity' ? 'raw' : encoding}_kb`] = kb(
              await wire(route, { ...headers, accept }, encoding),
            )
          }
        }
        rows.push({
          name: `api-${label} JSON size GET ${route} (${PRODUCTS} products × ${RECIPES} recipes × ${LINES} lines)`,
          target: 'lines by catalogue reference (ADR 172)',
          ...sizes,
          catalog_br_kb: kb(await wire('/api/catalog', auth, 'br')),
          met: sizes.refs_br_kb < sizes.full_br_kb,
        })
      }
    }
    if (PARTS.has('reads')) {
      const productsBody = await read('/api/products', auth)
      const bootstrapBody = await read('/api/users/bootstrap', bootstrapHeaders)
      const bare = await startBare({ '/api/products': productsBody, '/api/users/bootstrap': bootstrapBody })
      try {
        for (const [route, headers, body] of [
          ['/api/products', auth, productsBody],
          ['/api/users/bootstrap', bootstrapHeaders, bootstrapBody],
        ] as const) {
          const bareRun = await cannon({ url: `${bare.url}${route}` })
          const appRun = await cannon({ url: `${server.url}${route}`, headers })
          const throughputRatio = rps(appRun) / Math.max(1, rps(bareRun))
          const p99Ratio = appRun.latency.p99 / Math.max(1, bareRun.latency.p99)
          rows.push({
            name: `api-${label}${BREWERIES > 1 && label === 'postgres' ? ` (${BREWERIES} breweries)` : ''} GET ${route}`,
            target: 'req/s ≥ 0.5 × bare, p99 ≤ 2 × bare p99',
            body_kb: Math.round(Buffer.byteLength(body) / 1024),
            req_s: rps(appRun),
            p50_ms: appRun.latency.p50,
            p99_ms: appRun.latency.p99,
            bare_req_s: rps(bareRun),
            bare_p99_ms: bareRun.latency.p99,
            ratio_req_s: Number(throughputRatio.toFixed(2)),
            ratio_p99: Number(p99Ratio.toFixed(2)),
            failed: failures(appRun),
            met: throughputRatio >= 0.5 && p99Ratio <= 2 && failures(appRun) === 0,
          })
        }
      } finally {
        await bare.stop()
      }
    }
    if (!PARTS.has('writes')) return rows

    // The write mix: half renames, half new tasting notes, spread over the 100 products.
    let n = 0
    const envelopeRequest = (
      method: string,
      pathOf: (id: string) => string,
      envelope: () => ReturnType<typeof makeEnvelope>,
    ) => ({
      method,
      setupRequest: (request: {
        method?: string
        path?: string
        headers?: Record<string, string>
        body?: string
      }) => {
        const id = productIds[n++ % productIds.length]
        const data = envelope()
        return {
          ...request,
          path: pathOf(id),
          headers: {
            ...brewery.headers,
            'idempotency-key': data.metadata.correlationIdentifier,
          },
          body: JSON.stringify(data),
        }
      },
    })
    // The machine's speed at this moment: a bare Fastify route answering a renamed product's JSON from
    // memory, at the same concurrency, just before (the writes themselves have no bare equivalent).
    const answer = await fetch(`${server.url}/api/products`, { headers: auth })
    const sample = JSON.stringify({ data: ((await answer.json()) as { data: unknown[] }).data[0] })
    const bareWrites = await startBare({ '/api/sample': sample })
    let bareRun: Result
    try {
      bareRun = await cannon({ url: `${bareWrites.url}/api/sample` })
    } finally {
      await bareWrites.stop()
    }
    const writes = await cannon({
      url: server.url,
      requests: [
        envelopeRequest(
          'PUT',
          (id) => `/api/products/${id}`,
          () => makeEnvelope('product', { name: `Renamed ${n}` }),
        ),
        envelopeRequest(
          'POST',
          (id) => `/api/products/${id}/tastingNotes`,
          () =>
            makeEnvelope('product:tastingNote', {
              id: crypto.randomUUID(),
              category: 'Aroma',
              notes: `Note ${n}`,
            }),
        ),
      ],
    })
    rows.push({
      name: `api-${label} writes (PUT name, POST tasting note)`,
      target: `≥ ${WRITE_TARGET[label].toLocaleString('en-US')} writes/s`,
      writes_s: rps(writes),
      p50_ms: writes.latency.p50,
      p99_ms: writes.latency.p99,
      failed: failures(writes),
      timeouts: writes.timeouts,
      bare_sample_req_s: rps(bareRun),
      ratio_to_bare: Number((rps(writes) / Math.max(1, rps(bareRun))).toFixed(3)),
      met: rps(writes) >= WRITE_TARGET[label] && failures(writes) === 0,
    })
    return rows
  } finally {
    await server.stop()
  }
}

/**
 * The 25 statements that cost PostgreSQL most (execution plus planning), from pg_stat_statements: for
 * `BENCH_PG_STATEMENTS=1`, whose cluster then loads the extension (support/services.ts).
 */
async function topStatements(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('create extension if not exists pg_stat_statements')
    const { rows } = await client.query<Record<string, string>>(`
      select calls, round(total_exec_time::numeric, 1) as exec_ms, round(total_plan_time::numeric, 1) as plan_ms,
        round((total_exec_time / nullif(calls, 0))::numeric, 3) as exec_ms_per_call, rows,
        left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as query
      from pg_stat_statements order by total_exec_time + total_plan_time desc limit 25`)
    return rows.map((row) => Object.values(row).join(' | ')).join('\n')
  } finally {
    await client.end()
  }
}

const results: Row[] = []
const when = new Date().toISOString()
if (process.env.BENCH_ONLY !== 'postgres') results.push(...(await runStore('pglite', pgliteStore())))
try {
  if (process.env.BENCH_ONLY !== 'pglite') {
    const pg = await startPostgres()
    try {
      results.push(...(await runStore('postgres', { kind: 'postgres', url: pg.url })))
    } finally {
      if (process.env.BENCH_PG_STATEMENTS) console.log(await topStatements(pg.url))
      await pg.destroy()
    }
  }
} catch (error) {
  if (!(error instanceof MissingBinaryError)) throw error
  console.error(`PostgreSQL runs skipped: ${error.message}`)
  results.push({ name: 'api-postgres', target: '', skipped: error.message })
}
for (const row of results) row.measuredAt = when
console.table(results.map(({ target: _t, measuredAt: _m, ...row }) => row))
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
writeFileSync(path.join(import.meta.dirname, 'results', 'api.json'), `${JSON.stringify(results, null, 2)}\n`)
process.exit(0)
