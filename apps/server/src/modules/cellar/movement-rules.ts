import {
  batchYield,
  roundBarrels,
  SHOWN_ROUNDING_BBL,
  TTB_CLASS_OF_KIND,
  vesselContents,
  type LedgerEvent,
} from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  createCellarRepository,
  toLedgerEvent,
  type BatchRow,
  type CellarRepository,
  type VesselRow,
} from './cellar.repository.ts'

/** Vessels a batch conditions in once it leaves the fermenter. */
const CONDITIONING_KINDS = new Set(['brite-tank', 'serving-tank', 'barrel'])

/** What the batch holds in the vessel after these events (negative when they take more than it held). */
export function batchLeftIn(events: LedgerEvent[], vesselId: string, batchId: string): number {
  const held = vesselContents(events).get(vesselId)
  return held?.batches.find((part) => part.batchId === batchId)?.volumeBbl ?? 0
}

/**
 * Volumes shown and volumes accepted agree (ADR 250): when the last of `added` leaves the batch within the
 * shown rounding of nothing in `vesselId` (a loss of 0.14 from 0.1387), it takes exactly what was there.
 * Returns the events to book.
 */
export function settleToContents(
  before: LedgerEvent[],
  added: LedgerEvent[],
  vesselId: string,
  batchId: string,
): LedgerEvent[] {
  const left = batchLeftIn([...before, ...added], vesselId, batchId)
  if (left === 0 || Math.abs(left) > SHOWN_ROUNDING_BBL + 1e-9) return added
  const last = added.at(-1)!
  const volumeBbl = roundBarrels(last.volumeBbl + left)
  if (volumeBbl <= 0) return added
  return [...added.slice(0, -1), { ...last, volumeBbl }]
}

/**
 * Empty the tank (ADR 250): what the batch leaves in the vessel after `added`, booked as a loss with the
 * person's reason; none when nothing is left.
 */
export function emptyTankLoss(
  before: LedgerEvent[],
  added: LedgerEvent[],
  from: { vesselId: string; batchId: string; at: string },
  empty: { lossId: string } | null,
): LedgerEvent | null {
  if (!empty) return null
  const left = batchLeftIn([...before, ...added], from.vesselId, from.batchId)
  if (left <= 0) return null
  return {
    id: empty.lossId,
    kind: 'lost',
    batchId: from.batchId,
    fromVesselId: from.vesselId,
    toVesselId: null,
    volumeBbl: left,
    supersedesId: null,
    occurredAt: from.at,
  }
}

/** Books the Empty the tank loss (kind `lost`, TTB losses) with the person's reason. */
export async function insertEmptyTankLoss(
  repo: CellarRepository,
  tenant: Tenant,
  loss: LedgerEvent,
  reason: string,
  field: string,
) {
  const inserted = await repo.insertEvent({
    id: loss.id,
    entityId: tenant.entityId,
    batchId: loss.batchId,
    kind: 'lost',
    fromVesselId: loss.fromVesselId,
    toVesselId: null,
    volumeBbl: loss.volumeBbl.toFixed(5),
    reason,
    ttbClass: TTB_CLASS_OF_KIND.lost,
    details: { emptyTank: true },
    supersedesId: null,
    occurredAt: new Date(loss.occurredAt),
    recordedBy: tenant.userId,
  })
  if (!inserted)
    throw new AppError('CONFLICT', 'An event with this id exists.', [{ path: field, message: 'Taken' }])
}

/** Ends the batch's time in a vessel it left: its occupancy ends at `at`; emptied, the vessel needs cleaning. */
async function leaveVessel(
  repo: CellarRepository,
  entityId: string,
  batchId: string,
  vessel: VesselRow,
  at: Date,
) {
  await repo.closeOccupancies(entityId, vessel.id, batchId, at)
  const others = (await repo.eventsTouching(entityId, [vessel.id], [])).map(toLedgerEvent)
  if (!vesselContents(others).has(vessel.id)) await repo.setVesselState(entityId, vessel.id, 'dirty')
}

/**
 * Starts the batch's time in the vessel it went into: the schedule's booking of that stage, when there is one
 * not started yet, becomes the actual one (moved to this vessel and to `at`, keeping its length); otherwise a
 * new occupancy opens (ADR 251).
 */
async function enterVessel(
  repo: CellarRepository,
  entityId: string,
  batchId: string,
  vessel: VesselRow,
  at: Date,
) {
  await repo.setVesselState(entityId, vessel.id, 'in-use')
  const open = await repo.openOccupancies(entityId, vessel.id)
  if (open.some((occupancy) => occupancy.batchId === batchId && occupancy.actualStart)) return
  const stage = CONDITIONING_KINDS.has(vessel.kind) ? 'conditioning' : 'fermentation'
  const planned = await repo.plannedOccupancy(entityId, batchId, stage)
  if (planned?.plannedStart && planned.plannedEnd) {
    const length = planned.plannedEnd.getTime() - planned.plannedStart.getTime()
    await repo.startPlannedOccupancy(entityId, planned.id, {
      vesselId: vessel.id,
      at,
      plannedEnd: new Date(at.getTime() + length),
    })
    return
  }
  await repo.openOccupancy({ entityId, batchId, vesselId: vessel.id, stage, actualStart: at })
}

/** The batch's status after a movement, by its yield: completed or dumped once no beer is left in a vessel. */
function statusAfter(batch: BatchRow, ledger: LedgerEvent[], to: VesselRow | null): string {
  const result = batchYield(ledger, batch.id)
  if (result.inVesselsBbl === 0 && result.intoFermenterBbl > 0)
    return result.packagedBbl > 0 || result.removedBbl > 0 ? 'completed' : 'dumped'
  if (result.packagedBbl > 0) return 'packaging'
  if (to && CONDITIONING_KINDS.has(to.kind) && batch.status === 'fermenting') return 'conditioning'
  return batch.status
}

/**
 * Applies the consequences of a movement at the event's time: vessel states, occupancies (and the schedule's
 * bookings they replace), the batch's status; a batch completed or dumped releases its remaining bookings.
 */
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
  if (touched.from && !contents.has(touched.from.id))
    await leaveVessel(repo, tenant.entityId, batch.id, touched.from, at)
  if (touched.to) await enterVessel(repo, tenant.entityId, batch.id, touched.to, at)
  const status = statusAfter(batch, ledger, touched.to)
  if (status === batch.status) return
  await repo.setBatchStatus(tenant.entityId, batch.id, status)
  if (status === 'completed' || status === 'dumped') await repo.releaseBookings(tenant.entityId, batch.id, at)
}

/**
 * Refuses a ledger that would take more from one of the named vessels (those the movement touches) than it
 * holds. Only those: the events read are the ones touching them and the batch, so any other vessel in them is
 * seen in part — a brite tank's earlier batch came from a fermenter whose brewed event is not among them — and
 * judging it refused every transfer into a brite tank that had held a transferred batch (found by the seed, ADR 370).
 */
export function assertNoOverdraw(events: LedgerEvent[], vesselNames: Map<string, string>, field: string) {
  for (const held of vesselContents(events).values()) {
    if (!vesselNames.has(held.vesselId)) continue
    for (const part of held.batches) {
      if (part.volumeBbl < 0)
        throw new AppError('CONFLICT', `${vesselNames.get(held.vesselId)} does not hold that much beer.`, [
          { path: field, message: 'More than the vessel holds' },
        ])
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
