import { describe, expect, it } from 'vitest'
import { NewWebhookEndpointSchema, WEBHOOK_EVENT_TYPES, webhookEventOfWrite } from './webhooks.ts'

describe('the event of a committed write', () => {
  it.each([
    ['POST /api/products', 201, {}, 'product.created'],
    ['PUT /api/products/:productId', 200, {}, 'product.changed'],
    ['DELETE /api/products/:productId', 204, { deleted: true }, 'product.deleted'],
    ['POST /api/products/:productId/recipes', 201, {}, 'recipe.created'],
    ['DELETE /api/products/:productId/recipes/:recipeId', 204, {}, 'recipe.deleted'],
    ['POST /api/products/:productId/packages', 201, {}, 'product.changed'],
    ['POST /api/batches', 201, {}, 'batch.created'],
    ['POST /api/batches/:batchId/brew-day', 201, {}, 'brew_day.created'],
    ['POST /api/batches/:batchId/brew-day/finish', 200, {}, 'brew_day.changed'],
    ['POST /api/cellar/liquid-events', 201, {}, 'cellar_movement.created'],
    ['POST /api/ingest/:deviceToken', 201, {}, 'device_reading.created'],
    ['POST /api/inventory/items/:itemId/adjustments', 201, {}, 'stock.changed'],
    ['POST /api/sales/orders', 201, {}, 'order.created'],
    ['POST /api/sales/orders/:orderId/confirm', 200, {}, 'order.changed'],
    ['POST /api/sales/invoices/:invoiceId/void', 200, {}, 'invoice.changed'],
    ['POST /api/sales/invoices/:invoiceId/payments', 201, {}, 'payment.created'],
  ])('%s (%i) publishes %s', (route, status, data, event) => {
    expect(webhookEventOfWrite(route, status, data)).toBe(event)
    expect(WEBHOOK_EVENT_TYPES).toContain(event)
  })

  it('publishes nothing for routes outside the list (settings, the keys, the endpoints themselves)', () => {
    for (const route of ['PUT /api/cellar/settings', 'POST /api/api-keys', 'POST /api/webhook-endpoints'])
      expect(webhookEventOfWrite(route, 201, {})).toBeNull()
  })

  it('refuses a new endpoint without events or a URL, with sentences', () => {
    const result = NewWebhookEndpointSchema.safeParse({ id: crypto.randomUUID(), url: 'x', eventTypes: [] })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual([
      'Choose at least one event',
      'Enter a full URL, such as https://example.com/webhooks',
    ])
  })
})
