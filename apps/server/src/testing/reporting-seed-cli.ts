// Test-only, for the Reporting journey (e2e/reporting.spec.ts): writes the seeded quarter of
// packages/domain/src/production/ttb-fixture.ts into every brewery of a stopped server's embedded database that
// has no ledger yet. Run with the server stopped: `node --import tsx apps/server/src/testing/reporting-seed-cli.ts
// <DATA_DIR>`. The ledger's own write routes belong to brew day and the cellar; until they are on this branch,
// this is how a journey gets a quarter of brews, transfers, packaging, samples, a dump and removals.
import { openDatabase } from '../db/client.ts'
import { seedReportingQuarter } from './reporting-seed.ts'

const dataDir = process.argv[2]
if (!dataDir) {
  console.error('usage: reporting-seed-cli.ts <DATA_DIR>')
  process.exit(2)
}
const database = await openDatabase({ kind: 'pglite', dataDir })
try {
  const { rows } = await database.executeSql(
    'select e.id from entities e where not exists (select 1 from liquid_events l where l.entity_id = e.id)',
  )
  for (const row of rows as { id: string }[]) await seedReportingQuarter(database.db, row.id)
  console.log(`seeded ${rows.length} brewer${rows.length === 1 ? 'y' : 'ies'}`)
} finally {
  await database.close()
}
