import { cleaningWarnings, DEFAULT_CELLAR_SETTINGS, type CleaningWarning } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createCellarRepository } from './cellar.repository.ts'

/** What a fill records on its event when the vessel was not cleaned or sanitised in time. */
export type CleaningAcceptance = {
  warnings: CleaningWarning[]
  acceptedBy: string
  acceptedAt: string
}

/**
 * The check before filling a vessel (a transfer into it, or the end of brew day): cleaned within the brewery's
 * clean window and sanitised within its sanitise window (docs/production.md "cleaning_event"). Without
 * `accept`, a vessel that was not is refused with CLEANING_WARNING (409, the warnings as issues on
 * `acceptCleaningWarning`); with it, the acceptance to record on the filling event is returned. Null when there
 * is nothing to warn about.
 */
export async function checkVesselFill(
  tx: Db,
  tenant: Tenant,
  vessel: { id: string; name: string },
  {
    accept,
    now = new Date(),
    field = 'data.acceptCleaningWarning',
  }: { accept: boolean; now?: Date; field?: string },
): Promise<CleaningAcceptance | null> {
  const repo = createCellarRepository(tx)
  const settings = (await repo.settings(tenant.entityId)) ?? DEFAULT_CELLAR_SETTINGS
  const last = (await repo.lastCleaning(tenant.entityId, [vessel.id])).get(vessel.id)
  const warnings = cleaningWarnings({
    vesselName: vessel.name,
    lastCleanedAt: last?.lastCleanedAt ?? null,
    lastSanitisedAt: last?.lastSanitisedAt ?? null,
    now,
    cleanWindowHours: settings.cleanWindowHours,
    sanitiseWindowHours: settings.sanitiseWindowHours,
  })
  if (warnings.length === 0) return null
  if (!accept)
    throw new AppError(
      'CLEANING_WARNING',
      `${warnings.map((warning) => warning.message).join('; ')}. Fill it anyway?`,
      warnings.map((warning) => ({ path: field, message: warning.message })),
    )
  return { warnings, acceptedBy: tenant.userId, acceptedAt: now.toISOString() }
}
