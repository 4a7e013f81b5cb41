import { useState } from 'react'
import type { z } from 'zod'

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

// The dialog and the read states live in src/components (trace and kegs use them too).
export { ReadState } from '@/components/read-state.tsx'
export { ScrollingFormDialog as SalesDialog } from '@/components/read-state.tsx'

/** Dollars typed by a person ("12", "12.50") as cents; NaN when it is not an amount. */
export function centsOfText(text: string | undefined): number {
  const match = /^\s*\$?(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text ?? '')
  if (!match) return Number.NaN
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}
