import {
  roundBarrels,
  TTB_CLASS_OF_KIND,
  ttbClassOfSample,
  vesselContents,
  type LedgerEvent,
  type LiquidEventInputSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { adjustmentDetails, assertTimelineHolds, dateLiquidEvent } from '../ledger/ledger-guard.ts'
import { assertNotHeld } from '../trace/holds.ts'
import { batchInVessel, mustVessel, type CellarContext } from './cellar-context.ts'
import { createCellarRepository, toLedgerEvent } from './cellar.repository.ts'
import { toLiquidEvent } from './cellar-views.ts'
import { checkVesselFill } from './fill-check.ts'
import {
  afterMovement,
  assertNoOverdraw,
  emptyTankLoss,
  insertEmptyTankLoss,
  settleToContents,
  supersededEvent,
} from './movement-rules.ts'

type MovementInput = z.output<typeof LiquidEventInputSchema>

const detailsOrNull = (details: Record<string, unknown>) => (Object.keys(details).length ? details : null)

/** A sample's TTB class and details by its purpose (the ledger contract); other movements keep their kind's. */
function classOfMovement(input: MovementInput): { ttbClass: string; details: Record<string, unknown> } {
  if (input.kind !== 'sampled' || !input.purpose)
    return { ttbClass: TTB_CLASS_OF_KIND[input.kind], details: {} }
  return {
    ttbClass: ttbClassOfSample(input.purpose),
    details:
      input.purpose === 'lab'
        ? { purpose: 'lab', taxFreeReason: 'research-testing' }
        : { purpose: 'tasting' },
  }
}

/** A transfer, sample, dump or loss, or a correction of one (docs/production.md "liquid_event"). */
export async function recordMovement(ctx: CellarContext, tx: Db, tenant: Tenant, input: MovementInput) {
  const { now } = ctx
  const repo = createCellarRepository(tx)
  const from = await mustVessel(repo, tenant, input.fromVesselId, 'data.fromVesselId')
  const to = input.toVesselId ? await mustVessel(repo, tenant, input.toVesselId, 'data.toVesselId') : null
  const old = input.supersedesId
    ? await supersededEvent(tx, tenant, input.supersedesId, input.kind, 'data.supersedesId')
    : null
  assertCan(tenant, 'cellarWork')
  const batchId = old?.batchId ?? (await batchInVessel(tx, tenant.entityId, from.id, now()))
  if (!batchId)
    throw new AppError('CONFLICT', `${from.name} holds no beer.`, [
      { path: 'data.fromVesselId', message: 'Empty' },
    ])
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt ? new Date(input.occurredAt) : now(),
    priorPeriodAdjustment: input.priorPeriodAdjustment,
    batchId,
    now: now(),
    field: 'data.occurredAt',
  })
  const at = dated.occurredAt
  const batch = await repo.batch(tenant.entityId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
  // Held beer (a recall, ADR 303) may be moved, dumped or sampled for the lab — the hold follows its batch into
  // any vessel — but not poured for tasting.
  if (input.kind === 'sampled' && input.purpose === 'tasting')
    await assertNotHeld(tx, tenant.entityId, [{ kind: 'bulk', batchId }], 'data.purpose')
  const touching = (
    await repo.eventsTouching(tenant.entityId, [from.id, ...(to ? [to.id] : [])], [batchId])
  ).map(toLedgerEvent)
  let cleaning = null
  if (to) {
    if (to.state === 'out-of-service')
      throw new AppError('CONFLICT', `${to.name} is out of service.`, [
        { path: 'data.toVesselId', message: 'Out of service' },
      ])
    const inTo = vesselContents(touching).get(to.id)
    const other = inTo?.batches.find((part) => part.batchId !== batchId)
    if (other) {
      const otherBatch = other.batchId ? await repo.batch(tenant.entityId, other.batchId) : null
      throw new AppError('CONFLICT', `${to.name} holds batch ${otherBatch?.number ?? 'another batch'}.`, [
        { path: 'data.toVesselId', message: 'Holds another batch' },
      ])
    }
    if (!inTo && !old)
      cleaning = await checkVesselFill(tx, tenant, to, {
        accept: input.acceptCleaningWarning,
        now: now(),
      })
  }
  const asked: LedgerEvent = {
    id: input.id,
    kind: input.kind,
    batchId,
    fromVesselId: from.id,
    toVesselId: to?.id ?? null,
    volumeBbl: roundBarrels(input.volumeBbl),
    supersedesId: old?.id ?? null,
    occurredAt: at.toISOString(),
  }
  const [event] = settleToContents(touching, [asked], from.id, batchId)
  const loss = emptyTankLoss(
    touching,
    [event],
    { vesselId: from.id, batchId, at: event.occurredAt },
    input.emptyTank,
  )
  const names = new Map([from, ...(to ? [to] : [])].map((vessel) => [vessel.id, vessel.name]))
  assertNoOverdraw([...touching, event], names, 'data.volumeBbl')
  if (to) {
    const after = vesselContents([...touching, event]).get(to.id)?.volumeBbl ?? 0
    if (after > Number(to.capacityBbl) + 1e-9)
      throw new AppError('CONFLICT', `${to.name} holds at most ${Number(to.capacityBbl)} bbl.`, [
        { path: 'data.volumeBbl', message: 'More than the vessel holds' },
      ])
  }
  const inserted = await repo.insertEvent({
    id: event.id,
    entityId: tenant.entityId,
    batchId,
    kind: event.kind,
    fromVesselId: event.fromVesselId,
    toVesselId: event.toVesselId,
    volumeBbl: event.volumeBbl.toFixed(5),
    reason: input.reason,
    ttbClass: classOfMovement(input).ttbClass,
    details: detailsOrNull({
      ...classOfMovement(input).details,
      ...(cleaning ? { cleaningWarning: cleaning } : {}),
      ...adjustmentDetails(dated),
    }),
    supersedesId: event.supersedesId,
    occurredAt: at,
    recordedBy: tenant.userId,
  })
  if (!inserted)
    throw new AppError('CONFLICT', 'An event with this id exists.', [{ path: 'data.id', message: 'Taken' }])
  if (loss && input.emptyTank)
    await insertEmptyTankLoss(repo, tenant, loss, input.emptyTank.reason, 'data.emptyTank.lossId')
  await assertTimelineHolds(
    tx,
    tenant,
    { vesselIds: [...names.keys()] },
    { vessels: names },
    'data.occurredAt',
  )
  await afterMovement(tx, tenant, batch, { from, to }, at)
  const [row] = await repo
    .eventsTouching(tenant.entityId, [], [batchId])
    .then((rows) => rows.filter((r) => r.id === event.id))
  return { event: toLiquidEvent(row, null), vesselIds: [...names.keys()], batchId }
}
