import {
  ConfirmAdditionSchema,
  WEIGHT_UNITS,
  type BrewStep,
  type ConfirmAddition,
  type HopAmount,
  type StepClock,
  type WeightUnit,
} from '@brewcommand/domain'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { cn } from '@/lib/utils.ts'
import { formatDuration, formatTime } from '../lib/use-now.ts'
import { brewDayMessages as t } from '../messages.ts'
import { BIG, PendingBadge } from './parts.tsx'

/** The form's weight unit of a stock unit, for the weights a hop lot is kept in. */
const WEIGHT_OF_STOCK: Partial<Record<string, WeightUnit>> = {
  kg: 'Kilograms',
  g: 'Grams',
  lb: 'Pounds',
  oz: 'Ounces',
}

/** An addition whose step has started: when it is due, and Confirm addition with the amount actually used. */
export function AdditionCard({
  step,
  clock,
  now,
  pending,
  mayRun,
  onConfirm,
  lot,
}: {
  /** The hop lot brew day takes and the amount of it that hits the recipe's IBU, when its alpha differs. */
  lot?: HopAmount
  step: BrewStep
  clock: StepClock
  now: number
  pending: boolean
  mayRun: boolean
  /** Confirming the amount is the one action: it also silences the addition's alarm. */
  onConfirm: (input: ConfirmAddition) => void
}) {
  const id = useId()
  const planned = step.plan.addition?.amount
  const [value, setValue] = useState(String(planned?.value ?? ''))
  const [unit, setUnit] = useState<WeightUnit>(planned?.unit ?? 'Pounds')
  const [error, setError] = useState<string | null>(null)
  const due = clock.status === 'due'
  const confirm = () => {
    const parsed = ConfirmAdditionSchema.safeParse({
      actual: { value: value === '' ? NaN : Number(value), unit },
    })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the amount used')
      return
    }
    setError(null)
    onConfirm(parsed.data)
  }
  return (
    <article
      aria-label={step.plan.title}
      className={cn('grid gap-3 rounded-xl border bg-card p-4', due && 'border-2 border-destructive')}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-semibold">{step.plan.title}</h3>
        {pending && <PendingBadge />}
      </div>
      <p className="text-muted-foreground">
        {step.plan.detail}
        {clock.dueAtMs !== null &&
          ` · ${due ? t.dueSince(formatTime(clock.dueAtMs)) : t.dueIn(formatDuration(clock.dueAtMs - now))}`}
      </p>
      {lot?.lotAlpha != null && lot.recipeAlpha != null && (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-muted p-3">
          <p>
            {t.hopLot(
              lot.lotCode ?? '—',
              lot.lotAlpha,
              lot.recipeAlpha,
              `${lot.suggestedAmount.value} ${lot.suggestedAmount.unit}`,
              lot.targetIbu,
            )}
          </p>
          {mayRun && WEIGHT_OF_STOCK[lot.suggestedAmount.unit] && (
            // Confirms the addition with the lot's amount at once (issue 41): one action on a phone.
            <Button
              type="button"
              variant="outline"
              className={BIG}
              aria-label={`${t.useSuggested}: ${lot.suggestedAmount.value} ${lot.suggestedAmount.unit} of ${lot.lotCode ?? lot.name}`}
              onClick={() =>
                onConfirm({
                  actual: {
                    value: lot.suggestedAmount.value,
                    unit: WEIGHT_OF_STOCK[lot.suggestedAmount.unit]!,
                  },
                  note: `Lot ${lot.lotCode ?? '—'} at ${lot.lotAlpha} % alpha acid`,
                })
              }
            >
              {t.useSuggested}
            </Button>
          )}
        </div>
      )}
      {step.acknowledgedAt && (
        <p className="text-sm text-muted-foreground">
          {t.acknowledgedBy(step.acknowledgedBy?.name ?? '—', formatTime(step.acknowledgedAt))}
        </p>
      )}
      {mayRun && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            confirm()
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-amount`}>{t.amountUsed}</Label>
            <Input
              id={`${id}-amount`}
              inputMode="decimal"
              className="h-14 w-32 text-lg"
              value={value}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-unit`}>{t.unit}</Label>
            <NativeSelect
              id={`${id}-unit`}
              className="h-14 w-36 text-lg"
              value={unit}
              onChange={(event) => setUnit(event.target.value as WeightUnit)}
            >
              {WEIGHT_UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" className={BIG} aria-label={`${t.confirmAddition}: ${step.plan.title}`}>
            {t.confirmAddition}
          </Button>
          {error && (
            <p id={`${id}-error`} role="alert" className="w-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      )}
    </article>
  )
}
