import { describe, expect, it } from 'vitest'
import {
  ClosePeriodInputSchema,
  isCountable,
  ExcisePeriodQuerySchema,
  MonthRangeQuerySchema,
  monthsOf,
  parsePeriod,
  PhysicalInventoryInputSchema,
  QuarterQuerySchema,
  TaxSettingsSchema,
} from './reporting.schema.ts'
import {
  achievedEfficiencyPercent,
  canonicalJson,
  efficiencyOverTime,
  toCsv,
  type BrewMeasurement,
} from './reports.ts'

describe('periods', () => {
  it.each([
    ['2026-09', { kind: 'month', from: '2026-09-01', to: '2026-10-01' }],
    ['2026-09-S1', { kind: 'semimonth', from: '2026-09-01', to: '2026-09-16' }],
    ['2026-02-S2', { kind: 'semimonth', from: '2026-02-16', to: '2026-03-01' }],
    ['2026-Q4', { kind: 'quarter', from: '2026-10-01', to: '2027-01-01' }],
    ['2026', { kind: 'year', from: '2026-01-01', to: '2027-01-01' }],
  ])('%s spans its calendar days', (key, span) => expect(parsePeriod(key)).toMatchObject({ key, ...span }))
  it.each(['2026-13', '2026-Q5', '26-Q1', '2026-9', '', 'Q3-2026'])('%s is no period', (key) =>
    expect(parsePeriod(key)).toBeNull(),
  )
  it('lists the months of a quarter', () =>
    expect(monthsOf(parsePeriod('2026-Q3')!)).toEqual(['2026-07', '2026-08', '2026-09']))
  it('names the parameter of a bad period', () => {
    const quarter = QuarterQuerySchema.safeParse({ quarter: '2026-09' })
    expect(quarter.error?.issues[0]).toMatchObject({
      path: ['quarter'],
      message: 'quarter must be a quarter like 2026-Q3',
    })
    expect(ExcisePeriodQuerySchema.safeParse({ period: '2026-Q3' }).success).toBe(true)
    expect(ExcisePeriodQuerySchema.safeParse({ period: 'soon' }).error?.issues[0].path).toEqual(['period'])
    expect(MonthRangeQuerySchema.safeParse({ from: '2026-09', to: '2026-07' }).error?.issues[0].path).toEqual(
      ['to'],
    )
    expect(MonthRangeQuerySchema.safeParse({ from: '2020-01', to: '2026-07' }).success).toBe(false)
  })
  it('names a bad month of a range without throwing (a month that is not one never reaches the range checks)', () => {
    for (const [range, path] of [
      [{ from: '2026-13', to: '2026-14' }, ['from']],
      [{ from: '2026-07', to: '2026-14' }, ['to']],
      [{ from: 'soon', to: '2026-07' }, ['from']],
      [{ from: '2026-07' }, ['to']],
    ] as const) {
      const parsed = MonthRangeQuerySchema.safeParse(range)
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0].path).toEqual(path)
    }
  })
  it('closes a 5130.26 by quarter only', () => {
    const id = crypto.randomUUID()
    expect(ClosePeriodInputSchema.safeParse({ id, report: '5130.26', period: '2026-Q3' }).success).toBe(true)
    expect(
      ClosePeriodInputSchema.safeParse({ id, report: '5130.26', period: '2026-09' }).error?.issues[0].path,
    ).toEqual(['period'])
  })
})

describe('inputs', () => {
  it('takes a physical inventory in barrels to 5 decimals, by column, with the causes of a shortage', () => {
    expect(
      PhysicalInventoryInputSchema.safeParse({
        month: '2026-09',
        bulkBbl: '12.5',
        kegBbl: '3',
        caseBbl: '0.18145',
        explanations: [{ cause: 'breakage', stage: 'packaged', barrels: '0.00403' }],
      }).success,
    ).toBe(true)
    const bad = PhysicalInventoryInputSchema.safeParse({
      month: '2026-09',
      bulkBbl: '-1',
      kegBbl: '1.123456',
      caseBbl: '0',
      explanations: [{ cause: 'gremlins', stage: 'packaged', barrels: '0' }],
    })
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'bulkBbl',
      'kegBbl',
      'explanations.0.cause',
      'explanations.0.barrels',
    ])
  })
  it('counts a month once it has ended, or on its last day', () => {
    expect(isCountable('2026-09', '2026-09-29')).toBe(false)
    expect(isCountable('2026-09', '2026-09-30')).toBe(true)
    expect(isCountable('2026-02', '2026-02-28')).toBe(true)
    expect(isCountable('2026-09', '2026-10-01')).toBe(true)
  })
  it('refuses a controlled-group share above 100%', () => {
    const bad = TaxSettingsSchema.safeParse({
      reducedRateEligible: true,
      controlledGroupShareBasisPoints: 10_001,
      exciseFilingFrequency: 'quarterly',
      operationsReportFrequency: 'monthly',
      brewersNoticeNumber: 'BR-OR-12345',
    })
    expect(bad.error?.issues[0]).toMatchObject({ path: ['controlledGroupShareBasisPoints'] })
  })
})

describe('efficiency', () => {
  const brew: BrewMeasurement = {
    batchId: 'b1',
    batchNumber: '2026-001',
    brewhouseId: 'h1',
    brewhouseName: '10 bbl',
    brewedAt: '2026-07-02T12:00:00.000Z',
    brewedOn: '2026-07-02',
    plannedEfficiencyPercent: 75,
    plannedGravity: 1.05,
    plannedGallons: 310,
    measuredGravity: 1.048,
    measuredGallons: 300,
    measurementIds: ['m1', 'm2'],
  }
  it('scales the planned efficiency by the extract measured against the extract planned', () => {
    // 48 × 300 / (50 × 310) × 75 = 69.677…
    expect(achievedEfficiencyPercent(brew)).toBeCloseTo(69.677, 3)
    expect(efficiencyOverTime(parsePeriod('2026-Q3')!, [brew])[0]).toMatchObject({
      achievedPercent: 69.7,
      month: '2026-07',
    })
  })
  it('gives 0 without a plan', () =>
    expect(achievedEfficiencyPercent({ ...brew, plannedGallons: 0 })).toBe(0))
})

describe('canonical JSON and CSV', () => {
  it('sorts keys at every depth, so the same value hashes the same', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: null }], e: undefined })).toBe(
      '{"a":[{"c":null,"d":2}],"b":1}',
    )
  })
  it('quotes cells and keeps formulas out of spreadsheets', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', '=SUM(A1)'],
          ['-3.5', 'say "hi"'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","\'=SUM(A1)"\r\n-3.5,"say ""hi"""\r\n')
  })
  // OWASP "CSV Injection": a cell starting with =, +, -, @, tab or carriage return is prefixed with a single
  // quote and quoted, so no spreadsheet runs it; the app's own figures (a minus sign, digits, a point) stay numbers.
  it.each([
    ["-1+cmd|' /C calc'!A0", `"'-1+cmd|' /C calc'!A0"`],
    ['-2+3', `"'-2+3"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', `"'+1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t=1"`],
    ['\r=1', `"'\r=1"`],
    ['-', `"'-"`],
    ['-1e5', `"'-1e5"`],
    ['-1.50000', '-1.50000'],
    ['-37.62', '-37.62'],
    [-2.25, '-2.25'],
    ['2026-07', '2026-07'],
    ['Pale Ale', 'Pale Ale'],
  ])('writes the cell %j as %s', (value, written) => {
    expect(toCsv(['a'], [[value]])).toBe(`a\r\n${written}\r\n`)
  })
})
