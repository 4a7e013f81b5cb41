import { vesselContents } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { measurements } from '../../db/schema/production.ts'
import { AppError } from '../../errors.ts'
import { createCellarRepository, toLedgerEvent, type CellarRepository } from './cellar.repository.ts'

/**
 * What a packaging run puts on hand (modules/inventory, docs/decisions/213-finished-goods-and-cost.md): the
 * finished goods of each `packaged` event and the packaging materials they use, in the run's own transaction.
 */
export type FinishedGoodsPort = (
  tx: Db,
  tenant: Tenant,
  event: {
    id: string
    batchId: string | null
    volumeBbl: string
    details: Record<string, unknown> | null
    supersedesId: string | null
    occurredAt: Date
  },
) => Promise<unknown>

/** What every part of the cellar service shares: the connection for reads, the clock, the ports. */
export type CellarContext = {
  db: Db
  now: () => Date
  /** Reads on the service's connection; writes take the write runner's transaction. */
  reads: CellarRepository
  finishedGoods?: FinishedGoodsPort
}

/** The original gravity measured on brew day, if any. */
export async function measuredOriginalGravity(connection: Db, entityId: string, batchId: string) {
  const [row] = await connection
    .select({ gravity: measurements.gravity })
    .from(measurements)
    .where(
      and(
        eq(measurements.entityId, entityId),
        eq(measurements.batchId, batchId),
        eq(measurements.point, 'original-gravity'),
      ),
    )
    .orderBy(measurements.takenAt)
  return row?.gravity ?? null
}

/** The brewery's vessel, locked for the write; refused when missing or archived. */
export async function mustVessel(repo: CellarRepository, tenant: Tenant, id: string, field: string) {
  const vessel = await repo.vessel(tenant.entityId, id, { lock: true })
  if (!vessel || vessel.archivedAt)
    throw new AppError('NOT_FOUND', 'Vessel not found.', [{ path: field, message: 'No such vessel' }])
  return vessel
}

/** The batch in a vessel at `at`: its occupancy, else what the ledger holds there, else the fermenter's batch. */
export async function batchInVessel(
  tx: Db,
  entityId: string,
  vesselId: string,
  at: Date,
): Promise<string | null> {
  const repo = createCellarRepository(tx)
  const occupancy = await repo.occupancyAt(entityId, vesselId, at)
  if (occupancy) return occupancy.batchId
  const events = (await repo.eventsTouching(entityId, [vesselId], [])).map(toLedgerEvent)
  const held = vesselContents(events.filter((event) => event.occurredAt <= at.toISOString())).get(vesselId)
  const main = held?.batches.toSorted((a, b) => b.volumeBbl - a.volumeBbl)[0]
  if (main?.batchId) return main.batchId
  return (await repo.batchByFermenter(entityId, vesselId))?.id ?? null
}
