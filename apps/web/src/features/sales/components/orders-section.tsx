import {
  can,
  formatCents,
  NewOrderSchema,
  ORDER_STATUS_LABELS,
  type Availability,
  type Order,
  type ProductionAction,
} from '@brewcommand/domain'
import { useState } from 'react'
import { FormField } from '@/components/form-field.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { NativeSelect } from '@/components/ui/select.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useWrite } from '@/lib/writes/use-write.ts'
import { useAvailability, useCustomers, useOrders } from '../api/sales-api.ts'
import { centsOfText, errorsOf, ReadState, SalesDialog, useFields } from './shared.tsx'

/**
 * Orders: available to promise per SKU (on hand − reserved), the orders with their lines, lots and totals (no
 * money for a Brewer), and each order's next step: Confirm Order, Pick, Dispatch, Delivered, Cancel.
 */
export function OrdersSection() {
  const role = useAppState().currentEntity?.role
  const sells = can(role, 'sell')
  const orders = useOrders()
  const [creating, setCreating] = useState(false)
  return (
    <section aria-labelledby="orders-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="orders-heading" className="text-xl font-semibold">
          Orders
        </h2>
        {sells && (
          <Button className="min-h-11" onClick={() => setCreating(true)}>
            New Order
          </Button>
        )}
      </div>
      <AvailabilityTable />
      <ReadState
        query={orders}
        what="orders"
        isEmpty={(rows) => rows.length === 0}
        empty={sells ? 'No orders yet. Start one with New Order.' : 'No orders yet.'}
      >
        {(rows) => (
          <ul className="grid gap-3" aria-label="Orders">
            {rows.map((order) => (
              <OrderCard key={order.id} order={order} sells={sells} />
            ))}
          </ul>
        )}
      </ReadState>
      {sells && <NewOrderDialog open={creating} onOpenChange={setCreating} />}
    </section>
  )
}

function AvailabilityTable() {
  const availability = useAvailability()
  return (
    <ReadState
      query={availability}
      what="stock"
      isEmpty={(rows) => rows.length === 0}
      empty="No packaging options yet: add packaging to a product to sell it."
    >
      {(rows) => (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it (axe: scrollable-region-focusable).
        <div
          className="overflow-x-auto rounded-xl border"
          role="region"
          aria-label="Available to promise"
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="p-2 text-left font-medium">Available to promise</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="p-2">
                  SKU
                </th>
                <th scope="col" className="p-2 text-right">
                  On hand
                </th>
                <th scope="col" className="p-2 text-right">
                  Reserved
                </th>
                <th scope="col" className="p-2 text-right">
                  Available
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.packageId} className="border-t">
                  <th scope="row" className="p-2 text-left font-normal">
                    {optionName(row)}
                  </th>
                  <td className="p-2 text-right tabular-nums">{row.onHand}</td>
                  <td className="p-2 text-right tabular-nums">{row.reserved}</td>
                  <td className="p-2 text-right tabular-nums" data-testid={`available-${row.packageId}`}>
                    {row.available}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ReadState>
  )
}

const optionName = (row: Pick<Availability, 'productName' | 'packageType' | 'sku'>) =>
  `${row.productName} ${row.packageType}${row.sku ? ` (${row.sku})` : ''}`

export type Step = { label: string; action: ProductionAction; path: string; variant?: 'outline' }
export function stepsOf(order: Order, sells: boolean): Step[] {
  const steps: Step[] = []
  const step = (label: string, action: ProductionAction, path: string, variant?: 'outline') =>
    steps.push({ label, action, path, variant })
  if (order.status === 'draft' && sells) step('Confirm Order', 'sales:confirm-order', 'confirm')
  if (order.status === 'confirmed') step('Pick', 'sales:pick-order', 'pick')
  if (order.status === 'picked') step('Dispatch', 'sales:dispatch-order', 'dispatch')
  if (order.status === 'dispatched') step('Delivered', 'sales:deliver-order', 'deliver')
  if (sells && ['draft', 'confirmed', 'picked'].includes(order.status))
    step('Cancel Order', 'sales:cancel-order', 'cancel', 'outline')
  return steps
}

function OrderCard({ order, sells }: { order: Order; sells: boolean }) {
  const write = useWrite()
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-medium">
          {order.number} · {order.customerName}
        </h3>
        <span className="rounded-full bg-accent px-2 py-0.5 text-sm">
          {ORDER_STATUS_LABELS[order.status]}
        </span>
      </div>
      {order.requestedDeliveryOn && (
        <p className="text-sm text-muted-foreground">Deliver {order.requestedDeliveryOn}</p>
      )}
      <ul className="grid gap-1 text-sm">
        {order.lines.map((line) => (
          <li key={line.id}>
            {line.quantity} × {line.productName} {line.packageType}
            {line.unitPriceCents !== null && ` at ${formatCents(line.unitPriceCents)}`}
            {line.lots.length > 0 &&
              ` · batch ${line.lots.map((lot) => `${lot.batchNumber || 'unnumbered'} (${lot.units})`).join(', ')}`}
          </li>
        ))}
      </ul>
      {order.totalCents !== null && (
        <p className="text-sm">
          Subtotal {formatCents(order.subtotalCents ?? 0)} · Deposits {formatCents(order.depositCents ?? 0)} ·
          Tax {formatCents(order.taxCents ?? 0)} · <strong>Total {formatCents(order.totalCents)}</strong>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {stepsOf(order, sells).map((step) => (
          <Button
            key={step.action}
            className="min-h-11"
            variant={step.variant ?? 'default'}
            aria-label={`${step.label} ${order.number}`}
            onClick={() =>
              write({
                kind: 'production',
                action: step.action,
                uri: `/api/sales/orders/${order.id}/${step.path}`,
                data: step.action === 'sales:dispatch-order' ? { dispatchedAt: null } : { note: '' },
                name: order.number,
              })
            }
          >
            {step.label}
          </Button>
        ))}
      </div>
    </li>
  )
}

type LineDraft = { key: string; packageId: string; quantity: string; price: string }
const newLine = (): LineDraft => ({ key: crypto.randomUUID(), packageId: '', quantity: '1', price: '' })

/** New Order: a customer, lines of SKU × quantity (the price from the customer's list unless typed), a date. */
function NewOrderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const write = useWrite()
  const customers = useCustomers(open)
  const availability = useAvailability()
  const form = useFields({ customerId: '', requestedDeliveryOn: '', notes: '' })
  const [lines, setLines] = useState<LineDraft[]>([newLine()])
  const close = (next: boolean) => {
    if (!next) {
      form.reset()
      setLines([newLine()])
    }
    onOpenChange(next)
  }
  const setLine = (key: string, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)))
  const submit = () => {
    const { values } = form
    const parsed = NewOrderSchema.safeParse({
      id: crypto.randomUUID(),
      customerId: values.customerId,
      requestedDeliveryOn: values.requestedDeliveryOn ? values.requestedDeliveryOn : null,
      notes: values.notes ?? '',
      lines: lines.map((line) => ({
        id: crypto.randomUUID(),
        packageId: line.packageId,
        quantity: Number(line.quantity),
        unitPriceCents: line.price.trim() === '' ? null : centsOfText(line.price),
      })),
    })
    if (!parsed.success) return form.setErrors(errorsOf(parsed.error))
    const customer = customers.data?.find((c) => c.id === parsed.data.customerId)
    write({
      kind: 'production',
      action: 'sales:add-order',
      uri: '/api/sales/orders',
      data: parsed.data,
      name: customer?.name ?? '',
    })
    close(false)
  }
  return (
    <SalesDialog open={open} onOpenChange={close} title="New Order" submitLabel="Create" onSubmit={submit}>
      <FormField label="Customer" htmlFor="sales-customerId" error={form.errors.customerId}>
        <NativeSelect {...form.field('customerId')}>
          <option value="">Select a customer</option>
          {(customers.data ?? []).map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {lines.map((line, index) => {
        const stock = availability.data?.find((row) => row.packageId === line.packageId)
        return (
          <fieldset key={line.key} className="grid gap-2 rounded-lg border p-3">
            <legend className="px-1 text-sm font-medium">Line {index + 1}</legend>
            <FormField
              label="Packaging option"
              htmlFor={`sales-line-${index}-package`}
              error={form.errors[`lines.${index}.packageId`]}
            >
              <NativeSelect
                id={`sales-line-${index}-package`}
                value={line.packageId}
                onChange={(event) => setLine(line.key, { packageId: event.target.value })}
              >
                <option value="">Select a SKU</option>
                {(availability.data ?? []).map((row) => (
                  <option key={row.packageId} value={row.packageId}>
                    {optionName(row)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {stock && <p className="text-sm text-muted-foreground">Available: {stock.available}</p>}
            <FormField
              label="Quantity"
              htmlFor={`sales-line-${index}-quantity`}
              error={form.errors[`lines.${index}.quantity`]}
            >
              <Input
                id={`sales-line-${index}-quantity`}
                inputMode="numeric"
                value={line.quantity}
                onChange={(event) => setLine(line.key, { quantity: event.target.value })}
              />
            </FormField>
            <FormField
              label="Price per unit"
              htmlFor={`sales-line-${index}-price`}
              error={form.errors[`lines.${index}.unitPriceCents`]}
            >
              <Input
                id={`sales-line-${index}-price`}
                inputMode="decimal"
                placeholder="From the price list"
                value={line.price}
                onChange={(event) => setLine(line.key, { price: event.target.value })}
              />
            </FormField>
            {lines.length > 1 && (
              <Button
                type="button"
                variant="outline"
                className="min-h-11 w-fit"
                onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
              >
                Remove line {index + 1}
              </Button>
            )}
          </fieldset>
        )
      })}
      <Button
        type="button"
        variant="outline"
        className="min-h-11 w-fit"
        onClick={() => setLines((c) => [...c, newLine()])}
      >
        Add Line
      </Button>
      <FormField
        label="Requested delivery"
        htmlFor="sales-requestedDeliveryOn"
        error={form.errors.requestedDeliveryOn}
      >
        <Input {...form.field('requestedDeliveryOn')} type="date" />
      </FormField>
      <FormField label="Notes" htmlFor="sales-notes" error={form.errors.notes}>
        <Input {...form.field('notes')} />
      </FormField>
      {form.errors.lines && (
        <p role="alert" className="text-sm text-destructive">
          {form.errors.lines}
        </p>
      )}
    </SalesDialog>
  )
}
