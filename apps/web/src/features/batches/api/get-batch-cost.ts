import { BatchCostSchema, isInventoryObjectUri, type BatchCost } from '@brewcommand/domain'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { api } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// What a batch cost (GET /api/inventory/batches/{id}/cost answers { data: BatchCost }; the client unwraps it),
// kept under the inventory's keys so a stock change anywhere reloads it.

export const batchCostKey = (entityId: string, batchId: string) => [
  'inventory',
  entityId,
  'batch-cost',
  batchId,
]

export const getBatchCost = (batchId: string, token: string | undefined, signal?: AbortSignal) =>
  api.get(`/api/inventory/batches/${encodeURIComponent(batchId)}/cost`, BatchCostSchema, { token, signal })

export const batchCostQuery = (
  entityId: string,
  batchId: string,
  getAccessToken: () => Promise<string | undefined>,
) =>
  queryOptions<BatchCost>({
    queryKey: batchCostKey(entityId, batchId),
    queryFn: async ({ signal }) => getBatchCost(batchId, await getAccessToken(), signal),
    enabled: entityId !== '' && batchId !== '',
    retry: 1,
  })

/**
 * A batch's cost, loaded again whenever the brewery's room hears of a stock change, a batch's (brew day consumes)
 * or the cellar's (a packaging run, a loss).
 */
export function useBatchCost(batchId: string) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const { subscribe } = useSocket()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId ?? ''
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      const uri = event.payload.objectUri
      if (
        isInventoryObjectUri(uri) ||
        uri.startsWith('brewcommand://batches/') ||
        uri.startsWith('brewcommand://cellar/')
      )
        void queryClient.invalidateQueries({ queryKey: batchCostKey(entityId, batchId) })
    })
  }, [subscribe, entityId, batchId, queryClient])
  return useQuery(batchCostQuery(entityId, batchId, getAccessToken))
}
