import { createHash } from 'node:crypto'
import type { Device, DeviceInputSchema } from '@brewcommand/domain'
import type { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { mustVessel, type CellarContext } from './cellar-context.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { toDevice } from './cellar-views.ts'

type DeviceInput = z.output<typeof DeviceInputSchema>

export const hashDeviceToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The brewery's devices (hydrometers, thermometers) and the vessel each is in. */
export async function listDevices(ctx: CellarContext, tenant: Tenant): Promise<Device[]> {
  const rows = await ctx.reads.devices(tenant.entityId)
  return rows.map(({ device, vesselName }) => toDevice(device, vesselName))
}

/** A new device with its token (stored hashed, the last four kept as a hint). */
export async function addDevice(tx: Db, tenant: Tenant, input: DeviceInput): Promise<Device> {
  const repo = createCellarRepository(tx)
  const vessel = input.vesselId ? await mustVessel(repo, tenant, input.vesselId, 'data.vesselId') : null
  assertCan(tenant, 'manageEquipment')
  const row = await repo.insertDevice({
    id: input.id,
    entityId: tenant.entityId,
    name: input.name,
    kind: input.kind,
    vesselId: vessel?.id ?? null,
    tokenHash: hashDeviceToken(input.token),
    tokenHint: input.token.slice(-4),
    createdBy: tenant.userId,
  })
  if (!row)
    throw new AppError('CONFLICT', 'A device with this id or token exists.', [
      { path: 'data.id', message: 'Taken' },
    ])
  return toDevice(row, vessel?.name ?? null)
}

/** Revokes a device: its token posts no more readings. */
export async function revokeDevice(tx: Db, tenant: Tenant, deviceId: string) {
  const repo = createCellarRepository(tx)
  const device = await repo.device(tenant.entityId, deviceId)
  if (!device) throw new AppError('NOT_FOUND', 'Device not found.')
  assertCan(tenant, 'manageEquipment')
  await repo.revokeDevice(tenant.entityId, deviceId, tenant.userId)
  return { id: deviceId, vesselId: device.vesselId }
}
