import { coldCrashShown, ColdCrashTemperatureSchema, type CellarTask } from '@brewcommand/domain'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { FieldError } from '@/components/ui/field-error.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useTemperatureUnit } from '../lib/display.ts'
import { CELLAR_TASK_TEXTS as t } from '../messages.ts'

const STANDARD = { temperature: { value: 34, unit: 'F' as const }, from: 'standard' as const }

/**
 * The cold crash of a task (ADR 340): the temperature to crash to, filled in with the recipe's, else the
 * brewery's default, else 34 °F (1 °C), in the unit the person reads; one tap records it. A temperature out of
 * a fridge's range is said under the field and nothing is sent (the server checks the same range).
 */
export function ColdCrashAction({ task }: { task: CellarTask }) {
  const id = useId()
  const write = useWrite()
  const [unit] = useTemperatureUnit()
  const suggested = coldCrashShown(task.crash ?? STANDARD, unit)
  const [text, setText] = useState(String(suggested.value))
  const [error, setError] = useState<string | undefined>()
  const value = text.trim() === '' ? Number.NaN : Number(text.replace(',', '.'))
  const shown = Number.isFinite(value) ? value : suggested.value
  return (
    <form
      className="grid gap-1"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const checked = ColdCrashTemperatureSchema.safeParse({ value, unit })
        if (!checked.success) {
          setError(checked.error.issues[0]?.message)
          return
        }
        write({
          kind: 'production',
          action: 'cellar-task:cold-crash',
          uri: '/api/cellar/tasks/cold-crash',
          data: { id: crypto.randomUUID(), batchId: task.batchId, temperature: checked.data, note: '' },
          name: `${task.title} · ${task.batchNumber}`,
        })
      }}
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-crash`}>{t.crashTo(unit)}</Label>
          <Input
            id={`${id}-crash`}
            inputMode="decimal"
            className="h-12 w-24"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-crash-error` : undefined}
            onChange={(event) => {
              setText(event.target.value)
              setError(undefined)
            }}
          />
        </div>
        <Button type="submit" size="lg" className="min-h-12 grow sm:grow-0">
          {t.crashed(shown, unit)}
        </Button>
      </div>
      <FieldError id={`${id}-crash-error`}>{error}</FieldError>
    </form>
  )
}
