import { can } from '@brewcommand/domain'
import { useState } from 'react'
import { NavLink, useParams } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { cn } from '@/lib/utils.ts'
import { useSalesSync } from '../api/sales-api.ts'
import { BoardSection } from './board-section.tsx'
import { CustomersSection } from './customers-section.tsx'
import { InvoicesSection } from './invoices-section.tsx'
import { OrdersSection } from './orders-section.tsx'
import { PricesDialog } from './prices-dialog.tsx'

const SECTIONS = [
  { path: 'orders', label: 'Orders', sells: false },
  { path: 'board', label: 'Board', sells: false },
  { path: 'customers', label: 'Customers', sells: true },
  { path: 'invoices', label: 'Invoices', sells: true },
] as const

/**
 * Sales (docs/production.md "Sales"): Orders, Customers and Invoices. A Manager sells (customers, prices, orders,
 * invoices, payments); a Brewer sees the orders without prices and picks and dispatches them. Live: any sales or
 * stock change of the brewery reloads what is shown.
 */
export function SalesPage() {
  useSalesSync()
  const { section = 'orders' } = useParams()
  const sells = can(useAppState().currentEntity?.role, 'sell')
  const [prices, setPrices] = useState(false)
  const visible = SECTIONS.filter((s) => sells || !s.sells)
  const current = visible.find((s) => s.path === section)?.path ?? 'orders'
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Sales</h1>
        {sells && (
          <Button className="min-h-11" variant="outline" onClick={() => setPrices(true)}>
            Prices and deposits
          </Button>
        )}
      </div>
      <nav aria-label="Sales sections">
        <ul className="flex flex-wrap gap-2">
          {visible.map((s) => (
            <li key={s.path}>
              <NavLink
                to={`/secure/sales/${s.path}`}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-md border px-4 text-sm font-medium',
                  current === s.path ? 'bg-primary text-primary-foreground' : 'bg-background',
                )}
                aria-current={current === s.path ? 'page' : undefined}
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'orders' && <OrdersSection />}
      {current === 'board' && <BoardSection />}
      {current === 'customers' && <CustomersSection />}
      {current === 'invoices' && <InvoicesSection />}
      {sells && <PricesDialog open={prices} onOpenChange={setPrices} />}
    </div>
  )
}
