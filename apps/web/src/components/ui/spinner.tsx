import { LoaderCircle } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'

/** A spinning indicator; decorative unless given a label. */
export function Spinner({ className, ...props }: ComponentProps<typeof LoaderCircle>) {
  return (
    <LoaderCircle
      data-slot="spinner"
      aria-hidden="true"
      className={cn('size-6 animate-spin text-muted-foreground', className)}
      {...props}
    />
  )
}

/** A spinner centred in the viewport with a status text read by assistive technology. */
export function FullPageSpinner({
  label = 'Loading…',
  className,
  ...props
}: ComponentProps<'div'> & { label?: string }) {
  return (
    <div
      data-slot="full-page-spinner"
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 p-8', className)}
      {...props}
    >
      <Spinner className="size-8" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  )
}
