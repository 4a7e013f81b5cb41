import { randomBytes, randomUUID } from 'node:crypto'
import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  WebhookEventTypeSchema,
  type NewWebhookEndpoint,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointChange,
  type WebhookEventType,
  type WebhookPayload,
} from '@brewcommand/domain'
import { and, desc, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import { AppError } from '../../errors.ts'
import { checkEndpointUrl, EndpointRefused, type AddressPolicy } from './address-check.ts'
import { encryptSecret } from './secret-box.ts'

// Settings → Webhooks (issue 39, ADR 282): an Admin's endpoints, their secrets (encrypted, shown once), the
// delivery log, Resend and Send Test Event. Deliveries themselves are the job's (webhook-delivery.job.ts).

type EndpointRow = typeof webhookEndpoints.$inferSelect
type AttemptRow = typeof webhookAttempts.$inferSelect
const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** A new signing secret: `whsec_` and 32 random bytes, base64 (Standard Webhooks). */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`
const hintOf = (secret: string) => secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 6)

/** A Standard Webhooks message id: the same on every attempt of one delivery, and on a resend. */
export const newMessageId = () => `msg_${randomUUID().replaceAll('-', '')}`

export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes.filter(
      (type): type is WebhookEventType => WebhookEventTypeSchema.safeParse(type).success,
    ),
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failureCount: row.failureCount,
    secretHint: row.secretHint,
    createdAt: row.createdAt.toISOString(),
    lastDeliveryAt: iso(row.lastDeliveryAt),
  }
}

function attemptView(row: AttemptRow & { messageId: string; eventType: string }): WebhookAttempt {
  return {
    id: row.id,
    deliveryId: row.deliveryId,
    messageId: row.messageId,
    eventType: row.eventType,
    attempt: row.attempt,
    at: row.at.toISOString(),
    status: row.status === 'succeeded' ? 'succeeded' : 'failed',
    statusCode: row.statusCode,
    error: row.error,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
  }
}

export type WebhookServiceDeps = {
  db: Db
  secretKey: Buffer
  policy: AddressPolicy
  /** Called when a brewery's endpoints change, so the writes' check of "anyone listening?" is fresh. */
  onEndpointsChanged?: (entityId: string) => void
}

export function createWebhookService({ db, secretKey, policy, onEndpointsChanged }: WebhookServiceDeps) {
  /** The URL as saved, or a 400 naming why it may not be used (scheme, credentials, a non-public address). */
  async function checkedUrl(url: string): Promise<string> {
    try {
      return (await checkEndpointUrl(url, policy)).url.toString()
    } catch (error) {
      if (!(error instanceof EndpointRefused)) throw error
      throw new AppError('VALIDATION_FAILED', error.message, [{ path: 'data.url', message: error.message }])
    }
  }

  async function owned(tx: Db, tenant: Tenant, endpointId: string): Promise<EndpointRow> {
    const [row] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.entityId, tenant.entityId)))
    if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.')
    return row
  }

  return {
    checkedUrl,

    /** The brewery's endpoints, newest first. */
    async list(tenant: Tenant): Promise<WebhookEndpoint[]> {
      assertCan(tenant, 'manageWebhooks')
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.entityId, tenant.entityId))
        .orderBy(desc(webhookEndpoints.createdAt))
      return rows.map(endpointView)
    },

    /** Add Endpoint: the URL checked, the secret made, stored encrypted and returned this once. */
    async create(
      tx: Db,
      tenant: Tenant,
      input: NewWebhookEndpoint,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      assertCan(tenant, 'manageWebhooks')
      const url = await checkedUrl(input.url)
      const [taken] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, input.id))
      if (taken) throw new AppError('CONFLICT', 'An endpoint with this id exists already.')
      const secret = newSecret()
      const [row] = await tx
        .insert(webhookEndpoints)
        .values({
          id: input.id,
          entityId: tenant.entityId,
          url,
          description: input.description,
          eventTypes: [...input.eventTypes],
          secretCiphertext: encryptSecret(secretKey, secret, input.id),
          secretHint: hintOf(secret),
          createdBy: tenant.userId,
        })
        .returning()
      onEndpointsChanged?.(tenant.entityId)
      return { endpoint: endpointView(row), secret }
    },

    /** Edit, disable, enable: enabling again clears the failure count and the server's reason. */
    async change(
      tx: Db,
      tenant: Tenant,
      endpointId: string,
      input: WebhookEndpointChange,
    ): Promise<WebhookEndpoint> {
      assertCan(tenant, 'manageWebhooks')
      const before = await owned(tx, tenant, endpointId)
      const url = input.url === before.url ? before.url : await checkedUrl(input.url)
      const reenabled = input.enabled && !before.enabled
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          url,
          description: input.description,
          eventTypes: [...input.eventTypes],
          enabled: input.enabled,
          disabledReason: input.enabled ? null : before.disabledReason,
          failureCount: reenabled ? 0 : before.failureCount,
          updatedAt: sql`now()`,
        })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.entityId, tenant.entityId)))
        .returning()
      onEndpointsChanged?.(tenant.entityId)
      return endpointView(row)
    },

    /** Delete: the endpoint, its deliveries and its log; pending retries find nothing and stop. */
    async remove(tx: Db, tenant: Tenant, endpointId: string): Promise<{ id: string }> {
      assertCan(tenant, 'manageWebhooks')
      const [row] = await tx
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.entityId, tenant.entityId)))
        .returning({ id: webhookEndpoints.id })
      if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found.')
      onEndpointsChanged?.(tenant.entityId)
      return row
    },

    /** Rotate secret: a new one at once (the old one stops), returned this once. */
    async rotateSecret(
      tx: Db,
      tenant: Tenant,
      endpointId: string,
    ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      assertCan(tenant, 'manageWebhooks')
      await owned(tx, tenant, endpointId)
      const secret = newSecret()
      const [row] = await tx
        .update(webhookEndpoints)
        .set({
          secretCiphertext: encryptSecret(secretKey, secret, endpointId),
          secretHint: hintOf(secret),
          updatedAt: sql`now()`,
        })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.entityId, tenant.entityId)))
        .returning()
      return { endpoint: endpointView(row), secret }
    },

    /** Send Test Event: a `webhook.test` delivery to this endpoint only (queued once committed). */
    async sendTest(
      tx: Db,
      tenant: Tenant,
      endpointId: string,
    ): Promise<{ deliveryId: string; messageId: string }> {
      assertCan(tenant, 'manageWebhooks')
      const endpoint = await owned(tx, tenant, endpointId)
      if (!endpoint.enabled)
        throw new AppError('CONFLICT', 'Turn the endpoint on before sending it a test event.')
      const messageId = newMessageId()
      const payload: WebhookPayload = {
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { id: endpointId, message: 'A test event from BrewCommand.' },
      }
      const [row] = await tx
        .insert(webhookDeliveries)
        .values({
          entityId: tenant.entityId,
          endpointId,
          messageId,
          eventType: WEBHOOK_TEST_EVENT,
          payload: JSON.stringify(payload),
        })
        .returning({ id: webhookDeliveries.id })
      return { deliveryId: row.id, messageId }
    },

    /** Resend: the same message (same `webhook-id` and body) again, as a new series of attempts. */
    async resend(
      tx: Db,
      tenant: Tenant,
      endpointId: string,
      deliveryId: string,
    ): Promise<{ deliveryId: string }> {
      assertCan(tenant, 'manageWebhooks')
      const endpoint = await owned(tx, tenant, endpointId)
      if (!endpoint.enabled) throw new AppError('CONFLICT', 'Turn the endpoint on before resending to it.')
      const [row] = await tx
        .update(webhookDeliveries)
        .set({ status: 'pending', attempts: 0 })
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.entityId, tenant.entityId),
          ),
        )
        .returning({ id: webhookDeliveries.id })
      if (!row) throw new AppError('NOT_FOUND', 'Delivery not found.')
      return { deliveryId: row.id }
    },

    /** The delivery log of one endpoint: its attempts, newest first, a page at a time. */
    async attempts(
      tenant: Tenant,
      endpointId: string,
      { before, limit }: { before?: string; limit: number },
    ): Promise<WebhookAttempt[]> {
      assertCan(tenant, 'manageWebhooks')
      await owned(db, tenant, endpointId)
      const rows = await db
        .select({
          attempt: webhookAttempts,
          messageId: webhookDeliveries.messageId,
          eventType: webhookDeliveries.eventType,
        })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(
          and(
            eq(webhookAttempts.endpointId, endpointId),
            eq(webhookAttempts.entityId, tenant.entityId),
            before ? lt(webhookAttempts.at, new Date(before)) : undefined,
          ),
        )
        .orderBy(desc(webhookAttempts.at))
        .limit(limit)
      return rows.map(({ attempt, messageId, eventType }) =>
        attemptView({ ...attempt, messageId, eventType }),
      )
    },
  }
}
export type WebhookService = ReturnType<typeof createWebhookService>
