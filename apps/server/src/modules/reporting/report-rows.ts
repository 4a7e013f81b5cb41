import {
  classifyLedgerEvent,
  isLossLine,
  lossRows,
  monthsOf,
  productionColumn,
  productionRows,
  type ClosedSpan,
  type LossRow,
  type Period,
  type ProductionRow,
} from '@brewcommand/domain'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { boundOf, jsonOf, ledgerRowsWhere } from './ledger-read.ts'
import { dayStarts } from './ledger-summary.ts'

// The production and losses tables computed in SQL (ADR 406): their rows are sums by month and product, or by line
// and reason, each with the ids of the events behind it in booking order, so the database books the postings
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
// - the ids are listed in posting order: booking instant to the millisecond (`bookedAt`), then the booking order
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
 * The postings on the table's places booked within the period (`p`): posting event id, place, signed volume,
 * product and reason (of the event the posting carries), month (1 for the period's first), and `n`, the posting's
 * place in booking order.
 */
function postingsStatement(
  entityId: string,
  bound: string,
  places: readonly [Combination, string][],
  spans: readonly { start: string; end: string; closedAt: string }[],
  months: readonly string[],
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
  const kept = sql`(b.r_id is null or ${closedAt(sql`b.own_at`, sql`b.r_recorded`)})`
  const reversed = sql`(b.r_id is not null and ${closedAt(sql`b.own_at`, sql`b.r_recorded`)})`
  const product = (batch: string, details: string) =>
    sql.raw(`coalesce(nullif(${batch}.product_name, ''),
      nullif(case when jsonb_typeof(${details} -> 'productName') = 'string' then ${details} ->> 'productName' end, ''),
      'No product')`)
  return sql`
    with w as materialized (
      select * from (
        select le.id, le.occurred_at, le.recorded_at, le.reason, le.batch_id, le.details, le.volume_bbl,
          ${place}::text as place
        from liquid_events le
        where ${ledgerRowsWhere(entityId, bound)}
      ) x where x.place is not null
    ),
    r as (
      select distinct on (c.supersedes_id) c.supersedes_id as of_id, c.id, c.occurred_at, c.recorded_at, c.reason,
        c.batch_id, c.details
      from liquid_events c
      where c.entity_id = ${entityId} and c.supersedes_id in (select w.id from w)
      order by c.supersedes_id, date_trunc('milliseconds', c.recorded_at) desc, c.occurred_at, c.recorded_at, c.id
    ),
    b as (
      select w.*, ${booking('w')} as own_at, r.id as r_id, ${booking('r')} as r_at, r.recorded_at as r_recorded,
        r.reason as r_reason, r.batch_id as r_batch_id, r.details as r_details
      from w left join r on r.of_id = w.id
    ),
    o as (
      select b.id as event_id, b.own_at as at, b.occurred_at, b.recorded_at, b.id as source, 1 as own, b.place,
        b.volume_bbl as volume, b.reason, b.batch_id, b.details
      from b where ${kept}
      union all
      select b.r_id, b.r_at, b.occurred_at, b.recorded_at, b.id, 0, b.place, -b.volume_bbl, b.r_reason,
        b.r_batch_id, b.r_details
      from b where ${reversed}
    ),
    p as (
      select o.event_id, o.place, o.volume, o.reason,
        ${product('bt', 'o.details')} as product,
        width_bucket(o.at, ${`{${months.join(',')}}`}::timestamptz[]) as month,
        row_number() over (order by date_trunc('milliseconds', o.at), o.occurred_at, o.recorded_at, o.source, o.own)
          as n
      from o left join batches bt on bt.id = o.batch_id and bt.entity_id = ${entityId}
      where o.at >= ${months[0]}::timestamptz and o.at < ${months.at(-1)!}::timestamptz
    )`
}

/** The brewery's combinations of kind, class and purpose among the rows a report up to `bound` reads. */
async function combinations(db: Db, entityId: string, bound: string): Promise<Combination[]> {
  const found = await db.execute(sql`
    select coalesce(json_agg(json_build_array(c.kind, c.ttb_class, c.purpose)), '[]')::text as combinations
    from (select le.kind, le.ttb_class, coalesce(le.details -> 'purpose', 'null'::jsonb) as purpose
      from liquid_events le where ${ledgerRowsWhere(entityId, bound)} group by 1, 2, 3) c`)
  return jsonOf<Combination[]>(found, 'combinations')
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

/** The production table's statement: one row, one column (`rows`), a JSON array of [month, product, brewed, packaged, first, ids]. */
export function productionStatement({ entityId, bound, places, spans, months }: Parts): SQL {
  return sql`
    ${postingsStatement(entityId, bound, places, spans, months)}
    select coalesce(json_agg(json_build_array(g.month, g.product, g.brewed, g.packaged, g.first, g.ids)), '[]')::text
      as rows
    from (
      select p.month, p.product,
        (coalesce(sum(p.volume) filter (where p.place = 'brewed'), 0) * 100000)::bigint as brewed,
        (coalesce(sum(p.volume) filter (where p.place = 'packaged'), 0) * 100000)::bigint as packaged,
        min(p.n) as first, array_agg(p.event_id order by p.n) as ids
      from p group by p.month, p.product
    ) g`
}

/** The losses table's statement: one row, one column (`rows`), a JSON array of [line, reason, units, first, ids]. */
export function lossStatement({ entityId, bound, places, spans, months }: Parts): SQL {
  return sql`
    ${postingsStatement(entityId, bound, places, spans, months)}
    select coalesce(json_agg(json_build_array(g.place, g.reason, g.units, g.first, g.ids)), '[]')::text as rows
    from (
      select p.place, coalesce(nullif(regexp_replace(p.reason, ${TRIM}, '', 'g'), ''), 'No reason given') as reason,
        (sum(p.volume) * 100000)::bigint as units, min(p.n) as first, array_agg(p.event_id order by p.n) as ids
      from p group by 1, 2
    ) g`
}

/**
 * The production table's rows of a period (brewed and packaged by month and product, with their events' ids) from
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
  const groups = jsonOf<[number, string, number, number, number, string[]][]>(
    await db.execute(productionStatement(parts)),
    'rows',
  )
  return productionRows(
    groups
      .toSorted((a, b) => a[4] - b[4])
      .map(([month, product, brewedUnits, packagedUnits, , eventIds]) => ({
        month: names[month - 1],
        product,
        brewedUnits,
        packagedUnits,
        eventIds,
      })),
  )
}

/**
 * The losses table's rows of a period (beer lost by line and reason, with their events' ids) from the ledger up to
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
  const groups = jsonOf<[string, string, number, number, string[]][]>(
    await db.execute(lossStatement(parts)),
    'rows',
  )
  return lossRows(
    groups
      .toSorted((a, b) => a[3] - b[3])
      .map(([line, reason, units, , eventIds]) => ({ line, reason, units, eventIds })),
  )
}
