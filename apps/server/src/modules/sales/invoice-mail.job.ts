import type { FastifyBaseLogger } from 'fastify'
import { defineJob, type JobQueue } from '../../jobs/job-queue.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { InvoiceService } from './invoices.service.ts'

/** The sweep that sends what a queue could not (a failed enqueue, a failed send): every minute. */
export const INVOICE_MAIL_CRON = '* * * * *'

/** Email Invoice's mails: sends the unsent rows of the outbox (one brewery's after a request, or all). */
export const invoiceMailJob = (
  invoices: Pick<InvoiceService, 'sendPendingMails'>,
  mailer: Pick<Mailer, 'send'>,
) =>
  defineJob<{ entityId?: string }>('sales.invoice-mail', async ({ entityId }) => {
    await invoices.sendPendingMails((message) => mailer.send(message), entityId)
  })

/** Queues a run for one brewery once its request is committed; a failure to queue is logged (the sweep sends it). */
export function invoiceMailQueuer(jobs: JobQueue, job: ReturnType<typeof invoiceMailJob>) {
  return async (entityId: string, log: FastifyBaseLogger) => {
    try {
      await jobs.enqueue(job, { entityId }, { singletonKey: `invoice-mail:${entityId}` })
    } catch (error) {
      log.warn({ err: error }, 'could not queue Email Invoice; the minute sweep will send it')
    }
  }
}
