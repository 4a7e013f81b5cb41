import { useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { FormDialog } from '@/components/form-dialog.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'

// Pieces every Sales section shares: the loading, error and empty states, a dialog with a scrolling form, and the
// small form state the dialogs use (values as typed, the first error per field of the domain's schema).

export type Values = Record<string, string>
export type Errors = Record<string, string>

/** The first message per field of a refused parse (the path joined with dots: `lines.0.quantity`). */
export function errorsOf(error: z.ZodError): Errors {
  const errors: Errors = {}
  for (const issue of error.issues) {
    const field = issue.path.length === 0 ? 'form' : issue.path.map(String).join('.')
    errors[field] ??= issue.message
    errors[String(issue.path[0] ?? 'form')] ??= issue.message
  }
  return errors
}

export function useFields(initial: Values) {
  const [values, setValues] = useState<Values>(initial)
  const [errors, setErrors] = useState<Errors>({})
  const field = (name: string) => ({
    id: `sales-${name}`,
    value: values[name] ?? '',
    'aria-invalid': errors[name] ? true : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })
  return { values, setValues, errors, setErrors, field, reset: () => (setValues(initial), setErrors({})) }
}

export function SalesDialog({
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

/** Dollars typed by a person ("12", "12.50") as cents; NaN when it is not an amount. */
export function centsOfText(text: string | undefined): number {
  const match = /^\s*\$?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text ?? '')
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
