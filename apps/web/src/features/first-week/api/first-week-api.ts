import { FirstWeekSchema } from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { request } from '@/lib/api-client.ts'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'

export const FIRST_WEEK_PATH = '/api/first-week'
export const firstWeekKey = (entityId: string | undefined) => ['first-week', entityId] as const

/** `GET /api/first-week`: the steps done and this person's dismissal. */
export const getFirstWeek = (token: string) =>
  request('GET', FIRST_WEEK_PATH, FirstWeekSchema, undefined, { token })

/**
 * The first week's state, read again whenever the brewery changes anything (a brewhouse, a vessel, a recipe, a
 * batch, a brew day started by someone else ticks its step at once) and whenever the dashboard opens.
 */
export function useFirstWeek() {
  const { currentEntity } = useAppState()
  const { getAccessToken } = useAuth()
  const entityId = currentEntity?.entityId
  const client = useQueryClient()
  const { subscribe } = useSocket()
  useEffect(
    () =>
      subscribe('dataModified', () => void client.invalidateQueries({ queryKey: firstWeekKey(entityId) })),
    [subscribe, client, entityId],
  )
  return useQuery({
    queryKey: firstWeekKey(entityId),
    queryFn: async () => getFirstWeek(await getAccessToken()),
    enabled: entityId !== undefined,
    // One's own changes are not echoed to one's own socket: the dashboard reads the steps again each time it
    // opens (a brewhouse just added on Settings → Equipment ticks its step).
    staleTime: 0,
    refetchOnMount: 'always',
  })
}
