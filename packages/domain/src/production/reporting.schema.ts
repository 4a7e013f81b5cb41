import { z } from 'zod'
import { DEFAULT_TIME_ZONE, TimeZoneSchema } from './time-zone.ts'

// The shapes of reporting (docs/production.md "Reporting"): report periods, the monthly physical inventory and
// the brewery's tax facts. Periods are calendar months, quarters and years, `2026-09`, `2026-Q3`, `2026`, cut at
// midnight in the brewery's time zone (`TaxSettings.timeZone`, ADR 224). The excise return also has the
// semimonthly periods of 27 CFR 25.164(c)(2): `2026-09-S1` (the 1st to the 15th) and `2026-09-S2` (the 16th to the
// month's last day).

export type PeriodKind = 'semimonth' | 'month' | 'quarter' | 'year'

/** A calendar period: its key, its first day and the first day after it (ISO dates, in the brewery's time zone). */
export type Period = { kind: PeriodKind; key: string; from: string; to: string }

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/
const SEMIMONTH = /^(\d{4})-(0[1-9]|1[0-2])-S([12])$/
const QUARTER = /^(\d{4})-Q([1-4])$/
const YEAR = /^(\d{4})$/

const isoDate = (year: number, monthIndex: number) =>
  new Date(Date.UTC(year, monthIndex, 1)).toISOString().slice(0, 10)

function span(
  kind: PeriodKind,
  key: string,
  year: number,
  firstMonth: number,
  months: number,
): Period | null {
  if (year < 2000 || year > 2999) return null
  return { kind, key, from: isoDate(year, firstMonth), to: isoDate(year, firstMonth + months) }
}

/**
 * The period a key names, or null: `2026-09-S1` / `2026-09-S2` (semimonthly), `2026-09` (month), `2026-Q3`
 * (quarter), `2026` (calendar year).
 */
export function parsePeriod(key: string): Period | null {
  const semimonth = SEMIMONTH.exec(key)
  if (semimonth) {
    const month = span('month', key, Number(semimonth[1]), Number(semimonth[2]) - 1, 1)
    if (!month) return null
    const middle = `${month.from.slice(0, 8)}16`
    return semimonth[3] === '1'
      ? { kind: 'semimonth', key, from: month.from, to: middle }
      : { kind: 'semimonth', key, from: middle, to: month.to }
  }
  const month = MONTH.exec(key)
  if (month) return span('month', key, Number(month[1]), Number(month[2]) - 1, 1)
  const quarter = QUARTER.exec(key)
  if (quarter) return span('quarter', key, Number(quarter[1]), (Number(quarter[2]) - 1) * 3, 3)
  const year = YEAR.exec(key)
  if (year) return span('year', key, Number(year[1]), 0, 12)
  return null
}

/** The months a period touches, in order (`2026-Q3` → `2026-07`, `2026-08`, `2026-09`; `2026-09-S2` → `2026-09`). */
export function monthsOf(period: Period): string[] {
  if (period.kind === 'semimonth') return [period.from.slice(0, 7)]
  const months: string[] = []
  const [fromYear, fromMonth] = period.from.split('-').map(Number)
  const [toYear, toMonth] = period.to.split('-').map(Number)
  for (let index = fromYear * 12 + fromMonth - 1; index < toYear * 12 + toMonth - 1; index++) {
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`)
  }
  return months
}

/** The month key of a date (YYYY-MM-DD → YYYY-MM); an instant's day is `dayIn` its time zone first. */
export const monthOf = (instant: string): string => instant.slice(0, 7)

const periodOf = (kinds: PeriodKind[], label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .refine(
      (key) => {
        const period = parsePeriod(key)
        return period !== null && kinds.includes(period.kind)
      },
      `${label} must be ${kinds.map((kind) => EXAMPLES[kind]).join(' or ')}`,
    )

const EXAMPLES: Record<PeriodKind, string> = {
  semimonth: 'a half month like 2026-09-S1 (1st–15th) or 2026-09-S2 (16th–end)',
  month: 'a month like 2026-09',
  quarter: 'a quarter like 2026-Q3',
  year: 'a year like 2026',
}

/** `?month=2026-09` or `?month=2026-Q3`: the Brewer's Report of Operations TTB F 5130.9 (monthly or quarterly). */
export const MonthQuerySchema = z.object({ month: periodOf(['month', 'quarter'], 'month') })
/** `?quarter=2026-Q3`: the quarterly Brewer's Report of Operations (TTB F 5130.26). */
export const QuarterQuerySchema = z.object({ quarter: periodOf(['quarter'], 'quarter') })
/** `?period=`: the excise return (TTB F 5000.24) for a return period of 27 CFR 25.164: semimonthly, quarterly, annual. */
export const ExcisePeriodQuerySchema = z.object({
  period: periodOf(['semimonth', 'quarter', 'year'], 'period'),
})

const monthKey = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(MONTH, `${label} must be a month like 2026-09`)
    .refine((key) => parsePeriod(key) !== null, `${label} must be a month like 2026-09`)

const isRange = (range: { from: unknown; to: unknown }) =>
  typeof range.from === 'string' &&
  typeof range.to === 'string' &&
  parsePeriod(range.from)?.kind === 'month' &&
  parsePeriod(range.to)?.kind === 'month'

/** A range's checks on an object of `from`, `to` and more: `to` not before `from`, at most 60 months. */
const asRange = <S extends z.ZodObject<{ from: z.ZodType<string>; to: z.ZodType<string> }>>(schema: S) =>
  schema
    // Zod runs these even when a month failed its own check: they leave a bad month to that check's issue.
    .refine((range) => !isRange(range) || range.from <= range.to, {
      path: ['to'],
      message: 'to must not be before from',
    })
    .refine(
      (range) =>
        !isRange(range) ||
        monthsOf({ kind: 'month', key: '', from: `${range.from}-01`, to: parsePeriod(range.to)!.to })
          .length <= 60,
      { path: ['to'], message: 'A range covers at most 60 months' },
    )

/** `?from=2026-07&to=2026-09`: a range of whole months for the charts (both included, at most 5 years). */
export const MonthRangeQuerySchema = asRange(z.object({ from: monthKey('from'), to: monthKey('to') }))
export type MonthRange = z.infer<typeof MonthRangeQuerySchema>

/** A page of a row's postings (ADR 419): `offset` postings skipped, at most `limit` (1–500, 100 by default). */
const page = {
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(10_000_000, 'offset is too large')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(500, 'limit must be at most 500')
    .default(100),
}
const label = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} must be at most ${max} characters`)

/** `?from&to&month&product&offset&limit`: the postings of one production row, a page at a time (ADR 419). */
export const ProductionEventsQuerySchema = asRange(
  z.object({
    from: monthKey('from'),
    to: monthKey('to'),
    month: monthKey('month'),
    product: label('product', 500),
    ...page,
  }),
).refine(
  (query) =>
    !isRange(query) || !MONTH.test(query.month) || (query.month >= query.from && query.month <= query.to),
  {
    path: ['month'],
    message: 'month must be within from and to',
  },
)
export type ProductionEventsQuery = z.infer<typeof ProductionEventsQuerySchema>

/** The lines a losses row can be on. */
export const LOSS_ROW_LINES = ['losses', 'destroyed', 'consumedOnPremises'] as const

/** `?from&to&line&reason&offset&limit`: the postings of one losses row, a page at a time (ADR 419). */
export const LossEventsQuerySchema = asRange(
  z.object({
    from: monthKey('from'),
    to: monthKey('to'),
    line: z.enum(LOSS_ROW_LINES, { error: `line must be one of ${LOSS_ROW_LINES.join(', ')}` }),
    reason: label('reason', 2000),
    ...page,
  }),
)
export type LossEventsQuery = z.infer<typeof LossEventsQuerySchema>

/** The period a month range covers. */
export const rangePeriod = (range: MonthRange): Period => ({
  kind: 'month',
  key: `${range.from}..${range.to}`,
  from: `${range.from}-01`,
  to: parsePeriod(range.to)!.to,
})

/** A barrel figure as typed: at most 5 decimals, not negative. */
export const BarrelsInputSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,5})?$/, `${label} must be barrels with at most 5 decimals, like 12.5`)

/** What caused a shortage found at a count, as the brewer chooses it (27 CFR 25.292: daily records). */
export const SHORTAGE_CAUSES = [
  'export',
  'breakage',
  'losses',
  'lab-samples',
  'consumed',
  'destroyed',
  'theft-unknown',
] as const
export type ShortageCause = (typeof SHORTAGE_CAUSES)[number]

/** How each cause reads in the remarks and the count dialog. */
export const SHORTAGE_CAUSE_LABELS: Record<ShortageCause, string> = {
  export: 'Exported, not recorded',
  breakage: 'Breakage',
  losses: 'Losses (leak, spill, transfer)',
  'lab-samples': 'Laboratory samples',
  consumed: 'Consumed on premises (tasting)',
  destroyed: 'Destroyed',
  'theft-unknown': 'Theft or unknown',
}

/** A cause of part of a count's shortage: bulk beer or packaged beer, in barrels. */
export const ShortageExplanationSchema = z.object({
  cause: z.enum(SHORTAGE_CAUSES, { error: 'Choose what caused the shortage' }),
  stage: z.enum(['bulk', 'packaged'], { error: 'Say whether bulk or packaged beer is short' }),
  barrels: BarrelsInputSchema('The barrels short').refine(
    (barrels) => Number(barrels) > 0,
    'The barrels short must be above 0',
  ),
})
export type ShortageExplanation = z.infer<typeof ShortageExplanationSchema>

/**
 * A monthly physical inventory of beer on hand, by the 5130.9's columns: bulk in tanks (cellar), kegs (racking),
 * cases of cans and bottles (bottling); and, for a shortage, what caused it. Counted at the end of its month.
 */
export const PhysicalInventoryInputSchema = z.object({
  month: monthKey('month'),
  bulkBbl: BarrelsInputSchema('Bulk beer'),
  kegBbl: BarrelsInputSchema('Beer in kegs'),
  caseBbl: BarrelsInputSchema('Beer in cans and bottles'),
  explanations: z.array(ShortageExplanationSchema).max(20, 'At most 20 causes').default([]),
  /** Anything else the remarks should say about the count. */
  note: z.string().trim().max(2000, 'The note is too long').default(''),
})
export type PhysicalInventoryInput = z.infer<typeof PhysicalInventoryInputSchema>

export const PhysicalInventorySchema = PhysicalInventoryInputSchema.extend({
  id: z.uuid(),
  packagedBbl: z.string(),
  totalBbl: z.string(),
  countedBy: z.string().nullable(),
  countedAt: z.string(),
})
export type PhysicalInventory = z.infer<typeof PhysicalInventorySchema>

/** The last day of a month (YYYY-MM-DD). */
export const lastDayOf = (month: string) => {
  const next = parsePeriod(month)!.to
  return new Date(Date.parse(`${next}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

/** Whether a month may be counted on `today` (the brewery's date): once it has ended, or on its last day. */
export const isCountable = (month: string, today: string) => lastDayOf(month) <= today

export const FILING_FREQUENCIES = ['semimonthly', 'quarterly', 'annual'] as const
export const OPERATIONS_REPORT_FREQUENCIES = ['monthly', 'quarterly'] as const

/** The brewery's tax facts (Settings → Tax; Admins only). */
export const TaxSettingsSchema = z.object({
  /** A domestic brewer producing at most 2 million barrels a calendar year: $3.50 on its first 60,000. */
  reducedRateEligible: z.boolean({ error: 'Say whether the brewery is eligible for the reduced rate' }),
  /** This brewery's share of a controlled group's reduced-rate barrels, in hundredths of a percent (10000 = all). */
  controlledGroupShareBasisPoints: z
    .number({ error: 'The controlled-group share must be a number' })
    .int('The controlled-group share must be a whole number of hundredths of a percent')
    .min(0, 'The controlled-group share cannot be negative')
    .max(10_000, 'The controlled-group share cannot be above 100%'),
  exciseFilingFrequency: z.enum(FILING_FREQUENCIES, { error: 'Choose semimonthly, quarterly or annual' }),
  operationsReportFrequency: z.enum(OPERATIONS_REPORT_FREQUENCIES, { error: 'Choose monthly or quarterly' }),
  brewersNoticeNumber: z
    .string()
    .trim()
    .max(40, "The Brewer's Notice number is too long")
    .regex(/^[A-Za-z0-9 -]*$/, "The Brewer's Notice number has letters, digits, spaces and dashes only"),
  /**
   * Where the brewery's days begin: every report's months, quarters and years are cut at midnight here (an IANA
   * name; UTC until an Admin chooses). It cannot change once a period is closed.
   */
  timeZone: z.string(),
})
export type TaxSettings = z.infer<typeof TaxSettingsSchema>

/** The tax facts as an Admin saves them: a time zone left out keeps the one stored. */
export const TaxSettingsInputSchema = TaxSettingsSchema.extend({ timeZone: TimeZoneSchema.optional() })
export type TaxSettingsInput = z.infer<typeof TaxSettingsInputSchema>

/** The tax facts of a brewery that has entered none. */
export const DEFAULT_TAX_SETTINGS: TaxSettings = {
  reducedRateEligible: true,
  controlledGroupShareBasisPoints: 10_000,
  exciseFilingFrequency: 'quarterly',
  operationsReportFrequency: 'quarterly',
  brewersNoticeNumber: '',
  timeZone: DEFAULT_TIME_ZONE,
}

/** Closing a period (Admin): which report and period. */
export const REPORT_KINDS = ['5130.26', '5130.9', '5000.24'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
export const ClosePeriodInputSchema = z
  .object({
    id: z.uuid('The id must be a UUID'),
    report: z.enum(REPORT_KINDS, { error: 'report must be 5130.26, 5130.9 or 5000.24' }),
    period: z.string().trim(),
  })
  .superRefine((input, context) => {
    const period = parsePeriod(input.period)
    const wanted: PeriodKind[] =
      input.report === '5130.26'
        ? ['quarter']
        : input.report === '5130.9'
          ? ['month', 'quarter']
          : ['semimonth', 'quarter', 'year']
    if (!period || !wanted.includes(period.kind)) {
      context.addIssue({
        code: 'custom',
        path: ['period'],
        message: `period must be ${wanted.map((kind) => EXAMPLES[kind]).join(' or ')}`,
      })
    }
  })
export type ClosePeriodInput = z.infer<typeof ClosePeriodInputSchema>
