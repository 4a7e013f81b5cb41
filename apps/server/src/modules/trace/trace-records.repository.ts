import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { cleaningEvents } from '../../db/schema/cellar.ts'
import { measurements } from '../../db/schema/production.ts'
import { rowsOf, uuidArray } from './trace.sql.ts'

// A batch's records as trace shows them under it (docs/decisions/300, 400): the cleaning of the vessels it passed
// through, its cellar readings summed up, its brew-day measurements. Each a single read over the batches' ids.
export function createTraceRecordReads(db: Db) {
  return {
    cleanings: (entityId: string, vesselIds: string[]) =>
      vesselIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              vesselId: cleaningEvents.vesselId,
              kind: cleaningEvents.kind,
              chemical: cleaningEvents.chemical,
              concentration: cleaningEvents.concentration,
              verification: cleaningEvents.verification,
              occurredAt: cleaningEvents.occurredAt,
            })
            .from(cleaningEvents)
            .where(and(eq(cleaningEvents.entityId, entityId), inArray(cleaningEvents.vesselId, vesselIds)))
            .orderBy(asc(cleaningEvents.occurredAt)),

    /** A batch's device and typed readings summed up in the database (a device posts every few minutes). */
    /**
     * Each batch's cellar readings summed up: how many, over which days, the temperature range, the first and
     * last gravity. The first and last gravity are one index probe each (readings by batch and time), not a sort
     * of every reading of the batch.
     */
    readingSummary: async (entityId: string, batchIds: string[]) => {
      if (batchIds.length === 0) return []
      const result = await db.execute(sql`
        select b.id as "batchId", s.count, s.first_at as "firstAt", s.last_at as "lastAt",
               fg.gravity_sg as "firstGravity", lg.gravity_sg as "lastGravity",
               s.min_t as "minTemperature", s.max_t as "maxTemperature"
        from unnest(${uuidArray(batchIds)}) b(id)
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
        where s.count > 0`)
      return rowsOf<{
        batchId: string
        count: number
        firstAt: string
        lastAt: string
        firstGravity: number | null
        lastGravity: number | null
        minTemperature: number | null
        maxTemperature: number | null
      }>(result)
    },

    measurements: (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              batchId: measurements.batchId,
              point: measurements.point,
              quantity: measurements.quantity,
              value: measurements.value,
              unit: measurements.unit,
              gravity: measurements.gravity,
              takenAt: measurements.takenAt,
            })
            .from(measurements)
            .where(and(eq(measurements.entityId, entityId), inArray(measurements.batchId, batchIds)))
            .orderBy(asc(measurements.takenAt)),
  }
}
