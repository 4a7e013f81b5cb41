import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client.ts'
import { defineJob, type JobQueue } from '../../jobs/job-queue.ts'
import { announceAlerts, type CellarAlertDeps } from '../cellar/cellar-alerts.ts'
import type { InventoryService } from './inventory.service.ts'

/** The hourly sweep of every brewery with par levels (reservations also change in other modules' writes). */
export const PAR_LEVELS_CRON = '41 * * * *'

/**
 * The par-level check (docs/decisions/212-par-level-alerts.md): raises an alert for each item whose available
 * quantity is under its par level and resolves those back above it, for one brewery (queued after a stock
 * change) or all of them (the hourly sweep); what it raised goes to the bell and the mail once committed.
 */
export function parLevelsJob(
  inventory: Pick<InventoryService, 'evaluateParLevels'>,
  db: Db,
  deps: CellarAlertDeps,
) {
  return defineJob<{ entityId?: string }>('inventory.par-levels', async ({ entityId }) => {
    const raised = await inventory.evaluateParLevels(entityId)
    for (const [brewery, rows] of raised) await announceAlerts(db, deps, brewery, rows)
  })
}

/** Queues the check of one brewery (one pending check per brewery); a failure to queue is only logged. */
export function parLevelsQueuer(jobs: JobQueue, job: ReturnType<typeof parLevelsJob>) {
  return async (entityId: string, log: FastifyBaseLogger) => {
    try {
      await jobs.enqueue(job, { entityId }, { singletonKey: `par-levels:${entityId}` })
    } catch (error) {
      log.warn({ err: error }, 'could not queue the par-level check; the hourly sweep will run it')
    }
  }
}
