import { can, formatCents, ORDER_STATUS_LABELS } from '@brewcommand/domain'
import { Link } from 'react-router'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useBreweryToday } from '@/lib/brewery-today.ts'
import { useInvoices, useOrders } from '../api/sales-api.ts'

// The dashboard's Sales card: today's deliveries (anyone who sees orders) and the overdue invoices (a Manager,
// who sees balances), each a link to where the work is done.

export function SalesDashboardCard() {
  const sells = can(useAppState().currentEntity?.role, 'sell')
  const orders = useOrders()
  const invoices = useInvoices(sells)
  // Today where the brewery is (ADR 346): deliveries and due dates are the brewery's days.
  const today = useBreweryToday()
  if (!orders.data || today === null) return null
  const deliveries = orders.data.filter(
    (o) => o.requestedDeliveryOn === today && o.status !== 'cancelled' && o.status !== 'delivered',
  )
  const overdue = (invoices.data ?? []).filter((i) => i.balanceCents > 0 && i.dueOn < today)
  if (orders.data.length === 0) return null
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-6 shadow-xs"
      aria-labelledby="sales-today-heading"
    >
      <h2 id="sales-today-heading" className="text-xl font-semibold">
        Sales today
      </h2>
      <div>
        <h3 className="font-medium">Today’s deliveries ({deliveries.length})</h3>
        {deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No deliveries today.</p>
        ) : (
          <ul className="text-sm">
            {deliveries.map((o) => (
              <li key={o.id}>
                {o.number} · {o.customerName} · {ORDER_STATUS_LABELS[o.status]}
              </li>
            ))}
          </ul>
        )}
      </div>
      {sells && (
        <div>
          <h3 className="font-medium">Overdue invoices ({overdue.length})</h3>
          {overdue.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing overdue.</p>
          ) : (
            <ul className="text-sm">
              {overdue.map((i) => (
                <li key={i.id}>
                  {i.number} · {i.customerName} · due {i.dueOn} · {formatCents(i.balanceCents)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <Link
        to="/secure/sales/board"
        className="inline-flex min-h-11 items-center justify-self-start rounded-lg border px-4 font-medium hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Open the orders board
      </Link>
    </section>
  )
}
