import {
  roundBarrels,
  vesselContents,
  type BulkReceiptInputSchema,
  type BulkRemovalInputSchema,
  type LedgerEvent,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { assertNotHeld } from '../trace/holds.ts'
import { adjustmentDetails, assertTimelineHolds, dateLiquidEvent } from '../ledger/ledger-guard.ts'
import { batchInVessel, mustVessel, type CellarContext } from './cellar-context.ts'
import { toLiquidEvent } from './cellar-views.ts'
import { createCellarRepository, toLedgerEvent } from './cellar.repository.ts'
import { checkVesselFill } from './fill-check.ts'
import { afterMovement, assertNoOverdraw } from './movement-rules.ts'

type RemovalInput = z.output<typeof BulkRemovalInputSchema>
type ReceiptInput = z.output<typeof BulkReceiptInputSchema>

/**
 * Beer removed in bulk from a tank (manageStock): a tank sold to a taproom, taxpaid (`removed-taxpaid`) or
 * without tax with its reason (`removed-without-tax`), per the ledger contract (`details.source` 'bulk').
 */
export async function removeBulk(ctx: CellarContext, tx: Db, tenant: Tenant, input: RemovalInput) {
  const repo = createCellarRepository(tx)
  const from = await mustVessel(repo, tenant, input.fromVesselId, 'data.fromVesselId')
  assertCan(tenant, 'manageStock')
  const batchId = await batchInVessel(tx, tenant.entityId, from.id, ctx.now())
  if (!batchId)
    throw new AppError('CONFLICT', `${from.name} holds no beer.`, [
      { path: 'data.fromVesselId', message: 'Empty' },
    ])
  const batch = await repo.batch(tenant.entityId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
  // Beer removed in bulk is sold or given away: a batch on hold (a recall, ADR 303) is not.
  await assertNotHeld(tx, tenant.entityId, [{ kind: 'bulk', batchId }], 'data.fromVesselId')
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt ? new Date(input.occurredAt) : ctx.now(),
    priorPeriodAdjustment: input.priorPeriodAdjustment,
    batchId,
    now: ctx.now(),
    field: 'data.occurredAt',
  })
  const event: LedgerEvent = {
    id: input.id,
    kind: 'removed',
    batchId,
    fromVesselId: from.id,
    toVesselId: null,
    volumeBbl: roundBarrels(input.volumeBbl),
    supersedesId: null,
    occurredAt: dated.occurredAt.toISOString(),
  }
  const names = new Map([[from.id, from.name]])
  const touching = (await repo.eventsTouching(tenant.entityId, [from.id], [batchId])).map(toLedgerEvent)
  assertNoOverdraw([...touching, event], names, 'data.volumeBbl')
  const inserted = await repo.insertEvent({
    id: event.id,
    entityId: tenant.entityId,
    batchId,
    kind: 'removed',
    fromVesselId: from.id,
    toVesselId: null,
    volumeBbl: event.volumeBbl.toFixed(5),
    reason: input.reason,
    ttbClass: input.taxpaid ? 'removed-taxpaid' : 'removed-without-tax',
    details: {
      source: 'bulk',
      ...(input.customer ? { customer: input.customer } : {}),
      ...(input.taxFreeReason ? { taxFreeReason: input.taxFreeReason } : {}),
      ...adjustmentDetails(dated),
    },
    occurredAt: dated.occurredAt,
    recordedBy: tenant.userId,
  })
  const row = inserted ? await repo.event(tenant.entityId, input.id) : null
  if (!row)
    throw new AppError('CONFLICT', 'An event with this id exists.', [{ path: 'data.id', message: 'Taken' }])
  await assertTimelineHolds(tx, tenant, { vesselIds: [from.id] }, { vessels: names }, 'data.occurredAt')
  await afterMovement(tx, tenant, batch, { from, to: null }, ctx.now())
  return { event: toLiquidEvent(row, null), vesselIds: [from.id], batchId }
}

/**
 * Beer received in bond from another brewery into a vessel (manageStock; TTB F 5130.26 line 3), as part of one
 * of the brewery's batches: the vessel is empty or holds that batch, in service, with room for it.
 */
export async function receiveBulk(ctx: CellarContext, tx: Db, tenant: Tenant, input: ReceiptInput) {
  const repo = createCellarRepository(tx)
  const to = await mustVessel(repo, tenant, input.toVesselId, 'data.toVesselId')
  assertCan(tenant, 'manageStock')
  const batch = await repo.batch(tenant.entityId, input.batchId)
  if (!batch)
    throw new AppError('NOT_FOUND', 'Batch not found.', [{ path: 'data.batchId', message: 'No such batch' }])
  if (to.state === 'out-of-service')
    throw new AppError('CONFLICT', `${to.name} is out of service.`, [
      { path: 'data.toVesselId', message: 'Out of service' },
    ])
  const touching = (await repo.eventsTouching(tenant.entityId, [to.id], [])).map(toLedgerEvent)
  const held = vesselContents(touching).get(to.id)
  const other = held?.batches.find((part) => part.batchId !== batch.id)
  if (other) {
    const otherBatch = other.batchId ? await repo.batch(tenant.entityId, other.batchId) : null
    throw new AppError('CONFLICT', `${to.name} holds batch ${otherBatch?.number ?? 'another batch'}.`, [
      { path: 'data.toVesselId', message: 'Holds another batch' },
    ])
  }
  if ((held?.volumeBbl ?? 0) + input.volumeBbl > Number(to.capacityBbl) + 1e-9)
    throw new AppError('CONFLICT', `${to.name} holds at most ${Number(to.capacityBbl)} bbl.`, [
      { path: 'data.volumeBbl', message: 'More than the vessel holds' },
    ])
  const cleaning = held
    ? null
    : await checkVesselFill(tx, tenant, to, { accept: input.acceptCleaningWarning, now: ctx.now() })
  // Received beer begins to exist here for this brewery: no brew date to respect.
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt ? new Date(input.occurredAt) : ctx.now(),
    priorPeriodAdjustment: input.priorPeriodAdjustment,
    batchId: null,
    now: ctx.now(),
    field: 'data.occurredAt',
  })
  const inserted = await repo.insertEvent({
    id: input.id,
    entityId: tenant.entityId,
    batchId: batch.id,
    kind: 'received',
    fromVesselId: null,
    toVesselId: to.id,
    volumeBbl: roundBarrels(input.volumeBbl).toFixed(5),
    reason: input.reason,
    ttbClass: 'received-in-bond',
    details: {
      source: 'bulk',
      fromBrewery: input.fromBrewery,
      ...(cleaning ? { cleaningWarning: cleaning } : {}),
      ...adjustmentDetails(dated),
    },
    occurredAt: dated.occurredAt,
    recordedBy: tenant.userId,
  })
  const row = inserted ? await repo.event(tenant.entityId, input.id) : null
  if (!row)
    throw new AppError('CONFLICT', 'An event with this id exists.', [{ path: 'data.id', message: 'Taken' }])
  const names = new Map([[to.id, to.name]])
  await assertTimelineHolds(tx, tenant, { vesselIds: [to.id] }, { vessels: names }, 'data.occurredAt')
  await afterMovement(tx, tenant, batch, { from: null, to }, ctx.now())
  return { event: toLiquidEvent(row, null), vesselIds: [to.id], batchId: batch.id }
}
