import {
  CanWeBrewSchema,
  FinishedGoodSchema,
  InventoryAlertSchema,
  InventoryItemDetailSchema,
  InventoryItemSchema,
  isInventoryObjectUri,
  ReturnableRemovalSchema,
  type InventoryCategory,
} from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { api } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// The Inventory page's reads (GET /api/inventory/…), keyed under ['inventory', brewery], and the live update that
// refreshes them whenever the brewery's room hears of a stock change (or a batch, which reserves stock).

const key = (entityId: string, ...rest: unknown[]) => ['inventory', entityId, ...rest]

function useRead<T>(parts: unknown[], path: string, schema: z.ZodType<T>, enabled = true) {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId ?? ''
  return useQuery({
    queryKey: key(entityId, ...parts),
    queryFn: async ({ signal }) => api.get(path, schema, { token: await getAccessToken(), signal }),
    enabled: enabled && entityId !== '',
    retry: 1,
  })
}

export const useInventoryItems = () =>
  useRead(['items'], '/api/inventory/items', z.array(InventoryItemSchema))

export const useItemDetail = (itemId: string | null) =>
  useRead(
    ['item', itemId],
    `/api/inventory/items/${itemId ?? ''}`,
    InventoryItemDetailSchema,
    itemId !== null,
  )

export const useCanWeBrew = (weeks: number) =>
  useRead(['can-we-brew', weeks], `/api/inventory/can-we-brew?weeks=${weeks}`, CanWeBrewSchema)

export const useFinishedGoods = () =>
  useRead(['finished-goods'], '/api/inventory/finished-goods', z.array(FinishedGoodSchema))

/** The taxpaid removals of an option that may come back (a return's choice). */
export const useReturnableRemovals = (packageId: string, enabled: boolean) =>
  useRead(
    ['removals', packageId],
    `/api/inventory/finished-goods/${packageId}/removals`,
    z.array(ReturnableRemovalSchema),
    enabled,
  )

export const useInventoryAlerts = () =>
  useRead(['alerts'], '/api/inventory/alerts', z.array(InventoryAlertSchema))

const PreviewSchema = z.object({
  rows: z.array(
    z.object({
      line: z.number(),
      name: z.string(),
      category: z.string(),
      unit: z.string(),
      quantity: z.number(),
      unitCostCents: z.number(),
      receivedOn: z.string(),
      itemId: z.string().nullable(),
    }),
  ),
  errors: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
  newItems: z.number(),
})
export type ImportPreview = z.infer<typeof PreviewSchema>

/** Previews opening stock (POST /api/inventory/import/preview): writes nothing, so it is no queued write. */
export function usePreviewImport() {
  const { getAccessToken } = useAuth()
  return async (csv: string) =>
    api.post('/api/inventory/import/preview', { csv }, PreviewSchema, { token: await getAccessToken() })
}

/**
 * Refreshes the inventory when anyone's stock change reaches the brewery's room, or a change that moves stock
 * elsewhere: a batch's (Plan Batch reserves, brew day consumes) or the cellar's (a packaging run).
 */
export function useInventorySync() {
  const { subscribe } = useSocket()
  const { currentEntity } = useAppState()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      const uri = event.payload.objectUri
      if (
        isInventoryObjectUri(uri) ||
        uri.startsWith('brewcommand://batches/') ||
        uri.startsWith('brewcommand://cellar/')
      )
        void queryClient.invalidateQueries({ queryKey: ['inventory', entityId] })
    })
  }, [subscribe, entityId, queryClient])
}

/** Ingredients are every category but packaging materials. */
export const isIngredient = (category: InventoryCategory) => category !== 'packaging'
