import { roundBarrels, barrelsPerUnitOfPackageType, type ReturnableRemoval } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { dateLiquidEvent } from '../ledger/ledger-guard.ts'
import { createLedgerRepository } from '../ledger/ledger.repository.ts'
import { bookPackaged, optionNames, type FinishedGoodsWrite } from './finished-goods-rows.ts'

// Finished goods on the one ledger (docs/production.md "Removals on the ledger"; the ledger contract): every
// removal, breakage, destruction, return and receipt of packaged beer writes its liquid event in the caller's
// transaction, and the finished-goods row names it (`liquid_event_id`). The caller checks the permission
// (manageStock on the Inventory route; the Sales dispatch and credit note check their own).

export {
  removeFinishedGoods,
  removeFinishedGoodsLots,
  takeFinishedGoods,
  takeFinishedGoodsLots,
  type RemovalInput,
  type TakeInput,
} from './finished-goods-take.ts'
export type { FinishedGoodsWrite, RemovalClass, TakeKind } from './finished-goods-rows.ts'

/**
 * For the Sales credit note (and the Inventory return): taxpaid beer coming back from an earlier removal
 * (`removalLiquidEventId`, a packaged `removed-taxpaid` event). At most what that removal sent out less earlier
 * returns; not dated before the removal. Puts the units back on hand in the removal's batch, in the caller's
 * transaction. The caller checks its own permission.
 *
 * @returns the finished-goods row written and the id of its `returned` liquid event.
 */
export async function returnFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: {
    removalLiquidEventId: string
    units: number
    occurredAt: Date
    reason: string
    priorPeriodAdjustment?: boolean
    movementId?: string
    /** The option the person chose: the removal must be of it. */
    packageId?: string
    now?: Date
  },
): Promise<FinishedGoodsWrite> {
  const repo = createLedgerRepository(tx)
  const removal = await repo.event(tenant.entityId, input.removalLiquidEventId, { lock: true })
  const details = removal?.details ?? {}
  if (
    !removal ||
    removal.kind !== 'removed' ||
    typeof details.packageId !== 'string' ||
    (input.packageId !== undefined && details.packageId !== input.packageId)
  )
    throw new AppError('NOT_FOUND', 'That removal of packaged beer was not found.', [
      { path: 'data.returnOf', message: 'No such removal' },
    ])
  if (removal.ttbClass.replace(/_/g, '-') !== 'removed-taxpaid')
    throw new AppError('CONFLICT', 'Only beer removed taxpaid (sold) comes back as a return.', [
      { path: 'data.returnOf', message: 'Not a taxpaid removal' },
    ])
  if ((await repo.supersededAmong(tenant.entityId, [removal.id])).size > 0)
    throw new AppError('CONFLICT', 'That removal was corrected; return against its correction.', [
      { path: 'data.returnOf', message: 'Superseded' },
    ])
  const sent = Number(details.units)
  const earlier = await repo.returnsOf(tenant.entityId, removal.id)
  const superseded = await repo.supersededAmong(
    tenant.entityId,
    earlier.map((row) => row.id),
  )
  const counted = earlier.filter((row) => !superseded.has(row.id))
  const back = counted.reduce((sum, row) => sum + Number(row.details?.units ?? 0), 0)
  const backBbl = counted.reduce((sum, row) => sum + Number(row.volumeBbl), 0)
  if (input.units > sent - back)
    throw new AppError(
      'CONFLICT',
      `That removal sent out ${sent} unit${sent === 1 ? '' : 's'} and ${back} ha${back === 1 ? 's' : 've'} come back already; at most ${sent - back} can be returned.`,
      [{ path: 'data.units', message: `At most ${sent - back}` }],
    )
  if (input.occurredAt.getTime() < removal.occurredAt.getTime())
    throw new AppError(
      'VALIDATION_FAILED',
      `A return cannot be dated before the removal it comes back from (${removal.occurredAt.toISOString().slice(0, 10)}).`,
      [{ path: 'data.occurredAt', message: 'Before the removal' }],
    )
  const names = await optionNames(repo, tenant, details.packageId)
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt,
    priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
    batchId: null,
    now: input.now ?? new Date(),
    field: 'data.occurredAt',
  })
  const removedBbl = Number(removal.volumeBbl)
  const volumeBbl =
    input.units === sent - back
      ? roundBarrels(removedBbl - backBbl)
      : roundBarrels((input.units * removedBbl) / sent)
  const movement = await bookPackaged(repo, tenant, {
    movementId: input.movementId ?? crypto.randomUUID(),
    kind: 'returned',
    names,
    batchId: removal.batchId,
    units: input.units,
    volumeBbl,
    dated,
    customer: typeof details.customer === 'string' ? details.customer : '',
    reason: input.reason,
    details: { returnOf: removal.id },
  })
  return { movements: [movement], liquidEventIds: [movement.liquidEventId!] }
}

/**
 * Packaged beer received in bond from another brewery (TTB F 5130.26 line 3): puts units of an option on hand,
 * with no batch of ours, in the caller's transaction. The option's type must say its volume.
 */
export async function receiveFinishedGoods(
  tx: Db,
  tenant: Tenant,
  input: {
    movementId?: string
    packageId: string
    units: number
    fromBrewery: string
    occurredAt: Date
    reason?: string
    priorPeriodAdjustment?: boolean
    now?: Date
  },
): Promise<FinishedGoodsWrite> {
  const repo = createLedgerRepository(tx)
  const names = await optionNames(repo, tenant, input.packageId)
  const perUnit = barrelsPerUnitOfPackageType(names.packageType)
  if (perUnit === null)
    throw new AppError(
      'VALIDATION_FAILED',
      `The type “${names.packageType}” does not say how much beer a unit holds; name it with its size (16oz Cans, 1/6 BBL Keg).`,
      [{ path: 'data.packageId', message: 'No volume per unit' }],
    )
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt,
    priorPeriodAdjustment: input.priorPeriodAdjustment ?? false,
    batchId: null,
    now: input.now ?? new Date(),
    field: 'data.occurredAt',
  })
  const movement = await bookPackaged(repo, tenant, {
    movementId: input.movementId ?? crypto.randomUUID(),
    kind: 'received',
    names,
    batchId: null,
    units: input.units,
    volumeBbl: roundBarrels(input.units * perUnit),
    dated,
    customer: '',
    reason: input.reason ?? '',
    details: { fromBrewery: input.fromBrewery },
  })
  return { movements: [movement], liquidEventIds: [movement.liquidEventId!] }
}

/** The taxpaid packaged removals of an option, with what came back and what still may, newest first. */
export async function returnableRemovals(
  db: Db,
  tenant: Tenant,
  packageId: string,
): Promise<ReturnableRemoval[]> {
  const repo = createLedgerRepository(db)
  if (!(await repo.knowsPackage(tenant.entityId, packageId)))
    throw new AppError('NOT_FOUND', 'Packaging option not found.')
  const removals = (await repo.removalsOf(tenant.entityId, packageId)).filter(
    (row) => row.ttbClass.replace(/_/g, '-') === 'removed-taxpaid',
  )
  const superseded = await repo.supersededAmong(
    tenant.entityId,
    removals.map((row) => row.id),
  )
  const result: ReturnableRemoval[] = []
  for (const removal of removals.filter((row) => !superseded.has(row.id))) {
    const returns = await repo.returnsOf(tenant.entityId, removal.id)
    const returnsSuperseded = await repo.supersededAmong(
      tenant.entityId,
      returns.map((row) => row.id),
    )
    const back = returns
      .filter((row) => !returnsSuperseded.has(row.id))
      .reduce((sum, row) => sum + Number(row.details?.units ?? 0), 0)
    const units = Number(removal.details?.units ?? 0)
    result.push({
      liquidEventId: removal.id,
      kind: 'sold',
      ttbClass: removal.ttbClass,
      batchId: removal.batchId,
      units,
      returnedUnits: back,
      returnableUnits: Math.max(0, units - back),
      customer: typeof removal.details?.customer === 'string' ? removal.details.customer : '',
      occurredAt: removal.occurredAt.toISOString(),
    })
  }
  return result
}
