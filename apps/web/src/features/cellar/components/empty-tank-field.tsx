import { useId } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { formatBarrels } from '../lib/display.ts'
import { CELLAR_TEXTS } from '../messages.ts'

export type EmptyTankValue = { on: boolean; reason: string }

/**
 * Empty the tank (ADR 250): with a transfer or a packaging run, the rest of the batch in the vessel is booked as
 * a loss with a reason. Shows how much that rest is, as the ledger will book it.
 */
export function EmptyTankField({
  value,
  onChange,
  restBbl,
  error,
}: {
  value: EmptyTankValue
  onChange: (value: EmptyTankValue) => void
  restBbl: number
  error?: string
}) {
  const id = useId()
  return (
    <div className="grid gap-2 rounded-md border p-3 text-sm">
      <label className="flex min-h-11 items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="size-5"
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
        />
        {CELLAR_TEXTS.emptyTank}
      </label>
      {value.on && (
        <>
          <p className="text-muted-foreground">
            {CELLAR_TEXTS.emptyTankRest(formatBarrels(Math.max(0, restBbl)))}
          </p>
          <FormField label={CELLAR_TEXTS.emptyTankReason} htmlFor={`${id}-reason`} error={error}>
            <Input
              id={`${id}-reason`}
              value={value.reason}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...value, reason: e.target.value })}
            />
          </FormField>
        </>
      )}
    </div>
  )
}

/** The `emptyTank` of a write: a fresh id for the loss and the reason; null when not asked for. */
export const emptyTankInput = (value: EmptyTankValue) =>
  value.on ? { lossId: crypto.randomUUID(), reason: value.reason } : null
