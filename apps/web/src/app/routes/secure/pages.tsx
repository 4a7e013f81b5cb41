import type { ReactNode } from 'react'
import { can, type Permission } from '@brewcommand/domain'
import { Link, NavLink, Outlet } from 'react-router'
import { UserManagement } from '@/features/users/components/user-management.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { BillingSettings } from '@/features/onboarding/billing-settings.tsx'
import { EquipmentPage } from '@/features/equipment/components/equipment-page.tsx'
import { cn } from '@/lib/utils.ts'
import { CellarDashboardSection } from '@/features/cellar/components/cellar-dashboard.tsx'
import { FirstWeekPath } from '@/features/first-week/components/first-week-path.tsx'
import { SalesDashboardCard } from '@/features/sales/components/sales-dashboard-card.tsx'

export { ProductPage } from './product-page.tsx'
export { InventoryPage } from '@/features/inventory/components/inventory-page.tsx'
export { SalesPage } from '@/features/sales/components/sales-page.tsx'

/** What the brewery has here now: every part is built (issue 34's "soon" is gone). */
export const DASHBOARD_INTRO =
  'This is the command center for your brewery: recipes and products, brew days, the cellar and its schedule, inventory, reports and your team.'

function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="text-2xl font-semibold tracking-tight">{children}</h1>
}

export function DashboardPage() {
  const { data } = useAppState()
  const greeting = data.user.givenName ? `Welcome, ${data.user.givenName}` : 'Welcome'
  return (
    <div className="grid gap-6">
      <PageHeading>Dashboard</PageHeading>
      <section className="rounded-xl border bg-card p-6 shadow-xs" aria-labelledby="greeting-heading">
        <h2 id="greeting-heading" className="text-xl font-semibold">
          {greeting}
        </h2>
        <p className="mt-2 text-muted-foreground">{DASHBOARD_INTRO}</p>
      </section>
      {/* The spec's tutorial placeholder (docs/product/01-access.md §1) is the first-week path (ADR 261). */}
      <FirstWeekPath />
      <CellarDashboardSection />
      <SalesDashboardCard />
    </div>
  )
}

// Operations: the batches, with the Operations blurb as the empty state (features/batches).
import { OperationsPage as BatchesPage } from '@/features/batches/components/operations-page.tsx'

/** Operations: the cellar's tank board one tap away, then the batches. */
export function OperationsPage() {
  return (
    <div className="grid gap-4">
      <nav aria-label="Operations" className="flex flex-wrap gap-2">
        <Link
          to="/secure/operations/cellar"
          className="inline-flex min-h-11 items-center rounded-lg border bg-card px-4 font-medium shadow-xs hover:border-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          Cellar
        </Link>
      </nav>
      <BatchesPage />
    </div>
  )
}
export { BatchPage } from '@/features/batches/components/batch-page.tsx'

export function ProfilePage() {
  return <PageHeading>Profile</PageHeading>
}

const SETTINGS_MENU = [
  { label: 'Users', to: '/secure/settings/users' },
  { label: 'Roles', to: '/secure/settings/roles' },
  { label: 'Equipment', to: '/secure/settings/equipment' },
  { label: 'Billing', to: '/secure/settings/billing' },
  { label: 'Tax', to: '/secure/settings/tax' },
  { label: 'Devices', to: '/secure/settings/devices' },
  { label: 'API Keys', to: '/secure/settings/api-keys' },
  { label: 'Webhooks', to: '/secure/settings/webhooks' },
  // Admins only (the server refuses the others): the connection to QuickBooks Online or Xero.
  { label: 'Integrations', to: '/secure/settings/integrations', permission: 'manageAccounting' },
] as const satisfies readonly { label: string; to: string; permission?: Permission }[]

export function SettingsLayout() {
  const role = useAppState().currentEntity?.role
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeading>Settings</PageHeading>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Settings">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {SETTINGS_MENU.filter((item) => !('permission' in item) || can(role, item.permission)).map(
              (item) => (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        'flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                        isActive && 'bg-accent text-foreground',
                      )
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  )
}

export function UserManagementPage() {
  return <UserManagement />
}

/** Settings → Equipment: brewhouses and vessels (docs/production.md). */
export function EquipmentSettingsPage() {
  return <EquipmentPage />
}

/** Settings → Billing: the subscription's state, and Stripe's customer portal in Stripe mode. */
export function BillingPage() {
  return <BillingSettings />
}
