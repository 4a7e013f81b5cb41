import { useEffect, useId, useRef, useState, type ReactElement, type ComponentProps } from 'react'
import { cloneElement } from 'react'
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
 * The list of unsaved changes under the header's save status (queue-status.tsx). It is part of the page from the
 * start, without a popover library (a few hundred bytes, where Radix's popover with its positioning and scroll
 * lock was about 21 KB fetched later): it must open when the connection is gone, when it matters most. A
 * non-modal dialog: the press opens it with the focus on it, Escape or a press outside closes it and the focus
 * goes back to the status. Only writes that can still be saved are here: a refused one has been undone.
 */
export function QueueStatusPopup({ trigger }: { trigger: ReactElement<ComponentProps<'button'>> }) {
  const { snapshot, isOnline } = useQueue()
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    panel.current?.focus()
    const close = (returnFocus: boolean) => {
      setOpen(false)
      if (returnFocus) button.current?.focus()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true)
    }
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const unsaved = snapshot.pending
  return (
    <div ref={root} className="relative">
      {cloneElement(trigger, {
        ref: button,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'aria-controls': open ? id : undefined,
        onClick: () => setOpen((was) => !was),
      } as ComponentProps<'button'>)}
      {open ? (
        <div
          ref={panel}
          id={id}
          role="dialog"
          aria-label="Unsaved changes"
          tabIndex={-1}
          className="absolute top-full right-0 z-50 mt-1.5 grid max-h-[70dvh] w-[min(24rem,calc(100vw-2rem))] gap-3 overflow-y-auto rounded-lg border bg-background p-4 text-sm shadow-lg outline-none"
        >
          <h2 className="font-semibold">{unsaved.length === 0 ? 'All changes saved' : 'Unsaved changes'}</h2>
          {unsaved.length === 0 ? (
            <p className="text-muted-foreground">Everything you changed is stored on the server.</p>
          ) : (
            <ul className="grid gap-3">
              {unsaved.map((request) => (
                <li key={request.requestId} className="grid gap-0.5 rounded-md border p-3">
                  <span className="font-medium">{describeRequest(request)}</span>
                  <span className="text-muted-foreground">{pendingState(request, isOnline)}</span>
                </li>
              ))}
            </ul>
          )}
          {unsaved.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              Changes are kept in this browser and sent in order, even after a reload.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
