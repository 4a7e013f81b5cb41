import type { ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner.tsx'
import { brewDayMessages as t } from '../messages.ts'

/** Big targets for wet hands: at least 56 px high. */
export const BIG = 'h-14 min-w-28 px-6 text-lg'

/** Marks what a queued write changed until the server answers. */
export function PendingBadge({ children = t.pendingSave }: { children?: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
      <Spinner className="size-3" />
      {children}
    </span>
  )
}
