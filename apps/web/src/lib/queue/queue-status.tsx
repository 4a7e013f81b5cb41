import { CheckCircle2, CloudOff, Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'
import { useQueue } from './queue-provider.tsx'
import { QueueStatusPopup } from './queue-status-popup.tsx'
import type { QueueSnapshot } from './request-queue.ts'

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`

type Status = { kind: 'saved' | 'saving' | 'offline'; label: string }

/**
 * The header's one-line summary of the queue. A refused write is not counted: it is out of the queue,
 * undone and told at once (docs/decisions/255-refusals-undone-and-told-not-queued.md).
 */
export function queueStatus(snapshot: QueueSnapshot, isOnline: boolean): Status {
  const pending = snapshot.pending.length
  if (pending > 0 && !isOnline) return { kind: 'offline', label: `Offline — ${changes(pending)} pending` }
  if (pending > 0) return { kind: 'saving', label: `Saving ${changes(pending)}…` }
  return { kind: 'saved', label: 'All changes saved' }
}

const ICONS = {
  saved: CheckCircle2,
  saving: Loader2,
  offline: CloudOff,
} as const

/**
 * The save status in the header: All changes saved / Saving N changes… / Offline — N changes pending.
 * It is how a person learns their own change is saved (no toast says it). A click opens the list of
 * unsaved changes (queue-status-popup.tsx).
 */
export function QueueStatus() {
  const { snapshot, isOnline } = useQueue()
  const status = queueStatus(snapshot, isOnline)
  const Icon = ICONS[status.kind]
  const trigger = (
    <Button
      variant="ghost"
      size="sm"
      // The name starts with the words it shows, so a person using voice control can say what they
      // see (WCAG 2.5.3 label in name); "sync status" says what the button is for. A name containing
      // "saved" also matches a loose search for "Save": tests look for Save buttons with exact: true.
      aria-label={`${status.label} — sync status`}
      className={cn(
        'max-w-[11rem] min-w-0 gap-1.5 px-2 text-xs sm:max-w-none sm:text-sm',
        status.kind === 'saved' && 'text-muted-foreground',
        status.kind === 'offline' && 'text-amber-700 dark:text-amber-400',
      )}
    >
      <Icon aria-hidden="true" className={cn('size-4', status.kind === 'saving' && 'animate-spin')} />
      {/* On a phone "All changes saved" is its icon alone (the name still says it); the states
          that need attention keep their words. */}
      <span className={cn('truncate', status.kind === 'saved' && 'max-sm:sr-only')}>{status.label}</span>
    </Button>
  )
  return (
    <>
      <QueueStatusPopup trigger={trigger} />
      <span role="status" className="sr-only">
        {status.label}
      </span>
    </>
  )
}
