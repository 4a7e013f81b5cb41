import type { ReactNode } from 'react'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Label } from '@/components/ui/label.tsx'

/**
 * One labelled form field with its error below: the field every form and dialog uses, with a control
 * registered in react-hook-form and the error of its zod schema.
 */
export function FormField({
  label,
  unit,
  htmlFor,
  error,
  wide,
  className,
  children,
}: {
  label: ReactNode
  /** Shown after the label, in brackets. */
  unit?: string
  htmlFor: string
  error?: string
  /** Spans both columns of a two-column form. */
  wide?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <div className={className ?? (wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2')}>
      <Label htmlFor={htmlFor}>
        {label}
        {unit && <span className="font-normal text-muted-foreground"> ({unit})</span>}
      </Label>
      {children}
      <FieldError>{error}</FieldError>
    </div>
  )
}
