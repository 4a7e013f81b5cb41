import { can, type Permission } from '@brewcommand/domain'
import type { z } from 'zod'
import { useAppState } from '@/lib/app-state/app-state.tsx'

/** The domain schema's messages by field path (`gravity.value`), for the cellar's dialogs. */
export function issuesOf(error: z.ZodError): Record<string, string> {
  const issues: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issue.path.join('.')
    issues[path] ??= issue.message
  }
  return issues
}

/** A number typed in a field: '' is none; anything unreadable is NaN (the schema refuses it). */
export const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text))

/** True when the signed-in role may do `permission` (the server refuses it anyway). */
export function useCellarCan(permission: Permission): boolean {
  return can(useAppState().currentEntity?.role, permission)
}
