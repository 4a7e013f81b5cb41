import {
  batchYield,
  SHOWN_ROUNDING_BBL,
  TTB_CLASS_OF_KIND,
  vesselContents,
  type BatchCompletionSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { CellarContext } from './cellar-context.ts'
import { createCellarRepository, toLedgerEvent, type CellarRepository } from './cellar.repository.ts'

type CompletionInput = z.output<typeof BatchCompletionSchema>

/** Statuses from which Complete Batch takes a batch: its beer is in the cellar or packaged. */
const COMPLETABLE = new Set(['fermenting', 'conditioning', 'packaging'])

/** What the batch still holds, vessel by vessel (locked for the write). */
async function heldByBatch(repo: CellarRepository, entityId: string, batchId: string) {
  const ledger = (await repo.eventsTouching(entityId, [], [batchId])).map(toLedgerEvent)
  const parts = [...vesselContents(ledger).values()].flatMap((contents) =>
    contents.batches
      .filter((part) => part.batchId === batchId && part.volumeBbl > 0)
      .map((part) => ({ vesselId: contents.vesselId, volumeBbl: part.volumeBbl })),
  )
  // Locked one after the other, in the ledger's order: one connection (the transaction's), and two completions
  // take their vessels' locks in the same order (ADR 380).
  const held = []
  for (const part of parts)
    held.push({ ...part, vessel: await repo.vessel(entityId, part.vesselId, { lock: true }) })
  return held
}

/**
 * Complete Batch (a Manager, ADR 252): what the batch still holds is written off as a loss with the person's
 * reason (refused without one, naming the vessel); its vessels are left (occupancy ended, needs cleaning), its
 * remaining bookings released, and it is completed (dumped when none of it was packaged or removed).
 */
export async function completeBatch(
  ctx: CellarContext,
  tx: Db,
  tenant: Tenant,
  batchId: string,
  input: CompletionInput,
) {
  const repo = createCellarRepository(tx)
  const batch = await repo.batch(tenant.entityId, batchId)
  if (!batch) throw new AppError('NOT_FOUND', 'Batch not found.')
  assertCan(tenant, 'planProduction')
  if (!COMPLETABLE.has(batch.status))
    throw new AppError(
      'CONFLICT',
      `Batch ${batch.number} is ${batch.status}: only a batch in the cellar can be completed.`,
    )
  const at = ctx.now()
  const held = await heldByBatch(repo, tenant.entityId, batchId)
  const shown = held.find((part) => part.volumeBbl > SHOWN_ROUNDING_BBL)
  if (shown && !input.reason)
    throw new AppError(
      'VALIDATION_FAILED',
      `${shown.vessel.name} still holds ${shown.volumeBbl.toFixed(2)} bbl of batch ${batch.number}: give the reason to write it off, or package it first.`,
      [{ path: 'data.reason', message: 'Give the reason for the rest' }],
    )
  for (const part of held)
    await repo.insertEvent({
      id: crypto.randomUUID(),
      entityId: tenant.entityId,
      batchId,
      kind: 'lost',
      fromVesselId: part.vesselId,
      toVesselId: null,
      volumeBbl: part.volumeBbl.toFixed(5),
      reason: input.reason || `Left in ${part.vessel.name} when batch ${batch.number} was completed`,
      ttbClass: TTB_CLASS_OF_KIND.lost,
      details: { emptyTank: true },
      supersedesId: null,
      occurredAt: at,
      recordedBy: tenant.userId,
    })
  for (const part of held) {
    await repo.closeOccupancies(tenant.entityId, part.vesselId, batchId, at)
    await repo.setVesselState(tenant.entityId, part.vesselId, 'dirty')
  }
  const result = batchYield(
    (await repo.eventsTouching(tenant.entityId, [], [batchId])).map(toLedgerEvent),
    batchId,
  )
  const status = result.packagedBbl > 0 || result.removedBbl > 0 ? 'completed' : 'dumped'
  await repo.setBatchStatus(tenant.entityId, batchId, status)
  await repo.releaseBookings(tenant.entityId, batchId, at)
  return { id: batchId, number: batch.number, status, vesselIds: held.map((part) => part.vesselId) }
}
