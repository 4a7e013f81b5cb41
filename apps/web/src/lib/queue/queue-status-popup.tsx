import { Popover } from 'radix-ui'
import type { ReactElement } from 'react'
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
 * The list of unsaved changes under the header's save status (queue-status.tsx); fetched the first time
 * the status is pressed. Only writes that can still be saved are here: a refused one has been undone.
 */
export function QueueStatusPopup({ trigger, defaultOpen }: { trigger: ReactElement; defaultOpen: boolean }) {
  const { snapshot, isOnline } = useQueue()
  const unsaved = snapshot.pending
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
