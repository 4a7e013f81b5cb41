import { booksEnd, DEFAULT_TAX_SETTINGS, parsePeriod, type TtbLedgerEvent } from '@brewcommand/domain'
import { Q3_EVENTS } from '@brewcommand/domain/production/ttb-fixture.ts'
import { QUARTER_EVENTS } from '@brewcommand/domain/production/ttb-quarter-fixture.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import { reportPeriods } from '../../db/schema/reporting.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { seedBrewery } from '../../testing/ledger-seed.ts'
import { insertLedgerEvent, seedReportingQuarter } from '../../testing/reporting-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { readLedgerSummary } from './ledger-summary.ts'
import { summarisedReport } from './report-summary.ts'
import { countOf, createReportingRepository, spanOf } from './reporting.repository.ts'
import { createReportingService } from './reporting.service.ts'

// ADR 402: the TTB reports' figures from the summarised ledger (plainly booked events summed in SQL by day, kind,
// class, reason and the details the line mapping reads), and the production and losses tables from the events of
// their lines only, are the event-by-event books' figures and tables, on a ledger
// that has everything that could tell them apart: both TTB fixtures copied across the year (many events of one
// kind a day), corrections (one recorded late, a chain of two, one of an event in a closed month), events recorded
// after their month closed, a loss in a closed month corrected as a sale, samples with and without a purpose,
// prior-period adjustments, an unknown class, a removal without tax and without a reason,
// losses of two reasons at one instant, instants with microseconds and at the bounds' midnights, a `packageType`
// that is null, tavern removals, a negative volume, and removals that carry the year across the 60,000-barrel rate
// tier on one day; in four time zones.

const MONTHS = [
  // Before the brewery's first event: nothing to sum (the books end before it).
  '2025-11',
  '2026-05',
  '2026-06',
  '2026-07',
  '2026-08',
  '2026-09',
  '2026-10',
  '2026-11',
  '2026-12',
  '2027-01',
]
const QUARTERS = ['2025-Q4', '2026-Q2', '2026-Q3', '2026-Q4']
const RETURNS = ['2026-07-S1', '2026-07-S2', '2026-10-S1', '2026-10-S2', '2026-Q3', '2026-Q4', '2026']
const RANGES = [
  { from: '2026-01', to: '2026-12' },
  { from: '2026-07', to: '2026-07' },
  { from: '2026-08', to: '2026-10' },
  { from: '2026-12', to: '2027-01' },
]
const TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Etc/GMT+12']
const WEEK = 7 * 24 * 3600 * 1000

/** A fixture's events moved by whole weeks, with ids of their own (a correction's follows its mistake's). */
const shifted = (events: readonly TtbLedgerEvent[], weeks: number, tag: string) =>
  events.map((event) => {
    const move = (iso: string) => new Date(Date.parse(iso) + weeks * WEEK).toISOString()
    return {
      ...event,
      id: `${event.id}#${tag}`,
      supersedesId: event.supersedesId ? `${event.supersedesId}#${tag}` : null,
      occurredAt: move(event.occurredAt),
      recordedAt: move(event.recordedAt),
    }
  })

describe.each(TEST_DATABASES)('the TTB reports from the summarised ledger on %s (ADR 402)', (kind) => {
  let testDb: TestDb
  let tenant: Tenant

  const at = (iso: string) => new Date(iso)

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    const db = testDb.db
    tenant = await seedBrewery(db, 'Admin')
    const { entityId } = tenant
    const q3 = await seedReportingQuarter(db, entityId)
    await seedReportingQuarter(db, entityId, { counts: false, events: QUARTER_EVENTS })
    // The fixtures again, a week to nine weeks on and before: many events of one kind, class and day.
    for (const weeks of [-9, -4, -4, -3, 1, 1, 1, 2, 5, 9]) {
      const tag = String(Math.random())
      await seedReportingQuarter(db, entityId, { counts: false, events: shifted(Q3_EVENTS, weeks, tag) })
      await seedReportingQuarter(db, entityId, { counts: false, events: shifted(QUARTER_EVENTS, weeks, tag) })
    }
    // August closed on September 5th, December on the 8th.
    await db.insert(reportPeriods).values(
      [
        ['2026-08', '2026-08-01', '2026-09-01', '2026-09-05T00:00:00.000Z'],
        ['2026-12', '2026-12-01', '2027-01-01', '2026-12-08T00:00:00.000Z'],
      ].map(([period, fromDate, toDate, closedAt]) => ({
        id: crypto.randomUUID(),
        entityId,
        report: '5000.24',
        period,
        fromDate,
        toDate,
        snapshot: {},
        contentHash: 'seed',
        closedAt: new Date(closedAt),
        closedBy: tenant.userId,
      })),
    )
    const [first] = Q3_EVENTS
    // A correction of a July event recorded in November.
    await insertLedgerEvent(db, entityId, {
      kind: first.kind,
      ttbClass: first.ttbClass,
      volumeBbl: '18.50000',
      supersedesId: q3[first.id],
      occurredAt: at(first.occurredAt),
      recordedAt: at('2026-11-05T09:00:00.000Z'),
    })
    // An August removal corrected after August closed, the correction corrected again.
    const august = await insertLedgerEvent(db, entityId, {
      occurredAt: at('2026-08-20T12:00:00.000Z'),
      recordedAt: at('2026-08-20T12:00:00.000Z'),
      volumeBbl: '3.00000',
    })
    const again = await insertLedgerEvent(db, entityId, {
      supersedesId: august,
      volumeBbl: '2.00000',
      occurredAt: at('2026-09-12T12:00:00.000Z'),
      recordedAt: at('2026-09-10T12:00:00.000Z'),
    })
    await insertLedgerEvent(db, entityId, {
      supersedesId: again,
      volumeBbl: '2.25000',
      occurredAt: at('2026-09-12T12:00:00.000Z'),
      recordedAt: at('2026-09-20T12:00:00.000Z'),
    })
    // A December removal, its month closed, corrected on the 10th as having happened on July 20.
    const december = await insertLedgerEvent(db, entityId, {
      occurredAt: at('2026-12-05T12:00:00.000Z'),
      recordedAt: at('2026-12-05T12:00:00.000Z'),
      volumeBbl: '2.00000',
    })
    await insertLedgerEvent(db, entityId, {
      supersedesId: december,
      volumeBbl: '2.50000',
      occurredAt: at('2026-07-20T12:00:00.000Z'),
      recordedAt: at('2026-12-10T12:00:00.000Z'),
    })
    // A loss of closed August corrected after the close as a sale; samples with no class, for the lab and not.
    const spill = await insertLedgerEvent(db, entityId, {
      kind: 'lost',
      ttbClass: 'loss',
      reason: 'Spill',
      volumeBbl: '0.60000',
      occurredAt: at('2026-08-11T12:00:00.000Z'),
      recordedAt: at('2026-08-11T12:00:00.000Z'),
    })
    await insertLedgerEvent(db, entityId, {
      kind: 'removed',
      ttbClass: 'removed_taxpaid',
      reason: 'Not a spill: sold',
      supersedesId: spill,
      volumeBbl: '0.60000',
      occurredAt: at('2026-08-11T12:00:00.000Z'),
      recordedAt: at('2026-09-15T12:00:00.000Z'),
    })
    for (const details of [{ purpose: 'lab' }, {}, { purpose: 'lab' }]) {
      await insertLedgerEvent(db, entityId, {
        kind: 'sampled',
        ttbClass: '',
        details,
        volumeBbl: '0.01000',
        occurredAt: at('2026-07-08T15:00:00.000Z'),
        recordedAt: at('2026-07-08T15:00:00.000Z'),
      })
    }
    // Recorded after August closed; carried forward by the write path; an unknown class and removals without a
    // reason in January 2027; losses of two reasons at one instant; tavern removals; a negative volume.
    await insertLedgerEvent(db, entityId, {
      kind: 'lost',
      ttbClass: 'loss',
      reason: 'Late spill',
      volumeBbl: '0.30000',
      occurredAt: at('2026-08-25T12:00:00.000Z'),
      recordedAt: at('2026-09-07T12:00:00.000Z'),
    })
    await insertLedgerEvent(db, entityId, {
      volumeBbl: '1.10000',
      details: {
        priorPeriodAdjustment: { originalOccurredAt: '2026-06-30T12:00:00.000Z', remark: 'Missed' },
      },
      occurredAt: at('2026-07-03T12:00:00.000Z'),
      recordedAt: at('2026-07-03T12:00:00.000Z'),
    })
    for (const [kindOf, ttbClass, details] of [
      ['moved', 'mystery', {}],
      ['removed', 'removed_without_tax', {}],
      ['removed', 'removed_without_tax', {}],
    ] as const) {
      await insertLedgerEvent(db, entityId, {
        kind: kindOf,
        ttbClass,
        details,
        volumeBbl: '0.20000',
        occurredAt: at('2027-01-12T12:00:00.000Z'),
        recordedAt: at('2027-01-12T12:00:00.000Z'),
      })
    }
    for (const reason of ['Spill', 'Hose burst', 'Spill']) {
      await insertLedgerEvent(db, entityId, {
        kind: 'lost',
        ttbClass: 'loss',
        reason,
        volumeBbl: '0.10000',
        occurredAt: at('2026-10-14T09:00:00.000Z'),
        recordedAt: at('2026-10-14T09:00:00.000Z'),
      })
    }
    for (const details of [{ tavern: true }, { purpose: 'tavern' }, { packageType: null, tavern: true }]) {
      await insertLedgerEvent(db, entityId, {
        details,
        volumeBbl: '0.40000',
        occurredAt: at('2026-07-22T18:00:00.000Z'),
        recordedAt: at('2026-07-22T18:00:00.000Z'),
      })
    }
    await insertLedgerEvent(db, entityId, {
      volumeBbl: '-0.50000',
      occurredAt: at('2026-07-23T18:00:00.000Z'),
      recordedAt: at('2026-07-23T18:00:00.000Z'),
    })
    // 62,000 barrels removed on October 20th, in pieces: the year crosses the reduced rate's 60,000 that day.
    for (let i = 0; i < 4; i++) {
      await insertLedgerEvent(db, entityId, {
        volumeBbl: '15500.00000',
        occurredAt: at(`2026-10-20T1${i}:00:00.000Z`),
        recordedAt: at(`2026-10-20T1${i}:00:00.000Z`),
      })
    }
    // Microseconds, and the bounds' midnights.
    await db.execute(sql`insert into liquid_events (id, entity_id, kind, volume_bbl, ttb_class, occurred_at, recorded_at)
      values (gen_random_uuid(), ${entityId}, 'removed', 0.5, 'removed_taxpaid',
        '2026-07-31 23:59:59.999999+00', '2026-08-01 00:00:00.000501+00'),
      (gen_random_uuid(), ${entityId}, 'lost', 0.25, 'loss', '2026-08-01 05:30:00.12+00', '2026-08-01 05:30:00.12+00'),
      (gen_random_uuid(), ${entityId}, 'lost', 0.125, 'loss', '2026-07-31 11:00:00+00', '2026-08-02 00:00:00+00'),
      (gen_random_uuid(), ${entityId}, 'removed', 0.75, 'removed_taxpaid', '2026-09-30 10:00:00+00',
        '2026-09-30 10:00:00+00'),
      (gen_random_uuid(), ${entityId}, 'removed', 0.75, 'removed_taxpaid', '2026-10-01 12:00:00+00',
        '2026-10-01 12:00:00+00')`)
  })

  afterAll(async () => {
    await testDb?.client.close()
  })

  const service = (summarise: boolean) =>
    createReportingService(testDb.db, {
      costs: { costReport: () => Promise.reject(new Error('unused')) },
      summarise,
    })

  async function inZone(timeZone: string) {
    await createReportingRepository(testDb.db).saveTaxSettings(
      tenant.entityId,
      { ...DEFAULT_TAX_SETTINGS, timeZone },
      tenant.userId,
    )
  }

  it.each(TIME_ZONES)(
    'answers every report exactly as the event-by-event books in %s',
    async (timeZone) => {
      await inZone(timeZone)
      const summarised = service(true)
      const booked = service(false)
      for (const month of MONTHS) {
        expect(await summarised.operations(tenant, '5130.9', month), month).toEqual(
          await booked.operations(tenant, '5130.9', month),
        )
      }
      for (const quarter of QUARTERS) {
        expect(await summarised.operations(tenant, '5130.26', quarter), quarter).toEqual(
          await booked.operations(tenant, '5130.26', quarter),
        )
      }
      for (const period of RETURNS) {
        expect(await summarised.excise(tenant, period), period).toEqual(await booked.excise(tenant, period))
      }
      for (const range of RANGES) {
        const label = `${range.from}…${range.to}`
        expect(await summarised.production(tenant, range), label).toEqual(
          await booked.production(tenant, range),
        )
        expect(await summarised.losses(tenant, range), label).toEqual(await booked.losses(tenant, range))
      }
    },
    120_000,
  )

  it('sums the plainly booked events, and books every event where the summary could not be exact', async () => {
    await inZone('America/Los_Angeles')
    const repo = createReportingRepository(testDb.db)
    const [closed, counts, settings] = await Promise.all([
      repo.closedPeriods(tenant.entityId),
      repo.counts(tenant.entityId),
      repo.taxSettings(tenant.entityId),
    ])
    const spans = closed.map(spanOf)
    const figures = async (report: '5130.9' | '5130.26' | '5000.24', key: string) => {
      const period = parsePeriod(key)!
      const read = () =>
        readLedgerSummary(testDb.db, tenant.entityId, {
          before: booksEnd(period),
          closed: spans,
          timeZone: settings.timeZone,
        })
      return summarisedReport(read, report, period, { spans, counts: counts.map(countOf), settings })
    }
    const july = await readLedgerSummary(testDb.db, tenant.entityId, {
      before: '2026-08-01',
      closed: spans,
      timeZone: settings.timeZone,
    })
    const weights = july!.events.map((event) => event.weight ?? 1)
    // Fewer events than the ledger's: those of one kind, class and day summed (three copies of a week's fixture).
    expect(july!.events.length).toBeLessThan(weights.reduce((a, b) => a + b, 0) * 0.75)
    expect(Math.max(...weights)).toBeGreaterThanOrEqual(3)
    expect(await figures('5130.9', '2026-07')).not.toBeNull()
    expect(await figures('5130.26', '2026-Q3')).not.toBeNull()
    // The rate tier is crossed on October 20th: that day is read event by event, the rest stays summed.
    expect(await figures('5000.24', '2026-Q4')).not.toBeNull()
    expect(await figures('5000.24', '2026')).not.toBeNull()
    // January 2027 lists an unclassified event and removals without a reason by name: booked event by event.
    expect(await figures('5130.9', '2027-01')).toBeNull()
    // October's losses of two reasons at one instant come in an order only the events give.
    expect(await figures('5130.9', '2026-10')).toBeNull()
  })
})
