import {
  PhysicalInventoryInputSchema,
  SHORTAGE_CAUSE_LABELS,
  SHORTAGE_CAUSES,
  type PhysicalInventoryInput,
} from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { Trash2 } from 'lucide-react'
import { useId } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import {
  CAUSE_ADD,
  CAUSE_REMOVE,
  CAUSES_TITLE,
  COUNT_HINT,
  COUNT_NONE,
  COUNT_SAVE,
  COUNT_TITLE,
} from '../messages.ts'

type CountValues = z.input<typeof PhysicalInventoryInputSchema>

const SELECT = 'min-h-11 rounded-md border bg-background px-3 text-sm'

/**
 * A month-end physical inventory (Managers and Admins), by the 5130.9's columns, with what caused a shortage;
 * queued like every write. Only months that have ended, or end today, in the brewery's time zone are offered.
 */
export function CountForm({ months }: { months: string[] }) {
  const write = useWrite()
  const id = useId()
  const form = useForm<CountValues, unknown, PhysicalInventoryInput>({
    resolver: zodResolver(PhysicalInventoryInputSchema),
    defaultValues: {
      month: months[months.length - 1] ?? '',
      bulkBbl: '',
      kegBbl: '',
      caseBbl: '',
      explanations: [],
      note: '',
    },
  })
  const causes = useFieldArray({ control: form.control, name: 'explanations' })
  const errors = form.formState.errors
  const onSubmit = form.handleSubmit((values) => {
    write({
      kind: 'production',
      action: 'reporting:count-inventory',
      uri: `/api/reports/physical-inventories/${values.month}`,
      data: values,
      name: values.month,
    })
    form.reset({ ...values, bulkBbl: '', kegBbl: '', caseBbl: '', explanations: [], note: '' })
  })
  if (months.length === 0) return <p className="text-sm text-muted-foreground">{COUNT_NONE}</p>
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-4 sm:grid-cols-2"
      noValidate
    >
      <h4 id={`${id}-title`} className="font-medium sm:col-span-2">
        {COUNT_TITLE}
      </h4>
      <p className="text-sm text-muted-foreground sm:col-span-2">{COUNT_HINT}</p>
      <FormField label="Month" htmlFor={`${id}-month`} error={errors.month?.message}>
        <select id={`${id}-month`} className={SELECT} {...form.register('month')}>
          {months.map((month) => (
            <option key={month}>{month}</option>
          ))}
        </select>
      </FormField>
      <FormField label="Bulk beer in tanks" unit="bbl" htmlFor={`${id}-bulk`} error={errors.bulkBbl?.message}>
        <Input
          id={`${id}-bulk`}
          inputMode="decimal"
          className="min-h-11"
          aria-invalid={!!errors.bulkBbl}
          {...form.register('bulkBbl')}
        />
      </FormField>
      <FormField label="Beer in kegs" unit="bbl" htmlFor={`${id}-kegs`} error={errors.kegBbl?.message}>
        <Input
          id={`${id}-kegs`}
          inputMode="decimal"
          className="min-h-11"
          aria-invalid={!!errors.kegBbl}
          {...form.register('kegBbl')}
        />
      </FormField>
      <FormField
        label="Beer in cans and bottles"
        unit="bbl"
        htmlFor={`${id}-cases`}
        error={errors.caseBbl?.message}
      >
        <Input
          id={`${id}-cases`}
          inputMode="decimal"
          className="min-h-11"
          aria-invalid={!!errors.caseBbl}
          {...form.register('caseBbl')}
        />
      </FormField>
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="text-sm font-medium">{CAUSES_TITLE}</legend>
        {causes.fields.map((field, index) => {
          const error = errors.explanations?.[index]
          return (
            <div
              key={field.id}
              className="grid items-end gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]"
            >
              <FormField label="Cause" htmlFor={`${id}-cause-${index}`} error={error?.cause?.message}>
                <select
                  id={`${id}-cause-${index}`}
                  className={SELECT}
                  {...form.register(`explanations.${index}.cause`)}
                >
                  {SHORTAGE_CAUSES.map((cause) => (
                    <option key={cause} value={cause}>
                      {SHORTAGE_CAUSE_LABELS[cause]}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField label="Beer" htmlFor={`${id}-stage-${index}`} error={error?.stage?.message}>
                <select
                  id={`${id}-stage-${index}`}
                  className={SELECT}
                  {...form.register(`explanations.${index}.stage`)}
                >
                  <option value="packaged">Packaged</option>
                  <option value="bulk">Bulk</option>
                </select>
              </FormField>
              <FormField
                label="Barrels short"
                unit="bbl"
                htmlFor={`${id}-barrels-${index}`}
                error={error?.barrels?.message}
              >
                <Input
                  id={`${id}-barrels-${index}`}
                  inputMode="decimal"
                  className="min-h-11"
                  aria-invalid={!!error?.barrels}
                  {...form.register(`explanations.${index}.barrels`)}
                />
              </FormField>
              <Button
                type="button"
                variant="ghost"
                className="min-h-11 min-w-11"
                aria-label={CAUSE_REMOVE(index)}
                onClick={() => causes.remove(index)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          )
        })}
        <Button
          type="button"
          variant="outline"
          className="min-h-11 w-fit"
          onClick={() => causes.append({ cause: 'breakage', stage: 'packaged', barrels: '' })}
        >
          {CAUSE_ADD}
        </Button>
      </fieldset>
      <FormField label="Remarks on the count" htmlFor={`${id}-note`} error={errors.note?.message} wide>
        <Input id={`${id}-note`} className="min-h-11" {...form.register('note')} />
      </FormField>
      <Button type="submit" className="min-h-11 w-fit sm:col-span-2">
        {COUNT_SAVE}
      </Button>
    </form>
  )
}
