import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  can,
  formatCents,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  RecordPaymentSchema,
  VoidInvoiceSchema,
  EmailInvoiceSchema,
  type Invoice,
} from '@brewcommand/domain'
import { useState } from 'react'
import { toast } from 'sonner'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useAging, useDownloadInvoice, useInvoices } from '../api/sales-api.ts'
import { CreateInvoiceButton } from './create-invoice.tsx'
import { CreditNoteDialog, CreditNotesList, returnableOf } from './credit-notes.tsx'
import { centsOfText, errorsOf, ReadState, SalesDialog, useFields } from './shared.tsx'

type Action = 'pay' | 'void' | 'email' | 'credit'
const today = () => new Date().toISOString().slice(0, 10)

/** Invoices: each with its status and balance, Download PDF, Email Invoice, Record Payment, Void (Admin); aging. */
export function InvoicesSection() {
  const invoices = useInvoices()
  const isAdmin = can(useAppState().currentEntity?.role, 'voidInvoices')
  const [dialog, setDialog] = useState<{ kind: Action; invoice: Invoice } | null>(null)
  return (
    <section aria-labelledby="invoices-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="invoices-heading" className="text-xl font-semibold">
          Invoices
        </h2>
        <CreateInvoiceButton />
      </div>
      <Aging />
      <ReadState
        query={invoices}
        what="invoices"
        isEmpty={(rows) => rows.length === 0}
        empty="No invoices yet. An order is invoiced when it is dispatched, or by Create Invoice for a customer invoiced later."
      >
        {(rows) => (
          <ul className="grid gap-3" aria-label="Invoices">
            {rows.map((invoice) => (
              <InvoiceCard
                key={invoice.id}
                invoice={invoice}
                isAdmin={isAdmin}
                onAction={(kind) => setDialog({ kind, invoice })}
              />
            ))}
          </ul>
        )}
      </ReadState>
      {dialog?.kind === 'pay' && <PaymentDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'void' && <VoidDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'email' && <EmailDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'credit' && (
        <CreditNoteDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />
      )}
    </section>
  )
}

function InvoiceCard({
  invoice,
  isAdmin,
  onAction,
}: {
  invoice: Invoice
  isAdmin: boolean
  onAction: (kind: Action) => void
}) {
  const download = useDownloadInvoice()
  const [busy, setBusy] = useState(false)
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">
          {invoice.number} · {invoice.customerName}
        </h3>
        <span className="rounded-full bg-accent px-2 py-0.5 text-sm">
          {INVOICE_STATUS_LABELS[invoice.status]}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        Issued {invoice.issuedOn} · due {invoice.dueOn}
      </p>
      <ul className="grid gap-1 text-sm">
        {invoice.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.productName} {line.packageType}
            {line.batchNumber && ` · batch ${line.batchNumber}`} · {formatCents(line.subtotalCents)}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        Total {formatCents(invoice.totalCents)} · Paid {formatCents(invoice.paidCents)} ·{' '}
        {invoice.creditedCents > 0 && <>Credited {formatCents(invoice.creditedCents)} · </>}
        <strong>Balance {formatCents(invoice.balanceCents)}</strong>
      </p>
      <CreditNotesList notes={invoice.creditNotes} />
      <div className="flex flex-wrap gap-2">
        <Button
          className="min-h-11"
          variant="outline"
          aria-label={`Download PDF of ${invoice.number}`}
          disabled={busy}
          onClick={async () => {
            setBusy(true)
            try {
              await download(invoice.id)
            } catch (error) {
              toast.error(`Could not download the PDF. ${error instanceof Error ? error.message : ''}`)
            } finally {
              setBusy(false)
            }
          }}
        >
          Download PDF
        </Button>
        <Button
          className="min-h-11"
          variant="outline"
          aria-label={`Email Invoice ${invoice.number}`}
          onClick={() => onAction('email')}
        >
          Email Invoice
        </Button>
        {invoice.balanceCents > 0 && (
          <Button
            className="min-h-11"
            aria-label={`Record Payment for ${invoice.number}`}
            onClick={() => onAction('pay')}
          >
            Record Payment
          </Button>
        )}
        {invoice.status !== 'void' && [...returnableOf(invoice).values()].some((units) => units > 0) && (
          <Button
            className="min-h-11"
            variant="outline"
            aria-label={`Credit Note for ${invoice.number}`}
            onClick={() => onAction('credit')}
          >
            Credit Note
          </Button>
        )}
        {isAdmin && invoice.status === 'open' && invoice.creditNotes.length === 0 && (
          <Button
            className="min-h-11"
            variant="outline"
            aria-label={`Void ${invoice.number}`}
            onClick={() => onAction('void')}
          >
            Void
          </Button>
        )}
      </div>
    </li>
  )
}

function Aging() {
  const aging = useAging()
  return (
    <ReadState
      query={aging}
      what="receivables"
      isEmpty={(data) => data.rows.length === 0}
      empty="Nothing is owed."
    >
      {(data) => (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div
          className="overflow-x-auto rounded-xl border"
          role="region"
          aria-label="Receivables aging"
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="p-2 text-left font-medium">Receivables aging on {data.asOf}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="p-2">
                  Customer
                </th>
                {AGING_BUCKETS.map((bucket) => (
                  <th key={bucket} scope="col" className="p-2 text-right">
                    {AGING_BUCKET_LABELS[bucket]}
                  </th>
                ))}
                <th scope="col" className="p-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {[...data.rows, { customerId: 'total', customerName: 'Total', ...data.total }].map((row) => (
                <tr key={row.customerId} className="border-t">
                  <th scope="row" className="p-2 text-left font-normal">
                    {row.customerName}
                  </th>
                  {AGING_BUCKETS.map((bucket) => (
                    <td key={bucket} className="p-2 text-right tabular-nums">
                      {formatCents(row[bucket])}
                    </td>
                  ))}
                  <td className="p-2 text-right tabular-nums">{formatCents(row.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ReadState>
  )
}

function PaymentDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const write = useWrite()
  const form = useFields({
    method: 'check',
    amount: (invoice.balanceCents / 100).toFixed(2),
    receivedOn: today(),
    reference: '',
  })
  const submit = () => {
    const { values } = form
    const parsed = RecordPaymentSchema.safeParse({
      id: crypto.randomUUID(),
      method: values.method,
      amountCents: centsOfText(values.amount),
      receivedOn: values.receivedOn,
      reference: values.reference ?? '',
    })
    if (!parsed.success) {
      const errors = errorsOf(parsed.error)
      if (errors.amountCents) errors.amount = errors.amountCents
      return form.setErrors(errors)
    }
    if (parsed.data.amountCents > invoice.balanceCents)
      return form.setErrors({ amount: `More than the balance due (${formatCents(invoice.balanceCents)})` })
    write({
      kind: 'production',
      action: 'sales:record-payment',
      uri: `/api/sales/invoices/${invoice.id}/payments`,
      data: parsed.data,
      name: invoice.number,
    })
    onClose()
  }
  return (
    <SalesDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Record Payment: ${invoice.number}`}
      submitLabel="Record"
      onSubmit={submit}
    >
      <p className="text-sm">Balance due {formatCents(invoice.balanceCents)}</p>
      <FormField label="Method" htmlFor="sales-method" error={form.errors.method}>
        <NativeSelect {...form.field('method')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Amount" unit="$" htmlFor="sales-amount" error={form.errors.amount}>
        <Input {...form.field('amount')} inputMode="decimal" autoFocus />
      </FormField>
      <FormField label="Received" htmlFor="sales-receivedOn" error={form.errors.receivedOn}>
        <Input {...form.field('receivedOn')} type="date" />
      </FormField>
      <FormField label="Reference" htmlFor="sales-reference" error={form.errors.reference}>
        <Input {...form.field('reference')} placeholder="Check number" />
      </FormField>
    </SalesDialog>
  )
}

function VoidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const write = useWrite()
  const form = useFields({ reason: '' })
  const submit = () => {
    const parsed = VoidInvoiceSchema.safeParse({ reason: form.values.reason ?? '' })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    write({
      kind: 'production',
      action: 'sales:void-invoice',
      uri: `/api/sales/invoices/${invoice.id}/void`,
      data: parsed.data,
      name: invoice.number,
    })
    onClose()
  }
  return (
    <SalesDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Void ${invoice.number}`}
      submitLabel="Void"
      onSubmit={submit}
    >
      <p className="text-sm">The invoice keeps its number and stays in the list, with nothing due.</p>
      <FormField label="Reason" htmlFor="sales-reason" error={form.errors.reason}>
        <Input {...form.field('reason')} autoFocus />
      </FormField>
    </SalesDialog>
  )
}

function EmailDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const write = useWrite()
  const form = useFields({ to: '' })
  const submit = () => {
    const parsed = EmailInvoiceSchema.safeParse({ to: form.values.to ?? '' })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    write({
      kind: 'production',
      action: 'sales:email-invoice',
      uri: `/api/sales/invoices/${invoice.id}/email`,
      data: parsed.data,
      name: invoice.number,
    })
    onClose()
  }
  return (
    <SalesDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Email ${invoice.number}`}
      submitLabel="Send"
      onSubmit={submit}
    >
      <FormField label="To" htmlFor="sales-to" error={form.errors.to}>
        <Input {...form.field('to')} type="email" autoFocus />
      </FormField>
    </SalesDialog>
  )
}
