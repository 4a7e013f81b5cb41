import {
  barrelsPerUnitOfPackageType,
  containerOfPackageType,
  roundBarrels,
  TTB_CLASS_OF_KIND,
  type PackagingRunInputSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { adjustmentDetails, assertTimelineHolds, dateLiquidEvent } from '../ledger/ledger-guard.ts'
import { batchInVessel, mustVessel, type CellarContext } from './cellar-context.ts'
import { createCellarRepository, toLedgerEvent, type EventRow } from './cellar.repository.ts'
import { toLiquidEvent } from './cellar-views.ts'
import { assertNotHeld } from '../trace/holds.ts'
import {
  afterMovement,
  assertNoOverdraw,
  emptyTankLoss,
  insertEmptyTankLoss,
  settleToContents,
  supersededEvent,
} from './movement-rules.ts'

type PackagingInput = z.output<typeof PackagingRunInputSchema>

/** A packaging run (planProduction): one `packaged` event per option, with the option, SKU, UPC and units. */
export async function packageRun(ctx: CellarContext, tx: Db, tenant: Tenant, input: PackagingInput) {
  const { now, finishedGoods } = ctx
  const repo = createCellarRepository(tx)
  const from = await mustVessel(repo, tenant, input.fromVesselId, 'data.fromVesselId')
  const olds: EventRow[] = []
  for (const [index, line] of input.lines.entries())
    if (line.supersedesId)
      olds.push(
        await supersededEvent(tx, tenant, line.supersedesId, 'packaged', `data.lines.${index}.supersedesId`),
      )
  assertCan(tenant, 'planProduction')
  const batchId =
    olds.find((old) => old)?.batchId ?? (await batchInVessel(tx, tenant.entityId, from.id, now()))
  if (!batchId)
    throw new AppError('CONFLICT', `${from.name} holds no beer.`, [
      { path: 'data.fromVesselId', message: 'Empty' },
    ])
  const batch = await repo.batch(tenant.entityId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
  await assertNotHeld(tx, tenant.entityId, [{ kind: 'bulk', batchId }], 'data.fromVesselId')
  const options = batch.productId ? await repo.productPackages(tenant.entityId, batch.productId) : []
  const dated = await dateLiquidEvent(tx, tenant, {
    requested: input.occurredAt ? new Date(input.occurredAt) : now(),
    priorPeriodAdjustment: input.priorPeriodAdjustment,
    batchId,
    now: now(),
    field: 'data.occurredAt',
  })
  const at = dated.occurredAt
  const rows = input.lines.map((line, index) => {
    const option = options.find((candidate) => candidate.id === line.packageId)
    if (!option)
      throw new AppError('VALIDATION_FAILED', 'That packaging option is not one of the product’s.', [
        { path: `data.lines.${index}.packageId`, message: 'Not an option of this product' },
      ])
    const perUnit = barrelsPerUnitOfPackageType(option.type) ?? line.barrelsPerUnit
    if (perUnit === null)
      throw new AppError('VALIDATION_FAILED', `Give the barrels in one unit of ${option.type}.`, [
        {
          path: `data.lines.${index}.barrelsPerUnit`,
          message: 'Barrels per unit is required for this option',
        },
      ])
    return {
      id: line.id,
      entityId: tenant.entityId,
      batchId,
      kind: 'packaged' as const,
      fromVesselId: from.id,
      toVesselId: null,
      volumeBbl: roundBarrels(line.units * perUnit).toFixed(5),
      reason: '',
      ttbClass: TTB_CLASS_OF_KIND.packaged,
      details: {
        runId: input.id,
        packageId: option.id,
        packageType: option.type,
        packageTypeId: option.typeId,
        sku: option.sku,
        upc: option.upc,
        units: line.units,
        barrelsPerUnit: perUnit,
        container: containerOfPackageType(option.type),
        ...adjustmentDetails(dated),
      },
      supersedesId: line.supersedesId,
      occurredAt: at,
      recordedBy: tenant.userId,
    }
  })
  const touching = (await repo.eventsTouching(tenant.entityId, [from.id], [batchId])).map(toLedgerEvent)
  const asked = rows.map(toLedgerEvent)
  const settled = settleToContents(touching, asked, from.id, batchId)
  const booked = rows.map((row, index) => ({ ...row, volumeBbl: settled[index].volumeBbl.toFixed(5) }))
  const loss = emptyTankLoss(
    touching,
    settled,
    { vesselId: from.id, batchId, at: at.toISOString() },
    input.emptyTank,
  )
  assertNoOverdraw([...touching, ...settled], new Map([[from.id, from.name]]), 'data.lines')
  for (const [index, row] of booked.entries()) {
    if (!(await repo.insertEvent(row)))
      throw new AppError('CONFLICT', 'An event with this id exists.', [
        { path: `data.lines.${index}.id`, message: 'Taken' },
      ])
  }
  if (loss && input.emptyTank)
    await insertEmptyTankLoss(repo, tenant, loss, input.emptyTank.reason, 'data.emptyTank.lossId')
  if (finishedGoods) for (const row of booked) await finishedGoods(tx, tenant, row)
  // A corrected run must not take back kegs already sold: every instant of the vessel and the options holds.
  const packageIds = [
    ...new Set([
      ...booked.map((row) => row.details.packageId),
      ...olds.map((old) => old.details?.packageId).filter((id): id is string => typeof id === 'string'),
    ]),
  ]
  await assertTimelineHolds(
    tx,
    tenant,
    { vesselIds: [from.id], packageIds },
    {
      vessels: new Map([[from.id, from.name]]),
      packages: new Map(
        options.filter((option) => packageIds.includes(option.id)).map((option) => [option.id, option.type]),
      ),
    },
    'data.occurredAt',
  )
  await afterMovement(tx, tenant, batch, { from, to: null }, at)
  const stored = (await repo.batchEvents(tenant.entityId, batchId)).filter((row) =>
    rows.some((r) => r.id === row.id),
  )
  return { events: stored.map((row) => toLiquidEvent(row, null)), vesselIds: [from.id], batchId }
}
