import type { TtbLedgerEvent } from '@brewcommand/domain'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'

// The ledger as the reports read it (ADR 385): one statement that answers one JSON array (a row per event, its
// columns by position), so neither PGlite nor node-postgres converts 150,000 rows value by value; the instants
// come as `Date.prototype.toISOString` writes them and the volumes as the stored decimal text.

const DAY_MS = 24 * 3600 * 1000

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

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', ${ISO})`)

type Row = [
  id: string,
  kind: string,
  ttbClass: string,
  volumeBbl: string,
  reason: string,
  occurredAt: string,
  recordedAt: string,
  supersedesId: string | null,
  batchNumber: string | null,
  productName: string | null,
  details: Record<string, unknown> | null,
  batchId?: string | null,
  fromVesselId?: string | null,
  toVesselId?: string | null,
]

/** The statement of `readLedger`: one row, one column (`ledger`), the JSON array of the events. */
export function ledgerStatement(entityId: string, bound: string | null, movements: boolean): SQL {
  const extra = movements ? sql`, le.batch_id, le.from_vessel_id, le.to_vessel_id` : sql``
  return sql`
    select coalesce(json_agg(json_build_array(le.id, le.kind, le.ttb_class, le.volume_bbl::text, le.reason,
        ${iso('le.occurred_at')}, ${iso('le.recorded_at')}, le.supersedes_id, b.number, b.product_name,
        le.details${extra}) order by le.occurred_at, le.recorded_at, le.id), '[]')::text as ledger
    from liquid_events le left join batches b on b.id = le.batch_id and b.entity_id = ${entityId}
    where ${ledgerRowsWhere(entityId, bound)}`
}

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
  const result = await db.execute(ledgerStatement(entityId, before === null ? null : boundOf(before), movements))
  const [{ ledger }] = (result as unknown as { rows: { ledger: string }[] }).rows
  const rows = JSON.parse(ledger) as Row[]
  const events = new Array<TtbLedgerEvent>(rows.length)
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    const details = row[10]
    const own = details?.productName
    const event: TtbLedgerEvent = {
      id: row[0],
      kind: row[1],
      ttbClass: row[2],
      volumeBbl: row[3],
      reason: row[4],
      occurredAt: row[5],
      recordedAt: row[6],
      supersedesId: row[7],
      batchNumber: row[8],
      // A product name the event carries itself (before a batch exists) is the fallback.
      productName: row[9] || (typeof own === 'string' ? own : null),
      details,
    }
    if (movements) {
      event.batchId = row[11] ?? null
      event.fromVesselId = row[12] ?? null
      event.toVesselId = row[13] ?? null
    }
    events[i] = event
  }
  return events
}
