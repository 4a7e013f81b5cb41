import { GALLONS_PER_BBL, type Batch, type BatchChange } from '@brewcommand/domain'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { FormDialog } from '@/components/form-dialog.tsx'
import { useBrewhouses } from '@/lib/production/production-queries.ts'
import { useBatchWrites } from '../api/use-batch-writes.ts'
import { BATCH_TEXTS } from '../messages.ts'
import { checkPlan, PlanFields, type PlanValues } from './plan-batch-dialog.tsx'

/** Change Plan: a planned batch's brewhouse (the version in force now), date and volume. */
export function ChangePlanDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const brewhouses = useBrewhouses()
  const writes = useBatchWrites()
  const list = brewhouses.data ?? []
  const quantity =
    batch.targetVolumeUnit === 'GAL' ? batch.targetVolumeBbl * GALLONS_PER_BBL : batch.targetVolumeBbl
  const form = useForm<PlanValues>({
    defaultValues: {
      brewhouseId: batch.brewhouse.id,
      plannedBrewDate: batch.plannedBrewDate,
      quantity: String(+quantity.toFixed(4)),
      unit: batch.targetVolumeUnit,
    },
  })
  const [errors, setErrors] = useState<Partial<Record<keyof PlanValues, string>>>({})
  const save = form.handleSubmit((values) => {
    const checked = checkPlan(values, list, {
      id: batch.id,
      productId: batch.productId ?? batch.id,
      recipeId: batch.recipeId ?? batch.id,
    })
    if (!checked.ok) {
      setErrors(checked.errors)
      return
    }
    const change: BatchChange = {}
    if (values.brewhouseId !== batch.brewhouse.id) change.brewhouseId = values.brewhouseId
    if (values.plannedBrewDate !== batch.plannedBrewDate) change.plannedBrewDate = values.plannedBrewDate
    const volume = checked.data.targetVolume
    if (volume.unit !== batch.targetVolumeUnit || Math.abs(volume.quantity - quantity) > 1e-6)
      change.targetVolume = volume
    if (Object.keys(change).length > 0) writes.changeBatch(batch.id, batch.number, change)
    onClose()
  })
  // The batch's own brewhouse stays choosable even when it was archived since.
  const choices = list.some((b) => b.id === batch.brewhouse.id)
    ? list
    : [
        {
          ...batch.brewhouse.constants,
          id: batch.brewhouse.id,
          version: batch.brewhouse.version,
        } as (typeof list)[number],
        ...list,
      ]
  return (
    <FormDialog
      title={BATCH_TEXTS.changePlan}
      open
      onOpenChange={(open) => !open && onClose()}
      onSubmit={(event) => {
        setErrors({})
        void save(event)
      }}
    >
      <PlanFields form={form} brewhouses={choices} errors={errors} />
    </FormDialog>
  )
}
