import type { ReactNode } from 'react'
import { FormDialog } from '@/components/form-dialog.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

// A read's loading, error (with Retry) and empty states, and a dialog whose form scrolls inside it: shared by
// Sales, Trace and the recall panel.

export function ScrollingFormDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  submitLabel: string
  onSubmit: () => void
  children: ReactNode
}) {
  return (
    <FormDialog
      title={title}
      open={open}
      onOpenChange={onOpenChange}
      submitLabel={submitLabel}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <div className="grid max-h-[60vh] gap-4 overflow-y-auto pr-1">{children}</div>
    </FormDialog>
  )
}

/** Loading, error (with Retry) and empty states around a read. */
export function ReadState<T>({
  query,
  what,
  empty,
  isEmpty,
  children,
}: {
  query: {
    isPending: boolean
    isError: boolean
    error: Error | null
    data: T | undefined
    refetch: () => unknown
  }
  what: string
  empty: ReactNode
  isEmpty: (data: T) => boolean
  children: (data: T) => ReactNode
}) {
  if (query.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" /> Loading {what}…
      </p>
    )
  if (query.isError || query.data === undefined)
    return (
      <div role="alert" className="grid gap-2 rounded-xl border border-destructive/40 p-4">
        <p>
          Could not load {what}. {query.error?.message}
        </p>
        <Button className="min-h-11 w-fit" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    )
  if (isEmpty(query.data))
    return <p className="rounded-xl border bg-card p-6 text-muted-foreground">{empty}</p>
  return <>{children(query.data)}</>
}
