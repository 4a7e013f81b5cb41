import {
  CreatedWebhookEndpointSchema,
  makeEnvelope,
  OBJECT_URI_SCHEME,
  WebhookAttemptSchema,
  WebhookEndpointSchema,
  type NewWebhookEndpoint,
  type WebhookEndpointChange,
} from '@brewcommand/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { ApiError, request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// Settings → Webhooks (ADR 282). As with API keys (ADR 281), Add Endpoint and Rotate secret are direct calls, not
// queued writes: the `whsec_` secret is in the answer only (never stored for a replay). The other changes are
// direct calls too, so an Admin turning off or deleting an endpoint sees it done.

const WEBHOOKS_URI = `${OBJECT_URI_SCHEME}webhooks`
const BASE = '/api/webhook-endpoints'

export const webhookKeys = {
  all: (entityId: string) => ['webhooks', entityId] as const,
  list: (entityId: string) => ['webhooks', entityId, 'list'] as const,
  attempts: (entityId: string, endpointId: string) => ['webhooks', entityId, 'attempts', endpointId] as const,
}

const useEntityId = () => useAppState().currentEntity?.entityId ?? ''
/** Once more after a network failure or a 5xx; a 4xx is the answer. */
const retry = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)
const once = (token: string) => ({ token, headers: { 'idempotency-key': crypto.randomUUID() } })
const at = (endpointId: string) => `${BASE}/${encodeURIComponent(endpointId)}`
const envelope = (data: object) => makeEnvelope('webhook-endpoint', data)
const Queued = z.object({ deliveryId: z.uuid() })

export const getWebhookEndpoints = (token: string) =>
  request('GET', BASE, WebhookEndpointSchema.array(), undefined, { token })
export const getWebhookAttempts = (endpointId: string, token: string) =>
  request('GET', `${at(endpointId)}/attempts`, WebhookAttemptSchema.array(), undefined, { token })

export const createWebhookEndpoint = (token: string, input: NewWebhookEndpoint) =>
  request('POST', BASE, CreatedWebhookEndpointSchema, envelope(input), once(token))
export const changeWebhookEndpoint = (
  token: string,
  { id, ...change }: WebhookEndpointChange & { id: string },
) => request('PUT', at(id), WebhookEndpointSchema, envelope(change), once(token))
export const deleteWebhookEndpoint = (token: string, endpointId: string) =>
  request('DELETE', at(endpointId), z.unknown(), undefined, once(token))
export const rotateWebhookSecret = (token: string, endpointId: string) =>
  request('POST', `${at(endpointId)}/rotate-secret`, CreatedWebhookEndpointSchema, envelope({}), once(token))
export const sendWebhookTest = (token: string, endpointId: string) =>
  request('POST', `${at(endpointId)}/test`, Queued, envelope({}), once(token))
export const resendWebhookDelivery = (
  token: string,
  { endpointId, deliveryId }: { endpointId: string; deliveryId: string },
) =>
  request(
    'POST',
    `${at(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    Queued,
    envelope({}),
    once(token),
  )

export function useWebhookEndpoints() {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: webhookKeys.list(useEntityId()),
    queryFn: async () => getWebhookEndpoints(await getAccessToken()),
    retry,
  })
}

/** The delivery log of one endpoint; while a delivery may still be on its way, it is read again every few seconds. */
export function useWebhookAttempts(endpointId: string, { live = false }: { live?: boolean } = {}) {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: webhookKeys.attempts(useEntityId(), endpointId),
    queryFn: async () => getWebhookAttempts(endpointId, await getAccessToken()),
    retry,
    refetchInterval: live ? 3_000 : false,
  })
}

function useWebhookMutation<I, R>(call: (token: string, input: I) => Promise<R>) {
  const { getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  return useMutation({
    mutationFn: async (input: I) => call(await getAccessToken(), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all(entityId) }),
  })
}

/** Add Endpoint: its answer holds the secret, shown once. */
export const useCreateWebhookEndpoint = () => useWebhookMutation(createWebhookEndpoint)
export const useChangeWebhookEndpoint = () => useWebhookMutation(changeWebhookEndpoint)
export const useDeleteWebhookEndpoint = () => useWebhookMutation(deleteWebhookEndpoint)
/** Rotate secret: its answer holds the new secret, shown once. */
export const useRotateWebhookSecret = () => useWebhookMutation(rotateWebhookSecret)
export const useSendWebhookTest = () => useWebhookMutation(sendWebhookTest)
export const useResendWebhookDelivery = () => useWebhookMutation(resendWebhookDelivery)

/** Another Admin's changes to the endpoints reach this page live. */
export function useWebhooksLive() {
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      if (event.payload.objectUri === WEBHOOKS_URI)
        void queryClient.invalidateQueries({ queryKey: webhookKeys.all(entityId) })
    })
  }, [subscribe, entityId, queryClient])
}
