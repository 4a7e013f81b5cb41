import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { withDrizzleParsers } from './pglite-parsers.ts'
import * as schema from './schema/index.ts'

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations')

/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** A cheap round trip, for the health check. */
  ping(): Promise<void>
  /**
   * Raw SQL on the same connection(s) as `db` (the job queue's driver). Without values the text may hold
   * several statements; the rows are those of the last one.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  close(): Promise<void>
}

/**
 * Waits for, then holds until its transaction ends, the lock named `key`: two transactions (of any instance)
 * that take the same key run one after the other. Only inside a transaction.
 */
export async function lockForTransaction(
  tx: { execute: (query: SQL) => Promise<unknown> },
  key: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

export type DatabaseOptions = (
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** An already open PGlite (tests load a migrated template into memory). */
  | { kind: 'pglite'; client: PGlite }
) & {
  /**
   * Sees the text of every statement Drizzle sends (tests count a write's queries with it). On
   * PostgreSQL a transaction's `begin` and `commit` are among them; PGlite sends its own, unseen.
   */
  onQuery?: (query: string) => void
}

const queryLogger = (onQuery: DatabaseOptions['onQuery']) =>
  onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {}

/** Opens the database and applies any pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle client that loses its server (restart, failover) must not crash the process.
    pool.on('error', () => {})
    // Nor one that is checked out between two queries (inside a transaction): the pool listens only to
    // idle clients, and an 'error' event nobody listens to ends the process. The query waiting on it
    // fails (a 5xx), and the pool drops the dead client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg({ client: pool, schema, ...queryLogger(options.onQuery) })
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
    } catch (error) {
      await pool.end()
      throw error
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      executeSql: async (text, values) => {
        const result = (await pool.query(text, values)) as pg.QueryResult | pg.QueryResult[]
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result
      },
      close: () => pool.end(),
    }
  }
  let client: PGlite
  if ('client' in options) client = options.client
  else {
    mkdirSync(options.dataDir, { recursive: true })
    client = await PGlite.create(path.join(options.dataDir, 'pglite'))
  }
  const { drizzleClient, ownParsing } = withDrizzleParsers(client)
  const db = drizzlePglite({ client: drizzleClient, schema, ...queryLogger(options.onQuery) })
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // PGlite's extended protocol takes one statement; several (a migration) go through exec.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values, ownParsing)
      return (await client.exec(text, ownParsing)).at(-1) ?? { rows: [] }
    },
    close: () => client.close(),
  }
}
