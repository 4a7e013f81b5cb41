import {
  classifyLedgerEvent,
  isLossLine,
  lossOrder,
  lossRows,
  monthsOf,
  productionColumn,
  productionOrder,
  productionRows,
  type ClosedSpan,
  type LossRow,
  type Period,
  type ProductionRow,
  type RowEvent,
  type RowKey,
  unitsToBarrels,
} from '@brewcommand/domain'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { boundOf, jsonOf, ledgerRowsWhere, underPlan } from './ledger-read.ts'
import { dayStarts } from './ledger-summary.ts'

// The production and losses tables computed in SQL (ADR 406): their rows are sums by month and product, or by line
// and reason, each with how many postings it sums (ADR 419; `readRowEvents` lists one row's, in posting order), so the database books the postings
// `postLedger` would book on their lines and aggregates them; no event is read into JavaScript. What the statement
// does is `postLedger` restricted to those lines:
// - an event lands on a column or line by its kind, class and purpose (`classifyLedgerEvent`): the brewery's
//   combinations of the three are read first and the domain says where each lands (`productionColumn`,
//   `isLossLine`); the statement keeps the events of the combinations that land somewhere;
// - an event is booked where it happened, or where it was recorded when that was after a closed period that
//   holds the day it happened (`closedAt`);
// - an event some correction supersedes (the latest recorded, to the millisecond; the first in booking order of
//   those recorded in the same millisecond) never counts when it was corrected while its booking day's period was
//   open; otherwise it keeps its own posting and the correction books its reversal (on the corrected event's line
//   and column, with the correction's id, product and reason) where the correction is booked;
// - a posting's month is the brewery's month (in its time zone) its booking instant falls in, by the instants the
//   months start at (`dayStarts`, each checked against `dayIn`);
// - a row's postings are listed in posting order: booking instant to the millisecond (`bookedAt`), then the booking order
//   of the event posted (happened, recorded, to the microsecond, then id), a reversal before its event's own
//   posting; rows tied by the table's order keep the order their first postings were booked in.
// report-rows.test.ts holds this to the event-by-event books (`createReportingService(db, { summarise: false })`).

const DAY_MS = 24 * 3600 * 1000
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10)

/** JavaScript's `String.prototype.trim` white space and line terminators, as a PostgreSQL bracket expression. */
const SPACE =
  '[\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]'
const TRIM = `^${SPACE}+|${SPACE}+$`

type Combination = [kind: string, ttbClass: string, purpose: unknown]

/** Where a combination's postings land in a table: a production column or a loss line; null for nowhere. */
type Place = (combination: {
  kind: string
  ttbClass: string
  details: Record<string, unknown> | null
}) => string | null

const PLACES = {
  production: (event) => productionColumn(classifyLedgerEvent(event), event.kind),
  losses: (event) => {
    const line = classifyLedgerEvent(event)
    return isLossLine(line) ? line : null
  },
} satisfies Record<string, Place>

/** The instants the months of `period` start at in `timeZone`, and the end of the last; null when days do not line up. */
function monthStarts(period: Pick<Period, 'from' | 'to'>, timeZone: string): string[] | null {
  const starts = dayStarts(period.from, dayBefore(period.to), timeZone)
  if (!starts) return null
  const out: string[] = []
  let day = period.from
  for (const start of starts) {
    if (day.endsWith('-01')) out.push(start)
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
  }
  return out
}

/** Each closed span as the instants its days start and end at; null when its days do not line up. */
function spanInstants(closed: readonly ClosedSpan[], timeZone: string) {
  const out: { start: string; end: string; closedAt: string }[] = []
  for (const span of closed) {
    const starts = dayStarts(span.from, dayBefore(span.to), timeZone)
    if (!starts) return null
    out.push({ start: starts[0], end: starts.at(-1)!, closedAt: span.closedAt })
  }
  return out
}

/**
 * The statement's parts that depend on the closed periods: whether `instant` lies in a period that was closed by
 * `by` (never null), and the instant an event of `alias` is booked at.
 */
function closedParts(spans: readonly { start: string; end: string; closedAt: string }[]) {
  const closedAt = (instant: SQL, by: SQL): SQL =>
    spans.length === 0
      ? sql`false`
      : sql`(${sql.join(
          spans.map(
            (span) => sql`(${instant} >= ${span.start}::timestamptz and ${instant} < ${span.end}::timestamptz
              and ${span.closedAt}::timestamptz <= ${by})`,
          ),
          sql` or `,
        )})`
  const booking = (alias: string): SQL => {
    const occurred = sql.raw(`${alias}.occurred_at`)
    const recorded = sql.raw(`${alias}.recorded_at`)
    return spans.length === 0
      ? occurred
      : sql`(case when ${closedAt(occurred, recorded)} then ${recorded} else ${occurred} end)`
  }
  return { closedAt, booking }
}

/**
 * What a table lists its rows by besides their place: the product (the batch's, else the event's own name), or the
 * reason without its spaces; `said` is what the event says of it (its own product name, or its reason).
 */
const LABELS = {
  product: {
    said: sql`(case when jsonb_typeof(le.details -> 'productName') = 'string' then le.details ->> 'productName' end)`,
    label: sql`coalesce(nullif(bt.product_name, ''), nullif(o.said, ''), 'No product')`,
  },
  reason: {
    said: sql`le.reason`,
    label: sql`coalesce(nullif(regexp_replace(o.said, ${TRIM}, '', 'g'), ''), 'No reason given')`,
  },
}

/**
 * The postings on the table's places booked within the period (`p`): posting event id, place, signed units,
 * label (of the event the posting carries), month (1 for the period's first), and the posting's booking order:
 * `booked` (its instant to the millisecond), then the posted event's happened, recorded and id, then a reversal
 * (`own` 0) before its event's own posting.
 */
function postingsStatement(
  entityId: string,
  bound: string,
  places: readonly [Combination, string][],
  spans: readonly { start: string; end: string; closedAt: string }[],
  months: readonly string[],
  label: keyof typeof LABELS,
): SQL {
  const { closedAt, booking } = closedParts(spans)
  const place = sql`(case ${sql.join(
    places.map(
      ([[kind, ttbClass, purpose], to]) =>
        sql`when le.kind = ${kind} and le.ttb_class = ${ttbClass}
          and coalesce(le.details -> 'purpose', 'null'::jsonb) = ${JSON.stringify(purpose)}::jsonb then ${to}`,
    ),
    sql` `,
  )} end)`
  // A corrected event keeps its own posting only when corrected after its booking day's period closed; the
  // correction then books the reversal.
  const corrected = closedAt(booking('w'), sql`r.recorded_at`)
  const columns = sql`le.id, le.occurred_at, le.recorded_at, (le.volume_bbl * 100000)::bigint as units,
    ${place}::text as place, le.kind`
  // The events of the table's places in one scan, streamed (not kept); each corrected event's latest correction from
  // the corrections' index (ADR 413); a corrected event of the table looked up again by id for its reversal, only
  // when a period is closed (else no correction books one). With no period closed, `r.of_id is null` (a column of
  // the join's own condition) makes the first part an anti-join that hashes the corrections, not the events.
  return sql`
    with w as (
      select * from (
        select ${columns}, le.batch_id, ${LABELS[label].said} as said
        from liquid_events le
        where ${ledgerRowsWhere(entityId, bound)}
      ) x where x.place is not null
    ),
    r as (
      select distinct on (le.supersedes_id) le.supersedes_id as of_id, le.id, le.occurred_at, le.recorded_at,
        le.batch_id, ${LABELS[label].said} as said
      from liquid_events le
      where le.entity_id = ${entityId} and le.supersedes_id is not null
      order by le.supersedes_id, date_trunc('milliseconds', le.recorded_at) desc, le.occurred_at, le.recorded_at, le.id
    ),
    o as (
      select w.id as event_id, ${booking('w')} as at, w.occurred_at, w.recorded_at, w.id as source, 1 as own,
        w.place, w.units, w.batch_id, w.said, w.kind
      from w left join r on r.of_id = w.id
      where r.of_id is null or ${corrected}
      union all
      select r.id, ${booking('r')}, w.occurred_at, w.recorded_at, w.id, 0, w.place, -w.units, r.batch_id, r.said,
        w.kind
      from r join (select ${columns} from liquid_events le where le.entity_id = ${entityId}) w on w.id = r.of_id
      where w.place is not null and ${corrected}
    ),
    p as (
      select o.event_id, o.place, o.units, ${LABELS[label].label} as label,
        width_bucket(o.at, ${`{${months.join(',')}}`}::timestamptz[]) as month,
        date_trunc('milliseconds', o.at) as booked, o.at, o.occurred_at, o.recorded_at, o.source, o.own, o.kind
      from o ${label === 'product' ? sql`left join batches bt on bt.id = o.batch_id and bt.entity_id = ${entityId}` : sql``}
      where o.at >= ${months[0]}::timestamptz and o.at < ${months.at(-1)!}::timestamptz
    )`
}

/** How many postings a row sums (ADR 419), and the millisecond its first posting was booked at (since 1970). */
const COUNT = sql`count(*) as count, (extract(epoch from min(p.booked)) * 1000)::bigint as first`

/**
 * The rows in the order their first postings were booked (`first`, to the millisecond), for the table's order to
 * keep where it ties them; null when two rows it ties were first booked in one millisecond (which came first is
 * not known here: the caller books event by event).
 */
function inFirstOrder<T extends { first: number }>(
  rows: readonly T[],
  order: (a: T, b: T) => number,
): T[] | null {
  const sorted = rows.toSorted((a, b) => a.first - b.first).toSorted(order)
  for (let i = 1; i < sorted.length; i++) {
    if (order(sorted[i - 1], sorted[i]) === 0 && sorted[i - 1].first === sorted[i].first) return null
  }
  return sorted
}

/** The brewery's combinations of kind, class and purpose among the rows a report up to `bound` reads. */
export const combinationsStatement = (entityId: string, bound: string): SQL => sql`
  select coalesce(json_agg(json_build_array(c.kind, c.ttb_class, c.purpose)), '[]')::text as combinations
  from (select le.kind, le.ttb_class, coalesce(le.details -> 'purpose', 'null'::jsonb) as purpose
    from liquid_events le where ${ledgerRowsWhere(entityId, bound)} group by 1, 2, 3) c`

async function combinations(db: Db, entityId: string, bound: string): Promise<Combination[]> {
  return jsonOf<Combination[]>(await db.execute(combinationsStatement(entityId, bound)), 'combinations')
}

type Books = { closed: readonly ClosedSpan[]; timeZone: string }
type Table = keyof typeof PLACES

/**
 * What a table's statement is built from: the period's month starts, the closed spans' instants, the bound of the
 * rows read and where the brewery's combinations land; null when the brewery's days do not line up (read event by
 * event then).
 */
export async function tableParts(
  db: Db,
  entityId: string,
  table: Table,
  period: Pick<Period, 'from' | 'to'>,
  booksEnd: string,
  books: Books,
) {
  const months = monthStarts(period, books.timeZone)
  const spans = spanInstants(books.closed, books.timeZone)
  if (!months || !spans) return null
  const bound = boundOf(booksEnd)
  const places = (await combinations(db, entityId, bound)).flatMap(([kind, ttbClass, purpose]) => {
    const to = PLACES[table]({ kind, ttbClass, details: purpose === null ? null : { purpose } })
    return to === null ? [] : [[[kind, ttbClass, purpose], to] as [Combination, string]]
  })
  return { entityId, months, spans, bound, places }
}
type Parts = NonNullable<Awaited<ReturnType<typeof tableParts>>>

/**
 * The production table's statement: one row, one column (`rows`), a JSON array of [month, product, brewed units,
 * packaged units, first, count].
 */
export function productionStatement({ entityId, bound, places, spans, months }: Parts): SQL {
  return sql`
    ${postingsStatement(entityId, bound, places, spans, months, 'product')}
    select coalesce(json_agg(json_build_array(g.month, g.product, g.brewed, g.packaged, g.first, g.count)), '[]')::text
      as rows
    from (
      select p.month, p.label as product, coalesce(sum(p.units) filter (where p.place = 'brewed'), 0) as brewed,
        coalesce(sum(p.units) filter (where p.place = 'packaged'), 0) as packaged, ${COUNT}
      from p group by p.month, p.label
    ) g`
}

/** The losses table's statement: one row, one column (`rows`), a JSON array of [line, reason, units, first, count]. */
export function lossStatement({ entityId, bound, places, spans, months }: Parts): SQL {
  return sql`
    ${postingsStatement(entityId, bound, places, spans, months, 'reason')}
    select coalesce(json_agg(json_build_array(g.place, g.reason, g.units, g.first, g.count)), '[]')::text as rows
    from (select p.place, p.label as reason, sum(p.units) as units, ${COUNT} from p group by 1, 2) g`
}

/**
 * The production table's rows of a period (brewed and packaged by month and product, with their postings' count) from
 * the ledger up to `booksEnd`; null when the brewery's days do not line up with its months.
 */
export async function readProductionRows(
  db: Db,
  entityId: string,
  period: Period,
  booksEnd: string,
  books: Books,
): Promise<ProductionRow[] | null> {
  const parts = await tableParts(db, entityId, 'production', period, booksEnd, books)
  if (!parts) return null
  if (parts.places.length === 0) return []
  const names = monthsOf(period)
  const groups = jsonOf<[number, string, number, number, number, number][]>(
    await underPlan(db, productionStatement(parts)),
    'rows',
  )
  const rows = inFirstOrder(
    groups.map(([month, product, brewedUnits, packagedUnits, first, count]) => ({
      month: names[month - 1],
      product,
      brewedUnits: Number(brewedUnits),
      packagedUnits: Number(packagedUnits),
      eventCount: Number(count),
      first: Number(first),
    })),
    productionOrder,
  )
  return rows && productionRows(rows.map(({ first: _first, ...row }) => row))
}

/**
 * The losses table's rows of a period (beer lost by line and reason, with their postings' count) from the ledger up to
 * `booksEnd`; null when the brewery's days do not line up with its months.
 */
export async function readLossRows(
  db: Db,
  entityId: string,
  period: Period,
  booksEnd: string,
  books: Books,
): Promise<LossRow[] | null> {
  const parts = await tableParts(db, entityId, 'losses', period, booksEnd, books)
  if (!parts) return null
  if (parts.places.length === 0) return []
  const groups = jsonOf<[string, string, number, number, number][]>(
    await underPlan(db, lossStatement(parts)),
    'rows',
  )
  const rows = inFirstOrder(
    groups.map(([line, reason, units, first, count]) => ({
      line,
      reason,
      units: Number(units),
      eventCount: Number(count),
      first: Number(first),
    })),
    lossOrder,
  )
  return rows && lossRows(rows.map(({ first: _first, ...row }) => row))
}

/**
 * One row's postings in posting order, `offset` skipped and at most `limit` (ADR 419): what the row's `eventCount`
 * counts, from the statement the table is computed with; null when the brewery's days do not line up with its months
 * (read event by event then).
 */
export async function readRowEvents(
  db: Db,
  entityId: string,
  period: Period,
  booksEnd: string,
  books: Books,
  row: RowKey,
  page: { offset: number; limit: number },
): Promise<RowEvent[] | null> {
  const parts = await tableParts(db, entityId, row.table, period, booksEnd, books)
  if (!parts) return null
  if (parts.places.length === 0) return []
  const { bound, places, spans, months } = parts
  const which =
    row.table === 'production'
      ? sql`p.month = ${monthsOf(period).indexOf(row.month) + 1} and p.label = ${row.product}`
      : sql`p.place = ${row.line} and p.label = ${row.reason}`
  const events = jsonOf<[string, string, string, number, string | null][]>(
    await db.execute(sql`
      ${postingsStatement(entityId, bound, places, spans, months, row.table === 'production' ? 'product' : 'reason')}
      select coalesce(json_agg(json_build_array(e.event_id, e.at, e.kind, e.units, e.reversal_of) order by e.n), '[]')::text
        as rows
      from (
        select p.event_id, to_char(p.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, p.kind, p.units,
          case when p.own = 0 then p.source end as reversal_of,
          row_number() over (order by p.booked, p.occurred_at, p.recorded_at, p.source, p.own) as n
        from p where ${which}
        order by n offset ${page.offset} limit ${page.limit}
      ) e`),
    'rows',
  )
  return events.map(([id, bookedAt, kind, units, reversalOf]) => ({
    id,
    bookedAt,
    kind,
    units: Number(units),
    barrels: unitsToBarrels(Number(units)),
    reversalOf,
  }))
}
