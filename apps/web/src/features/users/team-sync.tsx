import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import { teamQueryKey } from './api/team-api.ts'

/**
 * Keeps the team fresh: any `teamModified` of the brewery reloads the users list, and a change of the
 * signed-in user's own membership (a new role, a removal) reloads the app state, so the controls the
 * role allows appear or go at once.
 */
export function TeamSync() {
  const { subscribe } = useSocket()
  const { data, currentEntity, reload } = useAppState()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId
  const userId = data.user.id
  useEffect(() => {
    if (!entityId) return
    return subscribe('teamModified', (event) => {
      void queryClient.invalidateQueries({ queryKey: teamQueryKey(entityId) })
      if (event.payload.userId === userId) void reload()
    })
  }, [subscribe, entityId, userId, queryClient, reload])
  return null
}
