import type { AlertKind } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { createCellarRepository, type AlertRow } from './cellar.repository.ts'

/**
 * The brewery's alerts (the shell's bell and the mail to the chosen roles) as another module raises them:
 * inventory's par-level check (docs/decisions/220-par-level-alerts-in-the-bell.md). An alert is about a
 * `subject` (`item:{id}`); the caller keeps at most one unresolved per subject and kind (acknowledging it does
 * not end it), and resolves it when its cause goes away. Announcing (realtime and mail) follows the commit: `announceAlerts` of
 * cellar-alerts.ts.
 */
export const alertStore = {
  unresolved: (db: Db, entityId: string, kind: AlertKind): Promise<AlertRow[]> =>
    createCellarRepository(db).unresolvedAlertsOfKind(entityId, kind),
  async raise(
    db: Db,
    entityId: string,
    alert: { kind: AlertKind; subject: string; message: string },
  ): Promise<AlertRow> {
    const [row] = await createCellarRepository(db).insertAlert({ ...alert, entityId })
    return row
  },
  resolve: (db: Db, entityId: string, alertId: string) =>
    createCellarRepository(db).resolveAlert(entityId, alertId),
}
export type AlertStore = typeof alertStore
