import { can, type FinishedGood, type InventoryItem, type InventoryItemDetail } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'

// Costs are a Manager's (viewCosts, packages/domain/src/access/roles.ts; docs/decisions/247-costs-for-managers.md):
// a Brewer reads the stock and finished goods it works with, every money field null.

const seesCosts = (tenant: Tenant) => can(tenant.role, 'viewCosts')

/** The items as the caller may see them: without their value for a Brewer. */
export function itemsFor(tenant: Tenant, items: InventoryItem[]): InventoryItem[] {
  return seesCosts(tenant) ? items : items.map((item) => ({ ...item, valueCents: null }))
}

/** An item's detail as the caller may see it: lots and movements without their cost for a Brewer. */
export function itemDetailFor(tenant: Tenant, detail: InventoryItemDetail): InventoryItemDetail {
  if (seesCosts(tenant)) return detail
  return {
    ...detail,
    item: { ...detail.item, valueCents: null },
    lots: detail.lots.map((lot) => ({ ...lot, unitCostCents: null, totalCostCents: null, valueCents: null })),
    movements: detail.movements.map((movement) => ({ ...movement, costCents: null })),
  }
}

/** Finished goods as the caller may see them: units on hand, without cost per unit and value for a Brewer. */
export function finishedGoodsFor(tenant: Tenant, goods: FinishedGood[]): FinishedGood[] {
  return seesCosts(tenant)
    ? goods
    : goods.map((good) => ({ ...good, costPerUnitCents: null, valueCents: null }))
}
