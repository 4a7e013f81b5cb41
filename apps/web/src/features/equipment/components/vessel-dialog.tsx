import {
  VESSEL_KINDS,
  VESSEL_STATES,
  VesselInputSchema,
  type Vessel,
  type VesselInput,
} from '@brewcommand/domain'
import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import {
  fromBarrels,
  inputNumber,
  toBarrels,
  VOLUME_ENTRY_UNITS,
  VOLUME_UNIT_NAMES,
  type VolumeEntryUnit,
} from '@/lib/production/units.ts'
import { EQUIPMENT_TEXTS } from '../messages.ts'

type Values = { name: string; kind: string; capacity: string; workingCapacity: string; state: string }

const parseTyped = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')))
const FIELD_OF: Record<string, keyof Values> = {
  name: 'name',
  kind: 'kind',
  capacityBbl: 'capacity',
  workingCapacityBbl: 'workingCapacity',
  state: 'state',
}

/**
 * Add or edit a vessel: name, kind, capacity and working capacity (typed in BBL, gallons or litres, stored in
 * barrels) and state, checked with the schema the server uses (VesselInputSchema).
 */
export function VesselDialog({
  vessel,
  open,
  onOpenChange,
  onSave,
}: {
  vessel: Vessel | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (vessel: VesselInput) => void
}) {
  const [unit, setUnit] = useState<VolumeEntryUnit>('bbl')
  const form = useForm<Values>({
    defaultValues: {
      name: vessel?.name ?? '',
      kind: vessel?.kind ?? 'fermenter',
      capacity: vessel ? inputNumber(vessel.capacityBbl) : '',
      workingCapacity: vessel ? inputNumber(vessel.workingCapacityBbl) : '',
      // A new vessel is not cleaned yet: setting Clean or Sanitised records that cleaning (ADR 253).
      state: vessel?.state ?? 'dirty',
    },
  })
  const errors = form.formState.errors

  const changeUnit = (event: ChangeEvent<HTMLSelectElement>) => {
    const next = event.target.value as VolumeEntryUnit
    for (const field of ['capacity', 'workingCapacity'] as const) {
      const typed = parseTyped(form.getValues(field))
      if (Number.isFinite(typed)) form.setValue(field, inputNumber(fromBarrels(toBarrels(typed, unit), next)))
    }
    setUnit(next)
  }

  const save = form.handleSubmit((values) => {
    const parsed = VesselInputSchema.safeParse({
      name: values.name,
      kind: values.kind,
      capacityBbl: +toBarrels(parseTyped(values.capacity), unit).toFixed(5),
      workingCapacityBbl: +toBarrels(parseTyped(values.workingCapacity), unit).toFixed(5),
      state: values.state,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(FIELD_OF[String(issue.path[0])] ?? 'name', { message: issue.message })
      return
    }
    onSave(parsed.data)
    onOpenChange(false)
  })

  const register = (field: keyof Values) => form.register(field, { onChange: () => form.clearErrors(field) })
  const unitName = VOLUME_UNIT_NAMES[unit]
  return (
    <FormDialog
      title={vessel ? EQUIPMENT_TEXTS.editVessel : EQUIPMENT_TEXTS.addVessel}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={(event) => void save(event)}
    >
      <FormField label="Name" htmlFor="vessel-name" error={errors.name?.message}>
        <Input
          id="vessel-name"
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          {...register('name')}
        />
      </FormField>
      <FormField label="Kind" htmlFor="vessel-kind" error={errors.kind?.message}>
        <NativeSelect id="vessel-kind" {...register('kind')}>
          {Object.entries(VESSEL_KINDS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Capacity unit" htmlFor="vessel-unit">
        <NativeSelect id="vessel-unit" value={unit} onChange={changeUnit}>
          {VOLUME_ENTRY_UNITS.map((option) => (
            <option key={option} value={option}>
              {VOLUME_UNIT_NAMES[option]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Capacity" unit={unitName} htmlFor="vessel-capacity" error={errors.capacity?.message}>
        <Input
          id="vessel-capacity"
          inputMode="decimal"
          aria-invalid={errors.capacity ? true : undefined}
          {...register('capacity')}
        />
      </FormField>
      <FormField
        label="Working capacity"
        unit={unitName}
        htmlFor="vessel-working-capacity"
        error={errors.workingCapacity?.message}
      >
        <Input
          id="vessel-working-capacity"
          inputMode="decimal"
          aria-invalid={errors.workingCapacity ? true : undefined}
          {...register('workingCapacity')}
        />
      </FormField>
      <FormField label="State" htmlFor="vessel-state" error={errors.state?.message}>
        <NativeSelect id="vessel-state" aria-describedby="vessel-state-hint" {...register('state')}>
          {Object.entries(VESSEL_STATES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <p id="vessel-state-hint" className="text-sm text-muted-foreground">
          Choosing Clean or Sanitised records a cleaning by you, now.
        </p>
      </FormField>
    </FormDialog>
  )
}
