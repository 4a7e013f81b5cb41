import { and, asc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { inventoryItems, lots } from '../../db/schema/inventory.ts'
import { kegs } from '../../db/schema/kegs.ts'
import { batches } from '../../db/schema/production.ts'
import { productPackages } from '../../db/schema/products.ts'
import { customers, invoices, salesOrders } from '../../db/schema/sales.ts'
import { containing, packagesWhere } from './trace.sql.ts'

// Trace's one search box (docs/decisions/300): lot codes, batch numbers, order and invoice numbers, SKUs and UPCs,
// customers and keg numbers, each kind a bounded query scoped to the brewery.
export function createTraceSearch(db: Db) {
  return {
    searchLots: (entityId: string, q: string) =>
      db
        .select({
          id: lots.id,
          lotCode: lots.lotCode,
          supplier: lots.supplier,
          receivedOn: lots.receivedOn,
          itemName: inventoryItems.name,
        })
        .from(lots)
        .innerJoin(inventoryItems, eq(inventoryItems.id, lots.itemId))
        .where(and(eq(lots.entityId, entityId), ilike(lots.lotCode, containing(q))))
        .limit(10),

    searchKegs: (entityId: string, q: string) =>
      db
        .select({ id: kegs.id, assetNumber: kegs.assetNumber, size: kegs.size, status: kegs.status })
        .from(kegs)
        .where(and(eq(kegs.entityId, entityId), ilike(kegs.assetNumber, containing(q))))
        .orderBy(asc(kegs.assetNumber))
        .limit(10),

    searchBatches: (entityId: string, q: string) =>
      db
        .select({ id: batches.id, number: batches.number, productName: batches.productName })
        .from(batches)
        .where(and(eq(batches.entityId, entityId), ilike(batches.number, containing(q))))
        .limit(10),

    searchOrders: (entityId: string, sequence: number) =>
      db
        .select({ id: salesOrders.id, sequence: salesOrders.sequence, customerName: customers.name })
        .from(salesOrders)
        .innerJoin(customers, eq(customers.id, salesOrders.customerId))
        .where(and(eq(salesOrders.entityId, entityId), eq(salesOrders.sequence, sequence)))
        .limit(10),

    searchInvoices: (entityId: string, q: string) =>
      db
        .select({ id: invoices.id, number: invoices.number, customerName: invoices.customerName })
        .from(invoices)
        .where(and(eq(invoices.entityId, entityId), ilike(invoices.number, containing(q))))
        .limit(10),

    searchPackages: (entityId: string, q: string) =>
      packagesWhere(
        db,
        entityId,
        or(ilike(productPackages.sku, containing(q)), eq(productPackages.upc, q)),
      ).limit(10),

    searchCustomers: (entityId: string, q: string) =>
      db
        .select({ id: customers.id, name: customers.name, kind: customers.kind })
        .from(customers)
        .where(and(eq(customers.entityId, entityId), ilike(customers.name, containing(q))))
        .limit(10),
  }
}
