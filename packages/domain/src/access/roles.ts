import { z } from 'zod'

/** Roles as stored; Admin ⊇ Manager ⊇ Brewer (docs/architecture.md "Roles"). */
export const ROLES = ['Admin', 'Manager', 'Brewer'] as const
export const RoleSchema = z.enum(ROLES)
export type Role = z.infer<typeof RoleSchema>

const RANK: Record<Role, number> = { Brewer: 1, Manager: 2, Admin: 3 }

/** True when `role` holds at least the rights of `minimum`. */
export function hasRole(role: Role | null | undefined, minimum: Role): boolean {
  return role != null && RANK[role] >= RANK[minimum]
}

/** What each role may do: the one permission table of the product (docs/architecture.md "Roles"), enforced by the server. */
export const PERMISSIONS = {
  read: { label: 'Read everything of the brewery', minimum: 'Brewer' },
  createProductWithRecipe: {
    label: 'Create a product with its first recipe; import recipes',
    minimum: 'Brewer',
  },
  editRecipes: { label: 'Create, edit, delete recipes; add, edit, delete tasting notes', minimum: 'Brewer' },
  manageProducts: {
    label: 'Rename, describe, delete products; packaging, media, attributes',
    minimum: 'Manager',
  },
  manageTeamAndBilling: { label: 'Invite, change, remove members; billing', minimum: 'Admin' },
  // The production side (docs/production.md "Roles").
  runBrewDay: {
    label: 'Run brew days: start, confirm and time steps, acknowledge alarms, record measurements',
    minimum: 'Brewer',
  },
  cellarWork: {
    label: 'Record readings, cleaning, transfers, samples and losses; acknowledge alerts',
    minimum: 'Brewer',
  },
  planProduction: { label: 'Plan and schedule batches; package beer', minimum: 'Manager' },
  manageStock: { label: 'Receive, adjust and count stock; finished goods removals', minimum: 'Manager' },
  viewReports: { label: 'See production, cost and TTB reports', minimum: 'Manager' },
  viewCosts: { label: 'See costs: stock and finished-goods values, batch costs', minimum: 'Manager' },
  manageEquipment: { label: 'Brewhouses, vessels and devices', minimum: 'Admin' },
  manageTaxAndPeriods: { label: 'Tax settings; close report periods', minimum: 'Admin' },
  // Sales (docs/production.md "Sales"): a Brewer sees orders without prices or balances.
  sell: {
    label: 'Customers, price lists, orders, invoices and payments; see prices and balances',
    minimum: 'Manager',
  },
  fulfilOrders: { label: 'Pick, dispatch and deliver orders', minimum: 'Brewer' },
  voidInvoices: { label: 'Void invoices', minimum: 'Admin' },
  // Kegs (docs/decisions/290-kegs.md): scanning on the floor is a Brewer's; the register a Manager's.
  scanKegs: { label: 'Scan kegs: filled, shipped, returned, cleaned, damaged, lost', minimum: 'Brewer' },
  manageKegs: { label: 'Register and import kegs; the days-out limit', minimum: 'Manager' },
  runRecalls: {
    label: 'Start recalls and mock recall drills; hold and release stock; mark customers contacted',
    minimum: 'Manager',
  },
  manageApiKeys: { label: 'API keys: make, revoke, read their use', minimum: 'Admin' },
  manageWebhooks: {
    label: 'Webhooks: add, edit, disable, delete endpoints; read deliveries',
    minimum: 'Admin',
  },
  // Accounting (docs/decisions/310-accounting-sync.md): people only, never an API key (/api/accounting has no scope).
  manageAccounting: {
    label: 'Connect QuickBooks or Xero, map accounts, post the month-end journal, read the sync log',
    minimum: 'Admin',
  },
} as const satisfies Record<string, { label: string; minimum: Role }>
export type Permission = keyof typeof PERMISSIONS

/** True when `role` may perform `permission`. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return hasRole(role, PERMISSIONS[permission].minimum)
}
