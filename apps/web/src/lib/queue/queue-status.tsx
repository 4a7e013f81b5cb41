import { AlertTriangle, CheckCircle2, CloudOff, Loader2 } from 'lucide-react'
import { Popover } from 'radix-ui'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'
import { describeRequest } from './describe-request.ts'
import { useQueue } from './queue-provider.tsx'
import type { QueuedRequest, QueueSnapshot } from './request-queue.ts'

const changes = (n: number) => `${n} ${n === 1 ? 'change' : 'changes'}`

type Status = { kind: 'saved' | 'saving' | 'offline' | 'failed'; label: string }

/** The header's one-line summary of the queue (a failure needs the person, so it is shown first). */
export function queueStatus(snapshot: QueueSnapshot, isOnline: boolean): Status {
  const pending = snapshot.pending.length
  const failed = snapshot.failed.length
  if (failed > 0) return { kind: 'failed', label: `${changes(failed)} failed` }
  if (pending > 0 && !isOnline) return { kind: 'offline', label: `Offline — ${changes(pending)} pending` }
  if (pending > 0) return { kind: 'saving', label: `Saving ${changes(pending)}…` }
  return { kind: 'saved', label: 'All changes saved' }
}

const ICONS = {
  saved: CheckCircle2,
  saving: Loader2,
  offline: CloudOff,
  failed: AlertTriangle,
} as const

function pendingState(request: QueuedRequest, isOnline: boolean) {
  if (!isOnline) return 'Waiting for the connection'
  if (request.status === 'sending' && request.retryCount === 0) return 'Sending…'
  if (request.retryCount > 0) return `Trying again (attempt ${request.retryCount + 1})`
  return 'Waiting to be sent'
}

/**
 * The save status in the header: All changes saved / Saving N changes… / Offline — N changes pending /
 * N changes failed. A click opens the list of unsaved changes, where a failed one can be retried or
 * discarded (`onDiscarded` then reverts its local change from server state).
 */
export function QueueStatus({ onDiscarded }: { onDiscarded: (request: QueuedRequest) => void }) {
  const { snapshot, isOnline, retry, discard } = useQueue()
  const status = queueStatus(snapshot, isOnline)
  const Icon = ICONS[status.kind]
  const unsaved = [...snapshot.failed, ...snapshot.pending]
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
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
            status.kind === 'failed' && 'text-destructive',
          )}
        >
          <Icon aria-hidden="true" className={cn('size-4', status.kind === 'saving' && 'animate-spin')} />
          {/* On a phone "All changes saved" is its icon alone (the name still says it); the states
              that need attention keep their words. */}
          <span className={cn('truncate', status.kind === 'saved' && 'max-sm:sr-only')}>{status.label}</span>
        </Button>
      </Popover.Trigger>
      <span role="status" className="sr-only">
        {status.label}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Unsaved changes"
          className="z-50 grid max-h-[70dvh] w-[min(24rem,calc(100vw-2rem))] gap-3 overflow-y-auto rounded-lg border bg-background p-4 text-sm shadow-lg outline-none"
        >
          <h2 className="font-semibold">{unsaved.length === 0 ? 'All changes saved' : 'Unsaved changes'}</h2>
          {unsaved.length === 0 ? (
            <p className="text-muted-foreground">Everything you changed is stored on the server.</p>
          ) : (
            <ul className="grid gap-3">
              {snapshot.failed.map((request) => (
                <li
                  key={request.requestId}
                  className="grid gap-2 rounded-md border border-destructive/40 p-3"
                >
                  <span className="font-medium">{describeRequest(request)}</span>
                  <span className="wrap-anywhere text-destructive">{request.error}</span>
                  <div className="flex gap-2">
                    <Button size="sm" variant="outline" onClick={() => retry(request.requestId)}>
                      Retry
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        const discarded = discard(request.requestId)
                        if (discarded) onDiscarded(discarded)
                      }}
                    >
                      Discard
                    </Button>
                  </div>
                </li>
              ))}
              {snapshot.pending.map((request) => (
                <li key={request.requestId} className="grid gap-0.5 rounded-md border p-3">
                  <span className="font-medium">{describeRequest(request)}</span>
                  <span className="text-muted-foreground">{pendingState(request, isOnline)}</span>
                </li>
              ))}
            </ul>
          )}
          {snapshot.pending.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              Changes are kept in this browser and sent in order, even after a reload.
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
