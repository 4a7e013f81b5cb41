import {
  isKegObjectUri,
  isSalesObjectUri,
  KegBoardSchema,
  KegDetailSchema,
  KegImportPreviewSchema,
  KegOrderSchema,
  KegPackageRunSchema,
  KegSchema,
  KegSettingsSchema,
  KegTraceSchema,
} from '@brewcommand/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { z } from 'zod'
import { api, ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { useBreweryRead } from '@/lib/brewery-read.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// The keg screens' reads (GET /api/kegs/…), keyed under ['kegs', brewery], refreshed when the brewery's room hears
// of a keg change or a sales change (an order kegs ship on), and after one's own scans are answered.

const useRead = <T>(parts: unknown[], path: string, schema: z.ZodType<T>, enabled = true) =>
  useBreweryRead('kegs', parts, path, schema, enabled)

export const useKegs = () => useRead(['list'], '/api/kegs', z.array(KegSchema))
export const useKegBoard = () => useRead(['board'], '/api/kegs/board', KegBoardSchema)
export const useKegDetail = (kegId: string) => useRead(['keg', kegId], `/api/kegs/${kegId}`, KegDetailSchema)
export const useKegTrace = (kegId: string) =>
  useRead(['trace', kegId], `/api/kegs/${kegId}/trace`, KegTraceSchema)
export const useKegPackageRuns = () =>
  useRead(['package-runs'], '/api/kegs/package-runs', z.array(KegPackageRunSchema))
export const useKegOrders = () => useRead(['orders'], '/api/kegs/orders', z.array(KegOrderSchema))
export const useKegSettings = () => useRead(['settings'], '/api/kegs/settings', KegSettingsSchema)

/** Refetches every keg read (after one's own scans are answered). */
export function useRefreshKegs() {
  const queryClient = useQueryClient()
  const entityId = useAppState().currentEntity?.entityId ?? ''
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['kegs', entityId] }),
    [queryClient, entityId],
  )
}

/** Previews a keg import: writes nothing, so no queued write. */
export function usePreviewKegs() {
  const { getAccessToken } = useAuth()
  return async (csv: string) =>
    api.post('/api/kegs/import/preview', { csv }, KegImportPreviewSchema, { token: await getAccessToken() })
}

/** Downloads the label sheet of the kegs numbered (all when none): it needs the bearer token, so no plain link. */
export function useDownloadLabels() {
  const { getAccessToken } = useAuth()
  return async (numbers: string[]) => {
    const query = numbers.length > 0 ? `?numbers=${encodeURIComponent(numbers.join(','))}` : ''
    let response: Response
    try {
      response = await fetch('/api/kegs/labels' + query, {
        headers: { authorization: `Bearer ${await getAccessToken()}` },
      })
    } catch {
      throw new ApiError(0, {
        code: 'INTERNAL',
        message: 'Could not reach the server. Check your connection.',
      })
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
      throw new ApiError(response.status, {
        code: 'INTERNAL',
        message: body?.error?.message ?? `The download failed (${response.status}).`,
      })
    }
    const name =
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'keg-labels.pdf'
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  }
}

/** Refreshes the keg reads when anyone's keg or sales change reaches the brewery's room. */
export function useKegsSync() {
  const { subscribe } = useSocket()
  const { currentEntity } = useAppState()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId
  useEffect(() => {
    if (!entityId) return
    return subscribe('dataModified', (event) => {
      const uri = event.payload.objectUri
      if (isKegObjectUri(uri) || isSalesObjectUri(uri) || uri.startsWith('brewcommand://cellar/'))
        void queryClient.invalidateQueries({ queryKey: ['kegs', entityId] })
    })
  }, [subscribe, entityId, queryClient])
  // One's own keg writes: read again once the queue has sent them (the socket may be down).
  const { snapshot } = useQueue()
  const waiting = snapshot.pending.filter((request) => request.uri.startsWith('/api/kegs')).length
  const before = useRef(waiting)
  useEffect(() => {
    if (waiting < before.current && entityId)
      void queryClient.invalidateQueries({ queryKey: ['kegs', entityId] })
    before.current = waiting
  }, [waiting, entityId, queryClient])
}
