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
const seed = Number(flag('seed') ?? 40)
if (!Number.isInteger(seed)) {
  console.error(`--seed must be a whole number; got ${flag('seed')}`)
  process.exit(1)
}

const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
)
await createCatalogRepository(database.db).seed()
const app = await buildApp({ config, database })
await app.ready()
const started = Date.now()
try {
  const result = await seedBrewery(app, database.db, {
    scale,
    seed,
    log: (line) => console.error(`  … ${line}`),
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
