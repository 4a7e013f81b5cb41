import {
  CUSTOMER_KIND_LABELS,
  CUSTOMER_KINDS,
  CUSTOMERS_CSV_EXAMPLE,
  formatCents,
  INVOICE_STATUS_LABELS,
  NewCustomerSchema,
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
} from '@brewcommand/domain'
import { useState } from 'react'
import { CsvImportDialog } from '@/components/csv-import-dialog.tsx'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useCustomerDetail, useCustomers, usePriceLists, usePreviewCustomers } from '../api/sales-api.ts'
import { errorsOf, ReadState, SalesDialog, useFields } from './shared.tsx'
import { CreditNotesList, StatementButton } from './credit-notes.tsx'

/** Customers: the list with each balance (cards on a phone), New Customer, the CSV import and a customer's page. */
export function CustomersSection() {
  const customers = useCustomers()
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  return (
    <section aria-labelledby="customers-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="customers-heading" className="text-xl font-semibold">
          Customers
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button className="min-h-11" onClick={() => setDialog('new')}>
            New Customer
          </Button>
          <Button className="min-h-11" variant="outline" onClick={() => setDialog('import')}>
            Import CSV
          </Button>
        </div>
      </div>
      <ReadState
        query={customers}
        what="customers"
        isEmpty={(rows) => rows.length === 0}
        empty="No customers yet. Add one with New Customer, or import a file from QuickBooks, Breww or Ekos."
      >
        {(rows) => (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Customers">
            {rows.map((customer) => (
              <li key={customer.id} className="rounded-xl border bg-card p-4 shadow-xs">
                <button
                  type="button"
                  className="grid min-h-11 w-full gap-1 text-left"
                  onClick={() => setOpenId(customer.id)}
                  aria-expanded={openId === customer.id}
                >
                  <span className="font-medium">{customer.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {CUSTOMER_KIND_LABELS[customer.kind]} · {PAYMENT_TERMS_LABELS[customer.paymentTerms]}
                    {customer.taxExempt ? ' · Tax exempt' : ''}
                  </span>
                  <span className="text-sm">Balance due: {formatCents(customer.balanceCents)}</span>
                </button>
                {openId === customer.id && <CustomerPage customerId={customer.id} />}
              </li>
            ))}
          </ul>
        )}
      </ReadState>
      <NewCustomerDialog open={dialog === 'new'} onOpenChange={(open) => setDialog(open ? 'new' : null)} />
      <ImportCustomersDialog
        open={dialog === 'import'}
        onOpenChange={(open) => setDialog(open ? 'import' : null)}
      />
    </section>
  )
}

/** A customer's page: orders, invoices and what they bought by product and month. */
function CustomerPage({ customerId }: { customerId: string }) {
  const detail = useCustomerDetail(customerId)
  return (
    <div className="mt-3 grid gap-3 border-t pt-3 text-sm">
      <ReadState query={detail} what="the customer" isEmpty={() => false} empty="">
        {({ customer, orders, invoices, bought }) => (
          <>
            <StatementButton customerId={customer.id} customerName={customer.name} />
            <div>
              <h3 className="font-medium">Orders</h3>
              {orders.length === 0 ? (
                <p className="text-muted-foreground">No orders yet.</p>
              ) : (
                <ul>
                  {orders.map((order) => (
                    <li key={order.id}>
                      {order.number} · {order.status} ·{' '}
                      {order.totalCents === null ? '' : formatCents(order.totalCents)}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="font-medium">Invoices</h3>
              {invoices.length === 0 ? (
                <p className="text-muted-foreground">No invoices yet.</p>
              ) : (
                <ul>
                  {invoices.map((invoice) => (
                    <li key={invoice.id}>
                      {invoice.number} · {INVOICE_STATUS_LABELS[invoice.status]} · balance{' '}
                      {formatCents(invoice.balanceCents)}
                      {invoice.creditedCents > 0 && ` · credited ${formatCents(invoice.creditedCents)}`}
                      <CreditNotesList notes={invoice.creditNotes} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {bought.length > 0 && (
              <div>
                <h3 className="font-medium">Bought by product and month</h3>
                <ul>
                  {bought.map((row) => (
                    <li key={`${row.month}-${row.productName}-${row.packageType}`}>
                      {row.month}: {row.units} × {row.productName} {row.packageType} (
                      {formatCents(row.subtotalCents)})
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </ReadState>
    </div>
  )
}

function NewCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const write = useWrite()
  const lists = usePriceLists()
  const form = useFields({ kind: 'bar', paymentTerms: 'net-30', priceListId: '', taxExempt: 'no' })
  const close = (next: boolean) => {
    if (!next) form.reset()
    onOpenChange(next)
  }
  const submit = () => {
    const { values } = form
    const parsed = NewCustomerSchema.safeParse({
      id: crypto.randomUUID(),
      name: values.name ?? '',
      kind: values.kind,
      licenceNumber: values.licenceNumber ?? '',
      licenceExpiresOn: values.licenceExpiresOn ? values.licenceExpiresOn : null,
      billingAddress: {
        line1: values.line1 ?? '',
        city: values.city ?? '',
        state: values.state ?? '',
        zip: values.zip ?? '',
      },
      deliveryAddress: {
        line1: values.line1 ?? '',
        city: values.city ?? '',
        state: values.state ?? '',
        zip: values.zip ?? '',
      },
      contacts:
        values.contactName || values.email || values.phone
          ? [{ name: values.contactName ?? '', email: values.email ?? '', phone: values.phone ?? '' }]
          : [],
      paymentTerms: values.paymentTerms,
      taxExempt: values.taxExempt === 'yes',
      taxExemptReason: values.taxExemptReason ?? '',
      priceListId: values.priceListId ? values.priceListId : null,
      notes: values.notes ?? '',
    })
    if (!parsed.success) {
      const errors = errorsOf(parsed.error)
      if (errors['contacts.0.email']) errors.email = errors['contacts.0.email']
      return form.setErrors(errors)
    }
    write({
      kind: 'production',
      action: 'sales:add-customer',
      uri: '/api/sales/customers',
      data: parsed.data,
      name: parsed.data.name,
    })
    close(false)
  }
  const text = (name: string, label: string, extra: Record<string, string> = {}) => (
    <FormField label={label} htmlFor={`sales-${name}`} error={form.errors[name]}>
      <Input {...form.field(name)} {...extra} />
    </FormField>
  )
  return (
    <SalesDialog open={open} onOpenChange={close} title="New Customer" submitLabel="Create" onSubmit={submit}>
      {text('name', 'Name', { autoFocus: 'true' })}
      <FormField label="Kind" htmlFor="sales-kind" error={form.errors.kind}>
        <NativeSelect {...form.field('kind')}>
          {CUSTOMER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {CUSTOMER_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {text('contactName', 'Contact name')}
      {text('email', 'Email', { type: 'email' })}
      {text('phone', 'Phone', { type: 'tel' })}
      {text('line1', 'Address')}
      {text('city', 'City')}
      {text('state', 'State')}
      {text('zip', 'ZIP')}
      {text('licenceNumber', 'Licence number')}
      {text('licenceExpiresOn', 'Licence expires', { type: 'date' })}
      <FormField label="Payment terms" htmlFor="sales-paymentTerms" error={form.errors.paymentTerms}>
        <NativeSelect {...form.field('paymentTerms')}>
          {PAYMENT_TERMS.map((terms) => (
            <option key={terms} value={terms}>
              {PAYMENT_TERMS_LABELS[terms]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Price list" htmlFor="sales-priceListId" error={form.errors.priceListId}>
        <NativeSelect {...form.field('priceListId')}>
          <option value="">The default list</option>
          {(lists.data ?? []).map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Tax exempt" htmlFor="sales-taxExempt" error={form.errors.taxExempt}>
        <NativeSelect {...form.field('taxExempt')}>
          <option value="no">No</option>
          <option value="yes">Yes</option>
        </NativeSelect>
      </FormField>
      {form.values.taxExempt === 'yes' && text('taxExemptReason', 'Reason for the exemption')}
      <FormField label="Notes" htmlFor="sales-notes" error={form.errors.notes}>
        <Textarea {...form.field('notes')} />
      </FormField>
    </SalesDialog>
  )
}

/** Customers from CSV: a preview naming each bad line, then one import (nothing before it). */
function ImportCustomersDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const write = useWrite()
  const previewCustomers = usePreviewCustomers()
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Import customers"
      description="A CSV file with a name column (QuickBooks, Breww and Ekos exports work as they are); email, phone, address, city, state, zip and kind are read when present."
      idPrefix="sales-csv"
      example={CUSTOMERS_CSV_EXAMPLE}
      noun={{ one: 'customer', many: 'customers' }}
      preview={previewCustomers}
      onImport={(csv) =>
        write({
          kind: 'production',
          action: 'sales:import-customers',
          uri: '/api/sales/customers/import',
          data: { csv },
          name: 'Customers',
        })
      }
    />
  )
}
