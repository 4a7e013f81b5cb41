import { z } from 'zod'

// Webhooks (issue 39, ADR 282): a brewery's endpoints hear its committed writes as Standard Webhooks
// deliveries. The event names live here so the server, the web app and the OpenAPI document agree.

/** The prefix of an endpoint's signing secret (Standard Webhooks): `whsec_` and 32 random bytes, base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'

/** Every event an endpoint may subscribe to, grouped as Settings → Webhooks shows them. */
export const WEBHOOK_EVENT_GROUPS = [
  { group: 'Products', events: ['product.created', 'product.changed', 'product.deleted'] },
  { group: 'Recipes', events: ['recipe.created', 'recipe.changed', 'recipe.deleted'] },
  { group: 'Batches', events: ['batch.created', 'batch.changed'] },
  { group: 'Brew days', events: ['brew_day.created', 'brew_day.changed'] },
  { group: 'Cellar movements', events: ['cellar_movement.created'] },
  { group: 'Device readings', events: ['device_reading.created'] },
  { group: 'Stock', events: ['stock.changed'] },
  { group: 'Orders', events: ['order.created', 'order.changed'] },
  { group: 'Invoices', events: ['invoice.changed'] },
  { group: 'Payments', events: ['payment.created'] },
] as const

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENT_GROUPS.flatMap(({ events }) => events)
export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[number]['events'][number]
export const WebhookEventTypeSchema = z.enum(
  WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]],
  'Not an event type',
)

/** The event Send Test Event sends (to that endpoint only, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test'

/**
 * The event each write route publishes once committed, by "METHOD /path" as the server registers it.
 * `created` routes publish `.created` on a 201; a body with `deleted: true` or a DELETE publishes `.deleted`.
 * A write route not listed publishes nothing (settings, imports' previews, media, the team, the keys).
 */
const EVENT_OF_ROUTE: Record<string, { resource: string; created?: boolean; only?: WebhookEventType }> = {
  'POST /api/products': { resource: 'product', created: true },
  'PUT /api/products/:productId': { resource: 'product' },
  'DELETE /api/products/:productId': { resource: 'product' },
  'POST /api/products/:productId/recipes': { resource: 'recipe', created: true },
  'PUT /api/products/:productId/recipes/:recipeId': { resource: 'recipe' },
  'DELETE /api/products/:productId/recipes/:recipeId': { resource: 'recipe' },
  'POST /api/products/:productId/packages': { resource: 'product', only: 'product.changed' },
  'PUT /api/products/:productId/packages/:id': { resource: 'product', only: 'product.changed' },
  'DELETE /api/products/:productId/packages/:id': { resource: 'product', only: 'product.changed' },
  'POST /api/products/:productId/attributes': { resource: 'product', only: 'product.changed' },
  'PUT /api/products/:productId/attributes/:id': { resource: 'product', only: 'product.changed' },
  'DELETE /api/products/:productId/attributes/:id': { resource: 'product', only: 'product.changed' },
  'POST /api/batches': { resource: 'batch', created: true },
  'PUT /api/batches/:batchId': { resource: 'batch' },
  'POST /api/cellar/batches/:batchId/complete': { resource: 'batch', only: 'batch.changed' },
  'POST /api/batches/:batchId/brew-day': { resource: 'brew_day', created: true },
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/start': { resource: 'brew_day' },
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/complete': { resource: 'brew_day' },
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/extend': { resource: 'brew_day' },
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/acknowledge': { resource: 'brew_day' },
  'POST /api/batches/:batchId/brew-day/steps/:stepKey/confirm': { resource: 'brew_day' },
  'POST /api/batches/:batchId/measurements': { resource: 'brew_day', only: 'brew_day.changed' },
  'POST /api/batches/:batchId/brew-day/finish': { resource: 'brew_day' },
  'POST /api/cellar/liquid-events': { resource: 'cellar_movement', only: 'cellar_movement.created' },
  'POST /api/cellar/bulk-removals': { resource: 'cellar_movement', only: 'cellar_movement.created' },
  'POST /api/cellar/bulk-receipts': { resource: 'cellar_movement', only: 'cellar_movement.created' },
  'POST /api/cellar/packaging-runs': { resource: 'cellar_movement', only: 'cellar_movement.created' },
  'POST /api/cellar/readings': { resource: 'device_reading', only: 'device_reading.created' },
  'POST /api/ingest/:deviceToken': { resource: 'device_reading', only: 'device_reading.created' },
  'POST /api/inventory/items': { resource: 'stock', only: 'stock.changed' },
  'PUT /api/inventory/items/:itemId': { resource: 'stock', only: 'stock.changed' },
  'POST /api/inventory/items/:itemId/lots': { resource: 'stock', only: 'stock.changed' },
  'POST /api/inventory/items/:itemId/adjustments': { resource: 'stock', only: 'stock.changed' },
  'POST /api/inventory/items/:itemId/counts': { resource: 'stock', only: 'stock.changed' },
  'POST /api/inventory/import': { resource: 'stock', only: 'stock.changed' },
  'POST /api/inventory/finished-goods/movements': { resource: 'stock', only: 'stock.changed' },
  'POST /api/sales/orders': { resource: 'order', created: true },
  'PUT /api/sales/orders/:orderId': { resource: 'order' },
  'POST /api/sales/orders/:orderId/confirm': { resource: 'order' },
  'POST /api/sales/orders/:orderId/pick': { resource: 'order' },
  'POST /api/sales/orders/:orderId/cancel': { resource: 'order' },
  'POST /api/sales/orders/:orderId/dispatch': { resource: 'order' },
  'POST /api/sales/orders/:orderId/deliver': { resource: 'order' },
  'POST /api/sales/invoices/:invoiceId/void': { resource: 'invoice', only: 'invoice.changed' },
  'POST /api/sales/invoices/:invoiceId/payments': { resource: 'payment', only: 'payment.created' },
}

/** The routes that publish an event (for the tests and the documentation). */
export const WEBHOOK_ROUTES = Object.keys(EVENT_OF_ROUTE)

/**
 * The event a committed write publishes: by its route ("METHOD /path"), its status and its broadcast's data;
 * null when the route publishes none.
 */
export function webhookEventOfWrite(
  route: string,
  status: number,
  data: Record<string, unknown>,
): WebhookEventType | null {
  const rule = EVENT_OF_ROUTE[route]
  if (!rule) return null
  if (rule.only) return rule.only
  const method = route.split(' ')[0]
  const action =
    method === 'DELETE' || data.deleted === true
      ? 'deleted'
      : rule.created && status === 201
        ? 'created'
        : 'changed'
  const type = `${rule.resource}.${action}`
  return WebhookEventTypeSchema.safeParse(type).success ? (type as WebhookEventType) : null
}

const description = z.string().trim().max(200, 'Keep the description under 200 characters')
const eventTypes = z
  .array(WebhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'An event is listed twice')
const endpointUrl = z
  .string()
  .trim()
  .min(1, 'Enter the endpoint URL')
  .max(2000, 'Keep the URL under 2000 characters')
  .refine((value) => URL.canParse(value), 'Enter a full URL, such as https://example.com/webhooks')

export const NewWebhookEndpointSchema = z.object({
  id: z.uuid('The endpoint id must be a UUID'),
  url: endpointUrl,
  description: description.default(''),
  eventTypes,
})
export type NewWebhookEndpoint = z.infer<typeof NewWebhookEndpointSchema>

/** Edit, disable and enable: the whole endpoint but its secret. */
export const WebhookEndpointChangeSchema = z.object({
  url: endpointUrl,
  description: description.default(''),
  eventTypes,
  enabled: z.boolean(),
})
export type WebhookEndpointChange = z.infer<typeof WebhookEndpointChangeSchema>

export const WebhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the server turned it off (repeated failures), or null. */
  disabledReason: z.string().nullable(),
  /** Failed deliveries in a row since the last success. */
  failureCount: z.number().int(),
  /** The secret's first characters, so a person can tell secrets apart; never the secret. */
  secretHint: z.string(),
  createdAt: z.string(),
  lastDeliveryAt: z.string().nullable(),
})
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>

/** The answer to Add Endpoint and Rotate secret: the endpoint, and its `whsec_` secret this once. */
export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({ secret: z.string().optional() })
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpointSchema>

export const WebhookDeliveryStatusSchema = z.enum(['pending', 'succeeded', 'failed'])
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>

/** One attempt to send one event to one endpoint (the delivery log). */
export const WebhookAttemptSchema = z.object({
  id: z.uuid(),
  /** The event's `webhook-id` (the same on every attempt and on a resend). */
  messageId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  at: z.string(),
  status: WebhookDeliveryStatusSchema,
  /** The receiver's HTTP status, or null when no answer came. */
  statusCode: z.number().int().nullable(),
  deliveryId: z.uuid(),
  /** Why it failed without an answer (refused address, timeout, connection), or null. */
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  /** The first kilobyte of the receiver's answer. */
  responseExcerpt: z.string().nullable(),
})
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>

/** What a delivery's body is (Standard Webhooks): the event's type, when it happened, and its data. */
export type WebhookPayload = {
  type: string
  timestamp: string
  data: { objectUri?: string; id: string } & Record<string, unknown>
}
