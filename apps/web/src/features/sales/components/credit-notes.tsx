import { formatCents, NewCreditNoteSchema, type CreditNote, type Invoice } from '@brewcommand/domain'
import { useState } from 'react'
import { toast } from 'sonner'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useDownloadPdf } from '../api/sales-api.ts'
import { errorsOf, SalesDialog, useFields } from './shared.tsx'

// Credit Note (docs/decisions/273-credit-notes-and-returns.md): the units of an invoice's lines that came back go
// into finished goods again, the deposits are refunded and the invoice's balance falls. Shown on the invoice and
// the customer's page, each with its PDF.

/** What each line of the invoice can still bring back: its quantity less what earlier credit notes did. */
export function returnableOf(invoice: Invoice) {
  return new Map(
    invoice.lines.map((line) => [
      line.id,
      line.quantity -
        invoice.creditNotes
          .flatMap((note) => note.lines)
          .filter((l) => l.invoiceLineId === line.id)
          .reduce((sum, l) => sum + l.quantity, 0),
    ]),
  )
}

/** The invoice's credit notes, each with its total and Download PDF. */
export function CreditNotesList({ notes }: { notes: CreditNote[] }) {
  const download = useDownloadPdf()
  const [busy, setBusy] = useState(false)
  if (notes.length === 0) return null
  return (
    <ul className="grid gap-1 text-sm" aria-label="Credit notes">
      {notes.map((note) => (
        <li key={note.id} className="flex flex-wrap items-center gap-2">
          <span>
            {note.number} ({note.issuedOn}):{' '}
            {note.lines
              .map((l) =>
                l.kegAssetNumber
                  ? `keg ${l.kegAssetNumber} (${l.packageType}) empty`
                  : `${l.quantity} × ${l.productName} ${l.packageType}`,
              )
              .join(', ')}{' '}
            back · credit {formatCents(note.totalCents)}
            {note.refundCents > 0 && ` · ${formatCents(note.refundCents)} to refund`}
          </span>
          <Button
            className="min-h-11"
            variant="ghost"
            aria-label={`Download PDF of ${note.number}`}
            disabled={busy}
            onClick={async () => {
              setBusy(true)
              try {
                await download(`/api/sales/credit-notes/${note.id}/pdf`, 'credit-note.pdf')
              } catch (error) {
                toast.error(`Could not download the PDF. ${error instanceof Error ? error.message : ''}`)
              } finally {
                setBusy(false)
              }
            }}
          >
            PDF
          </Button>
        </li>
      ))}
    </ul>
  )
}

export function CreditNoteDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const write = useWrite()
  const returnable = returnableOf(invoice)
  const form = useFields({
    reason: '',
    ...Object.fromEntries(invoice.lines.map((line) => [`units-${line.id}`, '0'])),
  })
  const submit = () => {
    const errors: Record<string, string> = {}
    const lines = []
    for (const line of invoice.lines) {
      const text = (form.values[`units-${line.id}`] ?? '').trim()
      const units = text === '' ? 0 : Number(text)
      if (!Number.isInteger(units) || units < 0) errors[`units-${line.id}`] = 'A whole number of units'
      else if (units > (returnable.get(line.id) ?? 0))
        errors[`units-${line.id}`] = `At most ${returnable.get(line.id) ?? 0} can come back`
      else if (units > 0) lines.push({ invoiceLineId: line.id, quantity: units })
    }
    if (Object.keys(errors).length > 0) return form.setErrors(errors)
    const parsed = NewCreditNoteSchema.safeParse({
      id: crypto.randomUUID(),
      reason: form.values.reason ?? '',
      lines,
    })
    if (!parsed.success) {
      const found = errorsOf(parsed.error)
      if (found.lines && invoice.lines[0]) found[`units-${invoice.lines[0].id}`] = 'Return at least one unit'
      return form.setErrors(found)
    }
    write({
      kind: 'production',
      action: 'sales:credit-note',
      uri: `/api/sales/invoices/${invoice.id}/credit-notes`,
      data: parsed.data,
      name: invoice.number,
    })
    onClose()
  }
  return (
    <SalesDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Credit Note: ${invoice.number}`}
      submitLabel="Issue credit note"
      onSubmit={submit}
    >
      <p className="text-sm">
        The units that came back go into finished goods again, their deposits are refunded and the balance
        falls.
      </p>
      {invoice.lines.map((line) => (
        <FormField
          key={line.id}
          label={`${line.productName} ${line.packageType}${line.batchNumber ? ` (batch ${line.batchNumber})` : ''}: units back, of ${returnable.get(line.id) ?? 0}`}
          htmlFor={`sales-units-${line.id}`}
          error={form.errors[`units-${line.id}`]}
        >
          <Input {...form.field(`units-${line.id}`)} inputMode="numeric" />
        </FormField>
      ))}
      <FormField label="Reason" htmlFor="sales-reason" error={form.errors.reason}>
        <Input {...form.field('reason')} placeholder="Damaged in delivery" />
      </FormField>
    </SalesDialog>
  )
}

/** Statement PDF of a customer: open invoices, credits, payments, aging and the balance due. */
export function StatementButton({ customerId, customerName }: { customerId: string; customerName: string }) {
  const download = useDownloadPdf()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      className="min-h-11 justify-self-start"
      variant="outline"
      aria-label={`Statement PDF for ${customerName}`}
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await download(`/api/sales/customers/${customerId}/statement`, 'statement.pdf')
        } catch (error) {
          toast.error(`Could not download the statement. ${error instanceof Error ? error.message : ''}`)
        } finally {
          setBusy(false)
        }
      }}
    >
      Statement PDF
    </Button>
  )
}
