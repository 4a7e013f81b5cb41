import type { CreatedWebhookEndpoint, WebhookAttempt, WebhookEndpoint } from '@brewcommand/domain'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderProduction, stubApi } from '@/testing/render-production.tsx'
import { WebhooksSettings } from './webhooks-settings.tsx'

const SECRET = `whsec_${'s'.repeat(43)}=`
const ENDPOINT: WebhookEndpoint = {
  id: '6a2c1d5e-0b7f-4c1e-9a3d-2f4b5c6d7e8f',
  url: 'https://pos.example.com/hooks',
  description: 'Taproom POS',
  eventTypes: ['product.created', 'order.created'],
  enabled: true,
  disabledReason: null,
  failureCount: 0,
  secretHint: 'whsec_abcdef',
  createdAt: '2026-11-27T02:00:00.000Z',
  lastDeliveryAt: null,
}
const ATTEMPT: WebhookAttempt = {
  id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  deliveryId: '1b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  messageId: 'msg_1',
  eventType: 'webhook.test',
  attempt: 1,
  at: '2026-11-27T02:05:00.000Z',
  status: 'failed',
  statusCode: 500,
  error: 'The endpoint answered 500.',
  durationMs: 120,
  responseExcerpt: 'Internal Server Error',
}

afterEach(() => vi.unstubAllGlobals())

describe('Settings → Webhooks', { timeout: 20_000 }, () => {
  it('adds an endpoint with the chosen events and shows its secret once', async () => {
    const calls = stubApi((request) => {
      if (request.method === 'POST') {
        const { data } = request.body as { data: Partial<WebhookEndpoint> }
        const created: CreatedWebhookEndpoint = { ...ENDPOINT, ...data, secret: SECRET }
        return { status: 201, body: { data: created } }
      }
      return { status: 200, body: { data: [] } }
    })
    renderProduction(<WebhooksSettings />)
    const user = userEvent.setup()
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://pos.example.com/hooks')
    await user.click(within(dialog).getByLabelText('Orders: created'))
    await user.click(within(dialog).getByLabelText('Payments: created'))
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }))
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent(SECRET)
    const post = calls.find((call) => call.method === 'POST')!
    expect(post.url).toBe('/api/webhook-endpoints')
    expect((post.body as { data: object }).data).toMatchObject({
      url: 'https://pos.example.com/hooks',
      eventTypes: ['order.created', 'payment.created'],
    })
    await user.click(screen.getByRole('button', { name: 'Done' }))
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })

  it("shows the server's refusal of a URL under the URL field", async () => {
    stubApi((request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION_FAILED',
                message:
                  "The endpoint's address 127.0.0.1 is in the loopback range (this server itself); webhooks go to public addresses only.",
                issues: [{ path: 'data.url', message: 'loopback' }],
              },
            },
          }
        : { status: 200, body: { data: [] } },
    )
    renderProduction(<WebhooksSettings />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add Endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://127.0.0.1/hook')
    await user.click(within(dialog).getByLabelText('Products: created'))
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }))
    expect(await within(dialog).findByText(/webhooks go to public addresses only/)).toBeInTheDocument()
  })

  it('asks for at least one event before sending anything', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<WebhooksSettings />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add Endpoint' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add Endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://pos.example.com/hooks')
    await user.click(within(dialog).getByRole('button', { name: 'Add Endpoint' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at least one event')
    expect(calls.some((call) => call.method === 'POST')).toBe(false)
  })

  it('lists endpoints, sends a test event, shows the delivery log and resends', async () => {
    const calls = stubApi((request) => {
      if (request.url.endsWith('/test'))
        return { status: 201, body: { data: { deliveryId: ATTEMPT.deliveryId } } }
      if (request.url.endsWith('/resend'))
        return { status: 200, body: { data: { deliveryId: ATTEMPT.deliveryId } } }
      if (request.url.endsWith('/attempts')) return { status: 200, body: { data: [ATTEMPT] } }
      return { status: 200, body: { data: [ENDPOINT] } }
    })
    renderProduction(<WebhooksSettings />)
    const user = userEvent.setup()
    expect(await screen.findByText('https://pos.example.com/hooks')).toBeInTheDocument()
    expect(screen.getByText(/product.created, order.created/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send Test Event' }))
    const log = await screen.findByRole('list', { name: 'Deliveries to https://pos.example.com/hooks' })
    expect(await within(log).findByText('webhook.test')).toBeInTheDocument()
    expect(within(log).getByText('500 (failed)')).toBeInTheDocument()
    expect(within(log).getByText('Internal Server Error')).toBeInTheDocument()
    await user.click(within(log).getByRole('button', { name: /^Resend webhook.test/ }))
    await vi.waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
        `POST /api/webhook-endpoints/${ENDPOINT.id}/deliveries/${ATTEMPT.deliveryId}/resend`,
      ),
    )
  })

  it('turns an endpoint off and says why the server turned one off', async () => {
    const off = {
      ...ENDPOINT,
      enabled: false,
      disabledReason: 'Turned off after every delivery attempt failed for about a day.',
    }
    const calls = stubApi((request) =>
      request.method === 'PUT'
        ? { status: 200, body: { data: off } }
        : {
            status: 200,
            body: { data: [ENDPOINT, { ...off, id: crypto.randomUUID(), url: 'https://down.example.com/' }] },
          },
    )
    renderProduction(<WebhooksSettings />)
    const user = userEvent.setup()
    expect(await screen.findByText(/Turned off after every delivery attempt failed/)).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Turn off' })[0])
    await vi.waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true))
    const put = calls.find((call) => call.method === 'PUT')!
    expect((put.body as { data: object }).data).toMatchObject({ enabled: false, url: ENDPOINT.url })
  })

  it('tells a Manager only an Admin can see endpoints, and asks the server nothing', async () => {
    const calls = stubApi(() => ({ status: 200, body: { data: [] } }))
    renderProduction(<WebhooksSettings />, { role: 'Manager' })
    expect(screen.getByText('Only an Admin can see and add webhook endpoints.')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.filter((call) => call.url.startsWith('/api/webhook-endpoints'))).toEqual([])
  })

  it('shows a failed load with Try again', async () => {
    stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'The server failed.' } } }))
    renderProduction(<WebhooksSettings />)
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 8_000 })).toBeInTheDocument()
  })
})
