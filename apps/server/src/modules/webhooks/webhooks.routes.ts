import {
  CreatedWebhookEndpointSchema,
  envelopeOf,
  NewWebhookEndpointSchema,
  OBJECT_URI_SCHEME,
  WebhookAttemptSchema,
  WebhookEndpointChangeSchema,
  WebhookEndpointSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { WebhookService } from './webhooks.service.ts'

const EndpointParams = z.object({ endpointId: z.uuid('The endpoint id must be a UUID') })
const DeliveryParams = EndpointParams.extend({ deliveryId: z.uuid('The delivery id must be a UUID') })
const AttemptsQuery = z.object({
  before: z.iso.datetime({ offset: true, message: 'before must be an ISO 8601 instant' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})
const QueuedSchema = z.object({ data: z.object({ deliveryId: z.uuid() }) })

/** Every endpoint change is broadcast under this URI: an open Settings → Webhooks reloads on it. */
export const WEBHOOKS_OBJECT_URI = `${OBJECT_URI_SCHEME}webhooks`
const endpointsChange = (id: string, change: string): Broadcast => ({
  objectUri: WEBHOOKS_OBJECT_URI,
  data: { id, change },
})

/**
 * `/api/webhook-endpoints` (ADR 282): an Admin's endpoints — Add Endpoint (the `whsec_` secret in the first answer
 * only), edit, disable and enable, delete, Rotate secret — the delivery log with Resend, and Send Test Event.
 * No API key reaches these routes.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  webhooks: WebhookService
  runWrite: WriteRunner
  /** Queues the first attempt of a delivery once its write has committed. */
  queueDelivery: (deliveryId: string) => Promise<void>
}> = async (app, { webhooks, runWrite, queueDelivery }) => {
  const headers = WriteHeadersSchema
  const body = <T extends z.ZodType>(data: T) => envelopeOf('webhook-endpoint', data)

  app.get(
    '/',
    { schema: { response: { 200: z.object({ data: z.array(WebhookEndpointSchema) }) } } },
    async (request) => ({ data: await webhooks.list(request.tenant) }),
  )

  app.post(
    '/',
    {
      schema: {
        body: body(NewWebhookEndpointSchema),
        headers,
        response: { 201: z.object({ data: CreatedWebhookEndpointSchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => webhooks.create(tx, request.tenant, request.body.data),
        body: ({ endpoint }) => ({ data: endpoint }),
        // The secret is in this answer only: a replay answers the endpoint without it.
        shownOnce: ({ endpoint, secret }) => ({ data: { ...endpoint, secret } }),
        broadcast: ({ endpoint }) => endpointsChange(endpoint.id, 'created'),
      }),
  )

  app.put(
    '/:endpointId',
    {
      schema: {
        params: EndpointParams,
        body: body(WebhookEndpointChangeSchema),
        headers,
        response: { 200: z.object({ data: WebhookEndpointSchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => webhooks.change(tx, request.tenant, request.params.endpointId, request.body.data),
        body: (endpoint) => ({ data: endpoint }),
        broadcast: (endpoint) => endpointsChange(endpoint.id, 'changed'),
      }),
  )

  app.delete('/:endpointId', { schema: { params: EndpointParams, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 204,
      run: (tx) => webhooks.remove(tx, request.tenant, request.params.endpointId),
      broadcast: ({ id }) => endpointsChange(id, 'deleted'),
    }),
  )

  app.post(
    '/:endpointId/rotate-secret',
    {
      schema: {
        params: EndpointParams,
        body: body(z.object({})),
        headers,
        response: { 200: z.object({ data: CreatedWebhookEndpointSchema }) },
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => webhooks.rotateSecret(tx, request.tenant, request.params.endpointId),
        body: ({ endpoint }) => ({ data: endpoint }),
        shownOnce: ({ endpoint, secret }) => ({ data: { ...endpoint, secret } }),
        broadcast: ({ endpoint }) => endpointsChange(endpoint.id, 'rotated'),
      }),
  )

  app.post(
    '/:endpointId/test',
    {
      schema: { params: EndpointParams, body: body(z.object({})), headers, response: { 201: QueuedSchema } },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => webhooks.sendTest(tx, request.tenant, request.params.endpointId),
        body: ({ deliveryId }) => ({ data: { deliveryId } }),
        afterCommit: ({ deliveryId }) => queueDelivery(deliveryId),
      }),
  )

  app.get(
    '/:endpointId/attempts',
    {
      schema: {
        params: EndpointParams,
        querystring: AttemptsQuery,
        response: { 200: z.object({ data: z.array(WebhookAttemptSchema) }) },
      },
    },
    async (request) => ({
      data: await webhooks.attempts(request.tenant, request.params.endpointId, request.query),
    }),
  )

  app.post(
    '/:endpointId/deliveries/:deliveryId/resend',
    {
      schema: { params: DeliveryParams, body: body(z.object({})), headers, response: { 200: QueuedSchema } },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) =>
          webhooks.resend(tx, request.tenant, request.params.endpointId, request.params.deliveryId),
        body: ({ deliveryId }) => ({ data: { deliveryId } }),
        afterCommit: ({ deliveryId }) => queueDelivery(deliveryId),
      }),
  )
}
