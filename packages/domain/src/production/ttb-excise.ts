import { roundHalfAway, unitsToHundredths } from './barrels.ts'
import {
  parsePeriod,
  type FILING_FREQUENCIES,
  type Period,
  type PeriodKind,
  type TaxSettings,
} from './reporting.schema.ts'
import { monthlyBooks, sumUnits, type InventoryCount, type LineSource, type MonthBooks } from './ttb-books.ts'
import { makeLine, type ReportLine } from './ttb-operations.ts'
import type { Posting } from './ttb.ts'

// The excise tax return TTB F 5000.24 for beer (docs/decisions/235-which-event-lands-on-which-line.md): the tax on
// beer removed for consumption or sale, plus packaged shortage no explanation covers, less beer returned to the
// brewery (TTB F 5130.9 helpful hint 8: lines 14 + 15 − 7 of the operations report agree with line 17 of the
// return), at the calendar year's rate tiers (27 CFR 25.152), for the return periods of 27 CFR 25.164.

/** The excise rates per barrel, in cents (26 U.S.C. 5051; docs/production.md "US TTB facts"). */
export const EXCISE_RATES_CENTS = { reduced: 350, standard: 1600, full: 1800 } as const
/** The reduced rate's and the $16 rate's calendar-year quantities, in barrels, before a controlled group's share. */
export const REDUCED_RATE_BARRELS = 60_000
export const STANDARD_RATE_BARRELS = 6_000_000
/** 27 CFR 25.164(c): quarterly returns while the liability stays at most $50,000 a year; annual at most $1,000. */
export const QUARTERLY_LIMIT_CENTS = 5_000_000
export const ANNUAL_LIMIT_CENTS = 100_000

export type ExciseTier = {
  key: 'reduced' | 'standard' | 'full'
  label: string
  rateCents: number
  /** Where the tier starts and ends in this calendar year's taxable barrels, in units (end null: no end). */
  fromUnits: number
  toUnits: number | null
  line: ReportLine
  taxCents: number
}

/** A money line of the return (its number on TTB F 5000.24, its words, its amount). */
export type ExciseAmount = { ref: string; label: string; cents: number }

/** A row of Schedule A (adjustments increasing the amount due) or B (decreasing it). */
export type ExciseAdjustment = {
  ref: string
  explanation: string
  units: number
  cents: number
  sources: LineSource[]
}

/** The excise tax return (TTB F 5000.24) for a return period. */
export type ExciseReturn = {
  form: '5000.24'
  period: Period
  settings: TaxSettings
  /** The barrels worksheet: A removed, B unexplained packaged shortage, C returned, D taxable, E1–E3 by rate. */
  lines: ReportLine[]
  /** Net taxable barrels of the same calendar year before the period: where the tiers start. */
  yearToDateBeforeUnits: number
  tiers: ExciseTier[]
  /** Line 11, beer: the tax on the period's taxable barrels. */
  taxCents: number
  /** Lines 11, 17, 18, 19, 20 and 21 of the form. */
  amounts: ExciseAmount[]
  scheduleA: ExciseAdjustment[]
  scheduleB: ExciseAdjustment[]
  /** Return-period facts a brewer must act on (27 CFR 25.164): eligibility, frequency. */
  notices: string[]
  unclassified: string[]
}

/** The calendar-year tiers of a brewery (a controlled group's share applies to both quantities). */
export function exciseTiers(settings: TaxSettings) {
  const share = settings.controlledGroupShareBasisPoints
  // units = barrels × 100 000; × share ÷ 10 000 — exact in integers.
  const reduced = settings.reducedRateEligible ? REDUCED_RATE_BARRELS * 10 * share : 0
  const standard = STANDARD_RATE_BARRELS * 10 * share
  return [
    {
      key: 'reduced',
      label: '$3.50 per barrel',
      rateCents: EXCISE_RATES_CENTS.reduced,
      fromUnits: 0,
      toUnits: reduced,
    },
    {
      key: 'standard',
      label: '$16.00 per barrel',
      rateCents: EXCISE_RATES_CENTS.standard,
      fromUnits: reduced,
      toUnits: standard,
    },
    {
      key: 'full',
      label: '$18.00 per barrel',
      rateCents: EXCISE_RATES_CENTS.full,
      fromUnits: standard,
      toUnits: null,
    },
  ] as const
}

/** How much of the path from `a` to `b` lies inside [from, to): signed, so a walk's pieces add up. */
function overlap(a: number, b: number, from: number, to: number | null) {
  const measure = (x: number) => Math.max(0, Math.min(x, to ?? Number.MAX_SAFE_INTEGER) - from)
  return measure(b) - measure(a)
}

const negate = (source: LineSource) => ({ ...source, units: -source.units })
const inSpan = (period: Pick<Period, 'from' | 'to'>) => (source: LineSource) =>
  source.day >= period.from && source.day < period.to

/** The taxable sources of months, prior-period adjustments apart: removed, unexplained packaged shortage, returned. */
function taxable(books: readonly MonthBooks[]) {
  return {
    removed: books.flatMap((month) => month.flows.removedTaxpaid),
    shortage: books.flatMap((month) => month.unexplainedPackagedShortage),
    returned: books.flatMap((month) => month.flows.returned),
    adjustments: books.flatMap((month) =>
      month.adjustments.flatMap((source) =>
        source.line === 'removedTaxpaid' ? [source] : source.line === 'returned' ? [negate(source)] : [],
      ),
    ),
  }
}

/** The tax on a walk of taxable sources along the year's barrels, tier by tier, from `startUnits`. */
function taxByTier(settings: TaxSettings, sources: readonly LineSource[], startUnits: number) {
  const ordered = [...sources].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  return exciseTiers(settings).map((tier, index) => {
    const parts: LineSource[] = []
    let position = startUnits
    for (const source of ordered) {
      const part = overlap(position, position + source.units, tier.fromUnits, tier.toUnits)
      if (part !== 0) parts.push({ ...source, units: part })
      position += source.units
    }
    const line = makeLine(tier.key, 0, `Taxable at ${tier.label}`, parts, `E${index + 1}`)
    // The form's barrels (2 decimals) times the rate, to the cent.
    const taxCents = roundHalfAway(unitsToHundredths(line.units) * tier.rateCents, 100)
    return { ...tier, line, taxCents }
  })
}

/** The rate of the tier the year's barrels stand in at `units` (where an adjustment is taxed). */
function marginalRate(settings: TaxSettings, units: number) {
  return exciseTiers(settings).find((tier) => tier.toUnits === null || units < tier.toUnits)!.rateCents
}

/** The return period kind a filing frequency uses (27 CFR 25.164(c)). */
export const RETURN_PERIOD_OF: Record<(typeof FILING_FREQUENCIES)[number], PeriodKind> = {
  semimonthly: 'semimonth',
  quarterly: 'quarter',
  annual: 'year',
}

/**
 * Why a period cannot be closed as this brewery's excise return, in a sentence; null when it can: the period's
 * kind must be the brewery's filing frequency (Settings → Tax).
 */
export function returnPeriodRefusal(settings: TaxSettings, key: string): string | null {
  const period = parsePeriod(key)
  const wanted = RETURN_PERIOD_OF[settings.exciseFilingFrequency]
  if (period && period.kind === wanted) return null
  const examples: Record<PeriodKind, string> = {
    month: '',
    semimonth:
      /^\d{4}-\d{2}/.test(key) && !key.includes('Q')
        ? `${key.slice(0, 7)}-S1 or ${key.slice(0, 7)}-S2`
        : 'a half month like 2026-09-S1 (1st–15th) or 2026-09-S2 (16th–end)',
    quarter: 'a quarter like 2026-Q3',
    year: 'a calendar year like 2026',
  }
  const example = examples[wanted]
  return `This brewery files its excise return ${settings.exciseFilingFrequency} (Settings → Tax, 27 CFR 25.164): ${key} is not one of its return periods; close ${example}, or change the filing frequency first`
}

/** The tax liability of a calendar year's books (the whole year as one return). */
function yearLiabilityCents(books: readonly MonthBooks[], year: string, settings: TaxSettings) {
  const ofYear = books.filter((month) => month.month.startsWith(year))
  const { removed, shortage, returned, adjustments } = taxable(ofYear)
  const net = [...removed, ...shortage, ...returned.map(negate), ...adjustments]
  return taxByTier(settings, net, 0).reduce((total, tier) => total + tier.taxCents, 0)
}

function noticesOf(settings: TaxSettings, lastYearCents: number, yearToDateCents: number, year: number) {
  const notices: string[] = []
  const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
  const frequency = settings.exciseFilingFrequency
  if (frequency !== 'semimonthly' && lastYearCents > QUARTERLY_LIMIT_CENTS) {
    notices.push(
      `The brewery's beer tax for ${year - 1} was ${dollars(lastYearCents)}, more than $50,000: it is no longer eligible to file ${frequency} returns in ${year} (27 CFR 25.164(c)); file semimonthly, and the Brewer's Report of Operations monthly on TTB F 5130.9.`,
    )
  } else if (frequency === 'annual' && lastYearCents > ANNUAL_LIMIT_CENTS) {
    notices.push(
      `The brewery's beer tax for ${year - 1} was ${dollars(lastYearCents)}, more than $1,000: it is no longer eligible to file an annual return in ${year} (27 CFR 25.164(c)); file quarterly.`,
    )
  }
  if (frequency !== 'semimonthly' && yearToDateCents > QUARTERLY_LIMIT_CENTS) {
    notices.push(
      `The beer tax of ${year} passed $50,000 (${dollars(yearToDateCents)} through this period): from then on the return periods are semimonthly (27 CFR 25.164(c)).`,
    )
  }
  return notices
}

/**
 * The excise return: the period's taxable removals (removed for consumption or sale, and packaged shortage no
 * explanation covers) less beer returned to the brewery, taxed by the calendar year's tiers from where the
 * year's earlier periods left off. Prior-period adjustments go to Schedule A or B at the marginal rate, with
 * their remark, not into the period's own barrels.
 */
export function exciseReturn(
  period: Period,
  postings: readonly Posting[],
  counts: readonly InventoryCount[],
  settings: TaxSettings,
): ExciseReturn {
  const year = period.from.slice(0, 4)
  const lastMonth = `${period.to.slice(0, 4)}-${period.to.slice(5, 7)}`
  const lastKey = period.to.slice(8, 10) === '01' ? previousMonth(lastMonth) : lastMonth
  const books = monthlyBooks(postings, counts, lastKey)
  const sources = taxable(books)
  const yearStart = { from: `${year}-01-01`, to: period.from }
  const before = (list: LineSource[]) => list.filter(inSpan(yearStart))
  const within = (list: LineSource[]) => list.filter(inSpan(period))
  const net = (s: ReturnType<typeof taxable>, pick: (list: LineSource[]) => LineSource[]) => [
    ...pick(s.removed),
    ...pick(s.shortage),
    ...pick(s.returned).map(negate),
  ]
  const earlier = [...net(sources, before), ...before(sources.adjustments)]
  const yearToDateBeforeUnits = sumUnits(earlier)

  const removed = within(sources.removed)
  const shortage = within(sources.shortage)
  const returned = within(sources.returned)
  const netSources = net(sources, within)
  const tiers = taxByTier(settings, netSources, yearToDateBeforeUnits)
  const taxCents = tiers.reduce((total, tier) => total + tier.taxCents, 0)

  const adjustments = within(sources.adjustments)
  const position = yearToDateBeforeUnits + sumUnits(netSources)
  const rate = marginalRate(settings, Math.max(0, position))
  const rows = adjustments.map((source) => ({
    explanation: source.remark,
    units: source.units,
    cents: roundHalfAway(unitsToHundredths(Math.abs(source.units)) * rate, 100),
    sources: [source],
  }))
  const scheduleA = rows
    .filter((row) => row.units > 0)
    .map((row, index) => ({ ...row, ref: String(25 + index) }))
  const scheduleB = rows
    .filter((row) => row.units < 0)
    .map((row, index) => ({ ...row, ref: String(30 + index) }))
  const increasing = scheduleA.reduce((total, row) => total + row.cents, 0)
  const decreasing = scheduleB.reduce((total, row) => total + row.cents, 0)

  const lastYear = String(Number(year) - 1)
  const lastYearCents = yearLiabilityCents(books, lastYear, settings)
  const yearToDateCents =
    taxByTier(settings, earlier, 0).reduce((total, tier) => total + tier.taxCents, 0) + taxCents

  const lines = [
    makeLine(
      'removedTaxpaid',
      0,
      'Beer removed for consumption or sale (TTB F 5130.9 lines 14 and 15)',
      removed,
      'A',
    ),
    makeLine(
      'unexplainedShortage',
      0,
      'Shortage of packaged beer disclosed by physical inventory and not explained (TTB F 5130.9 line 31)',
      shortage,
      'B',
    ),
    makeLine('returned', 0, 'Less beer returned to the brewery (TTB F 5130.9 line 7)', returned, 'C'),
    makeLine('netTaxable', 0, 'Taxable barrels (A + B − C)', netSources, 'D'),
    ...tiers.map((tier) => tier.line),
  ]
  const amounts: ExciseAmount[] = [
    { ref: '11', label: 'Beer', cents: taxCents },
    { ref: '17', label: 'Total tax liability (total of lines 9–16)', cents: taxCents },
    { ref: '18', label: 'Adjustments increasing amount due (from line 29)', cents: increasing },
    { ref: '19', label: 'Gross amount due (line 17 plus line 18)', cents: taxCents + increasing },
    { ref: '20', label: 'Adjustments decreasing amount due (from line 34)', cents: decreasing },
    {
      ref: '21',
      label: 'Amount to be paid with this return (line 19 minus line 20)',
      cents: taxCents + increasing - decreasing,
    },
  ]
  return {
    form: '5000.24',
    period,
    settings,
    lines,
    yearToDateBeforeUnits,
    tiers,
    taxCents,
    amounts,
    scheduleA,
    scheduleB,
    notices: noticesOf(settings, lastYearCents, yearToDateCents, Number(year)),
    unclassified: books
      .filter((month) => month.month >= period.from.slice(0, 7) && month.month <= lastKey)
      .flatMap((month) => month.unclassified),
  }
}

function previousMonth(month: string) {
  const [y, m] = month.split('-').map(Number)
  const index = y * 12 + m - 2
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}
