import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { batches, liquidEvents } from '../../db/schema/production.ts'

// The SQL of costs (docs/decisions/240-cost-follows-the-beer.md): the batches whose cost is in the brewery's
// value, their liquid events, and the raw materials' value per month by the lots' received dates. Every
// statement takes the brewery first and is scoped by it.

/** Which span of `bounds` a value is in: 0 before the first, `i` from bound `i − 1` (the last only ends the range). */
function spanOf(column: unknown, bounds: readonly string[], type: 'timestamptz' | 'date') {
  const thresholds = sql.join(
    bounds.slice(0, -1).map((bound) => sql`${bound}::${sql.raw(type)}`),
    sql`, `,
  )
  return sql`width_bucket(${column}, array[${thresholds}]::${sql.raw(type)}[])`
}

export function createCostRepository(db: Db) {
  return {
    /** The batches whose brew day started before `before`: their ingredients are in progress or in beer. */
    batchesStarted: (entityId: string, before: Date) =>
      db
        .select({ id: batches.id, startedAt: batches.brewDayStartedAt })
        .from(batches)
        .where(
          and(
            eq(batches.entityId, entityId),
            isNotNull(batches.brewDayStartedAt),
            lt(batches.brewDayStartedAt, before),
          ),
        ),

    /** The liquid events of `batchIds` (superseded ones included: the caller leaves them out). */
    liquidEventsOfBatches: (entityId: string, batchIds: string[]) =>
      batchIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              id: liquidEvents.id,
              kind: liquidEvents.kind,
              batchId: liquidEvents.batchId,
              fromVesselId: liquidEvents.fromVesselId,
              toVesselId: liquidEvents.toVesselId,
              volumeBbl: liquidEvents.volumeBbl,
              supersedesId: liquidEvents.supersedesId,
              occurredAt: liquidEvents.occurredAt,
            })
            .from(liquidEvents)
            .where(and(eq(liquidEvents.entityId, entityId), inArray(liquidEvents.batchId, batchIds))),

    /**
     * Stock movement costs before the range's end, summed per item category and per `span` of the month starts:
     * a receipt is dated its lot's received day (`days`, the months' first days and the range's end, as dates),
     * every other movement its instant (`bounds`, the same days at midnight in the brewery's time zone).
     */
    stockValueBuckets: (entityId: string, bounds: readonly Date[], days: readonly string[]) => {
      const isReceipt = sql`${stockMovements.kind} = 'received' and ${lots.receivedOn} is not null`
      const span =
        sql<number>`case when ${isReceipt} then ${spanOf(lots.receivedOn, days, 'date')} else ${spanOf(
          stockMovements.occurredAt,
          bounds.map((bound) => bound.toISOString()),
          'timestamptz',
        )} end`.mapWith(Number)
      return (
        db
          .select({
            span,
            category: inventoryItems.category,
            costCents: sql<string>`sum(${stockMovements.costCents})`,
          })
          .from(stockMovements)
          .innerJoin(
            inventoryItems,
            and(eq(inventoryItems.id, stockMovements.itemId), eq(inventoryItems.entityId, entityId)),
          )
          .leftJoin(lots, and(eq(lots.id, stockMovements.lotId), eq(lots.entityId, entityId)))
          .where(
            and(
              eq(stockMovements.entityId, entityId),
              or(
                and(eq(stockMovements.kind, 'received'), lt(lots.receivedOn, days.at(-1)!)),
                and(sql`not (${isReceipt})`, lt(stockMovements.occurredAt, bounds.at(-1)!)),
              ),
            ),
          )
          // By position: the span's bounds are parameters, which PostgreSQL cannot match in a repeated expression.
          .groupBy(sql`1`, inventoryItems.category)
      )
    },
  }
}
export type CostRepository = ReturnType<typeof createCostRepository>
