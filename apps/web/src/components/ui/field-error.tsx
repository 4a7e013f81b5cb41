import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/** A field's validation message, in red under the field (docs/product/01-access.md §5). */
export function FieldError({ className, children, ...props }: ComponentProps<'p'>) {
  if (!children) return null
  return (
    <p data-slot="field-error" className={cn('text-sm text-destructive', className)} {...props}>
      {children}
    </p>
  )
}
