import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DRIZZLE_TEXT_TYPES, withDrizzleParsers } from './pglite-parsers.ts'

describe('PGlite with Drizzle’s parsers set once', () => {
  let client: PGlite
  const row = `select timestamptz '2026-11-24 10:00:00+00' as at, date '2026-11-24' as day,
    array[timestamptz '2026-11-24 10:00:00+00'] as ats, array[1.5]::numeric[] as amounts, interval '1 hour' as span`
  beforeAll(async () => {
    client = await PGlite.create()
  })
  afterAll(async () => {
    await client.close()
  })

  it('reads through Drizzle exactly as Drizzle’s own parsers do, without sending them', async () => {
    const plain = drizzle({ client })
    const before = await plain.execute(sql.raw(row))
    const pgliteBefore = (await client.query(row)).rows
    const { drizzleClient, ownParsing } = withDrizzleParsers(client)
    const query = vi.spyOn(client, 'query')
    const viewed = drizzle({ client: drizzleClient })
    const after = await viewed.execute(sql.raw(row))
    expect(after.rows).toEqual(before.rows)
    expect(query.mock.calls.at(-1)?.[2]?.parsers).toBeUndefined()
    // Inside a transaction too.
    const inTx = await viewed.transaction(async (tx) => tx.execute(sql.raw(row)))
    expect(inTx.rows).toEqual(before.rows)
    expect(query.mock.calls.at(-1)?.[2]?.parsers).toBeUndefined()
    query.mockRestore()

    // Anyone else asks for PGlite's own parsing (the job queue's raw SQL): Dates, as before.
    const [raw] = (await client.query<Record<string, unknown>>(row, [], ownParsing)).rows
    expect(raw.at).toBeInstanceOf(Date)
    expect(raw.day).toBeInstanceOf(Date)
    expect((raw.ats as unknown[])[0]).toBeInstanceOf(Date)
    expect([raw]).toEqual(pgliteBefore)
    // A second call keeps PGlite's own parsers (it does not take the text ones for them).
    expect(withDrizzleParsers(client).ownParsing).toBe(ownParsing)
  })

  it('covers every type Drizzle passes a parser for (a Drizzle upgrade adding one would be sent as before)', async () => {
    const session = (drizzle({ client }) as unknown as { session: unknown }).session as {
      prepareQuery: (
        query: { sql: string; params: unknown[] },
        fields: undefined,
      ) => { queryConfig: { parsers: object }; rawQueryConfig: { parsers: object } }
    }
    const prepared = session.prepareQuery({ sql: 'select 1', params: [] }, undefined)
    for (const parsers of [prepared.queryConfig.parsers, prepared.rawQueryConfig.parsers]) {
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort())
      for (const parse of Object.values(parsers) as ((value: string) => unknown)[]) {
        expect(parse('x')).toBe('x')
      }
    }
  })
})
