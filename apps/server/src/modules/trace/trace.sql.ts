import { sql, type SQL } from 'drizzle-orm'

// The SQL pieces trace's reads share.

/** A LIKE pattern that matches `q` literally anywhere (its % and _ escaped). */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
export const uuidArray = (ids: readonly string[]): SQL =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`
