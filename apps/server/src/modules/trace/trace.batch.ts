import { sql, type SQL } from 'drizzle-orm'
import { executePrepared, type Db } from '../../db/client.ts'
import type { Cte } from './trace.sql.ts'

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
 * cost of JSON (900 rows of liquid events, ADR 408). `parse` is given one array for every line, refilled: it
 * takes the fields it needs and keeps not the array.
 */
export type Read<T> = (
  | { sql: SQL; decode?: (row: Record<string, unknown>) => T; line?: undefined }
  | { sql: SQL; line: SQL; parse: (fields: string[]) => T }
) & {
  /** Common table expressions the read uses, each put once before the statement's reads (by name, in order). */
  with?: Cte[]
}

type Pending = { read: Read<unknown>; resolve: (rows: unknown[]) => void; reject: (error: unknown) => void }

/**
 * Each line of `text` read back by `parse`, its fields cut out one by one: splitting the text into lines and each
 * line into an array of its own allocated twice as much, and took twice as long, over a year's 2,000 liquid
 * events (ADR 428).
 */
export function parseLines<T>(text: string, parse: (fields: string[]) => T): T[] {
  const rows: T[] = []
  const fields: string[] = []
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    fields.length = 0
    let from = start
    for (let bar = text.indexOf('|', from); bar >= 0 && bar < end; bar = text.indexOf('|', from)) {
      fields.push(text.slice(from, bar))
      from = bar + 1
    }
    fields.push(text.slice(from, end))
    rows.push(parse(fields))
    start = end + 1
  }
  return rows
}

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
      // Prepared: a round's statement has the same text every time (the ids are array parameters), so it is
      // parsed and planned once per connection instead of on every trace (ADR 222, 408).
      const ctes = new Map<string, SQL>()
      for (const { read } of batch)
        for (const cte of read.with ?? []) if (!ctes.has(cte.name)) ctes.set(cte.name, cte.sql)
      const withs = [...ctes].map(([name, query]) => sql`${sql.raw(name)} as (${query})`)
      const statement = sql`${withs.length ? sql`with ${sql.join(withs, sql`, `)} ` : sql``}select ${sql.join(columns, sql`, `)}`
      const [row] = await executePrepared(db, `trace_reads_${batch.length}`, statement)
      if (!row) throw new Error('Trace: the reads answered no row')
      batch.forEach(({ read, resolve }, i) => {
        const value = row[`r${i}`]
        if (read.line) {
          resolve(parseLines(value as string, read.parse))
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
