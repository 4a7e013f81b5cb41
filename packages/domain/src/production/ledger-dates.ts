// Dates that hold on the liquid ledger (docs/decisions/230-ledger-dates-that-hold.md): an event is dated neither
// before the beer it moves existed nor after now plus a small clock skew, and one dated inside a closed report
// period is refused or, where the brewer confirms, carried into the open period as a prior-period adjustment.

import { dayIn, startOfDayIn } from './time-zone.ts'

/** How far ahead of the server's clock an event may be dated: a phone's clock a little fast. */
export const CLOCK_SKEW_MS = 5 * 60_000

/** A closed report period as the ledger sees it: its report, its key and its days (inclusive, brewery zone). */
export type ClosedPeriod = { report: string; period: string; fromDate: string; toDate: string }

/** The closed period an instant falls in (the brewery's days), else null; the earliest-starting when several. */
export function closedPeriodAt(
  instant: Date,
  periods: readonly ClosedPeriod[],
  timeZone: string,
): ClosedPeriod | null {
  const day = dayIn(instant, timeZone)
  return (
    periods
      .filter((period) => period.fromDate <= day && day <= period.toDate)
      .toSorted((a, b) => a.fromDate.localeCompare(b.fromDate))[0] ?? null
  )
}

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}

/**
 * The first instant of the open period after a closed instant: the day after the closed period ends, walking on
 * while another closed period (of any report) covers that day, at midnight in the brewery's zone.
 */
export function firstOpenInstantAfter(
  instant: Date,
  periods: readonly ClosedPeriod[],
  timeZone: string,
): Date {
  let day = dayIn(instant, timeZone)
  for (;;) {
    const covering = periods.filter((period) => period.fromDate <= day && day <= period.toDate)
    if (covering.length === 0) return startOfDayIn(day, timeZone)
    day = nextDay(
      covering
        .map((period) => period.toDate)
        .toSorted()
        .at(-1)!,
    )
  }
}

/** How a closed period is named in a sentence: "2026-Q1 (TTB F 5130.26)". */
export const periodName = (period: Pick<ClosedPeriod, 'report' | 'period'>): string =>
  `${period.period} (TTB F ${period.report})`

/** The remark a prior-period adjustment carries onto the form's adjustment line. */
export function priorPeriodRemark(original: Date, period: ClosedPeriod, timeZone: string): string {
  return `Prior-period adjustment: occurred ${dayIn(original, timeZone)}, in closed period ${periodName(period)}`
}
