import type { BatchStatus } from '@brewcommand/domain'
import { cva } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/utils.ts'
import { STATUS_LABELS } from '../messages.ts'

const batchStatusVariants = cva(
  'inline-flex w-fit rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      status: {
        planned: 'bg-muted text-foreground',
        brewing: 'bg-orange-100 text-orange-900',
        fermenting: 'bg-amber-100 text-amber-900',
        conditioning: 'bg-sky-100 text-sky-900',
        packaging: 'bg-violet-100 text-violet-900',
        completed: 'bg-emerald-100 text-emerald-900',
        dumped: 'bg-red-100 text-red-900',
      },
    },
  },
)

/** A batch's status as a badge. */
export function BatchStatusBadge({
  status,
  className,
  ...props
}: ComponentProps<'span'> & { status: BatchStatus }) {
  return (
    <span data-slot="batch-status" className={cn(batchStatusVariants({ status }), className)} {...props}>
      {STATUS_LABELS[status]}
    </span>
  )
}
