import {
  RecallSchema,
  RecallSummarySchema,
  TraceMatchSchema,
  TraceSchema,
  type TraceOriginKind,
} from '@brewcommand/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { z } from 'zod'
import { ApiError } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useBreweryRead } from '@/lib/brewery-read.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

// Reporting → Trace's reads (GET /api/trace/…), keyed under ['trace', brewery]; a recall change heard in the
// brewery's room (or any stock or sales change) refreshes them.

const useRead = <T>(parts: unknown[], path: string, schema: z.ZodType<T>, enabled = true) =>
  useBreweryRead('trace', parts, path, schema, enabled)

export const useTraceSearch = (q: string) =>
  useRead(
    ['search', q],
    `/api/trace/search?q=${encodeURIComponent(q)}`,
    z.array(TraceMatchSchema),
    q.length >= 2,
  )
export const useTrace = (origin: { kind: TraceOriginKind; id: string } | null) =>
  useRead(
    ['node', origin?.kind, origin?.id],
    `/api/trace/nodes/${origin?.kind}/${origin?.id}`,
    TraceSchema,
    !!origin,
  )
export const useRecalls = () => useRead(['recalls'], '/api/trace/recalls', z.array(RecallSummarySchema))
export const useRecall = (id: string | null) =>
  useRead(['recall', id], `/api/trace/recalls/${id ?? ''}`, RecallSchema, id !== null)

/** Refreshes trace and recalls on a recall, sales or stock change of the brewery. */
export function useTraceSync() {
  const { subscribe } = useSocket()
  const { currentEntity } = useAppState()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId
  useEffect(() => {
    if (!entityId) return
    return subscribe(
      'dataModified',
      () => void queryClient.invalidateQueries({ queryKey: ['trace', entityId] }),
    )
  }, [subscribe, entityId, queryClient])
}

/** Downloads the recall list (CSV or PDF) with the caller's token. */
export function useDownloadRecall() {
  const { getAccessToken } = useAuth()
  return async (recallId: string, type: 'csv' | 'pdf') => {
    let response: Response
    try {
      response = await fetch(`/api/trace/recalls/${recallId}/list.${type}`, {
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
      /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `recall.${type}`
    const url = URL.createObjectURL(await response.blob())
    const link = document.createElement('a')
    link.href = url
    link.download = name
    link.click()
    URL.revokeObjectURL(url)
  }
}
