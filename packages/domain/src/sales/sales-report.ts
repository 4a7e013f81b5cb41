import { z } from 'zod'
import { barrelsPerUnitOfPackageType } from '../production/package-volumes.ts'

// Reporting's Sales (issue 35): revenue by month, product, package and customer, top customers and the average
// price per barrel. Revenue is what invoices charged for goods (subtotals: never deposits, a liability, nor sales
// tax, the state's), less what credit notes gave back for goods, dated the invoice's or the credit note's day.
// Void invoices count for nothing. Barrels are the units times the package type's volume (a type whose name says
// no volume adds units but no barrels, and so no price per barrel).

export const SalesReportQuerySchema = z.object({
  from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM'),
  to: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM'),
})

const GroupRowSchema = z.object({
  key: z.string(),
  units: z.number().int(),
  barrels: z.number(),
  revenueCents: z.number().int(),
})
export type SalesReportRow = z.infer<typeof GroupRowSchema>

export const SalesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: GroupRowSchema.omit({ key: true }),
  /** Revenue ÷ barrels, in cents per barrel (rounded half up); null with no barrels. */
  averagePricePerBarrelCents: z.number().int().nullable(),
  months: z.array(GroupRowSchema),
  products: z.array(GroupRowSchema),
  packages: z.array(GroupRowSchema),
  /** Customers by revenue, the top first. */
  customers: z.array(GroupRowSchema),
})
export type SalesReport = z.infer<typeof SalesReportSchema>

/** One invoice line (units and revenue positive) or credit line (negative) as the report reads it. */
export type SalesFact = {
  day: string
  productName: string
  packageType: string
  customerName: string
  units: number
  revenueCents: number
}

const round5 = (n: number) => Math.round(n * 100_000) / 100_000

export function salesReport(
  facts: readonly SalesFact[],
  { from, to }: { from: string; to: string },
): SalesReport {
  const groups = {
    months: new Map(),
    products: new Map(),
    packages: new Map(),
    customers: new Map(),
  } as Record<'months' | 'products' | 'packages' | 'customers', Map<string, SalesReportRow>>
  const totals = { units: 0, barrels: 0, revenueCents: 0 }
  let pricedRevenue = 0
  let pricedBarrels = 0
  for (const fact of facts) {
    const perUnit = barrelsPerUnitOfPackageType(fact.packageType)
    const barrels = perUnit === null ? 0 : fact.units * perUnit
    const keys = {
      months: fact.day.slice(0, 7),
      products: fact.productName,
      packages: fact.packageType,
      customers: fact.customerName,
    }
    for (const group of Object.keys(groups) as (keyof typeof groups)[]) {
      const row = groups[group].get(keys[group]) ?? {
        key: keys[group],
        units: 0,
        barrels: 0,
        revenueCents: 0,
      }
      row.units += fact.units
      row.barrels += barrels
      row.revenueCents += fact.revenueCents
      groups[group].set(keys[group], row)
    }
    totals.units += fact.units
    totals.barrels += barrels
    totals.revenueCents += fact.revenueCents
    if (perUnit !== null) {
      pricedRevenue += fact.revenueCents
      pricedBarrels += barrels
    }
  }
  const rows = (group: keyof typeof groups) =>
    [...groups[group].values()].map((row) => ({ ...row, barrels: round5(row.barrels) }))
  const byRevenue = (a: SalesReportRow, b: SalesReportRow) =>
    b.revenueCents - a.revenueCents || a.key.localeCompare(b.key)
  return {
    from,
    to,
    totals: { ...totals, barrels: round5(totals.barrels) },
    averagePricePerBarrelCents:
      round5(pricedBarrels) > 0 ? Math.round(pricedRevenue / round5(pricedBarrels)) : null,
    months: rows('months').sort((a, b) => a.key.localeCompare(b.key)),
    products: rows('products').sort(byRevenue),
    packages: rows('packages').sort(byRevenue),
    customers: rows('customers').sort(byRevenue),
  }
}
