import { firstWeekDone, type FirstWeek, type FirstWeekStep } from '@brewcommand/domain'
import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, Circle, X } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { cn } from '@/lib/utils.ts'
import { firstWeekKey, useFirstWeek } from '../api/first-week-api.ts'

/** The path, in order: what to do and where it is done. */
export const FIRST_WEEK_PATH_STEPS: { step: FirstWeekStep; title: string; hint: string; to: string }[] = [
  {
    step: 'brewhouse',
    title: 'Add your brewhouse',
    hint: 'Its batch size, efficiency and losses plan every batch.',
    to: '/secure/settings/equipment',
  },
  {
    step: 'vessels',
    title: 'Add vessels',
    hint: 'Fermenters and brite tanks, for the cellar and the schedule.',
    to: '/secure/settings/equipment',
  },
  {
    step: 'recipe',
    title: 'Create or import a recipe',
    hint: 'Write one, or import BeerXML or BeerJSON from your brewing software.',
    to: '/secure/products',
  },
  {
    step: 'batch',
    title: 'Plan a batch',
    hint: 'Operations → Plan Batch books a fermenter and a brite tank.',
    to: '/secure/operations',
  },
  {
    step: 'brewDay',
    title: 'Brew day',
    hint: 'Open the batch and start brew day: timers, additions and measurements.',
    to: '/secure/operations',
  },
]

export const FIRST_WEEK_HEADING = 'Your first week'

/**
 * The dashboard's first-run path (ADR 261): five steps, each ticked from the brewery's own records and linking to
 * where it is done. It goes away once every step is done, or when this person dismisses it (stored on the server,
 * so it stays away on every device).
 */
export function FirstWeekPath() {
  const week = useFirstWeek()
  const dismiss = useDismiss()
  if (!week.data || week.data.dismissedAt !== null || firstWeekDone(week.data)) return null
  return <FirstWeekList week={week.data} onDismiss={dismiss} />
}

function useDismiss() {
  const write = useWrite()
  const client = useQueryClient()
  const entityId = useAppState().currentEntity?.entityId
  return () => {
    // Away at once; the queue stores it (offline too) and the next read agrees.
    client.setQueryData<FirstWeek>(firstWeekKey(entityId), (week) =>
      week ? { ...week, dismissedAt: new Date().toISOString() } : week,
    )
    write({
      kind: 'production',
      action: 'first-week:dismiss',
      uri: '/api/first-week/dismissal',
      data: { dismissed: true },
    })
  }
}

export function FirstWeekList({ week, onDismiss }: { week: FirstWeek; onDismiss: () => void }) {
  const next = FIRST_WEEK_PATH_STEPS.find(({ step }) => !week.steps[step])?.step
  const done = FIRST_WEEK_PATH_STEPS.filter(({ step }) => week.steps[step]).length
  return (
    <section
      aria-labelledby="first-week-heading"
      className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="first-week-heading" className="text-xl font-semibold">
            {FIRST_WEEK_HEADING}
          </h2>
          <p className="text-sm text-muted-foreground">
            {done} of {FIRST_WEEK_PATH_STEPS.length} done · from an empty brewery to your first brew day
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="size-11 shrink-0"
          aria-label="Dismiss the first-week guide"
          onClick={onDismiss}
        >
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <ol className="grid gap-2">
        {FIRST_WEEK_PATH_STEPS.map(({ step, title, hint, to }, index) => {
          const isDone = week.steps[step]
          return (
            <li key={step}>
              <Link
                to={to}
                aria-current={step === next ? 'step' : undefined}
                className={cn(
                  'flex min-h-14 items-center gap-3 rounded-lg border p-3 hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  step === next && 'border-primary bg-accent/40',
                )}
              >
                {isDone ? (
                  <CheckCircle2 aria-hidden="true" className="size-6 shrink-0 text-emerald-600" />
                ) : (
                  <Circle aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
                )}
                <span className="grid">
                  <span className={cn('font-medium', isDone && 'text-muted-foreground line-through')}>
                    {index + 1}. {title}
                    <span className="sr-only">{isDone ? ' (done)' : ' (to do)'}</span>
                  </span>
                  <span className="text-sm text-muted-foreground">{hint}</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
