import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { seedBrewery } from '../testing/ledger-seed.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { liquidEvents } from './schema/production.ts'

// `liquid_events.superseded` (migration 0029, ADR 420): true exactly when a correction of the same brewery names the
// event (`supersedes_id`), kept by the database in the writing transaction however the rows arrive. The TTB reports'
// summary sums the events it leaves false; report-summary.test.ts holds those figures to the event-by-event books.

describe.each(TEST_DATABASES)('the superseded flag of a ledger event on %s (ADR 420)', (kind) => {
  let testDb: TestDb
  let entityId: string
  let otherId: string

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    entityId = (await seedBrewery(testDb.db, 'Admin')).entityId
    otherId = (await seedBrewery(testDb.db, 'Admin')).entityId
  })

  afterAll(async () => {
    await testDb?.client.close()
  })

  const event = (id: string, supersedesId: string | null = null, brewery = entityId) => ({
    id,
    entityId: brewery,
    kind: 'removed',
    volumeBbl: '1.00000',
    ttbClass: 'removed_taxpaid',
    supersedesId,
  })

  /** The flags of the events, by id, as stored. */
  async function flags(...ids: string[]) {
    const rows = await testDb.db
      .select({ id: liquidEvents.id, superseded: liquidEvents.superseded })
      .from(liquidEvents)
      .where(inArray(liquidEvents.id, ids))
    return Object.fromEntries(ids.map((id) => [id, rows.find((row) => row.id === id)?.superseded]))
  }

  /** What the flag stands for: some correction of the same brewery names the event. */
  async function truth(...ids: string[]) {
    const result = await testDb.db.execute(sql`select le.id, exists (select 1 from liquid_events c
        where c.entity_id = le.entity_id and c.supersedes_id = le.id) as superseded
      from liquid_events le where le.id = any(${`{${ids.join(',')}}`}::uuid[])`)
    const rows = (result as { rows: { id: string; superseded: boolean }[] }).rows
    return Object.fromEntries(ids.map((id) => [id, rows.find((row) => row.id === id)?.superseded]))
  }

  const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID())

  it('marks an event when its correction is written after it, and only that event', async () => {
    const [mistake, correction, bystander] = ids(3)
    await testDb.db.insert(liquidEvents).values([event(mistake), event(bystander)])
    expect(await flags(mistake, bystander)).toEqual({ [mistake]: false, [bystander]: false })
    await testDb.db.insert(liquidEvents).values(event(correction, mistake))
    expect(await flags(mistake, correction, bystander)).toEqual({
      [mistake]: true,
      [correction]: false,
      [bystander]: false,
    })
    // A correction of the correction: both named ones are superseded, the last one is not.
    const [again] = ids(1)
    await testDb.db.insert(liquidEvents).values(event(again, correction))
    expect(await flags(mistake, correction, again)).toEqual({
      [mistake]: true,
      [correction]: true,
      [again]: false,
    })
  })

  it('marks an event written after the correction that names it, and in one statement in either order', async () => {
    const [late, earlyCorrection] = ids(2)
    await testDb.db.insert(liquidEvents).values(event(earlyCorrection, late))
    await testDb.db.insert(liquidEvents).values(event(late))
    expect(await flags(late, earlyCorrection)).toEqual({ [late]: true, [earlyCorrection]: false })
    const [a, aFix, b, bFix] = ids(4)
    await testDb.db.insert(liquidEvents).values([event(a), event(aFix, a), event(bFix, b), event(b)])
    expect(await flags(a, aFix, b, bFix)).toEqual({ [a]: true, [aFix]: false, [b]: true, [bFix]: false })
  })

  it("ignores a flag the writer sends, and another brewery's correction naming the id", async () => {
    const [claimed, foreign, foreignFix] = ids(3)
    await testDb.db.insert(liquidEvents).values({ ...event(claimed), superseded: true })
    await testDb.db.insert(liquidEvents).values(event(foreign))
    await testDb.db.insert(liquidEvents).values(event(foreignFix, foreign, otherId))
    expect(await flags(claimed, foreign)).toEqual({ [claimed]: false, [foreign]: false })
  })

  it('clears the flag when the last correction naming the event goes or names another', async () => {
    const [mistake, first, second, elsewhere] = ids(4)
    await testDb.db.insert(liquidEvents).values([event(mistake), event(elsewhere)])
    await testDb.db.insert(liquidEvents).values([event(first, mistake), event(second, mistake)])
    await testDb.db.delete(liquidEvents).where(eq(liquidEvents.id, first))
    expect(await flags(mistake)).toEqual({ [mistake]: true })
    await testDb.db
      .update(liquidEvents)
      .set({ supersedesId: elsewhere })
      .where(and(eq(liquidEvents.entityId, entityId), eq(liquidEvents.id, second)))
    expect(await flags(mistake, elsewhere)).toEqual({ [mistake]: false, [elsewhere]: true })
    await testDb.db.delete(liquidEvents).where(eq(liquidEvents.id, second))
    expect(await flags(elsewhere)).toEqual({ [elsewhere]: false })
  })

  it("equals the corrections' truth for every event written here", async () => {
    const result = await testDb.db.execute(
      sql`select id from liquid_events where entity_id in (${entityId}, ${otherId})`,
    )
    const all = (result as { rows: { id: string }[] }).rows.map((row) => row.id)
    expect(all).toHaveLength(15)
    expect(await flags(...all)).toEqual(await truth(...all))
  })
})
