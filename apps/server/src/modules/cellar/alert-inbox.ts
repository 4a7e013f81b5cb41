import type { CellarAlert } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { CellarContext } from './cellar-context.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { toAlert } from './cellar-views.ts'

/** The brewery's cellar alerts, newest first, and how many are unread. */
export async function listAlerts(ctx: CellarContext, tenant: Tenant) {
  const [rows, unread] = await Promise.all([
    ctx.reads.alerts(tenant.entityId),
    ctx.reads.unreadAlertCount(tenant.entityId),
  ])
  return { alerts: rows.map(toAlert), unread }
}

/** Marks an alert read; the first acknowledgement stands. */
export async function acknowledgeAlert(tx: Db, tenant: Tenant, alertId: string): Promise<CellarAlert> {
  const repo = createCellarRepository(tx)
  const alert = await repo.alert(tenant.entityId, alertId)
  if (!alert) throw new AppError('NOT_FOUND', 'Alert not found.')
  assertCan(tenant, 'cellarWork')
  const [updated] = await repo.acknowledgeAlert(tenant.entityId, alertId, tenant.userId)
  // Acknowledged already: the first acknowledgement stands.
  return toAlert(updated ?? alert)
}
