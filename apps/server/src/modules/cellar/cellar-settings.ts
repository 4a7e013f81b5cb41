import { DEFAULT_CELLAR_SETTINGS, type CellarSettings } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import type { CellarContext } from './cellar-context.ts'
import { createCellarRepository } from './cellar.repository.ts'

/** The brewery's cellar settings: cleaning windows and who hears alerts; the defaults until saved. */
export async function cellarSettings(ctx: CellarContext, tenant: Tenant): Promise<CellarSettings> {
  const row = await ctx.reads.settings(tenant.entityId)
  return row
    ? {
        cleanWindowHours: row.cleanWindowHours,
        sanitiseWindowHours: row.sanitiseWindowHours,
        alertRoles: row.alertRoles as CellarSettings['alertRoles'],
        coldCrashTemperature: row.coldCrashTemperature ?? null,
      }
    : DEFAULT_CELLAR_SETTINGS
}

export async function saveCellarSettings(
  tx: Db,
  tenant: Tenant,
  input: CellarSettings,
): Promise<CellarSettings> {
  assertCan(tenant, 'manageEquipment')
  await createCellarRepository(tx).saveSettings({ entityId: tenant.entityId, ...input })
  return input
}
