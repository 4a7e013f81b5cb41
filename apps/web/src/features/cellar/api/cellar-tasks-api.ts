import { CellarTasksSchema, pendingProductionWrites, type CellarTask } from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useQueue } from '@/lib/queue/queue-provider.tsx'
import { cellarKeys, useCellarLive } from './cellar-api.ts'

export const CELLAR_TASKS_PATH = '/api/cellar/tasks'
/** Under the cellar's keys: any cellar change of the brewery reads the tasks again (useCellarLive). */
export const cellarTasksKey = (entityId: string) => [...cellarKeys.all(entityId), 'tasks'] as const

/** `GET /api/cellar/tasks` (ADR 263): the brewery's open cellar tasks, parsed with the shared schema. */
export const getCellarTasks = (token: string) =>
  request('GET', CELLAR_TASKS_PATH, CellarTasksSchema, undefined, { token })

/**
 * The open cellar tasks, without those this browser has just done and not yet sent (a tap hides its task at
 * once). A write of the cellar answered (this person's own transfer, packaging run or tap, which their own
 * socket does not echo) reads the tasks again.
 */
export function useCellarTasks() {
  useCellarLive()
  const entityId = useAppState().currentEntity?.entityId ?? ''
  const { getAccessToken } = useAuth()
  const queryClient = useQueryClient()
  const { snapshot } = useQueue()
  const pending = pendingProductionWrites(snapshot.pending, '/api/cellar/')
  const pendingCount = pending.length
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: cellarTasksKey(entityId) })
  }, [pendingCount, queryClient, entityId])
  const query = useQuery({
    queryKey: cellarTasksKey(entityId),
    queryFn: async () => getCellarTasks(await getAccessToken()),
    enabled: entityId !== '',
    staleTime: 0,
    refetchOnMount: 'always',
  })
  const doing = new Set(
    pending.flatMap(({ write }) => {
      const data = write.data as { batchId?: string; stepKey?: string } | undefined
      if (!data?.batchId) return []
      if (write.action === 'cellar-task:dry-hop') return [`dry-hop:${data.batchId}:${data.stepKey}`]
      if (write.action === 'cellar-task:cold-crash') return [`cold-crash:${data.batchId}`]
      return []
    }),
  )
  const tasks: CellarTask[] | undefined = query.data?.tasks.filter((task) => !doing.has(task.id))
  return { ...query, tasks, today: query.data?.today }
}
