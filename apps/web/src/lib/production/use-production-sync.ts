import {
  batchIdFromObjectUri,
  BatchSummarySchema,
  BrewhouseDetailSchema,
  equipmentFromObjectUri,
  VesselReadSchema,
  type BatchSummary,
  type DataModifiedEvent,
} from '@brewcommand/domain'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { productionKeys } from './production-queries.ts'

type WithId = { id: string }

/** The list with `record` in place of its namesake, or added at the end. */
export function upsert<T extends WithId>(list: readonly T[] | undefined, record: T): T[] | undefined {
  if (!list) return list
  return list.some((item) => item.id === record.id)
    ? list.map((item) => (item.id === record.id ? record : item))
    : [...list, record]
}

/** The statuses a batch list's query key filters by ([] = every batch). */
const statusesOfKey = (key: readonly unknown[]) =>
  typeof key[3] === 'string' && key[3] !== '' ? key[3].split(',') : []

/**
 * Merges one `dataModified` of the brewery into the production caches (docs/architecture.md "The real-time
 * contract"): a brewhouse or vessel comes whole (or `{ id, deleted }`, `{ id, archived }` when it goes) and
 * replaces its copy; a batch comes in its list shape, goes into every list whose filter it passes and makes its
 * whole record load again. Anything it cannot read makes the production data load again. A read of a list it
 * changes that is still in flight is cancelled first: answered before the change committed, it would put the
 * older list back when it arrives (as a brew day's could, features/brew-day/api/brew-day-sync.tsx).
 */
export async function mergeProductionChange(
  client: QueryClient,
  entityId: string,
  event: DataModifiedEvent,
): Promise<void> {
  const { objectUri, data } = event.payload
  const gone = data.deleted === true || data.archived === true
  const equipment = equipmentFromObjectUri(objectUri)
  if (equipment) {
    const key =
      equipment.kind === 'brewhouse' ? productionKeys.brewhouses(entityId) : productionKeys.vessels(entityId)
    const parsed = (equipment.kind === 'brewhouse' ? BrewhouseDetailSchema : VesselReadSchema).safeParse(data)
    if (gone || parsed.success) await client.cancelQueries({ queryKey: key, exact: true })
    if (gone) client.setQueryData<WithId[]>(key, (list) => list?.filter((item) => item.id !== equipment.id))
    else if (parsed.success) client.setQueryData<WithId[]>(key, (list) => upsert(list, parsed.data))
    else void client.invalidateQueries({ queryKey: key })
    return
  }
  const batchId = batchIdFromObjectUri(objectUri)
  if (!batchId) return
  const summary = BatchSummarySchema.safeParse(data)
  if (summary.success) {
    await client.cancelQueries({ queryKey: productionKeys.batchLists(entityId) })
    for (const [key] of client.getQueriesData<BatchSummary[]>({
      queryKey: productionKeys.batchLists(entityId),
    })) {
      const statuses = statusesOfKey(key)
      const fits = statuses.length === 0 || statuses.includes(summary.data.status)
      client.setQueryData<BatchSummary[]>(key, (list) =>
        fits ? upsert(list, summary.data) : list?.filter((batch) => batch.id !== batchId),
      )
    }
  } else {
    void client.invalidateQueries({ queryKey: productionKeys.batchLists(entityId) })
  }
  void client.invalidateQueries({ queryKey: productionKeys.batch(entityId, batchId) })
  // A finished brew day may bring calibration proposals.
  void client.invalidateQueries({ queryKey: productionKeys.brewhouses(entityId) })
}

/**
 * Keeps the production reads live while a production screen is open: every change of the brewery (one's own
 * writes confirmed by the server too) is merged, and everything loads again after the socket reconnects
 * (changes made meanwhile are not replayed).
 */
export function useProductionSync() {
  const { subscribe, isConnected } = useSocket()
  const client = useQueryClient()
  const entityId = useAppState().currentEntity?.entityId ?? ''
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => void mergeProductionChange(client, entityId, event))
  }, [subscribe, client, entityId])

  // 'down' only after a connection this screen saw: its first connection brings nothing missed.
  const link = useRef<'never' | 'up' | 'down'>(isConnected ? 'up' : 'never')
  useEffect(() => {
    if (isConnected && link.current === 'down' && entityId)
      void client.invalidateQueries({ queryKey: productionKeys.all(entityId) })
    link.current = isConnected ? 'up' : link.current === 'never' ? 'never' : 'down'
  }, [isConnected, client, entityId])
}
