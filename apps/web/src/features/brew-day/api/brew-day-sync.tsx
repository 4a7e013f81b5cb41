import {
  batchIdOfBrewDayUri,
  BrewDaySchema,
  pendingProductionWrites,
  type BrewDay,
} from '@brewcommand/domain'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { brewDayQueryKey, keepCopy, type LoadedBrewDay } from './brew-day-api.ts'

/**
 * Puts a brew day that came with a write of the brewery in place of the cached one. A read of the brew day still
 * in flight is cancelled first: it may have been answered before this write committed, and arriving after it
 * would put the older brew day back (seen in the brew-day journey: another screen's +5 min lost on this one,
 * which kept the older countdown until the next write). A read sent after the write's event sees the write.
 */
export async function applyBrewDayPush(
  queryClient: QueryClient,
  subject: string,
  brewDay: BrewDay,
): Promise<void> {
  const queryKey = brewDayQueryKey(brewDay.batchId)
  await queryClient.cancelQueries({ queryKey, exact: true })
  queryClient.setQueryData<LoadedBrewDay>(queryKey, (old) => {
    const next = { brewDay, offsetMs: old?.offsetMs ?? 0, offline: false }
    keepCopy(subject, next)
    return next
  })
}

/**
 * Keeps a batch's brew day live (docs/decisions/195-brew-day-offline-and-clock.md): every brew-day write of the
 * brewery's room, this device's own included, carries the whole brew day and replaces the cached one (the
 * clock offset stays the one measured on a round trip); after a reconnection, or once this device's queued
 * writes of the batch have all been answered, it is read again.
 */
export function useBrewDaySync(batchId: string, pendingCount: number) {
  const { subscribe, isConnected } = useSocket()
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const subject = user?.profile.sub ?? ''

  useEffect(
    () =>
      subscribe('dataModified', (event) => {
        if (batchIdOfBrewDayUri(event.payload.objectUri) !== batchId) return
        const parsed = BrewDaySchema.safeParse(event.payload.data)
        if (!parsed.success) {
          void queryClient.invalidateQueries({ queryKey: brewDayQueryKey(batchId) })
          return
        }
        void applyBrewDayPush(queryClient, subject, parsed.data)
      }),
    [subscribe, batchId, queryClient, subject],
  )

  const wasConnected = useRef(isConnected)
  useEffect(() => {
    if (isConnected && !wasConnected.current)
      void queryClient.invalidateQueries({ queryKey: brewDayQueryKey(batchId) })
    wasConnected.current = isConnected
  }, [isConnected, batchId, queryClient])

  const lastPending = useRef(pendingCount)
  useEffect(() => {
    if (pendingCount === 0 && lastPending.current > 0)
      void queryClient.invalidateQueries({ queryKey: brewDayQueryKey(batchId) })
    lastPending.current = pendingCount
  }, [pendingCount, batchId, queryClient])
}

/** This batch's writes still waiting in the queue, in order (a refused one is in the queue's failed list). */
export function useBatchQueue(batchId: string) {
  const { snapshot, isOnline } = useQueue()
  const requests = pendingProductionWrites(snapshot.pending, `/api/batches/${batchId}/`)
  return { requests, isOnline }
}
