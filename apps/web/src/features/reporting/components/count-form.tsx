import { PhysicalInventoryInputSchema, type PhysicalInventoryInput } from '@brewcommand/domain'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { COUNT_SAVE, COUNT_TITLE } from '../messages.ts'

type CountValues = z.input<typeof PhysicalInventoryInputSchema>

/** A month-end physical inventory (Managers and Admins), queued like every write. */
export function CountForm({ months }: { months: string[] }) {
  const write = useWrite()
  const id = useId()
  const form = useForm<CountValues, unknown, PhysicalInventoryInput>({
    resolver: zodResolver(PhysicalInventoryInputSchema),
    defaultValues: { month: months[months.length - 1] ?? '', bulkBbl: '', packagedBbl: '', note: '' },
  })
  const errors = form.formState.errors
  const onSubmit = form.handleSubmit((values) => {
    write({
      kind: 'production',
      action: 'reporting:count-inventory',
      uri: `/api/reports/physical-inventories/${values.month}`,
      data: values,
      name: values.month,
    })
    form.reset({ ...values, bulkBbl: '', packagedBbl: '', note: '' })
  })
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
      <FormField label="Month" htmlFor={`${id}-month`} error={errors.month?.message}>
        <select
          id={`${id}-month`}
          className="min-h-11 rounded-md border bg-background px-3 text-sm"
          {...form.register('month')}
        >
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
      <FormField
        label="Packaged beer in bond"
        unit="bbl"
        htmlFor={`${id}-packaged`}
        error={errors.packagedBbl?.message}
      >
        <Input
          id={`${id}-packaged`}
          inputMode="decimal"
          className="min-h-11"
          aria-invalid={!!errors.packagedBbl}
          {...form.register('packagedBbl')}
        />
      </FormField>
      <FormField label="Why it differs from the books" htmlFor={`${id}-note`} error={errors.note?.message}>
        <Input id={`${id}-note`} className="min-h-11" {...form.register('note')} />
      </FormField>
      <Button type="submit" className="min-h-11 w-fit sm:col-span-2">
        {COUNT_SAVE}
      </Button>
    </form>
  )
}
