import { Check } from 'lucide-react'
import { Fragment } from 'react'
import { cn } from '@/lib/utils.ts'
import type { WizardStep } from './wizard-step.ts'

const STEPS = [1, 2, 3, 4] as const

/**
 * The wizard's four numbered circles, labelled Step 1 to Step 4: green up to and including the current
 * step, and each connector green once the current step is past it (docs/product/01-access.md §2).
 */
export function StepIndicator({ current }: { current: WizardStep }) {
  return (
    <ol aria-label="Progress" className="flex items-center">
      {STEPS.map((step) => {
        const isReached = step <= current
        return (
          <Fragment key={step}>
            <li
              className="flex flex-col items-center gap-1"
              aria-current={step === current ? 'step' : undefined}
              data-reached={isReached}
            >
              <span
                className={cn(
                  'grid size-9 place-items-center rounded-full border-2 text-sm font-semibold',
                  isReached
                    ? 'border-emerald-600 bg-emerald-600 text-white'
                    : 'border-border bg-card text-muted-foreground',
                )}
              >
                {step < current ? <Check aria-hidden="true" className="size-4" /> : step}
              </span>
              <span
                className={cn(
                  'text-xs font-medium',
                  isReached ? 'text-emerald-700' : 'text-muted-foreground',
                )}
              >
                Step {step}
              </span>
            </li>
            {step < 4 && (
              <li
                aria-hidden="true"
                data-passed={current > step}
                className={cn('mx-2 mb-5 h-0.5 flex-1', current > step ? 'bg-emerald-600' : 'bg-border')}
              />
            )}
          </Fragment>
        )
      })}
    </ol>
  )
}
