import { batchYield, vesselContents, type LedgerEvent } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createCellarRepository, toLedgerEvent, type BatchRow, type VesselRow } from './cellar.repository.ts'

/** Vessels a batch conditions in once it leaves the fermenter. */
const CONDITIONING_KINDS = new Set(['brite-tank', 'serving-tank', 'barrel'])

/** Applies the consequences of a movement: vessel states, occupancies and the batch's status. */
export async function afterMovement(
  tx: Db,
  tenant: Tenant,
  batch: BatchRow,
  touched: { from: VesselRow | null; to: VesselRow | null },
  at: Date,
) {
  const repo = createCellarRepository(tx)
  const ledger = (await repo.eventsTouching(tenant.entityId, [], [batch.id])).map(toLedgerEvent)
  const contents = vesselContents(ledger)
  if (touched.from && !contents.has(touched.from.id)) {
    await repo.closeOccupancies(tenant.entityId, touched.from.id, batch.id, at)
    // Emptied: it needs cleaning before it is filled again.
    const others = (await repo.eventsTouching(tenant.entityId, [touched.from.id], [])).map(toLedgerEvent)
    if (!vesselContents(others).has(touched.from.id))
      await repo.setVesselState(tenant.entityId, touched.from.id, 'dirty')
  }
  if (touched.to) {
    await repo.setVesselState(tenant.entityId, touched.to.id, 'in-use')
    const open = await repo.openOccupancies(tenant.entityId, touched.to.id)
    if (!open.some((occupancy) => occupancy.batchId === batch.id))
      await repo.openOccupancy({
        entityId: tenant.entityId,
        batchId: batch.id,
        vesselId: touched.to.id,
        stage: CONDITIONING_KINDS.has(touched.to.kind) ? 'conditioning' : 'fermentation',
        actualStart: at,
      })
  }
  const result = batchYield(ledger, batch.id)
  let status = batch.status
  if (result.inVesselsBbl === 0 && result.intoFermenterBbl > 0)
    status = result.packagedBbl > 0 || result.removedBbl > 0 ? 'completed' : 'dumped'
  else if (result.packagedBbl > 0) status = 'packaging'
  else if (touched.to && CONDITIONING_KINDS.has(touched.to.kind) && batch.status === 'fermenting')
    status = 'conditioning'
  if (status !== batch.status) await repo.setBatchStatus(tenant.entityId, batch.id, status)
}

/** Refuses a ledger that would take more from a vessel than it holds. */
export function assertNoOverdraw(events: LedgerEvent[], vesselNames: Map<string, string>, field: string) {
  for (const held of vesselContents(events).values()) {
    for (const part of held.batches) {
      if (part.volumeBbl < 0)
        throw new AppError(
          'CONFLICT',
          `${vesselNames.get(held.vesselId) ?? 'The vessel'} does not hold that much beer.`,
          [{ path: field, message: 'More than the vessel holds' }],
        )
    }
  }
}

/** The event a correction supersedes: the brewery's, of the same kind, not superseded yet. */
export async function supersededEvent(
  tx: Db,
  tenant: Tenant,
  supersedesId: string,
  kind: string,
  field: string,
) {
  const repo = createCellarRepository(tx)
  const old = await repo.event(tenant.entityId, supersedesId)
  if (!old)
    throw new AppError('NOT_FOUND', 'The event to correct was not found.', [
      { path: field, message: 'No such event' },
    ])
  if (old.kind !== kind)
    throw new AppError('VALIDATION_FAILED', 'A correction has the kind of the event it corrects.', [
      { path: field, message: `That event is ${old.kind}` },
    ])
  const by = await repo.supersederOf(tenant.entityId, supersedesId)
  if (by)
    throw new AppError('CONFLICT', 'That event was corrected already; correct the correction instead.', [
      { path: field, message: 'Already corrected' },
    ])
  return old
}
