/** The secure area's sections, in the order of the top navigation (docs/product/01-access.md §2). */
export const NAV_ITEMS = [
  { label: 'Dashboard', to: '/secure', end: true },
  { label: 'Products', to: '/secure/products', end: false },
  { label: 'Inventory', to: '/secure/inventory', end: false },
  { label: 'Sales', to: '/secure/sales', end: false },
  { label: 'Operations', to: '/secure/operations', end: false },
  { label: 'Reporting', to: '/secure/reporting', end: false },
] as const

export type NavItem = (typeof NAV_ITEMS)[number]
