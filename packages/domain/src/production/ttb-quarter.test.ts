import { describe, expect, it } from 'vitest'
import { DEFAULT_TAX_SETTINGS, parsePeriod } from './reporting.schema.ts'
import { exciseReturn } from './ttb-excise.ts'
import { COLUMNS, findLine, operationsReport, type ReportLine } from './ttb-operations.ts'
import { QUARTER_COUNTS, QUARTER_EVENTS, QUARTER_IDS as I } from './ttb-quarter-fixture.ts'
import { postLedger } from './ttb.ts'

/*
 * THE QUARTER TEST (issue 33): 2026-Q3 of ttb-quarter-fixture.ts through the three forms, every line against
 * figures computed by hand from the form instructions (docs/decisions/235-which-event-lands-on-which-line.md).
 *
 * Events (bbl, 5 decimals as in the ledger):
 *   brewed   Pale 3.10000 (FV1, 07-02), Pils 3.05000 (FV2, 07-09), Stout 2.90000 (FV3, 08-03)   produced 9.05000
 *   sampled  lab sample 0.01000 from FV1 (research-testing, 27 CFR 25.195)
 *   transfer FV1 → BT1 3.00000 (internal), transfer loss 0.09000 (FV1 now 3.10 − 0.01 − 3.00 − 0.09 = 0)
 *   dumped   0.40000 from FV2 (destroyed)
 *   packaged from BT1: 2 × 1/2 BBL = 1.00000 (keg), 3 × 1/6 BBL = 0.50001 (keg), 120 × 16 oz = 0.48387 (can)
 *   lost     0.05000 leak on BT1
 *   removed  taxpaid: 1 × 1/2 BBL 0.50000 + 2 × 1/6 BBL 0.33334 (The Tap Room), 48 cans 0.19355 (Corner Bottle Shop)
 *   removed  without tax, export: 24 cans 0.09677
 *   lost     breakage: 1 can 0.00403
 * Book on hand at 09-30, by stage:
 *   bulk  FV2 3.05 − 0.40 = 2.65; FV3 2.90; BT1 3.00 − 1.98388 − 0.05 = 0.96612          → 6.51612
 *   kegs  1.00000 + 0.50001 − 0.50000 − 0.33334                                          → 0.66667
 *   cases 0.48387 − 0.19355 − 0.09677 − 0.00403                                          → 0.18952
 * September count: bulk 6.50000 (short 0.01612), kegs 0.66667 (even), cases 45 cans 0.18145 (short 0.00807,
 * of which breakage 0.00403 explained, 0.00404 not).
 *
 * TTB F 5130.26 (Part 1; line 8 = 1…7; line 17 = 8 + 9 − (10…16)):
 *   1 0.00 · 2 9.05 · 3 0.00 · 4 0.00 · 5 0.00 · 6 0.00 · 7 0.00 · 8 9.05 · 9 0.00
 *   10 removed for consumption or sale 0.50000 + 0.33334 + 0.19355 = 1.02689 → 1.03
 *   11 removed without payment of tax (subpart L): lab 0.01000 + export 0.09677 = 0.10677 → 0.11
 *   12 0.00 · 13 destroyed 0.40 · 14 losses 0.09 + 0.05 + 0.00403 = 0.14403 → 0.14
 *   15 shortage 0.01612 + 0.00807 = 0.02419 → 0.02 · 16 0.00
 *   17 counted 6.50000 + 0.66667 + 0.18145 = 7.34812 → 7.35
 *      check: 9.05000 − (1.02689 + 0.10677 + 0.40000 + 0.14403 + 0.02419 = 1.70188) = 7.34812;
 *      as printed: 9.05 − (1.03 + 0.11 + 0.40 + 0.14 + 0.02 = 1.70) = 7.35
 *
 * TTB F 5130.9 (quarterly; columns b cellar, c racking bulk, d keg, e bottling bulk, f case, g total):
 *   2  produced            b 9.05                                   g 9.05
 *   6  from cellars        c 1.50 (1.50001)  e 0.48                 g 1.98 (1.98388)
 *   9  racked              d 1.50                                   g 1.50
 *   10 bottled             f 0.48                                   g 0.48
 *   13 total               b 9.05  c 1.50  d 1.50  e 0.48  f 0.48   g 13.02 (13.01776)
 *   14 removed for sale    d 0.83 (0.83334)  f 0.19 (0.19355)      g 1.03
 *   16 export              f 0.10 (0.09677)                         g 0.10
 *   22 for racking         b 1.50 · 23 for bottling b 0.48 · 25 racked c 1.50 · 26 bottled e 0.48
 *   27 laboratory samples  b 0.01
 *   28 destroyed           b 0.40
 *   30 losses              b 0.14 (0.09 + 0.05)  f 0.00 (0.00403)  g 0.14
 *   31 shortage            b 0.02 (0.01612)  f 0.01 (0.00807)      g 0.02 (0.02419)
 *   33 on hand end         b 6.50  d 0.67 (0.66667)  f 0.18 (0.18145)  g 7.35
 *   34 total               b 1.50001 + 0.48387 + 0.01 + 0.40 + 0.14 + 0.01612 + 6.50 = 9.05000;
 *                          c 1.50; d 0.83334 + 0.66667 = 1.50001; e 0.48;
 *                          f 0.19355 + 0.09677 + 0.00403 + 0.00807 + 0.18145 = 0.48387; g 13.02
 *   Each column: line 13 = line 34.
 *
 * TTB F 5000.24 (quarterly filer, reduced rate, first barrels of 2026):
 *   A removed for consumption or sale 1.02689 · B unexplained packaged shortage 0.00807 − 0.00403 = 0.00404
 *   C returned 0 · D taxable 1.02689 + 0.00404 = 1.03093 → 1.03 bbl; the lab sample (0.01), the export (0.10)
 *   and the breakage are not taxed. E1 at $3.50: 1.03 × $3.50 = $3.605 → $3.61 (to the cent, halves up).
 *   Line 11 beer $3.61 · 17 $3.61 · 18 $0.00 · 19 $3.61 · 20 $0.00 · 21 $3.61.
 */

const Q3 = parsePeriod('2026-Q3')!
const figures = (lines: ReportLine[]) => Object.fromEntries(lines.map((line) => [line.key, line.barrels]))
const column = (lines: ReportLine[], key: string) =>
  Object.fromEntries(COLUMNS.map((col) => [col, findLine(lines, key)!.cells![col]!.barrels]))

describe('the quarter of issue 33', () => {
  const postings = postLedger(QUARTER_EVENTS)

  it('gives every line of TTB F 5130.26 the hand-computed figure, and balances', () => {
    const report = operationsReport('5130.26', Q3, postings, QUARTER_COUNTS)
    expect(report.lines.map((line) => line.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
    ])
    expect(figures(report.lines)).toEqual({
      onHandStart: '0.00',
      produced: '9.05',
      receivedInBond: '0.00',
      returned: '0.00',
      overage: '0.00',
      blank6: '0.00',
      blank7: '0.00',
      totalAdditions: '9.05',
      priorPeriodAdjustments: '0.00',
      removedTaxpaid: '1.03',
      removedWithoutTax: '0.11',
      consumedOnPremises: '0.00',
      destroyed: '0.40',
      losses: '0.14',
      shortage: '0.02',
      blank16: '0.00',
      onHandEnd: '7.35',
    })
    expect(findLine(report.lines, 'removedTaxpaid')!.units).toBe(102_689)
    expect(findLine(report.lines, 'removedWithoutTax')!.units).toBe(10_677)
    expect(findLine(report.lines, 'losses')!.units).toBe(14_403)
    expect(findLine(report.lines, 'shortage')!.units).toBe(2_419)
    expect(findLine(report.lines, 'onHandEnd')!.units).toBe(734_812)
    expect(
      findLine(report.lines, 'removedWithoutTax')!
        .sources.map((s) => s.id)
        .sort(),
    ).toEqual([I.labSample, I.exportCans].sort())
    expect(report.balances).toBe(true)
    expect(report.unclassified).toEqual([])
    expect(report.remarks.join('\n')).toContain('Breakage 0.00403 bbl (packaged)')
    expect(report.remarks.join('\n')).toContain('0.00404 bbl of packaged shortage unexplained')
  })

  it('gives every line of TTB F 5130.9 by column, each column balancing', () => {
    const report = operationsReport('5130.9', Q3, postings, QUARTER_COUNTS)
    expect(report.lines.map((line) => line.number)).toEqual(Array.from({ length: 34 }, (_, i) => i + 1))
    expect(figures(report.lines)).toEqual({
      onHandStart: '0.00',
      produced: '9.05',
      waterAdded: '0.00',
      receivedFromPackaging: '0.00',
      receivedInBond: '0.00',
      receivedFromCellars: '1.98',
      returned: '0.00',
      returnedSameOwnership: '0.00',
      racked: '1.50',
      bottled: '0.48',
      overage: '0.00',
      specialAdditions: '0.00',
      totalAdditions: '13.02',
      removedTaxpaid: '1.03',
      removedTavern: '0.00',
      export: '0.10',
      supplies: '0.00',
      researchTesting: '0.00',
      sameOwnership: '0.00',
      unfit: '0.00',
      consumedOnPremises: '0.00',
      transferredForRacking: '1.50',
      transferredForBottling: '0.48',
      returnedToCellars: '0.00',
      rackedOut: '1.50',
      bottledOut: '0.48',
      labSamples: '0.01',
      destroyed: '0.40',
      toDistilledSpiritsPlant: '0.00',
      losses: '0.14',
      shortage: '0.02',
      specialRemovals: '0.00',
      onHandEnd: '7.35',
      totalRemovals: '13.02',
    })
    const none = { cellar: '0.00', rackingBulk: '0.00', keg: '0.00', bottlingBulk: '0.00', case: '0.00' }
    expect(column(report.lines, 'receivedFromCellars')).toEqual({
      ...none,
      rackingBulk: '1.50',
      bottlingBulk: '0.48',
    })
    expect(column(report.lines, 'racked')).toEqual({ ...none, keg: '1.50' })
    expect(column(report.lines, 'bottled')).toEqual({ ...none, case: '0.48' })
    expect(column(report.lines, 'removedTaxpaid')).toEqual({ ...none, keg: '0.83', case: '0.19' })
    expect(column(report.lines, 'export')).toEqual({ ...none, case: '0.10' })
    expect(column(report.lines, 'transferredForRacking')).toEqual({ ...none, cellar: '1.50' })
    expect(column(report.lines, 'transferredForBottling')).toEqual({ ...none, cellar: '0.48' })
    expect(column(report.lines, 'rackedOut')).toEqual({ ...none, rackingBulk: '1.50' })
    expect(column(report.lines, 'bottledOut')).toEqual({ ...none, bottlingBulk: '0.48' })
    expect(column(report.lines, 'labSamples')).toEqual({ ...none, cellar: '0.01' })
    expect(column(report.lines, 'destroyed')).toEqual({ ...none, cellar: '0.40' })
    expect(column(report.lines, 'losses')).toEqual({ ...none, cellar: '0.14', case: '0.00' })
    expect(findLine(report.lines, 'lossesCase')!.units).toBe(403)
    expect(column(report.lines, 'shortage')).toEqual({ ...none, cellar: '0.02', case: '0.01' })
    expect(column(report.lines, 'onHandEnd')).toEqual({ ...none, cellar: '6.50', keg: '0.67', case: '0.18' })
    const totals = { cellar: '9.05', rackingBulk: '1.50', keg: '1.50', bottlingBulk: '0.48', case: '0.48' }
    expect(column(report.lines, 'totalAdditions')).toEqual(totals)
    expect(column(report.lines, 'totalRemovals')).toEqual(totals)
    expect(findLine(report.lines, 'totalRemovalsCellar')!.units).toBe(905_000)
    expect(findLine(report.lines, 'totalRemovalsCase')!.units).toBe(48_387)
    expect(report.balances).toBe(true)
  })

  it('taxes the sales and the unexplained packaged shortage, not the lab sample nor the export: $3.61', () => {
    const excise = exciseReturn(Q3, postings, QUARTER_COUNTS, DEFAULT_TAX_SETTINGS)
    expect(figures(excise.lines)).toEqual({
      removedTaxpaid: '1.03',
      unexplainedShortage: '0.00',
      returned: '0.00',
      netTaxable: '1.03',
      reduced: '1.03',
      standard: '0.00',
      full: '0.00',
    })
    expect(findLine(excise.lines, 'removedTaxpaid')!.units).toBe(102_689)
    expect(findLine(excise.lines, 'unexplainedShortage')!.units).toBe(404)
    expect(findLine(excise.lines, 'netTaxable')!.units).toBe(103_093)
    expect(excise.taxCents).toBe(361)
    expect(excise.amounts.map((amount) => [amount.ref, amount.cents])).toEqual([
      ['11', 361],
      ['17', 361],
      ['18', 0],
      ['19', 361],
      ['20', 0],
      ['21', 361],
    ])
    expect(excise.notices).toEqual([])
  })

  it('opens Q4 where Q3 ended: on the count, 7.35', () => {
    const q4 = operationsReport('5130.26', parsePeriod('2026-Q4')!, postings, QUARTER_COUNTS)
    expect(findLine(q4.lines, 'onHandStart')!.units).toBe(734_812)
  })
})
