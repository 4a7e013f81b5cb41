import {
  booksEnd,
  DEFAULT_TAX_SETTINGS,
  exciseReturn,
  lossesByReason,
  operationsReport,
  parsePeriod,
  postLedger,
  productionByMonth,
  type ClosedSpan,
  type Period,
  type TtbLedgerEvent,
} from '@brewcommand/domain'
import { Q3_COUNTS, Q3_EVENTS } from '@brewcommand/domain/production/ttb-fixture.ts'
import { QUARTER_COUNTS, QUARTER_EVENTS } from '@brewcommand/domain/production/ttb-quarter-fixture.ts'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liquidEvents } from '../../db/schema/production.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { seedBrewery } from '../../testing/ledger-seed.ts'
import { insertLedgerEvent, seedReportingQuarter } from '../../testing/reporting-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { boundOf, isoOf, readLedger, underPlan } from './ledger-read.ts'

// ADR 385: a report reads the ledger only up to where its books end (and the events supersession ties to them).
// Over the two TTB fixtures of the reporting seeds and the events that make the restriction hard (a correction
// recorded after the bound, a correction that moves an event of a later, closed month back into the period, an
// instant with microseconds, days cut in time zones far from UTC), every report computed from the restricted read
// is the report computed from the whole ledger.

const PERIODS = [
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2026-Q2',
  '2026-Q3',
  '2026-Q4',
  '2026-07-S1',
  '2026-07-S2',
  '2026-12-S1',
  '2026',
]
const TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Etc/GMT+12']
// December 2026 closed on the 8th: the correction recorded on the 10th books its reversal as an adjustment.
const CLOSED: ClosedSpan[] = [{ from: '2026-12-01', to: '2027-01-01', closedAt: '2026-12-08T00:00:00.000Z' }]
const COUNTS = [...Q3_COUNTS, ...QUARTER_COUNTS]

function reports(period: Period, events: readonly TtbLedgerEvent[], timeZone: string) {
  const postings = postLedger(events, CLOSED, timeZone)
  const settings = { ...DEFAULT_TAX_SETTINGS, timeZone }
  return {
    operations: period.kind === 'semimonth' ? null : operationsReport('5130.9', period, postings, COUNTS),
    quarterly: period.kind === 'quarter' ? operationsReport('5130.26', period, postings, COUNTS) : null,
    excise: exciseReturn(period, postings, COUNTS, settings),
    production: productionByMonth(period, postings),
    losses: lossesByReason(period, postings),
    daily: postings.filter((p) => p.bookedOn >= period.from && p.bookedOn < period.to),
  }
}

describe.each(TEST_DATABASES)('the ledger a report reads on %s (ADR 385)', (kind) => {
  let testDb: TestDb
  let entityId: string

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    const db = testDb.db
    ;({ entityId } = await seedBrewery(db))
    const q3 = await seedReportingQuarter(db, entityId, { counts: false })
    await seedReportingQuarter(db, entityId, { counts: false, events: QUARTER_EVENTS })
    const [first] = Q3_EVENTS
    // A correction of a July event recorded in November, after every bound up to October.
    await insertLedgerEvent(db, entityId, {
      kind: first.kind,
      ttbClass: first.ttbClass,
      volumeBbl: '18.50000',
      supersedesId: q3[first.id],
      occurredAt: new Date(first.occurredAt),
      recordedAt: new Date('2026-11-05T09:00:00.000Z'),
    })
    // A December removal, its month closed, corrected on the 10th as having happened on July 20: the reversal
    // of the December event is booked in July, so the July books need the December event.
    const december = await insertLedgerEvent(db, entityId, {
      occurredAt: new Date('2026-12-05T12:00:00.000Z'),
      recordedAt: new Date('2026-12-05T12:00:00.000Z'),
      volumeBbl: '2.00000',
    })
    await insertLedgerEvent(db, entityId, {
      supersedesId: december,
      volumeBbl: '2.50000',
      occurredAt: new Date('2026-07-20T12:00:00.000Z'),
      recordedAt: new Date('2026-12-10T12:00:00.000Z'),
    })
    // Instants with microseconds (as `now()` records them), and events near the bounds' midnights.
    await db.execute(sql`insert into liquid_events (id, entity_id, kind, volume_bbl, ttb_class, occurred_at, recorded_at)
      values (gen_random_uuid(), ${entityId}, 'removed', 0.5, 'removed_taxpaid',
        '2026-07-31 23:59:59.999999+00', '2026-08-01 00:00:00.000501+00'),
      (gen_random_uuid(), ${entityId}, 'lost', 0.25, 'loss', '2026-08-01 05:30:00.12+00', '2026-08-01 05:30:00.12+00'),
      (gen_random_uuid(), ${entityId}, 'lost', 0.125, 'loss', '2026-07-31 11:00:00+00', '2026-08-02 00:00:00+00')`)
  })

  afterAll(async () => {
    await testDb?.client.close()
  })

  it('reads each event as the drivers read its row: instants to the millisecond, volumes as stored', async () => {
    const rows = await testDb.db
      .select()
      .from(liquidEvents)
      .where(eq(liquidEvents.entityId, entityId))
      .orderBy(asc(liquidEvents.id))
    const events = new Map((await readLedger(testDb.db, entityId, { movements: true })).map((e) => [e.id, e]))
    expect(events.size).toBe(rows.length)
    for (const row of rows) {
      const event = events.get(row.id)!
      expect(event).toMatchObject({
        kind: row.kind,
        ttbClass: row.ttbClass,
        volumeBbl: row.volumeBbl,
        reason: row.reason,
        occurredAt: row.occurredAt.toISOString(),
        recordedAt: row.recordedAt.toISOString(),
        supersedesId: row.supersedesId,
        details: row.details,
        batchId: row.batchId,
        fromVesselId: row.fromVesselId,
        toVesselId: row.toVesselId,
      })
    }
    expect(isoOf('2026-07-31T23:59:59.999999')).toBe('2026-07-31T23:59:59.999Z')
    expect(isoOf('2026-08-01T05:30:00.12')).toBe('2026-08-01T05:30:00.120Z')
    expect(isoOf('2026-08-01T05:30:00')).toBe('2026-08-01T05:30:00.000Z')
  })

  it('reads in booking order: happened, then recorded to the microsecond, then id', async () => {
    const events = await readLedger(testDb.db, entityId)
    const result: unknown = await testDb.db.execute(
      sql`select id from liquid_events where entity_id = ${entityId} order by occurred_at, recorded_at, id`,
    )
    const { rows } = result as { rows: { id: string }[] }
    expect(events.map((e) => e.id)).toEqual(rows.map((r) => r.id))
  })

  it('answers every report of every period from the restricted read exactly as from the whole ledger', async () => {
    const whole = await readLedger(testDb.db, entityId)
    for (const key of PERIODS) {
      const period = parsePeriod(key)!
      const part = await readLedger(testDb.db, entityId, { before: booksEnd(period) })
      // The read is restricted: fewer events for the periods before the ledger's last month.
      if (booksEnd(period) < '2026-09-01') expect(part.length, key).toBeLessThan(whole.length)
      for (const timeZone of TIME_ZONES) {
        expect(reports(period, part, timeZone), `${key} in ${timeZone}`).toEqual(
          reports(period, whole, timeZone),
        )
      }
    }
  })

  it('keeps the events supersession ties to the period, however late', async () => {
    const july = await readLedger(testDb.db, entityId, { before: booksEnd(parsePeriod('2026-07')!) })
    const bound = boundOf('2026-08-01')
    const late = july.filter((e) => e.occurredAt >= bound && e.recordedAt >= bound)
    const superseded = new Set(july.map((e) => e.supersedesId))
    // The December event is read for July (its correction books its reversal there), and every event read from
    // past the bound is a correction or corrected.
    expect(late.map((e) => e.occurredAt)).toContain('2026-12-05T12:00:00.000Z')
    expect(late.every((e) => e.supersedesId !== null || superseded.has(e.id))).toBe(true)
    expect(july.some((e) => e.recordedAt === '2026-11-05T09:00:00.000Z')).toBe(true)
  })

  it("runs a report's aggregate under the parallel plan's costs, in its own transaction only (ADR 426)", async () => {
    type Costs = { rows: { tuple: string; setup: string }[] }
    const setting = sql`select current_setting('parallel_tuple_cost') as tuple,
      current_setting('parallel_setup_cost') as setup`
    const before: unknown = await testDb.db.execute(setting)
    const inside = (await underPlan(testDb.db, setting)) as Costs
    expect(inside.rows[0]).toEqual({ tuple: '0.001', setup: '100' })
    // Nothing leaks to the next statement on the connection (the pool's, or PGlite's only one): the server's own
    // settings again (PostgreSQL's defaults here).
    const after: unknown = await testDb.db.execute(setting)
    expect((after as Costs).rows[0]).toEqual({ tuple: '0.1', setup: '1000' })
    expect((after as Costs).rows[0]).toEqual((before as Costs).rows[0])
  })
})
