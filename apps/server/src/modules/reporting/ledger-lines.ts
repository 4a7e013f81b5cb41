import type { TtbLedgerEvent } from '@brewcommand/domain'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import {
  batchesOf,
  boundOf,
  eventsOf,
  jsonOf,
  ledgerRowsWhere,
  ledgerStatement,
  type Row,
} from './ledger-read.ts'

// The ledger of some lines only (ADR 402): the production table needs the brewed and packaged events, the losses
// table the lost, dumped and sampled ones, each by id. Which line an event lands on depends on its kind, its class
// and, for a sample, its purpose (`classifyLedgerEvent`): the brewery's few combinations of the three are read
// first, the domain says which lines they land on, and only the events of the wanted ones are read, with the
// corrections of those events (a correction books the reversal of the event it corrects on that event's line).

type Combination = [kind: string, ttbClass: string, purpose: unknown]

/** Whether an event of `alias` has one of the combinations (never null; a JSON `null` purpose is no purpose). */
function ofCombinations(alias: string, combinations: readonly Combination[]): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`)
  const each = combinations.map(
    ([kind, ttbClass, purpose]) =>
      sql`(${column('kind')} = ${kind} and ${column('ttb_class')} = ${ttbClass}
        and coalesce(${column('details')} -> 'purpose', 'null'::jsonb) = ${JSON.stringify(purpose)}::jsonb)`,
  )
  return each.length === 0 ? sql`false` : sql`(${sql.join(each, sql` or `)})`
}

/**
 * The events a report up to `before` (a day: where its books end) reads, as `readLedger` reads them, left to those
 * whose kind, class and purpose `wanted` keeps, and their corrections: every posting on a wanted line is the whole
 * ledger's.
 */
export async function readLedgerOf(
  db: Db,
  entityId: string,
  before: string,
  wanted: (event: Pick<TtbLedgerEvent, 'kind' | 'ttbClass' | 'details'>) => boolean,
): Promise<TtbLedgerEvent[]> {
  const bound = boundOf(before)
  const found = await db.execute(sql`
    select coalesce(json_agg(json_build_array(c.kind, c.ttb_class, c.purpose)), '[]')::text as combinations
    from (select le.kind, le.ttb_class, coalesce(le.details -> 'purpose', 'null'::jsonb) as purpose
      from liquid_events le
      where ${ledgerRowsWhere(entityId, bound)} group by 1, 2, 3) c`)
  const combinations = jsonOf<Combination[]>(found, 'combinations').filter(([kind, ttbClass, purpose]) =>
    wanted({ kind, ttbClass, details: purpose === null ? null : { purpose } }),
  )
  if (combinations.length === 0) return []
  const corrections = sql`le.supersedes_id in (select t.id from liquid_events t
    where t.entity_id = ${entityId} and ${ofCombinations('t', combinations)})`
  const [result, batchOf] = await Promise.all([
    db.execute(
      ledgerStatement(entityId, bound, false, sql`${ofCombinations('le', combinations)} or ${corrections}`),
    ),
    batchesOf(db, entityId),
  ])
  return eventsOf(jsonOf<Row[]>(result, 'ledger'), batchOf, false)
}
