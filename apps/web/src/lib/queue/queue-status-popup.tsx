import { Popover } from 'radix-ui'
import type { ReactElement } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { describeRequest } from './describe-request.ts'
import { useQueue } from './queue-provider.tsx'
import type { QueuedRequest } from './request-queue.ts'

function pendingState(request: QueuedRequest, isOnline: boolean) {
  if (!isOnline) return 'Waiting for the connection'
  if (request.status === 'sending' && request.retryCount === 0) return 'Sending…'
  if (request.retryCount > 0) return `Trying again (attempt ${request.retryCount + 1})`
  return 'Waiting to be sent'
}

/**
 * The list of unsaved changes under the header's save status (queue-status.tsx), where a failed one can be
 * retried or discarded; fetched the first time the status is pressed.
 */
export function QueueStatusPopup({
  trigger,
  defaultOpen,
  onDiscarded,
}: {
  trigger: ReactElement
  defaultOpen: boolean
  onDiscarded: (request: QueuedRequest) => void
}) {
  const { snapshot, isOnline, retry, discard } = useQueue()
  const unsaved = [...snapshot.failed, ...snapshot.pending]
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
