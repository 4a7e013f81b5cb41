import { BookOpen, Boxes, Factory } from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink, Outlet } from 'react-router'
import { UserManagement } from '@/features/users/components/user-management.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { BillingSettings } from '@/features/onboarding/billing-settings.tsx'
import { cn } from '@/lib/utils.ts'

export { ProductPage } from './product-page.tsx'

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
        <p className="mt-2 text-muted-foreground">
          This is the command center for your brewery: recipes, products, your team and, soon, brew days,
          inventory and operations.
        </p>
        <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
          <BookOpen aria-hidden="true" className="size-4" />
          {/* The tutorial is a placeholder in the spec (docs/product/01-access.md §1). */}
          <span>Tutorial: coming soon</span>
        </p>
      </section>
    </div>
  )
}

function Blurb({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeading>{title}</PageHeading>
      <section className="rounded-xl border bg-card p-6 shadow-xs">
        <div className="flex items-start gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-primary">
            {icon}
          </span>
          <div className="grid gap-4">
            <p className="text-muted-foreground">{children}</p>
            {/* Get Started is a placeholder in the spec (docs/product/01-access.md §1): it does nothing yet. */}
            <Button className="w-fit" type="button">
              Get Started
            </Button>
          </div>
        </div>
      </section>
    </div>
  )
}

export function InventoryPage() {
  return (
    <Blurb title="Inventory" icon={<Boxes aria-hidden="true" className="size-5" />}>
      Know what is in the cold room, the grain store and the hop freezer. Track raw materials and finished
      goods, get reorder reminders before brew day, and see stock move as you brew and package.
    </Blurb>
  )
}

export function OperationsPage() {
  return (
    <Blurb title="Operations" icon={<Factory aria-hidden="true" className="size-5" />}>
      Run the brewhouse from one place: schedule brews and tank time, plan packaging runs, and keep the whole
      team on the same page from mash-in to the loading dock.
    </Blurb>
  )
}

export function ReportingPage() {
  return <PageHeading>Reporting</PageHeading>
}

export function ProfilePage() {
  return <PageHeading>Profile</PageHeading>
}

const SETTINGS_MENU = [
  { label: 'Users', to: '/secure/settings/users' },
  { label: 'Roles', to: '/secure/settings/roles' },
  { label: 'Equipment', to: '/secure/settings/equipment' },
  { label: 'Billing', to: '/secure/settings/billing' },
] as const

export function SettingsLayout() {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeading>Settings</PageHeading>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <nav aria-label="Settings">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {SETTINGS_MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                      isActive && 'bg-accent text-foreground',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
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

/** Settings → Billing: the subscription's state, and Stripe's customer portal in Stripe mode. */
export function BillingPage() {
  return <BillingSettings />
}

/** Roles and Equipment are placeholders in the spec (docs/product/01-access.md §2: their routes are not shown). */
export function SettingsPlaceholderPage({ title }: { title: string }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-muted-foreground">Coming soon.</p>
    </section>
  )
}
