import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts'

let config
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
)
// The ingredient catalogue ships with the release; writing it again on every start is idempotent.
const catalogItems = await createCatalogRepository(database.db).seed()
const app = await buildApp({ config, database })
app.log.info({ catalogItems }, 'ingredient catalogue seeded')
app.addHook('onClose', async () => database.close())

// Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
let closing = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exit(1)
      },
    )
  })
}

try {
  // Background jobs (pruning idempotency keys, sweeping unattached uploads, …), once across instances.
  await app.jobs.start()
  await app.listen({ port: config.port, host: config.host })
  app.log.info(`BrewCommand is ready at ${config.publicUrl} (${database.kind} database)`)
} catch (error) {
  app.log.error({ err: error }, 'could not start')
  await database.close()
  process.exit(1)
}
