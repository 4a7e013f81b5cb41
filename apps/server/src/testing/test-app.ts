import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { PGlite, type PGliteOptions } from '@electric-sql/pglite'
import { inject } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { openDatabase, PGLITE_MEMORY_SETTINGS, type Database } from '../db/client.ts'
import { paidBreweries } from './paid-breweries.ts'
import { databaseUrl, runAsAdmin } from './postgres-admin.ts'

export type DatabaseKind = Database['kind']

/** The databases every integration test runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const TEST_DATABASES: DatabaseKind[] = inject('postgresUrl') ? ['pglite', 'postgres'] : ['pglite']

/** PGlite started as the product starts it, with its buffer sizes (client.ts). */
const PGLITE_START = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS]

let template: Buffer | undefined
/** The migrated template's dump (global-setup.ts), read once per worker: the files of a worker share modules. */
const templateDump = () => (template ??= readFileSync(inject('pgliteTemplate')))

type PgliteModules = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>
// Node's global, which the server's types (no DOM library) leave out.
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteModules['pgliteWasmModule']> }
let modules: Promise<PgliteModules> | undefined
/**
 * PostgreSQL's WebAssembly compiled once per worker and its file bundle read once, not on every load of the
 * template (a worker loads it dozens of times).
 */
function pgliteModules(): Promise<PgliteModules> {
  return (modules ??= (async () => {
    const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'))
    const [pgliteWasmModule, bundle] = await Promise.all([
      WebAssembly.compile(await readFile(new URL('pglite.wasm', dist))),
      readFile(new URL('pglite.data', dist)),
    ])
    return { pgliteWasmModule, fsBundle: new Blob([bundle]) }
  })())
}

/**
 * A migrated database for one test file: a private in-memory PGlite, or this run's PostgreSQL database (with
 * `own`, a PostgreSQL database of the file's own: openPrivatePostgres).
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  { onQuery, own = false }: { onQuery?: (query: string) => void; own?: boolean } = {},
): Promise<Database> {
  if (kind === 'postgres' && own) return openPrivatePostgres({ onQuery })
  if (kind === 'postgres') return openDatabase({ kind: 'postgres', url: inject('postgresUrl'), onQuery })
  const client = await PGlite.create({
    loadDataDir: new Blob([templateDump()]),
    ...(await pgliteModules()),
    startParams: PGLITE_START,
  })
  return openDatabase({ kind: 'pglite', client, onQuery })
}

/**
 * A PostgreSQL database of the test file's own, a copy of the run's migrated template (global-setup.ts), dropped
 * when closed: for the suites that digest every row before and after each request (the security matrix), which
 * on the run's shared database would have to pick their rows out of every other file's by text (ADR 080), and
 * for those that run the job queue, whose workers on a shared database would take other files' jobs with their
 * own configuration (a webhook signed or refused by another file's app; ADR 424).
 */
export async function openPrivatePostgres({
  onQuery,
}: { onQuery?: (query: string) => void } = {}): Promise<Database> {
  const own = await createPrivatePostgres()
  const database = await openDatabase({ kind: 'postgres', url: own.url, onQuery })
  return {
    ...database,
    close: async () => {
      await database.close()
      await own.drop()
    },
  }
}

/** A new PostgreSQL database copied from the run's migrated template: its URL, and how to drop it. */
export async function createPrivatePostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = inject('postgresUrl')
  const name = `${new URL(shared).pathname.slice(1)}_own_${randomUUID().slice(0, 8)}`
  await runAsAdmin(shared, `create database "${name}" template "${inject('postgresTemplate')}"`)
  return {
    url: databaseUrl(shared, name),
    drop: () => runAsAdmin(shared, `drop database if exists "${name}" with (force)`),
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
