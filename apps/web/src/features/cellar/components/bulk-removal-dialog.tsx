import {
  BulkRemovalInputSchema,
  GALLONS_PER_BBL,
  TAX_FREE_REASON_LABELS,
  TAX_FREE_REASONS,
  type TankCard,
} from '@brewcommand/domain'
import { useId, useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/form-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import {
  instantOf,
  LedgerDateField,
  useLedgerDateCheck,
  type LedgerDate,
} from '@/components/ledger-date-field.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { formatBarrels } from '../lib/display.ts'
import { issuesOf, numberOrNull } from '../lib/form.ts'
import { CELLAR_TEXTS } from '../messages.ts'

/**
 * Remove in bulk (Manager): beer leaves a tank as it is — a tank sold to a taproom, taxpaid, or without tax with
 * its reason — onto the ledger (docs/production.md "Removals on the ledger").
 */
export function BulkRemovalDialog({
  card,
  open,
  onOpenChange,
}: {
  card: TankCard
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const write = useWrite()
  const empty = { volume: '', unit: 'BBL', tax: 'taxpaid', customer: '', reason: '' }
  const [form, setForm] = useState(empty)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [date, setDate] = useState<LedgerDate>({ when: '', adjustment: false })
  const dateCheck = useLedgerDateCheck(date)
  function submit(event: FormEvent) {
    event.preventDefault()
    const volume = numberOrNull(form.volume)
    const parsed = BulkRemovalInputSchema.safeParse({
      id: crypto.randomUUID(),
      fromVesselId: card.vessel.id,
      volumeBbl: volume === null ? Number.NaN : form.unit === 'GAL' ? volume / GALLONS_PER_BBL : volume,
      taxpaid: form.tax === 'taxpaid',
      taxFreeReason: form.tax === 'taxpaid' ? null : form.tax || null,
      customer: form.customer,
      reason: form.reason,
      occurredAt: instantOf(date.when),
      priorPeriodAdjustment: date.adjustment,
    })
    if (!parsed.success) return setErrors(issuesOf(parsed.error))
    if (parsed.data.volumeBbl > card.contentsBbl + 1e-6)
      return setErrors({ volumeBbl: `${card.vessel.name} holds ${formatBarrels(card.contentsBbl)}` })
    if (dateCheck.refusal) return setErrors({ occurredAt: dateCheck.refusal })
    write({
      kind: 'production',
      action: 'cellar:remove-bulk',
      uri: '/api/cellar/bulk-removals',
      data: parsed.data,
      name: card.vessel.name,
    })
    setErrors({})
    setForm(empty)
    setDate({ when: '', adjustment: false })
    onOpenChange(false)
  }
  return (
    <FormDialog
      title={`${CELLAR_TEXTS.bulkRemoval}: ${card.vessel.name}`}
      description={`${CELLAR_TEXTS.contents}: ${formatBarrels(card.contentsBbl)}`}
      open={open}
      onOpenChange={onOpenChange}
      onSubmit={submit}
    >
      <div className="grid grid-cols-[1fr_7rem] gap-2">
        <FormField label="Volume" htmlFor={`${id}-volume`} error={errors.volumeBbl}>
          <Input
            id={`${id}-volume`}
            inputMode="decimal"
            value={form.volume}
            onChange={(e) => setForm({ ...form, volume: e.target.value })}
          />
        </FormField>
        <FormField label="Unit" htmlFor={`${id}-unit`}>
          <NativeSelect
            id={`${id}-unit`}
            value={form.unit}
            onChange={(e) => setForm({ ...form, unit: e.target.value })}
          >
            <option value="BBL">bbl</option>
            <option value="GAL">gal</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="Tax" htmlFor={`${id}-tax`} error={errors.taxFreeReason}>
        <NativeSelect
          id={`${id}-tax`}
          value={form.tax}
          onChange={(e) => setForm({ ...form, tax: e.target.value })}
        >
          <option value="taxpaid">Taxpaid (removed for consumption or sale)</option>
          {TAX_FREE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {`Without tax: ${TAX_FREE_REASON_LABELS[reason]}`}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Customer" htmlFor={`${id}-customer`} error={errors.customer}>
        <Input
          id={`${id}-customer`}
          value={form.customer}
          placeholder="Optional"
          onChange={(e) => setForm({ ...form, customer: e.target.value })}
        />
      </FormField>
      <FormField label="Note" htmlFor={`${id}-reason`} error={errors.reason}>
        <Input
          id={`${id}-reason`}
          value={form.reason}
          placeholder="Optional"
          onChange={(e) => setForm({ ...form, reason: e.target.value })}
        />
      </FormField>
      <LedgerDateField value={date} onChange={setDate} error={errors.occurredAt} />
    </FormDialog>
  )
}
