import type { FastifyBaseLogger } from 'fastify'
import { defineJob, type JobQueue } from '../../jobs/job-queue.ts'
import type { PushTask, SyncService } from './sync.service.ts'

// The accounting sync on the job queue (docs/decisions/310-accounting-sync.md): one job per record pushed (tried
// again with growing delays when the accounting system is busy or down), and a sweep per brewery (after a sales
// write commits, and every 15 minutes for all) that queues what is not pushed yet and pulls the payments entered
// in the accounting system since two days back (links make a payment taken once).

export const ACCOUNTING_SWEEP_CRON = '*/15 * * * *'
const PULL_WINDOW_MS = 2 * 24 * 3600_000

export const accountingPushJob = (sync: Pick<SyncService, 'push'>) =>
  defineJob<PushTask>(
    'accounting.push',
    async (task) => {
      await sync.push(task)
    },
    { retryLimit: 5 },
  )

export function accountingSweepJob(
  sync: Pick<SyncService, 'pending' | 'pullPayments' | 'connectedBreweries'>,
  enqueuePush: (task: PushTask) => Promise<void>,
  logger?: Pick<FastifyBaseLogger, 'warn'>,
) {
  return defineJob<{ entityId?: string }>('accounting.sweep', async ({ entityId }) => {
    const breweries = entityId ? [entityId] : await sync.connectedBreweries()
    for (const brewery of breweries) {
      for (const task of await sync.pending(brewery)) await enqueuePush(task)
      try {
        await sync.pullPayments(brewery, new Date(Date.now() - PULL_WINDOW_MS))
      } catch (error) {
        logger?.warn({ reason: (error as Error).name }, 'accounting: the payments could not be pulled')
      }
    }
  })
}

/** Queues one brewery's sweep once a sales write has committed; a failure to queue is logged (the cron catches up). */
export function accountingSweepQueuer(jobs: JobQueue, job: ReturnType<typeof accountingSweepJob>) {
  return async (entityId: string, log: Pick<FastifyBaseLogger, 'warn'>) => {
    try {
      await jobs.enqueue(job, { entityId }, { singletonKey: `accounting.sweep:${entityId}` })
    } catch {
      log.warn({}, 'could not queue the accounting sync; the 15-minute sweep will send it')
    }
  }
}
