import {
  brewhouseDefaults,
  BrewhouseConstantsSchema,
  DEFAULT_BREWHOUSE_CONSTANTS,
  type BrewhouseConstants,
} from '@brewcommand/domain'
import { useState, type ChangeEvent } from 'react'
import { useForm } from 'react-hook-form'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import {
  absorptionUnit,
  fromGallons,
  fromGallonsPerPound,
  fromPounds,
  inputNumber,
  toGallons,
  toGallonsPerPound,
  toPounds,
  VOLUME_ENTRY_UNITS,
  VOLUME_UNIT_NAMES,
  WEIGHT_ENTRY_UNITS,
  type VolumeEntryUnit,
  type WeightEntryUnit,
} from '@/lib/production/units.ts'
import { EQUIPMENT_TEXTS } from '../messages.ts'

type Field = Exclude<keyof BrewhouseConstants, 'name'>
type Values = { name: string } & Record<Field, string>
type Units = { batch: VolumeEntryUnit; volume: VolumeEntryUnit; weight: WeightEntryUnit }

/** Which unit group each constant is typed in. */
const GROUP: Record<
  Field,
  'batch' | 'volume' | 'weight' | 'absorption' | 'percent' | 'thickness' | 'temperature'
> = {
  maxBatchGallons: 'batch',
  brewhouseEfficiency: 'percent',
  mashEfficiency: 'percent',
  boilOffGallonsPerHour: 'volume',
  kettleTrubLossGallons: 'volume',
  chillerLossGallons: 'volume',
  grainAbsorptionGallonsPerPound: 'absorption',
  mashTunDeadSpaceGallons: 'volume',
  maxGrainPounds: 'weight',
  mashThicknessQuartsPerPound: 'thickness',
  grainTemperatureF: 'temperature',
  mashTunHeatLossF: 'temperature',
}
const FIELDS: { field: Field; label: string }[] = [
  { field: 'maxBatchGallons', label: 'Maximum batch size' },
  { field: 'brewhouseEfficiency', label: 'Brewhouse efficiency' },
  { field: 'mashEfficiency', label: 'Mash efficiency' },
  { field: 'boilOffGallonsPerHour', label: 'Boil-off per hour' },
  { field: 'kettleTrubLossGallons', label: 'Kettle and trub loss' },
  { field: 'chillerLossGallons', label: 'Chiller loss' },
  { field: 'grainAbsorptionGallonsPerPound', label: 'Grain absorption' },
  { field: 'mashTunDeadSpaceGallons', label: 'Mash tun dead space' },
  { field: 'maxGrainPounds', label: 'Maximum grain weight' },
  // The strike water (issue 34): a recipe without a thickness is brewed at this one.
  { field: 'mashThicknessQuartsPerPound', label: 'Mash thickness' },
  { field: 'grainTemperatureF', label: 'Grain temperature' },
  { field: 'mashTunHeatLossF', label: 'Mash tun heat loss' },
]

/** A stored value (gallons, pounds, gal/lb, %) in the unit its field is typed in. */
function shown(field: Field, stored: number, units: Units): number {
  switch (GROUP[field]) {
    case 'batch':
      return fromGallons(stored, units.batch)
    case 'volume':
      return fromGallons(stored, units.volume)
    case 'weight':
      return fromPounds(stored, units.weight)
    case 'absorption':
      return fromGallonsPerPound(stored, units.weight)
    default:
      return stored
  }
}

/** A typed value in its stored unit. */
function stored(field: Field, typed: number, units: Units): number {
  switch (GROUP[field]) {
    case 'batch':
      return toGallons(typed, units.batch)
    case 'volume':
      return toGallons(typed, units.volume)
    case 'weight':
      return toPounds(typed, units.weight)
    case 'absorption':
      return toGallonsPerPound(typed, units.weight)
    default:
      return typed
  }
}

const unitLabel = (field: Field, units: Units) => {
  switch (GROUP[field]) {
    case 'batch':
      return VOLUME_UNIT_NAMES[units.batch]
    case 'volume':
      return field === 'boilOffGallonsPerHour'
        ? `${VOLUME_UNIT_NAMES[units.volume]}/h`
        : VOLUME_UNIT_NAMES[units.volume]
    case 'weight':
      return units.weight
    case 'absorption':
      return absorptionUnit(units.weight)
    case 'thickness':
      return 'qt/lb'
    case 'temperature':
      return '°F'
    default:
      return '%'
  }
}

/** A typed number: '' and anything not a number are NaN, so the schema says "must be a number". */
const parseTyped = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')))

function valuesOf(constants: Omit<BrewhouseConstants, 'name'> & { name: string }, units: Units): Values {
  const values = { name: constants.name } as Values
  for (const { field } of FIELDS)
    values[field] = inputNumber(shown(field, brewhouseDefaults(constants)[field], units))
  return values
}

/**
 * Add or edit a brewhouse: every constant typed in the unit the brewer uses (batch size in BBL, gallons or
 * litres; losses and water in gallons, litres or BBL; weights in pounds or kilograms), saved in the stored
 * units and checked with the schema the server uses (BrewhouseConstantsSchema).
 */
export function BrewhouseDialog({
  brewhouse,
  open,
  onOpenChange,
  onSave,
}: {
  /** The brewhouse edited; none to add one. */
  brewhouse: BrewhouseConstants | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSave: (constants: BrewhouseConstants) => void
}) {
  const [units, setUnits] = useState<Units>({ batch: 'bbl', volume: 'gal', weight: 'lb' })
  const form = useForm<Values>({
    defaultValues: valuesOf(brewhouse ?? { name: '', ...DEFAULT_BREWHOUSE_CONSTANTS }, units),
  })
  const errors = form.formState.errors

  /** A new unit converts what is typed, so the quantity stays the same. */
  const changeUnit = (group: keyof Units) => (event: ChangeEvent<HTMLSelectElement>) => {
    const next = { ...units, [group]: event.target.value }
    for (const { field } of FIELDS) {
      const affected = GROUP[field] === group || (group === 'weight' && GROUP[field] === 'absorption')
      const typed = parseTyped(form.getValues(field))
      if (affected && Number.isFinite(typed))
        form.setValue(field, inputNumber(shown(field, stored(field, typed, units), next)))
    }
    setUnits(next)
  }

  const save = form.handleSubmit((values) => {
    const candidate: Record<string, unknown> = { name: values.name }
    for (const { field } of FIELDS) candidate[field] = stored(field, parseTyped(values[field]), units)
    const parsed = BrewhouseConstantsSchema.safeParse(candidate)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(issue.path[0] as keyof Values, { message: issue.message })
      return
    }
    onSave(parsed.data)
    onOpenChange(false)
  })

  const input = (field: keyof Values, id: string, extra: object = {}) => (
    <Input
      id={id}
      aria-invalid={errors[field] ? true : undefined}
      {...extra}
      {...form.register(field, { onChange: () => form.clearErrors(field) })}
    />
  )

  return (
    <FormDialog
      title={brewhouse ? EQUIPMENT_TEXTS.editBrewhouse : EQUIPMENT_TEXTS.addBrewhouse}
      description={brewhouse ? EQUIPMENT_TEXTS.editNote : undefined}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={(event) => void save(event)}
    >
      <FormField label="Name" htmlFor="brewhouse-name" error={errors.name?.message}>
        {input('name', 'brewhouse-name', { autoComplete: 'off' })}
      </FormField>
      <fieldset className="grid grid-cols-3 gap-2">
        <legend className="mb-1 text-sm font-medium">Units</legend>
        <UnitSelect
          label="Batch size"
          value={units.batch}
          options={VOLUME_ENTRY_UNITS}
          onChange={changeUnit('batch')}
        />
        <UnitSelect
          label="Water and losses"
          value={units.volume}
          options={VOLUME_ENTRY_UNITS}
          onChange={changeUnit('volume')}
        />
        <UnitSelect
          label="Weight"
          value={units.weight}
          options={WEIGHT_ENTRY_UNITS}
          onChange={changeUnit('weight')}
        />
      </fieldset>
      {FIELDS.map(({ field, label }) => (
        <FormField
          key={field}
          label={label}
          unit={unitLabel(field, units)}
          htmlFor={`brewhouse-${field}`}
          error={errors[field]?.message}
        >
          {input(field, `brewhouse-${field}`, { inputMode: 'decimal' })}
        </FormField>
      ))}
    </FormDialog>
  )
}

function UnitSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: string
  options: readonly string[]
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void
}) {
  const id = `unit-${label.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      <NativeSelect id={id} value={value} onChange={onChange}>
        {options.map((option) => (
          <option key={option} value={option}>
            {VOLUME_UNIT_NAMES[option as VolumeEntryUnit] ?? option}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
