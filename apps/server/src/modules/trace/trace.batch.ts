import { protocol, type PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import { executeNamed, type Db } from '../../db/client.ts'
import { rowsOf } from './trace.sql.ts'

// Trace's reads issued together go to the database as one statement (docs/decisions/408). A walk issues its reads
// in rounds (the lot, its consumption and the joined vessels' events; then the runs' goods, stock, orders, kegs and
// the batches' records): each round used to be up to ten statements, each with its own planning, round trip and
// row-by-row decoding (on PGlite, one after another on its one connection). Here each read is a SELECT whose
// columns are named as the row's fields; the reads pending when the event loop next turns are sent as
// `select (select json_agg(t) from (read 1) t), (select json_agg(t) from (read 2) t), …`: one plan, one round
// trip, one row of JSON text per read that the driver parses natively. One statement also reads one snapshot.

/**
 * A read as one SELECT whose column names are the row's fields, and what turns a JSON row into the row. A read of
 * many rows may instead say how each row of `t` is one line of text (`line`, fields joined by `|`, none holding
 * one) and how a line is read back: PostgreSQL builds and PGlite hands over such text for about a third of the
 * cost of JSON (900 rows of liquid events, ADR 408).
 */
export type Read<T> =
  | { sql: SQL; decode?: (row: Record<string, unknown>) => T; line?: undefined }
  | { sql: SQL; line: SQL; parse: (fields: string[]) => T }

type Pending = { read: Read<unknown>; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }

/** JSON's timestamp text as the Date the driver gives for a timestamptz column. */
export const dateOf = (value: unknown): Date => new Date(value as string)
export const dateOrNull = (value: unknown): Date | null => (value === null ? null : new Date(value as string))

/**
 * A function that sends a read with every other read made before the event loop's next turn, in one statement,
 * and answers its rows.
 */
export function createReadBatcher(db: Db) {
  let pending: Pending[] = []
  const flush = async () => {
    const batch = pending
    pending = []
    const columns = batch.map(({ read }, i) =>
      read.line
        ? sql`(select coalesce(string_agg(${read.line}, e'\n'), '') from (${read.sql}) t) as ${sql.raw(`r${i}`)}`
        : sql`(select coalesce(json_agg(t), '[]'::json) from (${read.sql}) t) as ${sql.raw(`r${i}`)}`,
    )
    try {
      // Named: a round's statement has the same text every time (the ids are array parameters), so PostgreSQL
      // parses and plans it once per connection instead of on every trace (ADR 222); PGlite ignores the name.
      const statement = sql`select ${sql.join(columns, sql`, `)}`
      const pglite = await executePglitePrepared(db, statement)
      const row = pglite
        ? Object.fromEntries(pglite.map((value, i) => [`r${i}`, value]))
        : rowsOf<Record<string, unknown>>(await executeNamed(db, `trace_reads_${batch.length}`, statement))[0]
      batch.forEach(({ read, resolve }, i) => {
        const value = row[`r${i}`]
        if (read.line) {
          const text = value as string
          resolve(text === '' ? [] : text.split('\n').map((line) => read.parse(line.split('|'))))
          return
        }
        const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[]
        resolve(read.decode ? rows.map(read.decode) : rows)
      })
    } catch (error) {
      for (const { reject } of batch) reject(error)
    }
  }
  return <T>(read: Read<T>): Promise<T[]> =>
    new Promise<T[]>((resolve, reject) => {
      if (pending.length === 0) setImmediate(() => void flush())
      pending.push({ read, resolve: resolve as (rows: unknown[]) => void, reject })
    })
}
export type ReadBatcher = ReturnType<typeof createReadBatcher>

type ProtocolClient = Pick<PGlite, 'execProtocol'> & {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
}
const preparedOn = new WeakMap<object, { names: Map<string, string>; count: number }>()
const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/**
 * On PGlite (outside a transaction), the statement as a named prepared statement over PGlite's wire protocol:
 * PGlite's `query` parses and plans every statement again (unnamed), and planning was most of a round's cost.
 * Answers the row's fields as text, or null where this does not apply (PostgreSQL, a transaction).
 */
async function executePglitePrepared(db: Db, statement: SQL): Promise<(string | null)[] | null> {
  const internal = db as unknown as {
    session?: { client?: unknown; logger?: { logQuery(query: string, params: unknown[]): void } }
    dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } }
  }
  const client = internal.session?.client as ProtocolClient | undefined
  if (
    !client ||
    typeof client.execProtocol !== 'function' ||
    typeof client._runExclusiveTransaction !== 'function' ||
    typeof client._runExclusiveQuery !== 'function'
  )
    return null
  const { sql: text, params } = internal.dialect.sqlToQuery(statement)
  let prepared = preparedOn.get(client)
  if (!prepared) preparedOn.set(client, (prepared = { names: new Map(), count: 0 }))
  const known = prepared.names.get(text)
  // A new name for each new text, even after a failure (a name once parsed stays taken).
  const name = known ?? `trace_reads_${prepared.count++}`
  // The reads bind only ids, array literals and other text.
  const values = params.map((value) => (value === null || value === undefined ? null : `${value as string}`))
  // Seen like any other statement (the bench and tests count them through Drizzle's logger).
  internal.session?.logger?.logQuery(text, params)
  const { serialize } = protocol
  const message = concat([
    ...(known ? [] : [serialize.parse({ name, text })]),
    serialize.bind({ statement: name, values }),
    serialize.execute({}),
    serialize.sync(),
  ])
  const { messages } = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => client.execProtocol(message, { syncToFs: false })),
  )
  if (!known) prepared.names.set(text, name)
  const row = messages.find((m) => m.name === 'dataRow') as { fields: (string | null)[] } | undefined
  if (!row) throw new Error('Trace: the reads answered no row')
  return row.fields
}
