import { daysOut, DEFAULT_KEG_DAYS_OUT_LIMIT } from '@brewcommand/domain'
import { lockForTransaction, type Db } from '../../db/client.ts'
import { defineJob } from '../../jobs/job-queue.ts'
import { alertStore } from '../cellar/alert-store.ts'
import { announceAlerts, type CellarAlertDeps } from '../cellar/cellar-alerts.ts'
import type { AlertRow } from '../cellar/cellar.repository.ts'
import { createKegsRepository } from './kegs.repository.ts'

// The daily check of kegs out too long (docs/decisions/290-kegs.md): one alert per customer holding kegs past the
// brewery's limit, into the bell and the daily mail like the cellar's and the par levels' alerts; resolved when
// the customer no longer holds any past it.

/** Every day at 15:05 UTC (early morning in the US). */
export const KEGS_OVERDUE_CRON = '5 15 * * *'

export const overdueSubject = (customerId: string) => `customer:${customerId}`

/** Raises and resolves one brewery's alerts in one transaction; answers what it raised. */
export async function checkOverdueKegs(db: Db, entityId: string, now: Date): Promise<AlertRow[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    await lockForTransaction(tx, `kegs.overdue:${entityId}`)
    const repo = createKegsRepository(tx)
    const limit = (await repo.settings(entityId))?.daysOutLimit ?? DEFAULT_KEG_DAYS_OUT_LIMIT
    const out = (await repo.kegs(entityId)).filter(
      (k) => k.status === 'at-customer' && k.customerId && k.since,
    )
    const overdue = new Map<string, string[]>()
    for (const keg of out)
      if (daysOut(keg.since!.toISOString(), now) > limit)
        overdue.set(keg.customerId!, [...(overdue.get(keg.customerId!) ?? []), keg.assetNumber])
    const names = await repo.customerNames(entityId, [...overdue.keys()])
    const open = new Map(
      (await alertStore.unresolved(tx, entityId, 'kegs-overdue')).map((a) => [a.subject, a]),
    )
    const raised: AlertRow[] = []
    for (const [customerId, numbers] of overdue) {
      if (open.has(overdueSubject(customerId))) continue
      const count = numbers.length
      raised.push(
        await alertStore.raise(tx, entityId, {
          kind: 'kegs-overdue',
          subject: overdueSubject(customerId),
          message: `${names.get(customerId) ?? 'A customer'} holds ${count} keg${count === 1 ? '' : 's'} past ${limit} days: ${numbers.slice(0, 10).join(', ')}${count > 10 ? ', …' : ''}`,
        }),
      )
    }
    for (const [subject, alert] of open)
      if (![...overdue.keys()].some((id) => overdueSubject(id) === subject))
        await alertStore.resolve(tx, entityId, alert.id)
    return raised
  })
}

/** The job: one brewery (`{ entityId }`) or every brewery with kegs at customers. */
export function kegsOverdueJob(db: Db, deps: CellarAlertDeps, now: () => Date = () => new Date()) {
  return defineJob<{ entityId?: string }>('kegs.overdue', async ({ entityId }) => {
    const breweries = entityId ? [entityId] : await createKegsRepository(db).breweriesWithKegsOut()
    for (const brewery of breweries) {
      const rows = await checkOverdueKegs(db, brewery, now())
      if (rows.length > 0) await announceAlerts(db, deps, brewery, rows)
    }
  })
}
