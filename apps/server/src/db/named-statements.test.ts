import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { executeNamed, namedStatement, type Db } from './client.ts'

type Rows = { rows: Record<string, unknown>[] }
const row = (n: number) =>
  sql`select ${n}::int as n, timestamptz '2026-11-24 10:00:00+00' as at, jsonb_build_object('n', ${n}::int) as doc`

describe.each(TEST_DATABASES)('executeNamed: the write path’s statements prepared once (%s)', (kind) => {
  let testDb: TestDb
  beforeAll(async () => {
    // A database of its own: the test reads its connections' prepared statements.
    testDb = await createTestDb(kind, { own: true })
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  it('answers exactly what db.execute answers, outside a transaction and inside one', async () => {
    const plain = (await testDb.db.execute(row(7))) as Rows
    const named = (await executeNamed(testDb.db, 'test_same_rows', row(7))) as Rows
    expect(named.rows).toEqual(plain.rows)
    const inTx = await testDb.db.transaction(
      async (tx) => (await executeNamed(tx, 'test_same_rows', row(8))) as Rows,
    )
    expect(inTx.rows).toEqual([{ ...plain.rows[0], n: 8, doc: { n: 8 } }])
  })

  it('refuses nothing a plain statement would: an error rolls the transaction back as usual', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await executeNamed(tx, 'test_error', sql`select 1 / ${0}::int as n`)
      }),
    ).rejects.toThrow()
    // The connection is still good, and the name still answers.
    const after = (await executeNamed(testDb.db, 'test_error', sql`select 1 / ${1}::int as n`)) as Rows
    expect(after.rows).toEqual([{ n: 1 }])
  })

  it.runIf(kind === 'postgres')(
    'is parsed once per connection under its name; another text gets a name of its own',
    async () => {
      const prepared = await testDb.db.transaction(async (tx) => {
        const db: Db = tx
        for (const n of [1, 2, 3]) await executeNamed(db, 'test_once', row(n))
        await executeNamed(db, 'test_once', sql`select ${4}::int as other`)
        const found = (await db.execute(
          sql`select name, statement from pg_prepared_statements where name like 'test_once%' order by name`,
        )) as { rows: { name: string; statement: string }[] }
        return found.rows
      })
      expect(prepared.map((p) => p.name)).toEqual(['test_once', 'test_once_1'])
      expect(prepared[0].statement).toContain('jsonb_build_object')
      expect(prepared[1].statement).toContain('as other')
    },
  )

  it.runIf(kind === 'postgres')(
    'names at most 16 texts under one name; the next run unnamed and still answer',
    async () => {
      const { names, last } = await testDb.db.transaction(async (tx) => {
        const db: Db = tx
        let last: Rows | null = null
        for (let n = 0; n < 20; n++) {
          last = (await executeNamed(db, 'test_bound', sql.raw(`select ${n} as n${n}`))) as Rows
        }
        const found = (await db.execute(
          sql`select count(*)::int as names from pg_prepared_statements where name like 'test_bound%'`,
        )) as { rows: { names: number }[] }
        return { names: found.rows[0].names, last }
      })
      expect(names).toBe(16)
      expect(last?.rows).toEqual([{ n19: 19 }])
    },
  )
})

describe.each(TEST_DATABASES)('namedStatement: built once, its values bound per call (%s)', (kind) => {
  let testDb: TestDb
  const twice = namedStatement(
    `test_built_once_${kind}`,
    () => sql`select ${sql.placeholder('n')}::int * 2 as twice, ${sql.placeholder('label')}::text as label`,
  )
  beforeAll(async () => {
    testDb = await createTestDb(kind, { own: true })
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  it('binds each call’s values, outside a transaction and inside one', async () => {
    expect(((await twice(testDb.db, { n: 4, label: 'a' })) as Rows).rows).toEqual([{ twice: 8, label: 'a' }])
    const inTx = await testDb.db.transaction(async (tx) => (await twice(tx, { n: 5, label: null })) as Rows)
    expect(inTx.rows).toEqual([{ twice: 10, label: null }])
  })

  it('refuses a call without one of its values, and a second statement of the same name', async () => {
    await expect(twice(testDb.db, { n: 1 })).rejects.toThrow(/label/)
    expect(() => namedStatement(`test_built_once_${kind}`, () => sql`select 1`)).toThrow(/Two statements/)
  })

  it.runIf(kind === 'postgres')('is one prepared statement under its name on the connection', async () => {
    const names = await testDb.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await twice(tx, { n, label: 'x' })
      const found = (await tx.execute(
        sql`select name from pg_prepared_statements where name like 'test_built_once%'`,
      )) as { rows: { name: string }[] }
      return found.rows.map((r) => r.name)
    })
    expect(names).toEqual(['test_built_once_postgres'])
  })
})

describe.each(TEST_DATABASES)(
  '0010: a write’s stored response compressed with lz4 where the server has it (%s)',
  (kind) => {
    let testDb: TestDb
    beforeAll(async () => {
      testDb = await createTestDb(kind)
    })
    afterAll(async () => {
      await testDb?.client.close()
    })

    it('sets lz4 on idempotency_records.body when PostgreSQL offers it, and leaves PGlite’s pglz', async () => {
      const query = (text: string) =>
        testDb.db.execute(sql.raw(text)) as unknown as Promise<{ rows: Record<string, string>[] }>
      const offered = (
        await query(`select enumvals from pg_settings where name = 'default_toast_compression'`)
      ).rows[0].enumvals as unknown as string[] | string
      const hasLz4 = (Array.isArray(offered) ? offered : String(offered)).includes('lz4')
      const { rows } = await query(
        `select attcompression::text as method from pg_attribute
       where attrelid = 'idempotency_records'::regclass and attname = 'body'`,
      )
      // 'l' is lz4; an empty method is the server's default (pglz).
      expect(rows[0].method).toBe(hasLz4 ? 'l' : '')
      if (kind === 'pglite') expect(hasLz4).toBe(false)
    })
  },
)
