import {
  BatchSchema,
  BatchSummarySchema,
  BrewhouseDetailSchema,
  pendingProductionWrites,
  VesselReadSchema,
  type BatchStatus,
  type ProductionWrite,
} from '@brewcommand/domain'
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { z } from 'zod'
import { request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'

// The production side's reads (docs/production.md), shared by Settings → Equipment, Plan Batch, Operations and
// the batch page: TanStack Query keeps them, useProductionSync merges the brewery's live updates into them.

export const productionKeys = {
  all: (entityId: string) => ['production', entityId] as const,
  brewhouses: (entityId: string) => ['production', entityId, 'brewhouses'] as const,
  vessels: (entityId: string) => ['production', entityId, 'vessels'] as const,
  batchLists: (entityId: string) => ['production', entityId, 'batches'] as const,
  batches: (entityId: string, statuses: readonly BatchStatus[]) =>
    ['production', entityId, 'batches', [...statuses].sort().join(',')] as const,
  batch: (entityId: string, batchId: string) => ['production', entityId, 'batch', batchId] as const,
}

/** A GET of the production API with the signed-in user's token, parsed with `schema`. */
function useGet() {
  const { getAccessToken } = useAuth()
  return async <S extends z.ZodType>(path: string, schema: S) =>
    request('GET', path, schema, undefined, { token: await getAccessToken() })
}

function useEntityId() {
  return useAppState().currentEntity?.entityId ?? ''
}

/** The brewery's brewhouses in use, with their versions and calibration. */
export function useBrewhouses() {
  const entityId = useEntityId()
  const get = useGet()
  return useQuery({
    queryKey: productionKeys.brewhouses(entityId),
    queryFn: () => get('/api/equipment/brewhouses', z.array(BrewhouseDetailSchema)),
    enabled: entityId !== '',
  })
}

/** The brewery's vessels in use. */
export function useVessels() {
  const entityId = useEntityId()
  const get = useGet()
  return useQuery({
    queryKey: productionKeys.vessels(entityId),
    queryFn: () => get('/api/equipment/vessels', z.array(VesselReadSchema)),
    enabled: entityId !== '',
  })
}

/** The brewery's batches, only those of `statuses` when any are given. */
export function useBatches(statuses: readonly BatchStatus[] = []) {
  const entityId = useEntityId()
  const get = useGet()
  const query = statuses.length > 0 ? `?status=${[...statuses].sort().join(',')}` : ''
  return useQuery({
    queryKey: productionKeys.batches(entityId, statuses),
    queryFn: () => get(`/api/batches${query}`, z.array(BatchSummarySchema)),
    enabled: entityId !== '',
  })
}

/** One batch whole: its snapshot, brewhouse version and the server's time. */
export function useBatch(batchId: string) {
  const entityId = useEntityId()
  const get = useGet()
  return useQuery({
    queryKey: productionKeys.batch(entityId, batchId),
    queryFn: () => get(`/api/batches/${encodeURIComponent(batchId)}`, BatchSchema),
    enabled: entityId !== '' && batchId !== '',
    // A batch not there yet may still be in the queue: the page says so instead of retrying.
    retry: false,
  })
}

/** The queue's production writes whose path starts with `prefix`, still to be sent (a refused one is undone). */
export function usePendingProduction(prefix: string): { write: ProductionWrite; failed: boolean }[] {
  const { snapshot } = useQueue()
  return useMemo(
    () => [
      ...pendingProductionWrites(snapshot.pending, prefix).map((r) => ({ write: r.write, failed: false })),
    ],
    [snapshot, prefix],
  )
}
