import { MoveBookingSchema, type ScheduleBar, type ScheduleRead } from '@brewcommand/domain'
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
}: {
  bar: ScheduleBar | null
  schedule: ScheduleRead
  canEdit: boolean
  onClose: () => void
  onSave: (target: MoveTarget) => void
}) {
  return (
    <Dialog open={bar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {bar && <BookingForm key={bar.id} bar={bar} schedule={schedule} canEdit={canEdit} onSave={onSave} />}
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
