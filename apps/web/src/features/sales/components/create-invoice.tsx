import { formatCents, NewInvoiceSchema, type Order } from '@brewcommand/domain'
import { useState } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useOrders } from '../api/sales-api.ts'
import { errorsOf, SalesDialog } from './shared.tsx'

// Create Invoice (ADR 345): one invoice for dispatched orders of one customer that no invoice holds yet, with all
// their lines. On the customer's page it is for that customer; on Invoices the customer is chosen first.

/** Dispatched (or delivered) orders without a live invoice, oldest first. */
export function uninvoicedOf(orders: readonly Order[], customerId?: string): Order[] {
  return orders
    .filter(
      (order) =>
        (order.status === 'dispatched' || order.status === 'delivered') &&
        order.invoiceId === null &&
        (customerId === undefined || order.customerId === customerId),
    )
    .sort((a, b) => a.number.localeCompare(b.number))
}

/** The Create Invoice button and its dialog; hidden while nothing waits for an invoice. */
export function CreateInvoiceButton({ customerId }: { customerId?: string }) {
  const orders = useOrders()
  const [open, setOpen] = useState(false)
  const waiting = uninvoicedOf(orders.data ?? [], customerId)
  if (waiting.length === 0) return null
  return (
    <>
      <Button className="min-h-11 w-fit" onClick={() => setOpen(true)}>
        Create Invoice
      </Button>
      {open && (
        <CreateInvoiceDialog orders={waiting} fixedCustomer={customerId} onClose={() => setOpen(false)} />
      )}
    </>
  )
}

function CreateInvoiceDialog({
  orders,
  fixedCustomer,
  onClose,
}: {
  orders: Order[]
  fixedCustomer?: string
  onClose: () => void
}) {
  const write = useWrite()
  const customers = [...new Map(orders.map((o) => [o.customerId, o.customerName])).entries()].sort((a, b) =>
    a[1].localeCompare(b[1]),
  )
  const [customerId, setCustomerId] = useState(fixedCustomer ?? customers[0]?.[0] ?? '')
  const choices = orders.filter((order) => order.customerId === customerId)
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(choices.map((o) => o.id)))
  const [error, setError] = useState('')
  const picked = choices.filter((order) => chosen.has(order.id))
  const total = picked.reduce((sum, order) => sum + (order.totalCents ?? 0), 0)
  const submit = () => {
    const parsed = NewInvoiceSchema.safeParse({ id: crypto.randomUUID(), orderIds: picked.map((o) => o.id) })
    if (!parsed.success) return setError(errorsOf(parsed.error).orderIds ?? 'Choose the orders')
    write({
      kind: 'production',
      action: 'sales:create-invoice',
      uri: '/api/sales/invoices',
      data: parsed.data,
      name: `Invoice of ${picked.map((o) => o.number).join(', ')}`,
    })
    onClose()
  }
  return (
    <SalesDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Create Invoice"
      submitLabel="Create Invoice"
      onSubmit={submit}
    >
      {!fixedCustomer && (
        <FormField label="Customer" htmlFor="sales-invoice-customer">
          <NativeSelect
            id="sales-invoice-customer"
            value={customerId}
            onChange={(event) => {
              setCustomerId(event.target.value)
              setChosen(new Set(orders.filter((o) => o.customerId === event.target.value).map((o) => o.id)))
            }}
          >
            {customers.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      <fieldset className="grid gap-1" aria-describedby={error ? 'sales-invoice-orders-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Dispatched orders not yet invoiced</legend>
        {choices.map((order) => (
          <label key={order.id} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.has(order.id)}
              onChange={(event) => {
                const next = new Set(chosen)
                if (event.target.checked) next.add(order.id)
                else next.delete(order.id)
                setChosen(next)
                setError('')
              }}
            />
            <span>
              {order.number} · dispatched {order.dispatchedAt?.slice(0, 10) ?? ''} · {order.lines.length}{' '}
              {order.lines.length === 1 ? 'line' : 'lines'}
              {order.totalCents !== null && ` · ${formatCents(order.totalCents)}`}
            </span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="sales-invoice-orders-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <p className="text-sm">
        {picked.length} {picked.length === 1 ? 'order' : 'orders'} · total {formatCents(total)}
      </p>
    </SalesDialog>
  )
}
