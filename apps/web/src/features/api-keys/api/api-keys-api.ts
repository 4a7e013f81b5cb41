import {
  ApiKeySchema,
  ApiKeyUseSchema,
  CreatedApiKeySchema,
  makeEnvelope,
  OBJECT_URI_SCHEME,
  type NewApiKey,
} from '@brewcommand/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ApiError, request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// Settings → API Keys (ADR 281): the brewery's keys and the audit list of their use. Making and revoking a key
// are not queued writes: the new key's secret is in the answer only (never stored for a replay), and a revoked
// key must be seen stopped, so both need the server now.

const API_KEYS_URI = `${OBJECT_URI_SCHEME}api-keys`

export const apiKeyKeys = {
  all: (entityId: string) => ['api-keys', entityId] as const,
  list: (entityId: string) => ['api-keys', entityId, 'list'] as const,
  uses: (entityId: string) => ['api-keys', entityId, 'uses'] as const,
}

const useEntityId = () => useAppState().currentEntity?.entityId ?? ''
/** Once more after a network failure or a 5xx; a 4xx is the answer. */
const retry = (count: number, error: Error) =>
  count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

export const getApiKeys = (token: string) =>
  request('GET', '/api/api-keys', ApiKeySchema.array(), undefined, { token })
export const getApiKeyUses = (token: string) =>
  request('GET', '/api/api-keys/uses?limit=100', ApiKeyUseSchema.array(), undefined, { token })
export const createApiKey = (token: string, input: NewApiKey) =>
  request('POST', '/api/api-keys', CreatedApiKeySchema, makeEnvelope('api-key', input), {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  })
export const revokeApiKey = (token: string, keyId: string) =>
  request(
    'POST',
    `/api/api-keys/${encodeURIComponent(keyId)}/revoke`,
    ApiKeySchema,
    makeEnvelope('api-key', {}),
    {
      token,
      headers: { 'idempotency-key': crypto.randomUUID() },
    },
  )

export function useApiKeys() {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: apiKeyKeys.list(useEntityId()),
    queryFn: async () => getApiKeys(await getAccessToken()),
    retry,
  })
}

export function useApiKeyUses() {
  const { getAccessToken } = useAuth()
  return useQuery({
    queryKey: apiKeyKeys.uses(useEntityId()),
    queryFn: async () => getApiKeyUses(await getAccessToken()),
    retry,
  })
}

function useKeyMutation<I, R>(call: (token: string, input: I) => Promise<R>) {
  const { getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  return useMutation({
    mutationFn: async (input: I) => call(await getAccessToken(), input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(entityId) }),
  })
}

/** New API Key: its answer holds the secret, shown once. */
export const useCreateApiKey = () => useKeyMutation(createApiKey)
export const useRevokeApiKey = () => useKeyMutation(revokeApiKey)

/** Another Admin's new or revoked key, and uses seen meanwhile, reach this page live. */
export function useApiKeysLive() {
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  const entityId = useEntityId()
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      if (event.payload.objectUri === API_KEYS_URI)
        void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(entityId) })
    })
  }, [subscribe, entityId, queryClient])
}
