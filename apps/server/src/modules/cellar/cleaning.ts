import {
  cleans,
  sanitises,
  vesselContents,
  type CleaningEvent,
  type CleaningInputSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { mustVessel, type CellarContext } from './cellar-context.ts'
import { createCellarRepository, toLedgerEvent } from './cellar.repository.ts'
import { toCleaning } from './cellar-views.ts'

type CleaningInput = z.output<typeof CleaningInputSchema>

/** A cleaning of an empty vessel (CIP, rinse, sanitise…); the vessel's state follows it. */
export async function logCleaning(
  ctx: CellarContext,
  tx: Db,
  tenant: Tenant,
  input: CleaningInput,
): Promise<CleaningEvent> {
  const repo = createCellarRepository(tx)
  const vessel = await mustVessel(repo, tenant, input.vesselId, 'data.vesselId')
  assertCan(tenant, 'cellarWork')
  const held = vesselContents(
    (await repo.eventsTouching(tenant.entityId, [vessel.id], [])).map(toLedgerEvent),
  )
  if (held.has(vessel.id))
    throw new AppError('CONFLICT', `${vessel.name} holds beer; empty it before cleaning.`, [
      { path: 'data.vesselId', message: 'Holds beer' },
    ])
  const occurredAt = input.occurredAt ? new Date(input.occurredAt) : ctx.now()
  const row = await repo.insertCleaning({
    id: input.id,
    entityId: tenant.entityId,
    vesselId: vessel.id,
    kind: input.kind,
    chemical: input.chemical,
    concentration: input.concentration,
    temperature: input.temperature,
    durationMinutes: input.durationMinutes,
    verification: input.verification,
    occurredAt,
    recordedBy: tenant.userId,
  })
  if (!row)
    throw new AppError('CONFLICT', 'A cleaning with this id exists.', [{ path: 'data.id', message: 'Taken' }])
  if (vessel.state !== 'out-of-service') {
    const state = sanitises(input.kind) ? 'sanitised' : cleans(input.kind) ? 'clean' : vessel.state
    await repo.setVesselState(tenant.entityId, vessel.id, state)
  }
  return toCleaning(row)
}
