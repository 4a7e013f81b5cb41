import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/users.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts'
import { defineJob, type JobDefinition } from '../../jobs/job-queue.ts'
import type { Mailer } from '../../mail/mailer.ts'
import type { AddressPolicy } from './address-check.ts'
import { decryptSecret } from './secret-box.ts'
import { sendDelivery, type SendOutcome } from './webhook-sender.ts'

// Sending a delivery (ADR 282): one job per attempt. A failure queues the next attempt after the retry
// schedule's wait (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h by default: about a day); when the last one fails
// with no success since the delivery began, the endpoint is turned off and the brewery's Admins are mailed.

type Logger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
export type DeliveryJobData = { deliveryId: string; attempt: number }

export type WebhookDeliveryDeps = {
  db: Db
  secretKey: Buffer
  policy: AddressPolicy
  retryDelaysSeconds: number[]
  /** Queues an attempt (the job queue, once the job is defined). */
  queue: (data: DeliveryJobData, startAfterSeconds: number) => Promise<void>
  mailer: Mailer | null
  publicUrl: string
  logger?: Logger
  /** Tests replace the sender. */
  send?: typeof sendDelivery
}

export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver'

export function webhookDeliveryJob(deps: WebhookDeliveryDeps): JobDefinition<DeliveryJobData> {
  const send = deps.send ?? sendDelivery
  return defineJob<DeliveryJobData>(WEBHOOK_DELIVERY_JOB, (data) => deliver(deps, send, data), {
    // The retries are this module's own schedule, each a new job.
    retryLimit: 0,
  })
}

async function deliver(
  deps: WebhookDeliveryDeps,
  send: typeof sendDelivery,
  { deliveryId, attempt }: DeliveryJobData,
) {
  const { db } = deps
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId))
  // Deleted with its endpoint, turned off, or an attempt already made (a job run twice): nothing to send.
  if (!found || !found.endpoint.enabled || found.delivery.attempts !== attempt - 1) return
  const { delivery, endpoint } = found
  let outcome: SendOutcome
  try {
    const secret = decryptSecret(deps.secretKey, endpoint.secretCiphertext, endpoint.id)
    outcome = await send(
      { messageId: delivery.messageId, payload: delivery.payload, secret, url: endpoint.url },
      deps.policy,
    )
  } catch (error) {
    deps.logger?.error({ err: error, deliveryId }, 'webhooks: could not prepare a delivery')
    outcome = {
      ok: false,
      statusCode: null,
      error: 'The endpoint secret could not be read (WEBHOOK_SECRET_KEY changed?); rotate the secret.',
      durationMs: 0,
      responseExcerpt: null,
    }
  }
  const last = attempt > deps.retryDelaysSeconds.length
  const failures = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    await tx.insert(webhookAttempts).values({
      entityId: delivery.entityId,
      endpointId: endpoint.id,
      deliveryId,
      attempt,
      status: outcome.ok ? 'succeeded' : 'failed',
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt,
    })
    await tx
      .update(webhookDeliveries)
      .set({ attempts: attempt, status: outcome.ok ? 'succeeded' : last ? 'failed' : 'pending' })
      .where(eq(webhookDeliveries.id, deliveryId))
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        lastDeliveryAt: sql`now()`,
        failureCount: outcome.ok ? 0 : sql`${webhookEndpoints.failureCount} + 1`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failureCount: webhookEndpoints.failureCount })
    return updated?.failureCount ?? 0
  })
  if (outcome.ok) return
  if (!last) {
    await deps.queue({ deliveryId, attempt: attempt + 1 }, deps.retryDelaysSeconds[attempt - 1])
    return
  }
  // Every attempt of this delivery failed, and nothing succeeded since its first: the endpoint is down.
  if (failures >= attempt) await disable(deps, endpoint.id, endpoint.entityId, endpoint.url, outcome)
}

async function disable(
  deps: WebhookDeliveryDeps,
  endpointId: string,
  entityId: string,
  url: string,
  outcome: SendOutcome,
) {
  const reason = `Turned off after every delivery attempt failed for about a day (last: ${outcome.error ?? 'no answer'}).`
  const [turnedOff] = await deps.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id })
  if (!turnedOff || !deps.mailer) return
  try {
    const admins = await deps.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.entityId, entityId), eq(users.role, 'Admin')))
    const text = [
      `BrewCommand turned off the webhook endpoint ${url}.`,
      '',
      reason,
      '',
      `Fix the receiver, then turn the endpoint on again and resend what it missed: ${deps.publicUrl.replace(/\/$/, '')}/secure/settings/webhooks`,
    ].join('\n')
    for (const { email } of admins) {
      if (email) await deps.mailer.send({ to: email, subject: 'Webhook endpoint turned off', text })
    }
  } catch (error) {
    deps.logger?.warn(
      { err: error, endpointId },
      'webhooks: could not mail the Admins about a turned-off endpoint',
    )
  }
}
