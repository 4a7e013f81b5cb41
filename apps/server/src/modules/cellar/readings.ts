import {
  brixToGravity,
  fahrenheitToCelsius,
  type Reading,
  type ReadingInputSchema,
} from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { batchInVessel, type CellarContext } from './cellar-context.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { toReading } from './cellar-views.ts'

type ReadingInput = z.output<typeof ReadingInputSchema>

function specificGravity(gravity: ReadingInput['gravity']): number | null {
  if (!gravity) return null
  return gravity.unit === 'Plato' ? brixToGravity(gravity.value) : gravity.value
}

function celsius(temperature: { value: number; unit: 'F' | 'C' } | null): number | null {
  if (!temperature) return null
  return temperature.unit === 'F' ? fahrenheitToCelsius(temperature.value) : temperature.value
}

/** A reading taken by hand: gravity (SG or °P), temperature (°F or °C), pH, against the batch in the vessel. */
export async function recordReading(
  ctx: CellarContext,
  tx: Db,
  tenant: Tenant,
  input: ReadingInput,
): Promise<Reading> {
  const repo = createCellarRepository(tx)
  const vessel = await repo.vessel(tenant.entityId, input.vesselId)
  if (!vessel)
    throw new AppError('NOT_FOUND', 'Vessel not found.', [
      { path: 'data.vesselId', message: 'No such vessel' },
    ])
  assertCan(tenant, 'cellarWork')
  const takenAt = input.takenAt ? new Date(input.takenAt) : ctx.now()
  if (takenAt.getTime() > ctx.now().getTime() + 5 * 60_000)
    throw new AppError('VALIDATION_FAILED', 'A reading cannot be taken in the future.', [
      { path: 'data.takenAt', message: 'In the future' },
    ])
  const row = await repo.insertReading({
    id: input.id,
    entityId: tenant.entityId,
    vesselId: vessel.id,
    batchId: await batchInVessel(tx, tenant.entityId, vessel.id, takenAt),
    source: 'manual',
    takenAt,
    gravitySg: specificGravity(input.gravity),
    temperatureC: celsius(input.temperature),
    ph: input.ph,
    note: input.note,
    entered: { gravity: input.gravity, temperature: input.temperature },
    recordedBy: tenant.userId,
  })
  if (!row)
    throw new AppError('CONFLICT', 'A reading with this id exists.', [{ path: 'data.id', message: 'Taken' }])
  return toReading(row)
}
