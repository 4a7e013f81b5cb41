import {
  CUSTOMER_KIND_LABELS,
  CUSTOMERS_CSV_EXAMPLE,
  formatCents,
  INVOICE_STATUS_LABELS,
  PAYMENT_TERMS_LABELS,
} from '@brewcommand/domain'
import { useState } from 'react'
import { CsvImportDialog } from '@/components/csv-import-dialog.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useCustomerDetail, useCustomers, usePreviewCustomers } from '../api/sales-api.ts'
import { ReadState } from './shared.tsx'
import { CreditNotesList, StatementButton } from './credit-notes.tsx'
import { CreateInvoiceButton } from './create-invoice.tsx'
import { CustomerDialog } from './customer-dialog.tsx'

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
      <CustomerDialog open={dialog === 'new'} onOpenChange={(open) => setDialog(open ? 'new' : null)} />
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
  const [editing, setEditing] = useState(false)
  return (
    <div className="mt-3 grid gap-3 border-t pt-3 text-sm">
      <ReadState query={detail} what="the customer" isEmpty={() => false} empty="">
        {({ customer, orders, invoices, bought }) => (
          <>
            <div className="flex flex-wrap gap-2">
              <Button className="min-h-11" variant="outline" onClick={() => setEditing(true)}>
                Edit Customer
              </Button>
              <StatementButton customerId={customer.id} customerName={customer.name} />
              <CreateInvoiceButton customerId={customer.id} />
            </div>
            <p className="text-muted-foreground">
              {customer.invoiceAtDispatch
                ? 'Each order is invoiced at dispatch.'
                : 'Dispatched orders wait for Create Invoice.'}
            </p>
            <CustomerDialog customer={customer} open={editing} onOpenChange={setEditing} />
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
