import {
  can,
  GALLONS_PER_BBL,
  PlanBatchSchema,
  VOLUME_UNIT_LABELS,
  VOLUME_UNITS,
  type BrewhouseDetail,
  type Recipe,
  type VolumeUnit,
} from '@brewcommand/domain'
import { CalendarPlus } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useBrewhouses } from '@/lib/production/production-queries.ts'
import { formatNumber, recipeVolume } from '@/lib/production/units.ts'
import { useBatchWrites } from '../api/use-batch-writes.ts'
import { batchPath, EQUIPMENT_SETTINGS_PATH } from '../lib/paths.ts'
import { BATCH_TEXTS } from '../messages.ts'

export type PlanValues = {
  brewhouseId: string
  plannedBrewDate: string
  quantity: string
  unit: VolumeUnit
  /** Plan Batch only: no brite tank is booked (ADR 251). */
  conditionInFermenter?: boolean
}

/** Today on this device as YYYY-MM-DD: only a default the person changes. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const parseTyped = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')))
const FIELD_OF: Record<string, keyof PlanValues> = {
  brewhouseId: 'brewhouseId',
  plannedBrewDate: 'plannedBrewDate',
  targetVolume: 'quantity',
}

/**
 * Checks what the person typed with the schema the server uses and against the chosen brewhouse's maximum
 * batch size; the errors by field, or the values to send.
 */
export function checkPlan(
  values: PlanValues,
  brewhouses: readonly BrewhouseDetail[],
  base: { id: string; productId: string; recipeId: string },
  recipeYield?: Recipe['yield'],
):
  | { ok: true; data: ReturnType<typeof PlanBatchSchema.parse> }
  | { ok: false; errors: Partial<Record<keyof PlanValues, string>> } {
  const typed = parseTyped(values.quantity)
  // The recipe's own size, as offered rounded, plans the recipe as written (not scaled ×1.0005).
  const asWritten =
    recipeYield !== undefined &&
    values.unit === recipeYield.unit &&
    typed === recipeVolume(recipeYield.quantity)
  const parsed = PlanBatchSchema.safeParse({
    ...base,
    brewhouseId: values.brewhouseId,
    plannedBrewDate: values.plannedBrewDate,
    targetVolume: { quantity: asWritten ? recipeYield.quantity : typed, unit: values.unit },
    ...(values.conditionInFermenter ? { conditionInFermenter: true } : {}),
  })
  if (!parsed.success) {
    const errors: Partial<Record<keyof PlanValues, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF[String(issue.path[0])]
      if (field && !errors[field]) errors[field] = issue.message
    }
    return { ok: false, errors }
  }
  const brewhouse = brewhouses.find((b) => b.id === parsed.data.brewhouseId)
  const { quantity, unit } = parsed.data.targetVolume
  const gallons = unit === 'BBL' ? quantity * GALLONS_PER_BBL : quantity
  if (brewhouse && gallons > brewhouse.maxBatchGallons + 1e-6)
    return {
      ok: false,
      errors: {
        quantity: `Above ${brewhouse.name}’s maximum batch size of ${formatNumber(brewhouse.maxBatchGallons / GALLONS_PER_BBL, 2)} BBL (${formatNumber(brewhouse.maxBatchGallons, 1)} gal)`,
      },
    }
  return { ok: true, data: parsed.data }
}

/** The brewhouse, date and volume fields Plan Batch and Change Plan share. */
export function PlanFields({
  form,
  brewhouses,
  errors,
}: {
  form: UseFormReturn<PlanValues>
  brewhouses: readonly BrewhouseDetail[]
  errors: Partial<Record<keyof PlanValues, string>>
}) {
  const register = (field: keyof PlanValues) =>
    form.register(field, { onChange: () => form.clearErrors(field) })
  return (
    <>
      <FormField label={BATCH_TEXTS.brewhouse} htmlFor="plan-brewhouse" error={errors.brewhouseId}>
        <NativeSelect
          id="plan-brewhouse"
          aria-invalid={errors.brewhouseId ? true : undefined}
          {...register('brewhouseId')}
        >
          {brewhouses.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name} (version {b.version})
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label={BATCH_TEXTS.plannedBrewDate} htmlFor="plan-date" error={errors.plannedBrewDate}>
        <Input
          id="plan-date"
          type="date"
          aria-invalid={errors.plannedBrewDate ? true : undefined}
          {...register('plannedBrewDate')}
        />
      </FormField>
      <div className="grid grid-cols-[minmax(0,1fr)_8rem] gap-3">
        <FormField label={BATCH_TEXTS.targetVolume} htmlFor="plan-volume" error={errors.quantity}>
          <Input
            id="plan-volume"
            inputMode="decimal"
            aria-invalid={errors.quantity ? true : undefined}
            {...register('quantity')}
          />
        </FormField>
        <FormField label={BATCH_TEXTS.volumeUnit} htmlFor="plan-unit">
          <NativeSelect id="plan-unit" {...register('unit')}>
            {VOLUME_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {VOLUME_UNIT_LABELS[unit]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
    </>
  )
}

/** Plan Batch (docs/production.md "batch"): brewhouse, planned brew date and target volume of a recipe. */
export function PlanBatchDialog({
  product,
  recipe,
  open,
  onOpenChange,
}: {
  product: { id: string; name: string }
  recipe: Recipe
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const brewhouses = useBrewhouses()
  const writes = useBatchWrites()
  const navigate = useNavigate()
  const list = brewhouses.data ?? []
  const form = useForm<PlanValues>({
    defaultValues: {
      brewhouseId: list[0]?.id ?? '',
      plannedBrewDate: localToday(),
      quantity: recipe.yield.quantity > 0 ? String(recipeVolume(recipe.yield.quantity)) : '',
      unit: recipe.yield.unit,
      conditionInFermenter: false,
    },
  })
  // The list may arrive after the dialog opened.
  const firstId = list[0]?.id
  useEffect(() => {
    if (firstId && !form.getValues('brewhouseId')) form.setValue('brewhouseId', firstId)
  }, [firstId, form])
  const [errors, setErrors] = useState<Partial<Record<keyof PlanValues, string>>>({})

  const save = form.handleSubmit((values) => {
    const checked = checkPlan(
      values,
      list,
      { id: crypto.randomUUID(), productId: product.id, recipeId: recipe.id },
      recipe.yield,
    )
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    writes.planBatch(checked.data, product.name)
    onOpenChange(false)
    toast.success(BATCH_TEXTS.plannedBooking, {
      action: { label: BATCH_TEXTS.openBatch, onClick: () => void navigate(batchPath(checked.data.id)) },
    })
  })

  const empty = brewhouses.isSuccess && list.length === 0
  return (
    <FormDialog
      title={BATCH_TEXTS.planBatch}
      description={BATCH_TEXTS.planDescription(product.name)}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={(event) => {
        // The recipe view is a form too: React would carry this submit up to it through the portal.
        event.stopPropagation()
        setErrors({})
        void save(event)
      }}
      submitLabel={BATCH_TEXTS.planBatch}
      submitDisabled={list.length === 0}
    >
      {brewhouses.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading brewhouses…
        </p>
      )}
      {brewhouses.isError && (
        <p role="alert" className="text-sm text-destructive">
          The brewhouses could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void brewhouses.refetch()}>
            {BATCH_TEXTS.retry}
          </button>
        </p>
      )}
      {empty && (
        <p className="text-sm">
          {BATCH_TEXTS.noBrewhouse}{' '}
          <Link to={EQUIPMENT_SETTINGS_PATH} className="text-primary underline">
            Settings → Equipment
          </Link>
        </p>
      )}
      {list.length > 0 && (
        <>
          <PlanFields form={form} brewhouses={list} errors={errors} />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="size-5" {...form.register('conditionInFermenter')} />
            {BATCH_TEXTS.conditionInFermenter}
          </label>
        </>
      )}
    </FormDialog>
  )
}

/** The Plan Batch button of a recipe, for those who may plan (planProduction). */
export function PlanBatchButton({
  product,
  recipe,
}: {
  product: { id: string; name: string }
  recipe: Recipe
}) {
  const { currentEntity } = useAppState()
  const [open, setOpen] = useState(false)
  if (!can(currentEntity?.role, 'planProduction')) return null
  return (
    <>
      <Button type="button" variant="outline" className="h-11" onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {BATCH_TEXTS.planBatch}
      </Button>
      {open && <PlanBatchDialog product={product} recipe={recipe} open onOpenChange={setOpen} />}
    </>
  )
}
