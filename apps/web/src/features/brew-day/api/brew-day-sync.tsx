import { batchIdOfBrewDayUri, BrewDaySchema, pendingProductionWrites } from '@brewcommand/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { brewDayQueryKey, keepCopy, type LoadedBrewDay } from './brew-day-api.ts'

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
        queryClient.setQueryData<LoadedBrewDay>(brewDayQueryKey(batchId), (old) => {
          const next = { brewDay: parsed.data, offsetMs: old?.offsetMs ?? 0, offline: false }
          keepCopy(subject, next)
          return next
        })
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
