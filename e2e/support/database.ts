import pg from 'pg'

/**
 * The journeys' database (ADR 404). When PostgreSQL is configured (`DATABASE_URL`, as `.ci/run` sets it when one
 * answers), the journeys' server runs on a fresh database of its own on it, created here and dropped by
 * `global-teardown.ts`; otherwise on PGlite in the run's data folder, as on a fresh user's machine. One server
 * process on PGlite does the journeys' database work on one core; PostgreSQL does it beside the server.
 */
export async function createJourneyDatabase(serverUrl: string): Promise<string> {
  const name = `brewcommand_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops the journeys' database, ending the connections of a server still closing. */
export async function dropJourneyDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1)
  if (!/^brewcommand_e2e_[a-z0-9_]+$/.test(name)) throw new Error(`not a journeys' database: ${name}`)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await client.query(`drop database if exists ${name} with (force)`)
  } finally {
    await client.end()
  }
}
