import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts'
import { paidBreweries } from './paid-breweries.ts'

export type DatabaseKind = Database['kind']

/** The databases every integration test runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const TEST_DATABASES: DatabaseKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite']

/** A migrated database for one test file: a private in-memory PGlite, or this run's PostgreSQL database. */
export async function openTestDatabase(
  kind: DatabaseKind,
  { onQuery }: { onQuery?: (query: string) => void } = {},
): Promise<Database> {
  if (kind === 'postgres') return openDatabase({ kind: 'postgres', url: inject('postgresUrl'), onQuery })
  const dump = readFileSync(inject('pgliteTemplate'))
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) })
  return openDatabase({ kind: 'pglite', client, onQuery })
}

/**
 * A PostgreSQL database of the test file's own, migrated and with the catalogue, dropped when closed: for the
 * suites that digest every row before and after each request (the security matrix), which on the run's shared
 * database would have to pick their rows out of every other file's by text (ADR 080).
 */
export async function openPrivatePostgres(): Promise<Database> {
  const shared = new URL(inject('postgresUrl'))
  const name = `${shared.pathname.slice(1)}_own_${randomUUID().slice(0, 8)}`
  const admin = new pg.Client({ connectionString: shared.toString() })
  await admin.connect()
  try {
    await admin.query(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(shared)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  await createCatalogRepository(database.db).seed()
  return {
    ...database,
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: shared.toString() })
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/**
 * The whole app on a test database, with environment overrides (e.g. a tighter rate limit). Breweries
 * onboarded through it start paid unless `paid: false` (see paid-breweries.ts).
 */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  { paid = true }: { paid?: boolean } = {},
) {
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3999',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Every test request comes from 127.0.0.1; the sign-up limit itself is tested in src/idp.
    SIGN_UP_MAX_PER_ADDRESS: '10000',
    ...env,
  })
  return buildApp({ config, database, ...(paid ? { onRoute: paidBreweries(database.db) } : {}) })
}
