import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/** A multi-line field; `dir="auto"` lets right-to-left text read from the right. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      dir="auto"
      data-slot="textarea"
      className={cn(
        'min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  )
}
