import { applyWrite, requestOf, type Write } from '@brewcommand/domain'
import { useCallback } from 'react'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useQueue } from '@/lib/queue/queue-provider.tsx'

/**
 * The one write path of the browser (docs/decisions/150-writes-are-typed-intents.md): a write is a
 * typed intent of packages/domain/src/writes/. It is applied to local state at once with the domain's
 * applier, then queued with its request (method, path, change envelope); the queue stores the intent,
 * and the same applier re-applies it after a remote change and after a reload.
 */
export function useWrite(): (write: Write) => void {
  const { enqueue } = useQueue()
  const { applyLocal } = useAppState()
  return useCallback(
    (write: Write) => {
      applyLocal((entity) => applyWrite(entity, write))
      enqueue({ ...requestOf(write), write })
    },
    [applyLocal, enqueue],
  )
}
