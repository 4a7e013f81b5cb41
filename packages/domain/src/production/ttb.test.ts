import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { barrelsToUnits, unitsToBarrels, unitsToFormBarrels } from './barrels.ts'
import { DEFAULT_TAX_SETTINGS, parsePeriod, type TaxSettings } from './reporting.schema.ts'
import { lossesByReason, productionByMonth } from './reports.ts'
import { classifyLedgerEvent, postLedger, type TtbLedgerEvent } from './ttb.ts'
import type { InventoryCount } from './ttb-books.ts'
import { exciseReturn } from './ttb-excise.ts'
import { findLine, operationsReport, type ReportLine } from './ttb-operations.ts'
import { ledgerEvent, Q3_COUNTS, Q3_EVENTS, Q3_IDS as I } from './ttb-fixture.ts'

const Q3 = parsePeriod('2026-Q3')!
const figures = (lines: ReportLine[]) => Object.fromEntries(lines.map((line) => [line.key, line.barrels]))
const ids = (line: ReportLine | null) => line!.sources.map((source) => source.id).sort()

describe('barrels', () => {
  it.each([
    ['12.5', 1_250_000],
    ['0.00001', 1],
    ['-3.25', -325_000],
    ['123456.12345', 12_345_612_345],
  ])('%s bbl is %i units', (text, units) => {
    expect(barrelsToUnits(text)).toBe(units)
    expect(barrelsToUnits(unitsToBarrels(units))).toBe(units)
  })
  it.each([
    [1_234_500, '12.35'],
    [1_234_499, '12.34'],
    [-1_234_500, '-12.35'],
    [12_655, '0.13'],
  ])('%i units show as %s on a form', (units, text) => expect(unitsToFormBarrels(units)).toBe(text))
  it('refuses more than 5 decimals', () => expect(() => barrelsToUnits('1.123456')).toThrow(RangeError))
})

describe('classifying ledger events', () => {
  it.each([
    ['brewed', 'produced', 'produced'],
    ['brewed', '', 'produced'],
    ['transferred', 'none', null],
    ['packaged', '', null],
    ['sampled', '', 'consumedOnPremises'],
    ['dumped', '', 'destroyed'],
    ['lost', '', 'losses'],
    ['removed', 'Removed-Taxpaid', 'removedTaxpaid'],
    ['removed', 'removed_without_tax', 'removedWithoutTax'],
    ['anything', 'received_in_bond', 'receivedInBond'],
    ['anything', 'mystery', 'unclassified'],
    // The cellar's spellings (packages/domain/src/production/liquid-ledger.ts on its branch).
    ['transferred', 'internal', null],
    ['packaged', 'packaged', null],
    ['sampled', 'consumed-on-premises', 'consumedOnPremises'],
    ['lost', 'losses', 'losses'],
    ['removed', 'removed-taxpaid', 'removedTaxpaid'],
    ['mystery', '', 'unclassified'],
  ])('%s with class "%s" is %s', (kind, ttbClass, line) =>
    expect(classifyLedgerEvent({ kind, ttbClass })).toBe(line),
  )
})

describe('the seeded quarter 2026-Q3', () => {
  const postings = postLedger(Q3_EVENTS)

  it('gives every TTB F 5130.26 line the hand-computed figure', () => {
    const report = operationsReport('5130.26', Q3, postings, Q3_COUNTS)
    expect(figures(report.lines)).toEqual({
      onHandStart: '20.00', // the June brew
      produced: '45.50', // 15.5 + 30
      receivedInBond: '5.00',
      returned: '0.50',
      overage: '0.05', // September: counted 28.8, books 28.75
      blank6: '0.00',
      blank7: '0.00',
      totalAdditions: '71.05',
      priorPeriodAdjustments: '0.00',
      removedTaxpaid: '37.62', // 10 + 5.12345 + 2.5 (the correction, not the 3) + 20 = 37.62345
      removedWithoutTax: '1.00',
      consumedOnPremises: '0.76', // 0.0125 + 0.75 = 0.7625
      destroyed: '2.25',
      losses: '0.49', // 0.4875
      shortage: '0.13', // August: books 44.62655, counted 44.5
      blank16: '0.00',
      onHandEnd: '28.80',
    })
    expect(report.balances).toBe(true)
    expect(findLine(report.lines, 'removedTaxpaid')!.units).toBe(3_762_345)
    expect(ids(findLine(report.lines, 'removedTaxpaid'))).toEqual(
      [I.julyRemoval, I.augustRemoval, I.augustCorrection, I.septemberRemoval].sort(),
    )
    expect(ids(findLine(report.lines, 'shortage'))).toEqual([I.augustCount])
    expect(ids(findLine(report.lines, 'overage'))).toEqual([I.septemberCount])
    expect(ids(findLine(report.lines, 'onHandStart'))).toEqual([I.juneBrew])
    expect(report.unclassified).toEqual([])
  })

  it('reconciles each month against its physical count', () => {
    const report = operationsReport('5130.26', Q3, postings, Q3_COUNTS)
    expect(
      report.reconciliation.map((month) => [month.month, month.bookEndUnits, month.physicalUnits]),
    ).toEqual([
      ['2026-07', 2_500_000, 2_500_000],
      ['2026-08', 4_462_655, 4_450_000],
      ['2026-09', 2_875_000, 2_880_000],
    ])
    expect(report.reconciliation[1]).toMatchObject({
      shortageUnits: 12_655,
      overageUnits: 0,
      explained: true,
    })
    expect(report.reconciliation[2]).toMatchObject({ overageUnits: 5_000, endUnits: 2_880_000 })
    for (const month of report.reconciliation) {
      expect(month.startUnits + month.additionsUnits - month.removalsUnits).toBe(month.bookEndUnits)
    }
  })

  it('gives the monthly TTB F 5130.9 for August, the kegs racked in their column', () => {
    const report = operationsReport('5130.9', parsePeriod('2026-08')!, postings, Q3_COUNTS)
    expect(figures(report.lines)).toMatchObject({
      onHandStart: '25.00',
      produced: '30.00',
      receivedFromCellars: '10.00',
      returned: '0.50',
      racked: '10.00',
      totalAdditions: '75.50', // 25 + 30 + 10 + 0.5 + 10
      removedTaxpaid: '7.62',
      export: '1.00',
      destroyed: '2.25',
      transferredForRacking: '10.00',
      rackedOut: '10.00',
      shortage: '0.13',
      onHandEnd: '44.50',
      totalRemovals: '75.50',
    })
    expect(findLine(report.lines, 'onHandEndKeg')!.barrels).toBe('10.00')
    expect(findLine(report.lines, 'onHandEndCellar')!.barrels).toBe('20.00')
    expect(findLine(report.lines, 'onHandEndCase')!.barrels).toBe('14.50')
    expect(report.balances).toBe(true)
  })

  it('computes the excise return TTB F 5000.24 at the reduced rate, not taxing beer consumed on premises', () => {
    const excise = exciseReturn(Q3, postings, Q3_COUNTS, DEFAULT_TAX_SETTINGS)
    expect(figures(excise.lines)).toEqual({
      removedTaxpaid: '37.62',
      unexplainedShortage: '0.00', // August's shortage is bulk beer
      returned: '0.50',
      netTaxable: '37.12', // 37.62345 − 0.5 = 37.12345
      reduced: '37.12',
      standard: '0.00',
      full: '0.00',
    })
    expect(excise.taxCents).toBe(12_992) // 37.12 × $3.50 = $129.92
  })

  it('taxes a packaged shortage its explanations do not cover, and never a bulk one', () => {
    // August: 0.10 bbl of kegs short besides the bulk shortage; 0.04 of it explained as breakage.
    const short = Q3_COUNTS.map((count) =>
      count.month === '2026-08' ? { ...count, kegBbl: '9.90000', note: '' } : count,
    )
    const unexplained = exciseReturn(Q3, postLedger(Q3_EVENTS), short, DEFAULT_TAX_SETTINGS)
    expect(findLine(unexplained.lines, 'unexplainedShortage')!.units).toBe(10_000)
    const explained = short.map((count) =>
      count.month === '2026-08'
        ? {
            ...count,
            explanations: [{ cause: 'breakage' as const, stage: 'packaged' as const, barrels: '0.04' }],
          }
        : count,
    )
    const excise = exciseReturn(Q3, postLedger(Q3_EVENTS), explained, DEFAULT_TAX_SETTINGS)
    expect(findLine(excise.lines, 'unexplainedShortage')!.units).toBe(6_000)
    expect(findLine(excise.lines, 'netTaxable')!.units).toBe(3_712_345 + 6_000)
  })

  it('lists production by month and product, and losses by reason', () => {
    expect(
      productionByMonth(Q3, postings).map((row) => [row.month, row.product, row.brewedBbl, row.packagedBbl]),
    ).toEqual([
      ['2026-07', 'Hazy Daze', '15.50000', '14.50000'],
      ['2026-08', 'Pils', '30.00000', '10.00000'],
    ])
    expect(lossesByReason(Q3, postings).map((row) => [row.reason, row.barrels])).toEqual([
      ['Infected', '2.25000'],
      ['Taproom', '0.75000'],
      ['Trub and yeast', '0.48750'],
      ['QA tasting', '0.01250'],
    ])
  })
})

describe('corrections after a close', () => {
  const closedQ3 = { from: Q3.from, to: Q3.to, closedAt: '2026-10-05T09:00:00.000Z' }
  const correction: TtbLedgerEvent = {
    ...Q3_EVENTS.find((event) => event.id === I.septemberRemoval)!,
    id: '00000000-0000-4000-8000-000000000018',
    volumeBbl: '18.00000',
    supersedesId: I.septemberRemoval,
    recordedAt: '2026-10-10T08:00:00.000Z',
  }
  const postings = postLedger([...Q3_EVENTS, correction], [closedQ3])

  it('leaves the closed quarter as it was closed', () => {
    const report = operationsReport('5130.26', Q3, postings, Q3_COUNTS)
    expect(findLine(report.lines, 'removedTaxpaid')!.barrels).toBe('37.62')
  })

  it('books the correction on line 9 of the next quarter, with remarks: the reversal and the new figure', () => {
    const report = operationsReport('5130.26', parsePeriod('2026-Q4')!, postings, Q3_COUNTS)
    expect(findLine(report.lines, 'removedTaxpaid')!.units).toBe(0)
    const adjustments = findLine(report.lines, 'priorPeriodAdjustments')!
    expect(adjustments.units).toBe(200_000)
    expect(adjustments.sources.map((source) => [source.type, source.units, source.adjustment])).toEqual([
      ['reversal', 2_000_000, true],
      ['event', -1_800_000, true],
    ])
    expect(report.remarks[0]).toMatch(/^Line 9: 20.00 bbl \(removedTaxpaid\), reverses removed/)
    expect(report.balances).toBe(true)
    expect(findLine(report.lines, 'onHandStart')!.barrels).toBe('28.80')
    expect(findLine(report.lines, 'onHandEnd')!.barrels).toBe('30.80')
  })

  it('drops a superseded event while its period is open', () => {
    const open = postLedger([...Q3_EVENTS, correction])
    const report = operationsReport('5130.26', Q3, open, Q3_COUNTS)
    expect(findLine(report.lines, 'removedTaxpaid')!.units).toBe(3_562_345)
  })
})

describe("periods cut at midnight in the brewery's time zone", () => {
  // A brewery in Portland, Oregon brews on the evening of 31 October (after 17:00 PDT it is November in UTC),
  // and removes beer on the evening of 30 November (after 16:00 PST).
  const pale = { productName: 'Pale' }
  const events = [
    ledgerEvent(
      '00000000-0000-4000-8000-0000000000a1',
      '2026-11-01T03:30:00.000Z',
      'brewed',
      'produced',
      '10.00000',
      pale,
    ),
    ledgerEvent(
      '00000000-0000-4000-8000-0000000000a2',
      '2026-12-01T02:00:00.000Z',
      'removed',
      'removed-taxpaid',
      '4.00000',
      pale,
    ),
  ]
  const october = parsePeriod('2026-10')!
  const november = parsePeriod('2026-11')!

  it('books the evening brew in October and the evening removal in November where the brewery is', () => {
    const local = postLedger(events, [], 'America/Los_Angeles')
    expect(local.map((posting) => posting.bookedOn)).toEqual(['2026-10-31', '2026-11-30'])
    expect(findLine(operationsReport('5130.9', october, local, []).lines, 'produced')!.barrels).toBe('10.00')
    const nov = operationsReport('5130.9', november, local, [])
    expect(findLine(nov.lines, 'onHandStart')!.barrels).toBe('10.00')
    expect(findLine(nov.lines, 'removedTaxpaid')!.barrels).toBe('4.00')
    expect(productionByMonth(october, local).map((row) => [row.month, row.brewedBbl])).toEqual([
      ['2026-10', '10.00000'],
    ])
  })

  it('books them a month later in UTC, as before a time zone was chosen', () => {
    const utc = postLedger(events)
    expect(utc.map((posting) => posting.bookedOn)).toEqual(['2026-11-01', '2026-12-01'])
    expect(findLine(operationsReport('5130.9', october, utc, []).lines, 'produced')!.units).toBe(0)
    expect(findLine(operationsReport('5130.9', november, utc, []).lines, 'removedTaxpaid')!.units).toBe(0)
  })

  it('reads a closed month in the same time zone when a correction comes later', () => {
    const closedOctober = { from: october.from, to: october.to, closedAt: '2026-11-05T17:00:00.000Z' }
    const correction = {
      ...events[0],
      id: '00000000-0000-4000-8000-0000000000a3',
      volumeBbl: '9.50000',
      supersedesId: events[0].id,
      recordedAt: '2026-11-06T17:00:00.000Z',
    }
    const postings = postLedger([...events, correction], [closedOctober], 'America/Los_Angeles')
    expect(findLine(operationsReport('5130.9', october, postings, []).lines, 'produced')!.barrels).toBe(
      '10.00',
    )
    const produced = findLine(operationsReport('5130.9', november, postings, []).lines, 'specialAdditions')!
    expect(produced.sources.map((source) => [source.units, source.adjustment])).toEqual([
      [-1_000_000, true],
      [950_000, true],
    ])
  })
})

describe('the excise tiers', () => {
  const removal = (id: string, day: string, volumeBbl: string): TtbLedgerEvent => ({
    id,
    kind: 'removed',
    ttbClass: 'removed_taxpaid',
    volumeBbl,
    reason: '',
    occurredAt: `2026-${day}T10:00:00.000Z`,
    recordedAt: `2026-${day}T10:00:00.000Z`,
    supersedesId: null,
  })
  const brewed = { ...removal('b', '01-01', '7000000'), kind: 'brewed', ttbClass: 'produced' }
  const tax = (settings: Partial<TaxSettings>, events: TtbLedgerEvent[], period = '2026-Q3') =>
    exciseReturn(parsePeriod(period)!, postLedger([brewed, ...events]), [], {
      ...DEFAULT_TAX_SETTINGS,
      ...settings,
    })

  it('splits a removal across the edge of a controlled group share of the reduced rate', () => {
    // Half of 60,000 barrels: 29,990 removed in June, then 20 in July — 10 at $3.50 and 10 at $16.
    const excise = tax({ controlledGroupShareBasisPoints: 5_000 }, [
      removal('june', '06-15', '29990'),
      removal('july', '07-15', '20'),
    ])
    expect(excise.yearToDateBeforeUnits).toBe(2_999_000_000)
    expect(excise.tiers.map((tier) => [tier.key, tier.line.barrels, tier.taxCents])).toEqual([
      ['reduced', '10.00', 3_500],
      ['standard', '10.00', 16_000],
      ['full', '0.00', 0],
    ])
    expect(excise.taxCents).toBe(19_500)
    expect(excise.tiers[0].line.sources.map((source) => source.id)).toEqual(['july'])
  })

  it('taxes a brewer not eligible for the reduced rate at $16, and at $18 beyond 6 million barrels', () => {
    const excise = tax({ reducedRateEligible: false }, [
      removal('h1', '05-15', '5999999.5'),
      removal('q3', '07-15', '1.5'),
    ])
    expect(excise.tiers.map((tier) => [tier.key, tier.line.barrels, tier.taxCents])).toEqual([
      ['reduced', '0.00', 0],
      ['standard', '0.50', 800],
      ['full', '1.00', 1_800],
    ])
  })

  it('starts a calendar year afresh', () => {
    const excise = tax({}, [removal('last-year', '01-10', '1')], '2027-Q1')
    expect(excise.yearToDateBeforeUnits).toBe(0)
  })
})

describe('drill-downs (property)', () => {
  const KINDS = [
    ['brewed', 'produced'],
    ['transferred', 'none'],
    ['packaged', 'none'],
    ['sampled', ''],
    ['dumped', 'destroyed'],
    ['lost', 'loss'],
    ['removed', 'removed_taxpaid'],
    ['removed', 'removed_without_tax'],
    ['returned', 'returned'],
    ['received', 'received_in_bond'],
    ['sampled', 'consumed_on_premises'],
  ] as const
  const eventArb = fc.record({
    kind: fc.constantFrom(...KINDS),
    units: fc.integer({ min: 1, max: 5_000_000_00 }),
    day: fc.integer({ min: 0, max: 364 }),
    lateDays: fc.integer({ min: 0, max: 60 }),
  })
  const ledgerArb = fc
    .tuple(
      fc.array(eventArb, { minLength: 1, maxLength: 40 }),
      fc.array(fc.nat(), { maxLength: 6 }),
      fc.array(
        fc.record({
          month: fc.integer({ min: 1, max: 12 }),
          units: fc.integer({ min: 0, max: 9_000_000_00 }),
          explained: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
      fc.option(fc.integer({ min: 1, max: 4 })),
    )
    .map(([drafts, supersede, countDrafts, closedQuarter]) => {
      const instant = (day: number) => new Date(Date.UTC(2026, 0, 1 + day, 12)).toISOString()
      const events: TtbLedgerEvent[] = drafts.map((draft, index) => ({
        id: `e${index}`,
        kind: draft.kind[0],
        ttbClass: draft.kind[1],
        volumeBbl: unitsToBarrels(draft.units),
        reason: index % 3 === 0 ? 'Spill' : '',
        occurredAt: instant(draft.day),
        recordedAt: instant(draft.day + draft.lateDays),
        supersedesId: null,
      }))
      for (const pick of supersede) {
        const target = events[pick % events.length]
        if (events.some((event) => event.supersedesId === target.id)) continue
        events.push({
          ...target,
          id: `c${events.length}`,
          volumeBbl: unitsToBarrels(1 + (pick % 1_000_000)),
          supersedesId: target.id,
          recordedAt: instant(300),
        })
      }
      const counts: InventoryCount[] = []
      for (const draft of countDrafts) {
        const month = `2026-${String(draft.month).padStart(2, '0')}`
        if (!counts.some((count) => count.month === month)) {
          counts.push({
            id: `n${draft.month}`,
            month,
            bulkBbl: unitsToBarrels(draft.units),
            kegBbl: unitsToBarrels(Math.floor(draft.units / 3)),
            caseBbl: '0',
            note: '',
            explanations: draft.explained ? [{ cause: 'breakage', stage: 'packaged', barrels: '1' }] : [],
          })
        }
      }
      const closed = closedQuarter
        ? [{ ...parsePeriod(`2026-Q${closedQuarter}`)!, closedAt: instant(closedQuarter * 91 + 5) }]
        : []
      return { events, counts, closed }
    })

  it('every line of every report equals the sum of its drill-down, and the books balance', () => {
    fc.assert(
      fc.property(ledgerArb, ({ events, counts, closed }) => {
        const postings = postLedger(events, closed)
        const volumes = new Map(events.map((event) => [event.id, barrelsToUnits(event.volumeBbl)]))
        let previousEnd = 0
        for (const quarter of ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']) {
          const period = parsePeriod(quarter)!
          const report = operationsReport('5130.26', period, postings, counts)
          const excise = exciseReturn(period, postings, counts, DEFAULT_TAX_SETTINGS)
          for (const line of [...report.lines, ...excise.lines]) {
            expect(line.sources.reduce((total, source) => total + source.units, 0)).toBe(line.units)
          }
          const flowLines = report.lines.filter(
            (line) =>
              ![
                'onHandStart',
                'onHandEnd',
                'totalAdditions',
                'priorPeriodAdjustments',
                'overage',
                'shortage',
              ].includes(line.key),
          )
          for (const source of flowLines.flatMap((line) => line.sources)) {
            // An event counts its own volume; a reversal takes back exactly the superseded event's.
            const expected =
              source.type === 'reversal' ? -volumes.get(source.reversalOf!)! : volumes.get(source.id)!
            expect(source.units).toBe(expected)
          }
          expect(report.balances).toBe(true)
          const monthly = operationsReport('5130.9', period, postings, counts)
          expect(monthly.balances).toBe(true)
          for (const line of monthly.lines) {
            const cells = Object.values(line.cells ?? {})
            expect(cells.reduce((total, cell) => total + cell.units, 0)).toBe(line.units)
          }
          expect(findLine(report.lines, 'onHandStart')!.units).toBe(previousEnd)
          previousEnd = findLine(report.lines, 'onHandEnd')!.units
          const tiers = excise.tiers.reduce((total, tier) => total + tier.line.units, 0)
          // The tiers cover the year's taxable barrels from zero up: a period that nets below zero (more
          // returned than removed) is a claim, taxed in no tier.
          const start = excise.yearToDateBeforeUnits
          const net = findLine(excise.lines, 'netTaxable')!.units
          expect(tiers).toBe(Math.max(0, start + net) - Math.max(0, start))
        }
      }),
      { numRuns: 150 },
    )
  }, 30_000)
})
