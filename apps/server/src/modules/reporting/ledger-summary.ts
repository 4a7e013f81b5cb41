import { dayIn, startOfDayIn, type ClosedSpan, type TtbLedgerEvent } from '@brewcommand/domain'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  batchesOf,
  boundOf,
  eventsOf,
  isoOf,
  jsonOf,
  ledgerStatement,
  PARALLEL_AGGREGATE,
  planSettings,
  underPlan,
  type Row,
} from './ledger-read.ts'

// The ledger summarised for the TTB reports' figures (ADR 402). A report's figures need each event's line, stage,
// tax-free reason, tavern and laboratory marks, reason and booking day, not the event itself: the events that book
// plainly (on the day they happened, no correction supersedes them, no closed period near them, no prior-period
// adjustment) are summed in SQL by exactly what the domain reads of them, one row per (day in the brewery's time
// zone, kind, class, reason, the details the line mapping reads, sign of the volume). A superseded event far from
// every closed period is left out (it never counts); every other event is read whole, as `readLedger` reads it.
// Each summary row becomes one event standing for `weight` events, its volume their sum, sorted where its earliest
// event would be, with an id of its own. report-summary.ts says when the figures from it are exact.

const DAY_MS = 24 * 3600 * 1000

/** The day after `day` (YYYY-MM-DD). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)

/**
 * The instants the brewery's days from `first` through `last` start at (one more: the end of `last`), each checked
 * against `dayIn`, so an instant is in day i exactly when it lies between boundaries i and i + 1; null when the
 * time zone's days do not line up that way (never seen; the caller reads the ledger whole then).
 */
export function dayStarts(first: string, last: string, timeZone: string): readonly string[] | null {
  const key = `${first} ${last} ${timeZone}`
  const known = knownDayStarts.get(key)
  if (known !== undefined) return known
  const starts = computeDayStarts(first, last, timeZone)
  if (knownDayStarts.size >= KNOWN_DAY_STARTS) knownDayStarts.delete(knownDayStarts.keys().next().value!)
  knownDayStarts.set(key, starts)
  return starts
}

/**
 * `dayStarts` answers remembered (ADR 426): a year of days in a zone other than UTC is about 1,100 calls of the
 * platform's time-zone formatting, 8–15 ms on this machine, and a brewery's reports ask for the same days again after
 * every write (from its ledger's first day to where a period's books end). The answers are frozen: callers read them.
 */
const knownDayStarts = new Map<string, readonly string[] | null>()
const KNOWN_DAY_STARTS = 256

function computeDayStarts(first: string, last: string, timeZone: string): readonly string[] | null {
  const days: string[] = []
  for (let day = first; day <= nextDay(last); day = nextDay(day)) days.push(day)
  const starts = days.map((day) => startOfDayIn(day, timeZone).getTime())
  for (let i = 0; i + 1 < starts.length; i++) {
    if (starts[i + 1] <= starts[i]) return null
    if (dayIn(new Date(starts[i]), timeZone) !== days[i]) return null
    if (dayIn(new Date(starts[i + 1] - 1), timeZone) !== days[i]) return null
  }
  return Object.freeze(starts.map((start) => new Date(start).toISOString()))
}

/**
 * Whether an event of `alias` may be booked as recorded after its period closed (never null): it happened within a
 * day of a closed period, and it or a correction of it was recorded once that period was closed (`postLedger`
 * books such an event, or the reversal of it, where it was recorded).
 */
function nearClosed(alias: string, entityId: string, closed: readonly ClosedSpan[]): SQL {
  if (closed.length === 0) return sql`false`
  const column = (name: string) => sql.raw(`${alias}.${name}`)
  const spans = closed.map((span) => {
    // A millisecond early: `closedAt` is to the millisecond, the instants to the microsecond.
    const closedAt = new Date(Date.parse(span.closedAt) - 1).toISOString()
    return sql`(${column('occurred_at')} >= ${new Date(Date.parse(`${span.from}T00:00:00Z`) - DAY_MS).toISOString()}::timestamptz
      and ${column('occurred_at')} < ${boundOf(span.to)}::timestamptz
      and (${column('recorded_at')} >= ${closedAt}::timestamptz or exists (select 1 from liquid_events c
        where c.entity_id = ${entityId} and c.supersedes_id = ${column('id')} and c.recorded_at >= ${closedAt}::timestamptz)))`
  })
  return sql`(${sql.join(spans, sql` or `)})`
}

/**
 * The events by how the summarised read takes them (`le` is `liquid_events`; none of the predicates is ever null).
 * An event no correction supersedes and not recorded (nor corrected) after its period closed books its own posting
 * on the day it happened: it is summed (`plain`), unless it carries a `priorPeriodAdjustment` (`whole`). A
 * superseded event of that kind never counts (it dropped out while its period was open): it is not read. Events
 * recorded or corrected after their period closed (`nearClosed`) are read whole, and every correction of one of
 * them besides (`reference`: read so that the corrected event finds its latest correction; its own posting is
 * summed or dropped like any other's).
 */
export function ledgerParts(entityId: string, from: string, bound: string, closed: readonly ClosedSpan[]) {
  const near = nearClosed('le', entityId, closed)
  // Whether a correction supersedes the event: the row's own flag, which the database keeps as corrections are
  // written (migration 0029, ADR 420), instead of an anti-join of every event against the brewery's corrections.
  const superseded = sql`le.superseded`
  const adjustment = sql`coalesce(le.details ? 'priorPeriodAdjustment', false)`
  const whole = sql`(${near} or (${adjustment} and not ${superseded}))`
  // `not adjustment` spelled so that the planner estimates it (a bare `?`) rather than taking half the rows for it
  // (ADR 413).
  const plainAdjustment = sql`(le.details is null or not le.details ? 'priorPeriodAdjustment')`
  return {
    plain: sql`(le.occurred_at >= ${from}::timestamptz and le.occurred_at < ${bound}::timestamptz
      and not ${near} and ${plainAdjustment} and not ${superseded})`,
    whole,
    /**
     * `whole` as a statement's condition (null where it is false): the adjustment test bare, so that the brewery's
     * few adjustments come from their partial index (`liquid_events_adjustment_idx`, ADR 413), not a scan.
     */
    wholeRead: sql`(${near} or (le.details ? 'priorPeriodAdjustment' and not ${superseded}))`,
    reference:
      closed.length === 0
        ? null
        : sql`(not ${whole} and le.supersedes_id in (select t.id from liquid_events t
            where t.entity_id = ${entityId} and ${nearClosed('t', entityId, closed)}))`,
  }
}

/**
 * What the summary statement runs under (in a transaction of its own): no sort, and parallel work priced as for the
 * ledger's other aggregates (`PARALLEL_AGGREGATE`, ADR 426). The planner guesses the number of (day, kind, class,
 * reason, details, sign) groups as the product of each column's guess, held down only to a tenth of the whole
 * table's rows: tens of thousands for the bench's year of 519, too many to hash in its estimate, so it sorted the
 * 141,678 rows instead, on disk past `work_mem` (ADR 420). Hashed, the aggregate holds only the groups there are; no
 * shape of the statement moved the guess (the ADR lists those tried).
 */
export const SUMMARY_PLAN = planSettings({ enable_sort: 'off', ...PARALLEL_AGGREGATE })

/**
 * The statement of the summary rows: one row, one column (`groups`), a JSON array of [count, summed volume, first
 * happened and first recorded (UTC wall time), kind, class, reason, details.source, .container, whether it has a
 * container, .packageType, whether it has one, .purpose, .taxFreeReason, .tavern]. The events are summed by their
 * whole details first, then by the details the domain reads: a ledger's details repeat (a keg size, a customer),
 * and comparing them whole costs less than taking every event's fields apart. Run under `SUMMARY_PLAN`.
 */
export function summaryStatement(entityId: string, plain: SQL, starts: readonly string[]): SQL {
  return sql`
    select coalesce(json_agg(json_build_array(g.n, g.volume, g.occurred_at, g.recorded_at, g.kind, g.ttb_class,
        g.reason, g.source, g.container, g.has_container, g.package_type, g.has_package_type, g.purpose,
        g.tax_free_reason, g.tavern)), '[]')::text as groups
    from (
      select sum(e.n) as n, sum(e.volume)::text as volume, min(e.occurred_at) at time zone 'UTC' as occurred_at,
        min(e.recorded_at) at time zone 'UTC' as recorded_at, e.kind, e.ttb_class, e.reason,
        e.details -> 'source' as source, e.details -> 'container' as container,
        coalesce(e.details ? 'container', false) as has_container, e.details -> 'packageType' as package_type,
        coalesce(e.details ? 'packageType', false) as has_package_type, e.details -> 'purpose' as purpose,
        e.details -> 'taxFreeReason' as tax_free_reason, e.details -> 'tavern' as tavern
      from (
        select width_bucket(le.occurred_at, ${`{${starts.join(',')}}`}::timestamptz[]) as day, count(*) as n,
          sum(le.volume_bbl) as volume, min(le.occurred_at) as occurred_at, min(le.recorded_at) as recorded_at,
          le.kind, le.ttb_class, le.reason, le.details,
          case when le.volume_bbl > 0 then 1 when le.volume_bbl < 0 then -1 else 0 end as sign
        from liquid_events le
        where le.entity_id = ${entityId} and ${plain}
        group by day, le.kind, le.ttb_class, le.reason, le.details, sign
      ) e
      group by e.day, e.kind, e.ttb_class, e.reason, source, container, has_container, package_type,
        has_package_type, purpose, tax_free_reason, tavern, e.sign
    ) g`
}

type Group = [
  count: number,
  volumeBbl: string,
  occurred: string,
  recorded: string,
  kind: string,
  ttbClass: string,
  reason: string,
  source: unknown,
  container: unknown,
  hasContainer: boolean,
  packageType: unknown,
  hasPackageType: boolean,
  purpose: unknown,
  taxFreeReason: unknown,
  tavern: unknown,
]

/**
 * A summary row as a ledger row: the details it was grouped by, its first instants (happened, recorded), and an id
 * of its own (`summary:` and its place), which names no event: a summarised event is never listed by id.
 */
function rowOf(group: Group, index: number): Row {
  const [, volumeBbl, occurred, recorded, kind, ttbClass, reason] = group
  const details: Record<string, unknown> = {}
  const put = (key: string, value: unknown, present = value !== null) => {
    if (present) details[key] = value
  }
  put('source', group[7])
  put('container', group[8], group[9])
  put('packageType', group[10], group[11])
  put('purpose', group[12])
  put('taxFreeReason', group[13])
  put('tavern', group[14])
  return [`summary:${index}`, kind, ttbClass, volumeBbl, reason, occurred, recorded, null, null, details]
}

/** The summarised ledger: its events, and the ids of those read only as corrections of an event read whole. */
export type LedgerSummary = {
  events: TtbLedgerEvent[]
  references: ReadonlySet<string>
  /** The same ledger with the events of these days (in the brewery's time zone) read one by one, not summed. */
  apart: (days: readonly string[]) => Promise<LedgerSummary>
}

/**
 * The ledger as the TTB reports' figures read it up to `before` (a day: where the period's books end), summarised:
 * the plainly booked events as weighted events (ADR 402), the others whole; null when the time zone's days cannot be
 * cut in SQL (read the ledger whole then). Every event's postings are those of the whole ledger, the summarised
 * ones summed: what a line's figure and its count of sources are made of, never its list of sources.
 */
export async function readLedgerSummary(
  db: Db,
  entityId: string,
  { before, closed, timeZone }: { before: string; closed: readonly ClosedSpan[]; timeZone: string },
): Promise<LedgerSummary | null> {
  const bound = boundOf(before)
  const result: unknown = await db.execute(
    sql`select (min(occurred_at) at time zone 'UTC')::text as first from liquid_events where entity_id = ${entityId}`,
  )
  const [earliest] = (result as { rows: { first: string | null }[] }).rows
  if (!earliest?.first) {
    const empty: LedgerSummary = { events: [], references: new Set(), apart: async () => empty }
    return empty
  }
  // A day earlier: the brewery's day of the first event may begin the UTC day before.
  const from = new Date(Date.parse(`${earliest.first.slice(0, 10)}T00:00:00Z`) - DAY_MS)
    .toISOString()
    .slice(0, 10)
  const starts = dayStarts(from, bound.slice(0, 10), timeZone)
  // No day to sum (the books end before the first event) or days the time zone cannot cut: read it whole.
  if (!starts || starts.length === 0) return null
  const parts = ledgerParts(entityId, starts[0], bound, closed)
  const [whole, references, summed, batchOf] = await Promise.all([
    db.execute(ledgerStatement(entityId, bound, false, parts.wholeRead)),
    parts.reference ? db.execute(ledgerStatement(entityId, bound, false, parts.reference)) : null,
    underPlan(db, summaryStatement(entityId, parts.plain, starts), SUMMARY_PLAN),
    batchesOf(db, entityId),
  ])
  const read = jsonOf<Row[]>(whole, 'ledger')
  const referenced = references ? jsonOf<Row[]>(references, 'ledger') : []
  const groups = jsonOf<Group[]>(summed, 'groups').map((group, index) => ({
    row: rowOf(group, index),
    weight: Number(group[0]),
  }))
  const only = new Set(referenced.map((row) => row[0]))

  function summary(singles: readonly Row[], apart: ReadonlySet<string>): LedgerSummary {
    const rows = [...read, ...referenced, ...singles]
    const weights = new Array<number | undefined>(rows.length)
    for (const group of groups) {
      if (apart.size > 0 && apart.has(dayIn(isoOf(group.row[5]), timeZone))) continue
      rows.push(group.row)
      weights.push(group.weight)
    }
    return {
      events: eventsOf(rows, batchOf, false, weights),
      references: only,
      apart: async (days) => {
        const all = new Set([...apart, ...days])
        const spans = [...all].map(
          (day) =>
            sql`(le.occurred_at >= ${startOfDayIn(day, timeZone).toISOString()}::timestamptz
              and le.occurred_at < ${startOfDayIn(nextDay(day), timeZone).toISOString()}::timestamptz)`,
        )
        const within = sql`${parts.plain} and (${sql.join(spans, sql` or `)})`
        const rows = jsonOf<Row[]>(
          await db.execute(ledgerStatement(entityId, bound, false, within)),
          'ledger',
        )
        return summary(rows, all)
      },
    }
  }
  return summary([], new Set())
}
