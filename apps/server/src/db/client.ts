import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite, protocol } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { withDrizzleParsers } from './pglite-parsers.ts'
import { countWrites } from './pglite-writes.ts'

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations')

/**
 * The Drizzle database, whichever engine is behind it. Without Drizzle's relational `db.query` API: nothing
 * uses it, and given the schema Drizzle builds a query builder per table for every transaction (ADR 222).
 */
export type Db = PgDatabase<PgQueryResultHKT>

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
  /**
   * PGlite: a count that moves after every statement or transaction that may have written, before its caller
   * resumes (db/pglite-writes.ts, ADR 415), so a read made at a count still current reflects every acknowledged
   * write. null on PostgreSQL, where other processes write too.
   */
  writeGeneration: (() => number) | null
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

/** How many texts one name may cover before its statements run unnamed (a guard against a text that varies without bound). */
const MAX_TEXTS_PER_NAME = 16
const preparedNames = new Map<string, Map<string, string>>()

/** The statement name for `text` under `name`: `name`, then a number for each further text (ADR 222). */
function statementName(name: string, text: string): string | undefined {
  let texts = preparedNames.get(name)
  if (!texts) preparedNames.set(name, (texts = new Map<string, string>()))
  let named = texts.get(text)
  if (named === undefined) {
    if (texts.size >= MAX_TEXTS_PER_NAME) return undefined
    named = texts.size === 0 ? name : `${name}_${texts.size}`
    texts.set(text, named)
  }
  return named
}

const statementNames = new Set<string>()
type BuiltQuery = { sql: string; params: unknown[] }
/** What Drizzle keeps internal on every database and transaction: its session and its SQL dialect. */
function internals(db: Db) {
  return db as unknown as {
    session: {
      prepareQuery(
        query: BuiltQuery,
        fields: undefined,
        name: string | undefined,
        isResponseInArrayMode: boolean,
      ): { execute(values?: Record<string, unknown>): Promise<unknown> }
    }
    dialect: { sqlToQuery(query: SQL): BuiltQuery }
  }
}

/**
 * `db.execute(query)` as a named prepared statement on PostgreSQL: each connection parses and plans it
 * once, then only binds its values (ADR 222). For the statements every write sends; the same rows as
 * `db.execute`. Each distinct text under `name` gets a name of its own (a statement's text may vary with
 * its input's fields, as an item's columns do), up to 16; past them, the statement runs unnamed. PGlite
 * ignores the name. Works inside a transaction: the name lives on the transaction's connection.
 */
export function executeNamed(db: Db, name: string, query: SQL): Promise<unknown> {
  const { session, dialect } = internals(db)
  const built = dialect.sqlToQuery(query)
  return session.prepareQuery(built, undefined, statementName(name, built.sql), false).execute()
}

/**
 * `executeNamed`, and on PGlite a prepared statement too: PGlite's `query` parses and plans every statement again
 * (unnamed), which for a long read costs more than running it (ADR 408). Outside a transaction, PGlite gets the
 * statement as a named prepared statement over its wire protocol (Parse once per text, then Bind, Describe, Execute, Sync),
 * under PGlite's own transaction and query locks as its `query` takes them, through two methods it does not
 * document (`_runExclusiveTransaction`, `_runExclusiveQuery`, in 0.5.16); where they are missing, or inside a
 * transaction, it is `executeNamed`. Answers the rows as `db.execute` does, except that on PGlite's prepared path
 * every column is its text (a JSON column is JSON text): for statements whose values bind as text.
 */
export async function executePrepared(db: Db, name: string, query: SQL): Promise<Record<string, unknown>[]> {
  const rows = await executePglitePrepared(db, name, query)
  return rows ?? ((await executeNamed(db, name, query)) as { rows: Record<string, unknown>[] }).rows
}

type ProtocolClient = Pick<PGlite, 'execProtocol'> & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
}
const pglitePrepared = new WeakMap<object, { names: Map<string, string>; count: number }>()
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** The PGlite path of `executePrepared`, or null where it does not apply (PostgreSQL, a transaction). */
async function executePglitePrepared(
  db: Db,
  name: string,
  query: SQL,
): Promise<Record<string, string | null>[] | null> {
  const internal = db as unknown as {
    session?: { client?: unknown; logger?: { logQuery(query: string, params: unknown[]): void } }
    dialect: { sqlToQuery(query: SQL): BuiltQuery }
  }
  const client = internal.session?.client as ProtocolClient | undefined
  if (
    !client ||
    typeof client.execProtocol !== 'function' ||
    typeof client._runExclusiveTransaction !== 'function' ||
    typeof client._runExclusiveQuery !== 'function'
  )
    return null
  const { sql: text, params } = internal.dialect.sqlToQuery(query)
  let prepared = pglitePrepared.get(client)
  if (!prepared) pglitePrepared.set(client, (prepared = { names: new Map(), count: 0 }))
  const known = prepared.names.get(text)
  // A new name for each new text, even after a failure (a name once parsed stays taken).
  const statement = known ?? `${name}_${prepared.count++}`
  const values = params.map((value) => (value === null || value === undefined ? null : `${value as string}`))
  // Seen like any other statement (the bench and tests count them through Drizzle's logger).
  internal.session?.logger?.logQuery(text, params)
  const { serialize } = protocol
  const message = concat([
    ...(known ? [] : [serialize.parse({ name: statement, text })]),
    serialize.bind({ statement, values }),
    // The portal's description names the columns.
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ])
  const { messages } = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => client.execProtocol(message, { syncToFs: false })),
  )
  if (!known) prepared.names.set(text, statement)
  const description = messages.find((m) => m.name === 'rowDescription') as
    { fields: { name: string }[] } | undefined
  const columns = description?.fields.map((field) => field.name) ?? []
  return messages
    .filter((m) => m.name === 'dataRow')
    .map((m) =>
      Object.fromEntries(
        (m as unknown as { fields: (string | null)[] }).fields.map((v, i) => [columns[i], v]),
      ),
    )
}

/**
 * A statement whose text never changes, built once with `sql.placeholder`s for its values: each call binds
 * `values` (one per placeholder) to it as a named prepared statement on PostgreSQL, without building SQL
 * again (ADR 222). The same rows as `db.execute`. Works inside a transaction and on PGlite (which ignores
 * the name).
 */
export function namedStatement(name: string, build: () => SQL) {
  if (statementNames.has(name)) throw new Error(`Two statements are named ${name}`)
  statementNames.add(name)
  // Built per dialect (PostgreSQL's and PGlite's print the same text; a test may hold both).
  const built = new WeakMap<object, BuiltQuery>()
  return (db: Db, values: Record<string, unknown>): Promise<unknown> => {
    const { session, dialect } = internals(db)
    let query = built.get(dialect)
    if (!query) built.set(dialect, (query = dialect.sqlToQuery(build())))
    return session.prepareQuery(query, undefined, name, false).execute(values)
  }
}

/**
 * PGlite's PostgreSQL lives in the process's WebAssembly memory, which grows and never shrinks: its buffer cache
 * (PostgreSQL's default 128 MB, full after a start's migrations) was a quarter of an idle server's resident set.
 * 32 MB keeps a brewery's hot pages (its devices, vessels, the last readings) while the files stay in the
 * operating system's cache; a scan larger than 8 MB reads through a small ring anyway, as it does above 32 MB with
 * the default. Index builds (a migration) take at most 16 MB instead of 64 (ADR 396).
 */
export const PGLITE_MEMORY_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'maintenance_work_mem=16MB']

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
    const db = drizzlePg({ client: pool, ...queryLogger(options.onQuery) })
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
      writeGeneration: null,
      close: () => pool.end(),
    }
  }
  let client: PGlite
  if ('client' in options) client = options.client
  else {
    mkdirSync(options.dataDir, { recursive: true })
    client = await PGlite.create(path.join(options.dataDir, 'pglite'), {
      startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    })
  }
  // Before anything else holds the client: its methods are wrapped in place.
  const writeGeneration = countWrites(client)
  const { drizzleClient, ownParsing } = withDrizzleParsers(client)
  const db = drizzlePglite({ client: drizzleClient, ...queryLogger(options.onQuery) })
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
    writeGeneration,
    close: () => client.close(),
  }
}
