import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countWrites } from './pglite-writes.ts'

describe("PGlite's count of writes", () => {
  let client: PGlite
  let count: () => number

  beforeAll(async () => {
    client = await PGlite.create()
    count = countWrites(client)
    await client.exec('create table t (n int)')
  })
  afterAll(() => client.close())

  it('moves once a statement that may write has settled, before its caller resumes', async () => {
    const before = count()
    await client.query('insert into t values (1)')
    expect(count()).toBe(before + 1)
    await client.query('  with gone as (delete from t where n = 2 returning n) select * from gone')
    expect(count()).toBe(before + 2)
    await client.exec('update t set n = n')
    expect(count()).toBe(before + 3)
    await client.sql`update t set n = ${1}`
    expect(count()).toBe(before + 4)
  })

  it('moves after every transaction, and after a failed statement too', async () => {
    const before = count()
    await client.transaction(async (tx) => {
      await tx.query('insert into t values (3)')
      // Inside, nothing has committed yet.
      expect(count()).toBe(before)
    })
    expect(count()).toBe(before + 1)
    await expect(client.query('insert into missing values (1)')).rejects.toThrow()
    expect(count()).toBe(before + 2)
  })

  it('stands still for a plain select, and is one count per instance', async () => {
    const before = count()
    await client.query('select count(*) from t')
    await client.query('(select 1)')
    expect(count()).toBe(before)
    expect(countWrites(client)).toBe(count)
  })
})
