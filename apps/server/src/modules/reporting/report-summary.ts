import {
  exciseReturn,
  exciseTiers,
  findLine,
  operationsReport,
  postLedger,
  startOfDayIn,
  type ClosedSpan,
  type ExciseReturn,
  type InventoryCount,
  type LineSource,
  type OperationsReport,
  type Period,
  type Posting,
  type ReportKind,
  type TaxSettings,
} from '@brewcommand/domain'
import type { LedgerSummary } from './ledger-summary.ts'

// The TTB reports' figures from the summarised ledger (ledger-summary.ts, ADR 402), and when they are exactly the
// figures of the event-by-event books. A summarised event stands for `weight` events of one day, kind, class,
// reason and line-relevant details: every sum, balance and count of sources is the same, but a list that names
// events one by one, an order among events of one instant, or a walk that cuts an event at a rate tier cannot be
// rebuilt from it. Those cases are rare (an unknown class, a removal without tax and without a reason, losses of
// different reasons at one instant, a year's barrels crossing a rate tier during the period) and read the ledger
// whole, or the days concerned.

const isSummary = (source: Pick<LineSource, 'weight'>) => source.weight !== undefined

/** Whether sources of a line put summarised events where an event's own place or identity shows. */
function listed(sources: readonly LineSource[], key: (source: LineSource) => string) {
  const at = new Map<string, { keys: Set<string>; summary: boolean }>()
  for (const source of sources) {
    const seen = at.get(source.at) ?? { keys: new Set<string>(), summary: false }
    seen.keys.add(key(source))
    seen.summary ||= isSummary(source)
    if (seen.summary && seen.keys.size > 1) return true
    at.set(source.at, seen)
  }
  return false
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600 * 1000).toISOString().slice(0, 10)

/**
 * The days whose summarised taxable sources the period's walk along the rate tiers may cut: the barrels before the
 * day, plus all the day's removals or all its returns, leave the tier they start in.
 */
export function tierDays(report: ExciseReturn, settings: TaxSettings): string[] {
  const tiers = exciseTiers(settings)
  const net = findLine(report.lines, 'netTaxable')?.sources ?? []
  const days = new Set(net.filter(isSummary).map((source) => source.day))
  const cut: string[] = []
  for (const day of days) {
    const from = startOfDayIn(day, settings.timeZone).toISOString()
    const to = startOfDayIn(nextDay(day), settings.timeZone).toISOString()
    let before = report.yearToDateBeforeUnits
    let low = 0
    let high = 0
    for (const source of net) {
      if (source.at < from) before += source.units
      else if (source.at < to) {
        if (source.units < 0) low += source.units
        else high += source.units
      }
    }
    const within = tiers.some(
      (tier) => before + low >= tier.fromUnits && (tier.toUnits === null || before + high <= tier.toUnits),
    )
    if (!within) cut.push(day)
  }
  return cut.sort()
}

/**
 * Whether a report computed from summarised postings has the figures, remarks and lists the event-by-event books
 * give (the excise return's rate tiers apart: `tierDays`): no summarised event among the unclassified ones, nor
 * among the removals without a reason (each its own remark) or the losses (their reasons in the order they first
 * come) beside another source of the same instant.
 */
export function isExact(report: OperationsReport | ExciseReturn, postings: readonly Posting[]): boolean {
  const summaries = new Set(postings.filter((posting) => posting.weight !== undefined).map((p) => p.eventId))
  if (report.unclassified.some((id) => summaries.has(id))) return false
  if (report.form === '5000.24') return true
  const removals = findLine(report.lines, 'specialRemovals')?.sources ?? []
  if (removals.some((source) => (source.weight ?? 1) > 1) || listed(removals, (source) => source.id))
    return false
  const losses = findLine(report.lines, 'losses')?.sources ?? []
  return !listed(losses, (source) => source.reason.trim() || source.kind)
}

/**
 * A report's figures from the summarised ledger (`read`, with the days to read whole), or null when they would not
 * be exactly the event-by-event ones (the caller books every event then).
 */
export async function summarisedReport(
  read: () => Promise<LedgerSummary | null>,
  report: ReportKind,
  period: Period,
  { spans, counts, settings }: { spans: ClosedSpan[]; counts: InventoryCount[]; settings: TaxSettings },
): Promise<OperationsReport | ExciseReturn | null> {
  const first = await read()
  if (!first) return null
  let summary: LedgerSummary = first
  for (let attempt = 0; attempt < 2; attempt++) {
    const postings = postLedger(summary.events, spans, settings.timeZone).filter(
      // A correction read only for the event it corrects: its own posting is summed (or dropped) already.
      (posting) => posting.reversalOf !== null || !summary.references.has(posting.eventId),
    )
    const computed =
      report === '5000.24'
        ? exciseReturn(period, postings, counts, settings)
        : operationsReport(report, period, postings, counts)
    if (!isExact(computed, postings)) return null
    if (computed.form !== '5000.24') return computed
    const cut = tierDays(computed, settings)
    if (cut.length === 0) return computed
    summary = await summary.apart(cut)
  }
  return null
}
