import {
  DAY_MS,
  MoveBookingSchema,
  StageDurationsSchema,
  type ScheduleBar,
  type ScheduleRead,
  type StageDurations,
} from '@brewcommand/domain'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { GROWN_NOTE, MOVE_DIALOG_TITLE, MOVE_SAVE, ONLY_MANAGERS_SCHEDULE, STAGE_LABEL } from '../messages.ts'
import type { MoveTarget } from './schedule-timeline.tsx'

/** A bar's dates and vessel, typed (the keyboard's way to move a booking); read-only for a Brewer. */
export function BookingDialog({
  bar,
  schedule,
  canEdit,
  onClose,
  onSave,
  onDurations,
}: {
  bar: ScheduleBar | null
  schedule: ScheduleRead
  canEdit: boolean
  onClose: () => void
  onSave: (target: MoveTarget) => void
  /** Saves the batch's own stage durations (its bookings are laid out again). */
  onDurations: (bar: ScheduleBar, durations: StageDurations) => void
}) {
  return (
    <Dialog open={bar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {bar && (
          <>
            <BookingForm key={bar.id} bar={bar} schedule={schedule} canEdit={canEdit} onSave={onSave} />
            {canEdit && !bar.actualEnd && (
              <DurationsForm key={`${bar.id}-days`} bar={bar} schedule={schedule} onSave={onDurations} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function BookingForm({
  bar,
  schedule,
  canEdit,
  onSave,
}: {
  bar: ScheduleBar
  schedule: ScheduleRead
  canEdit: boolean
  onSave: (target: MoveTarget) => void
}) {
  const [vesselId, setVesselId] = useState(bar.vesselId)
  const [start, setStart] = useState(bar.start.slice(0, 10))
  const [end, setEnd] = useState(bar.end.slice(0, 10))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const inVessel = bar.actualStart !== null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = MoveBookingSchema.safeParse({ vesselId, start, end })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])))
      return
    }
    onSave({ bar, ...parsed.data })
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{MOVE_DIALOG_TITLE(bar.batchNumber)}</DialogTitle>
        <DialogDescription>
          {STAGE_LABEL[bar.stage]} · {bar.productName} · {bar.volumeBbl} bbl
          {bar.grown ? ` · ${GROWN_NOTE}` : ''}
        </DialogDescription>
      </DialogHeader>
      {!canEdit && <p className="text-sm text-muted-foreground">{ONLY_MANAGERS_SCHEDULE}</p>}
      <FormField label="Vessel" htmlFor="booking-vessel" error={errors.vesselId}>
        <NativeSelect
          id="booking-vessel"
          value={vesselId}
          disabled={!canEdit || inVessel}
          onChange={(event) => setVesselId(event.target.value)}
        >
          {schedule.vessels.map((vessel) => (
            <option key={vessel.id} value={vessel.id}>
              {vessel.name} ({vessel.workingCapacityBbl} bbl)
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Start" htmlFor="booking-start" error={errors.start}>
          <Input
            id="booking-start"
            type="date"
            value={start}
            disabled={!canEdit || inVessel}
            aria-invalid={!!errors.start}
            onChange={(event) => setStart(event.target.value)}
          />
        </FormField>
        <FormField label="End" htmlFor="booking-end" error={errors.end}>
          <Input
            id="booking-end"
            type="date"
            value={end}
            disabled={!canEdit}
            aria-invalid={!!errors.end}
            onChange={(event) => setEnd(event.target.value)}
          />
        </FormField>
      </div>
      {canEdit && (
        <DialogFooter>
          <Button type="submit" size="lg">
            {MOVE_SAVE}
          </Button>
        </DialogFooter>
      )}
    </form>
  )
}

const lengthDays = (bar: ScheduleBar | undefined) =>
  bar
    ? Math.round((Date.parse(bar.plannedEnd ?? bar.end) - Date.parse(bar.plannedStart ?? bar.start)) / DAY_MS)
    : 0

/** The batch's own fermentation and conditioning days (ADR 206 gives the defaults). */
function DurationsForm({
  bar,
  schedule,
  onSave,
}: {
  bar: ScheduleBar
  schedule: ScheduleRead
  onSave: (bar: ScheduleBar, durations: StageDurations) => void
}) {
  const ofBatch = schedule.bars.filter((other) => other.batchId === bar.batchId)
  const [fermentation, setFermentation] = useState(
    String(lengthDays(ofBatch.find((b) => b.stage === 'fermentation'))),
  )
  const [conditioning, setConditioning] = useState(
    String(lengthDays(ofBatch.find((b) => b.stage === 'conditioning'))),
  )
  const [errors, setErrors] = useState<Record<string, string>>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = StageDurationsSchema.safeParse({
      fermentationDays: Number(fermentation),
      conditioningDays: Number(conditioning),
    })
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])))
      return
    }
    onSave(bar, parsed.data)
  }
  return (
    <form onSubmit={submit} className="grid gap-4 border-t pt-4" noValidate aria-label="Stage durations">
      <h3 className="font-semibold">Stage durations of batch {bar.batchNumber}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Fermentation"
          unit="days"
          htmlFor="durations-fermentation"
          error={errors.fermentationDays}
        >
          <Input
            id="durations-fermentation"
            inputMode="numeric"
            value={fermentation}
            aria-invalid={!!errors.fermentationDays}
            onChange={(event) => setFermentation(event.target.value)}
          />
        </FormField>
        <FormField
          label="Conditioning"
          unit="days"
          htmlFor="durations-conditioning"
          error={errors.conditioningDays}
        >
          <Input
            id="durations-conditioning"
            inputMode="numeric"
            value={conditioning}
            aria-invalid={!!errors.conditioningDays}
            onChange={(event) => setConditioning(event.target.value)}
          />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="submit" size="lg" variant="outline">
          Save durations
        </Button>
      </DialogFooter>
    </form>
  )
}
