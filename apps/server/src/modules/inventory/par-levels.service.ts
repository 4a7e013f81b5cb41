import { formatStock, type InventoryAlert, type StockUnit } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import { alertStore } from '../cellar/alert-store.ts'
import type { AlertRow } from '../cellar/cellar.repository.ts'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { createInventoryRepository } from './inventory.repository.ts'
import { parSubject, iso, listItems } from './inventory.shared.ts'

// Par levels: the unresolved below-par alerts, and the job's evaluation of every item against its par level
// (docs/decisions/212-par-level-alerts.md, 220-par-level-alerts-in-the-bell.md).

/**
 * Raises a par-level alert for an item whose available quantity is under its par level, into the brewery's
 * alerts (the shell's bell, the mail to the chosen roles; docs/decisions/220-par-level-alerts-in-the-bell.md).
 */
export async function raiseParAlert(
  tx: Db,
  entityId: string,
  item: { id: string; name: string; unit: StockUnit; available: number; parLevel: number },
) {
  return alertStore.raise(tx, entityId, {
    kind: 'below-par',
    subject: parSubject(item.id),
    message: `${item.name}: ${formatStock(item.available, item.unit)} available, under its par level of ${formatStock(item.parLevel, item.unit)}`,
  })
}

export function createParLevelsService({ db }: { db: Db }) {
  const reads = createInventoryRepository(db)
  const service = {
    /** The unresolved par-level alerts (acknowledged or not), with each item's figures as they are now. */
    async alerts(tenant: Tenant): Promise<InventoryAlert[]> {
      const [open, items] = await Promise.all([
        alertStore.unresolved(db, tenant.entityId, 'below-par'),
        listItems(reads, tenant.entityId),
      ])
      const itemOf = new Map(items.map((item) => [parSubject(item.id), item]))
      return open.flatMap((alert) => {
        const item = itemOf.get(alert.subject)
        if (!item) return []
        return [
          {
            id: alert.id,
            itemId: item.id,
            itemName: item.name,
            unit: item.unit,
            available: item.available,
            parLevel: item.parLevel ?? 0,
            raisedAt: iso(alert.raisedAt),
          },
        ]
      })
    },

    /**
     * Raises alerts for items now under par and resolves those back above it, each brewery in its own
     * transaction; answers the alerts raised per brewery, for the job to announce once committed.
     */
    async evaluateParLevels(entityId?: string): Promise<Map<string, AlertRow[]>> {
      const breweries = entityId ? [entityId] : await reads.breweriesWithParLevels()
      const raised = new Map<string, AlertRow[]>()
      for (const brewery of breweries) {
        const rows = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db
          // One check of a brewery at a time, so two never raise one alert twice.
          await lockForTransaction(tx, `inventory.par-levels:${brewery}`)
          const items = await listItems(createInventoryRepository(tx), brewery)
          const open = new Map(
            (await alertStore.unresolved(tx, brewery, 'below-par')).map((alert) => [alert.subject, alert]),
          )
          const inserted: AlertRow[] = []
          for (const item of items) {
            const alert = open.get(parSubject(item.id))
            if (item.isBelowPar && !alert && item.parLevel !== null)
              inserted.push(await raiseParAlert(tx, brewery, { ...item, parLevel: item.parLevel }))
            else if (!item.isBelowPar && alert) await alertStore.resolve(tx, brewery, alert.id)
          }
          return inserted
        })
        if (rows.length > 0) raised.set(brewery, rows)
      }
      return raised
    },
  }
  return service
}
