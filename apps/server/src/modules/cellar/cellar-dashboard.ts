import { todayIn, type CellarDashboard } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'
import { listAlerts } from './alert-inbox.ts'
import type { CellarContext } from './cellar-context.ts'
import { tankBoard } from './tank-board.ts'

/** The dashboard's cellar part: today's brew days, tanks needing attention, unread alerts. */
export async function cellarDashboard(ctx: CellarContext, tenant: Tenant): Promise<CellarDashboard> {
  // Today where the brewery is: an evening shift in Oregon still sees today's brew days (ADR 224).
  const today = todayIn(await breweryTimeZone(ctx.db, tenant.entityId), ctx.now())
  const [brewDays, board, alerts] = await Promise.all([
    ctx.reads.brewDaysOn(tenant.entityId, today),
    tankBoard(ctx, tenant),
    listAlerts(ctx, tenant),
  ])
  const tanksNeedingAttention = board.flatMap((card) => {
    const reasons: string[] = []
    if (card.openAlerts > 0)
      reasons.push(`${card.openAlerts} unread alert${card.openAlerts === 1 ? '' : 's'}`)
    if (card.vessel.state === 'dirty') reasons.push('Needs cleaning')
    if (card.vessel.state === 'out-of-service') reasons.push('Out of service')
    if (card.batch && card.contentsBbl > 0 && !card.latest) reasons.push('No readings yet')
    return reasons.length ? [{ vesselId: card.vessel.id, name: card.vessel.name, reasons }] : []
  })
  return {
    brewDaysToday: brewDays.map((batch) => ({
      id: batch.id,
      number: batch.number,
      productName: batch.productName,
      status: batch.status,
    })),
    tanksNeedingAttention,
    unreadAlerts: alerts.unread,
    alerts: alerts.alerts.filter((alert) => !alert.acknowledgedAt).slice(0, 5),
  }
}
