import { sql } from 'drizzle-orm'
import { dateOf, type ReadBatcher } from './trace.batch.ts'
import { idsSql, noIds, withOf, type Ids } from './trace.sql.ts'

// A batch's records as trace shows them under it (docs/decisions/300, 400): the cleaning of the vessels it passed
// through, its cellar readings summed up, its brew-day measurements. Each a single read over the batches' ids,
// sent with the walk's other reads of the same round (ADR 408).
export function createTraceRecordReads(read: ReadBatcher) {
  return {
    cleanings: async (entityId: string, vesselIds: Ids) =>
      noIds(vesselIds)
        ? []
        : read({
            with: withOf(vesselIds),
            sql: sql`select vessel_id as "vesselId", kind, chemical, concentration, verification,
                occurred_at as "occurredAt"
              from cleaning_events where entity_id = ${entityId} and vessel_id = any(${idsSql(vesselIds)})
              order by occurred_at`,
            decode: (row) =>
              ({ ...row, occurredAt: dateOf(row.occurredAt) }) as {
                vesselId: string
                kind: string
                chemical: string
                concentration: string
                verification: string
                occurredAt: Date
              },
          }),

    /**
     * Each batch's cellar readings summed up: how many, over which days, the temperature range, the first and
     * last gravity. The first and last gravity are one index probe each (readings by batch and time), not a sort
     * of every reading of the batch.
     */
    readingSummary: async (entityId: string, batchIds: Ids) => {
      if (noIds(batchIds)) return []
      return read<{
        batchId: string
        count: number
        firstAt: string
        lastAt: string
        firstGravity: number | null
        lastGravity: number | null
        minTemperature: number | null
        maxTemperature: number | null
      }>({
        with: withOf(batchIds),
        sql: sql`
        select b.id as "batchId", s.count, s.first_at as "firstAt", s.last_at as "lastAt",
               fg.gravity_sg as "firstGravity", lg.gravity_sg as "lastGravity",
               s.min_t as "minTemperature", s.max_t as "maxTemperature"
        from unnest(${idsSql(batchIds)}) b(id)
        cross join lateral (
          select count(*)::int as count, min(taken_at)::text as first_at, max(taken_at)::text as last_at,
                 min(temperature_c) as min_t, max(temperature_c) as max_t
          from readings where entity_id = ${entityId} and batch_id = b.id
        ) s
        left join lateral (
          select gravity_sg from readings
          where entity_id = ${entityId} and batch_id = b.id and gravity_sg is not null
          order by taken_at limit 1
        ) fg on true
        left join lateral (
          select gravity_sg from readings
          where entity_id = ${entityId} and batch_id = b.id and gravity_sg is not null
          order by taken_at desc limit 1
        ) lg on true
        where s.count > 0`,
      })
    },

    measurements: async (entityId: string, batchIds: Ids) =>
      noIds(batchIds)
        ? []
        : read({
            with: withOf(batchIds),
            sql: sql`select batch_id as "batchId", point, quantity, value, unit, gravity, taken_at as "takenAt"
              from measurements where entity_id = ${entityId} and batch_id = any(${idsSql(batchIds)})
              order by taken_at`,
            decode: (row) =>
              ({ ...row, takenAt: dateOf(row.takenAt) }) as {
                batchId: string
                point: string
                quantity: string
                value: number
                unit: string
                gravity: number | null
                takenAt: Date
              },
          }),
  }
}
