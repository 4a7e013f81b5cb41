import type { TtbLedgerEvent } from '@brewcommand/domain'
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { batches } from '../../db/schema/production.ts'

// The ledger as the reports read it (ADR 385): one statement that answers one JSON array (a row per event, its
// columns by position), so neither PGlite nor node-postgres converts 150,000 rows value by value; the instants
// come as `Date.prototype.toISOString` writes them and the volumes as the stored decimal text.

const DAY_MS = 24 * 3600 * 1000
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/**
 * The instant before which every posting of a day before `day` is booked, in any time zone: the UTC midnight a day
 * after it (a brewery's day begins at most 12 hours after UTC's).
 */
export const boundOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString()

/**
 * The events a report up to `bound` reads (`le` is `liquid_events`): those that happened or were recorded before it,
 * every correction (it can book a reversal of an earlier event), and every event a correction supersedes. An event
 * left out happened and was recorded after the bound and supersession ties it to nothing: its one posting is
 * booked after the bound. With no bound, the whole ledger. The bench's floor aggregates the same rows with it.
 */
export const ledgerRowsWhere = (entityId: string, bound: string | null): SQL =>
  bound === null
    ? sql`le.entity_id = ${entityId}`
    : sql`le.entity_id = ${entityId} and (le.occurred_at < ${bound}::timestamptz
        or le.recorded_at < ${bound}::timestamptz or le.supersedes_id is not null
        or le.id in (select s.supersedes_id from liquid_events s
          where s.entity_id = ${entityId} and s.supersedes_id is not null))`

export type Row = [
  id: string,
  kind: string,
  ttbClass: string,
  volumeBbl: string,
  reason: string,
  occurredAt: string,
  recordedAt: string,
  supersedesId: string | null,
  batchId: string | null,
  details: Record<string, unknown> | null,
  fromVesselId?: string | null,
  toVesselId?: string | null,
]

/**
 * The statement of `readLedger`: one row, one column (`ledger`), the JSON array of the events in no order, each
 * instant as its UTC wall-clock time (`2026-07-01T12:00:00.5`).
 */
export function ledgerStatement(
  entityId: string,
  bound: string | null,
  movements: boolean,
  also: SQL = sql`true`,
): SQL {
  const extra = movements ? sql`, le.from_vessel_id, le.to_vessel_id` : sql``
  return sql`
    select coalesce(json_agg(json_build_array(le.id, le.kind, le.ttb_class, le.volume_bbl::text, le.reason,
        le.occurred_at at time zone 'UTC', le.recorded_at at time zone 'UTC', le.supersedes_id, le.batch_id,
        le.details${extra})), '[]')::text as ledger
    from liquid_events le
    where ${ledgerRowsWhere(entityId, bound)} and (${also})`
}

const WALL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.(\d{1,6}))?$/

/** An instant as `toISOString` writes it (milliseconds, truncated as the drivers' dates are) from its UTC wall time. */
export function isoOf(wall: string): string {
  const match = WALL.exec(wall)
  if (!match) return new Date(`${wall}Z`).toISOString()
  return `${wall.slice(0, 19)}.${((match[1] ?? '') + '000').slice(0, 3)}Z`
}

/** An instant's microseconds since 1970 from its UTC wall time (the database's precision: what it orders by). */
function microsOf(wall: string): number {
  const match = WALL.exec(wall)
  if (!match) return Date.parse(`${wall}Z`) * 1000
  return Date.parse(`${wall.slice(0, 19)}Z`) * 1000 + Number(((match[1] ?? '') + '00000').slice(0, 6))
}

/** The rows' positions in booking order: happened, then recorded (to the microsecond), then id. */
function bookingOrder(rows: readonly Row[]): number[] {
  const occurred = new Float64Array(rows.length)
  const recorded = new Float64Array(rows.length)
  const order = new Array<number>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    occurred[i] = microsOf(rows[i][5])
    recorded[i] = microsOf(rows[i][6])
    order[i] = i
  }
  return order.sort(
    (a, b) =>
      occurred[a] - occurred[b] ||
      recorded[a] - recorded[b] ||
      (rows[a][0] < rows[b][0] ? -1 : rows[a][0] > rows[b][0] ? 1 : 0),
  )
}

/** The brewery's batches by id: their numbers and product names, which the events carry in the reports. */
export async function batchesOf(db: Db, entityId: string) {
  const rows = await db
    .select({ id: batches.id, number: batches.number, productName: batches.productName })
    .from(batches)
    .where(eq(batches.entityId, entityId))
  return new Map(rows.map((batch) => [batch.id, batch]))
}

/**
 * The rows (`Row`, as `ledgerStatement` answers them) as events in booking order; `weights[i]`, when given, is how
 * many events row `i` stands for (a summarised read, ADR 402).
 */
export function eventsOf(
  rows: readonly Row[],
  batchOf: ReadonlyMap<string, { number: string; productName: string | null }>,
  movements: boolean,
  weights?: readonly (number | undefined)[],
): TtbLedgerEvent[] {
  const order = bookingOrder(rows)
  const events = new Array<TtbLedgerEvent>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[order[i]]
    const batch = row[8] === null ? undefined : batchOf.get(row[8])
    const details = row[9]
    const own = details?.productName
    const event: TtbLedgerEvent = {
      id: row[0],
      kind: row[1],
      ttbClass: row[2],
      volumeBbl: row[3],
      reason: row[4],
      occurredAt: isoOf(row[5]),
      recordedAt: isoOf(row[6]),
      supersedesId: row[7],
      batchNumber: batch?.number ?? null,
      // A product name the event carries itself (before a batch exists) is the fallback.
      productName: batch?.productName || (typeof own === 'string' ? own : null),
      details,
    }
    if (movements) {
      event.batchId = row[8]
      event.fromVesselId = row[10] ?? null
      event.toVesselId = row[11] ?? null
    }
    const weight = weights?.[order[i]]
    if (weight !== undefined) event.weight = weight
    events[i] = event
  }
  return events
}

/**
 * Planner settings for one transaction, all in one statement (`set_config(…, true)`; `set local` sets one only).
 * The names and values are this module's constants, never input.
 */
export const planSettings = (settings: Record<string, string>): SQL =>
  sql.raw(
    `select ${Object.entries(settings)
      .map(([name, value]) => `set_config('${name}', '${value}', true)`)
      .join(', ')}`,
  )

/**
 * The planner's costs of parallel work for a report's aggregate over the brewery's ledger (ADR 426): a gathered row
 * costs a thousandth of a tuple, and starting the workers a tenth of the default. The planner guesses an aggregate's
 * groups from each column's guess (tens of thousands for the bench's year, where there are 17 to 519), so the
 * default costs priced gathering the workers' partial groups above doing all of it in one process: the year's
 * statements ran on one core while the floor's plain aggregate ran on two. PGlite has no workers
 * (`max_parallel_workers_per_gather` is 0 there) and plans as before.
 */
export const PARALLEL_AGGREGATE = { parallel_setup_cost: '100', parallel_tuple_cost: '0.001' }
const PARALLEL_AGGREGATE_PLAN = planSettings(PARALLEL_AGGREGATE)

/** `statement` in a transaction of its own, under `plan` (by default `PARALLEL_AGGREGATE`). */
export function underPlan(db: Db, statement: SQL, plan: SQL = PARALLEL_AGGREGATE_PLAN): Promise<unknown> {
  return db.transaction(async (tx) => {
    await tx.execute(plan)
    return tx.execute(statement)
  })
}

/** The first (only) value of a one-row, one-column answer: the JSON text of a statement's array. */
export const jsonOf = <T>(result: unknown, column: string): T =>
  JSON.parse(rowsOf<Record<string, string>>(result)[0][column]) as T

/**
 * The brewery's liquid ledger in booking order (happened, then recorded, then id), each event with its batch's
 * number and product name: all of it, or (`before`, a day) what the reports of periods ending by that day read.
 * `movements` adds each event's batch and vessels (the daily records name them).
 */
export async function readLedger(
  db: Db,
  entityId: string,
  { before = null, movements = false }: { before?: string | null; movements?: boolean } = {},
): Promise<TtbLedgerEvent[]> {
  const [result, batchOf] = await Promise.all([
    db.execute<{ ledger: string }>(
      ledgerStatement(entityId, before === null ? null : boundOf(before), movements),
    ),
    batchesOf(db, entityId),
  ])
  return eventsOf(jsonOf<Row[]>(result, 'ledger'), batchOf, movements)
}
