// `npm run seed -- --scale week|month|year [--seed N]`: writes a brewery with history into the configured
// database (DATABASE_URL, or PGlite under DATA_DIR), through the app's routes (src/seed/seed.ts), then prints
// how to sign in as its Admin. Start the server afterwards (`npm start`) on the same database.
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/client.ts'
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository.ts'
import { seedBrewery, WEEKS, type Scale } from '../src/seed/seed.ts'

const args = process.argv.slice(2)
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const scale = (flag('scale') ?? 'week') as Scale
if (!(scale in WEEKS)) {
  console.error(`--scale must be one of ${Object.keys(WEEKS).join(', ')}; got ${scale}`)
  process.exit(1)
}
const lanes = Number(flag('lanes') ?? 2)
if (!Number.isInteger(lanes) || lanes < 1) {
  console.error(`--lanes must be a whole number from 1; got ${flag('lanes')}`)
  process.exit(1)
}
const seed = Number(flag('seed') ?? 40)
if (!Number.isInteger(seed)) {
  console.error(`--seed must be a whole number; got ${flag('seed')}`)
  process.exit(1)
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
// SEED_PROFILE=1 counts the statements each request sends (the route profile shows them; not exact when
// requests overlap).
let statements = 0
// SEED_TRACE=N (with SEED_PROFILE) also prints the statements of the first N requests of each route and count.
const traceFirst = process.env.SEED_PROFILE ? Number(process.env.SEED_TRACE ?? 0) : 0
let sent: string[] = []
const onQuery = process.env.SEED_PROFILE
  ? (query: string) => {
      statements++
      if (traceFirst > 0) sent.push(query.replace(/\s+/g, ' ').slice(0, 400))
    }
  : undefined
// The seed's PostgreSQL sessions commit without waiting for the WAL to reach the disk (ADR 380): a crash may
// lose the last fraction of a second of commits — never consistency — and the seed is run again from scratch;
// each commit's flush (~3 ms on this machine) was most of a year's wall time. The server itself keeps the default.
const seedUrl = (url: string) => {
  const parsed = new URL(url)
  parsed.searchParams.set(
    'options',
    `${parsed.searchParams.get('options') ?? ''} -c synchronous_commit=off`.trim(),
  )
  return parsed.toString()
}
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: seedUrl(config.databaseUrl), onQuery }
    : { kind: 'pglite', dataDir: config.dataDir, onQuery },
)
await createCatalogRepository(database.db).seed()
const app = await buildApp({ config, database })
await app.ready()
// The seed's writes queue their follow-up jobs (a par-level check after a stock change, the alert rules after
// readings) as a user's do; they wait in the database for the server's workers (ADR 380). No worker, schedule
// or maintenance runs here.
await app.jobs.start({ workers: false })
const started = Date.now()
try {
  const result = await seedBrewery(app, database.db, {
    scale,
    seed,
    lanes,
    log: (line) => console.error(`  … ${line}`),
    ...(onQuery ? { statements: () => statements } : {}),
    ...(traceFirst > 0
      ? {
          trace: {
            first: traceFirst,
            take: () => {
              const taken = sent
              sent = []
              return taken
            },
          },
        }
      : {}),
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`Seeded a ${scale} of High Desert Brewing (seed ${seed}) in ${seconds} s on ${database.kind}:`)
  for (const [kind, count] of Object.entries(result.counts)) console.log(`  ${count} × ${kind}`)
  console.log(`Digest ${result.digest}`)
  console.log(
    `\nStart the server (npm start) and sign in at ${config.publicUrl} as its Admin:\n` +
      `  email    ${result.email}\n  password ${result.password}`,
  )
} finally {
  await app.close()
  await database.close()
}
