import { BatchCompletionSchema, type Batch } from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { BATCH_TEXTS } from '../messages.ts'
import { useLeftInTanks } from './batch-schedule.tsx'

export function CompleteBatchDialog({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const id = useId()
  const write = useWrite()
  const fermentation = useLeftInTanks(batch.id)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const left = fermentation.data?.yield.inVesselsBbl ?? 0
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = BatchCompletionSchema.safeParse({ reason })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    if (left >= 0.005 && parsed.data.reason === '') return setError(BATCH_TEXTS.giveReason)
    write({
      kind: 'production',
      action: 'cellar:complete-batch',
      uri: `/api/cellar/batches/${batch.id}/complete`,
      data: parsed.data,
      name: batch.number,
    })
    toast.success(BATCH_TEXTS.completing(batch.number))
    onClose()
  }
  return (
    <FormDialog
      title={`${BATCH_TEXTS.completeBatch}: ${batch.number}`}
      description={
        left >= 0.005 ? BATCH_TEXTS.completeWithRest(`${left.toFixed(2)} bbl`) : BATCH_TEXTS.completeEmpty
      }
      open
      onOpenChange={(next) => !next && onClose()}
      onSubmit={submit}
      submitLabel={BATCH_TEXTS.completeBatch}
    >
      {fermentation.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          {BATCH_TEXTS.loadingSchedule}
        </p>
      )}
      <FormField label={BATCH_TEXTS.restReason} htmlFor={`${id}-reason`} error={error}>
        <Input
          id={`${id}-reason`}
          value={reason}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setReason(e.target.value)
            setError(undefined)
          }}
        />
      </FormField>
    </FormDialog>
  )
}
