import { WEBHOOK_ROUTES, webhookEventOfWrite, type WebhookPayload } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts'
import type { Broadcast } from '../../writes/write-runner.ts'
import { newMessageId } from './webhooks.service.ts'

// From a committed write to queued deliveries (ADR 282). The write runner calls `publish` once a write of a
// publishing route has committed, with what the brewery's room hears (the broadcast: the record's id and its
// changed fields), so every write route is covered by one hook; device readings posted by devices call it too.

/** How long an instance trusts its "does this brewery have endpoints?" answer (another instance's change). */
const WANTS_TTL_MS = 5_000
const PUBLISHING = new Set(WEBHOOK_ROUTES)

type Logger = { error(obj: object, msg: string): void }

export type WebhookPublisher = ReturnType<typeof createWebhookPublisher>

export function createWebhookPublisher({
  db,
  queueDelivery,
  logger,
}: {
  db: Db
  /** Queues the first attempt of a stored delivery. */
  queueDelivery: (deliveryId: string) => Promise<void>
  logger?: Logger
}) {
  const known = new Map<string, { has: boolean; at: number }>()

  /** Whether the brewery has an enabled endpoint (cached a few seconds per instance). */
  async function wants(entityId: string): Promise<boolean> {
    const cached = known.get(entityId)
    if (cached && Date.now() - cached.at < WANTS_TTL_MS) return cached.has
    const [row] = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.entityId, entityId), eq(webhookEndpoints.enabled, true)))
      .limit(1)
    known.set(entityId, { has: !!row, at: Date.now() })
    if (known.size > 10_000) known.delete(known.keys().next().value!)
    return !!row
  }

  return {
    /** Whether a write of this route ("METHOD /path") publishes an event at all. */
    publishes: (route: string) => PUBLISHING.has(route),
    wants,
    /** Forgets the cached answer of a brewery whose endpoints changed on this instance. */
    invalidate: (entityId: string) => known.delete(entityId),

    /**
     * Stores one delivery per enabled endpoint of the brewery subscribed to the write's event and queues each.
     * Never throws: the write is committed, a failure here is logged.
     */
    async publish(
      entityId: string,
      write: { route: string; status: number; payload: Broadcast },
    ): Promise<void> {
      try {
        const type = webhookEventOfWrite(write.route, write.status, write.payload.data)
        if (!type) return
        const endpoints = await db
          .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.entityId, entityId), eq(webhookEndpoints.enabled, true)))
        const subscribed = endpoints.filter((endpoint) => endpoint.eventTypes.includes(type))
        if (subscribed.length === 0) return
        const body: WebhookPayload = {
          type,
          timestamp: new Date().toISOString(),
          data: { ...write.payload.data, objectUri: write.payload.objectUri },
        }
        const payload = JSON.stringify(body)
        const messageId = newMessageId()
        const rows = await db
          .insert(webhookDeliveries)
          .values(
            subscribed.map(({ id }) => ({ entityId, endpointId: id, messageId, eventType: type, payload })),
          )
          .returning({ id: webhookDeliveries.id })
        for (const row of rows) await queueDelivery(row.id)
      } catch (error) {
        logger?.error(
          { err: error, entityId },
          'webhooks: could not queue the deliveries of a committed write',
        )
      }
    },
  }
}
