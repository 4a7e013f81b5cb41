import { can, type Permission } from '@brewcommand/domain'
import { useAppState } from '@/lib/app-state/app-state.tsx'

/**
 * True when the signed-in user's role in the current brewery may do `permission` (the permission table).
 * Hide what this refuses; the server refuses it anyway.
 */
export function useCan(permission: Permission): boolean {
  const { currentEntity } = useAppState()
  return can(currentEntity?.role, permission)
}
