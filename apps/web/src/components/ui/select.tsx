import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/** A native select styled like the inputs: accessible and right on phones. */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      data-slot="select"
      className={cn(
        'h-10 w-full rounded-md border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  )
}
