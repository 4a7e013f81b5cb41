import { EMPTY_ADDRESS } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { Tenant } from '../auth/tenant.ts'
import type { Db } from '../db/client.ts'
import { createInventoryService } from '../modules/inventory/inventory.service.ts'
import { liquidEvents } from '../db/schema/production.ts'
import { productPackages, products } from '../db/schema/products.ts'
import { customers, salesOrderLines, salesOrders } from '../db/schema/sales.ts'
import { createInvoiceService } from '../modules/sales/invoices.service.ts'
import { seedBatch, seedPackagedEvent, seedRecipe } from './inventory-seed.ts'

// Finished goods for the sales tests: a product with packaging options, and packaging runs of batches that put
// units of them on hand, through inventory's own function (as the cellar's Package does).

/** A product with a 1/6 BBL keg option and a 16oz can option (the brewery's packaging type ids, or any). */
export async function seedSellable(
  db: Db,
  entityId: string,
  { kegTypeId = 'keg-sixth', canTypeId = 'can-16', name = 'Hazy IPA' } = {},
) {
  const productId = crypto.randomUUID()
  const keg = crypto.randomUUID()
  const can = crypto.randomUUID()
  await db.insert(products).values({ id: productId, entityId, name })
  await db.insert(productPackages).values([
    {
      id: keg,
      entityId,
      productId,
      type: '1/6 BBL Keg',
      typeId: kegTypeId,
      sku: 'HZ-K6',
      upc: '',
      position: 0,
    },
    {
      id: can,
      entityId,
      productId,
      type: '16oz Cans',
      typeId: canTypeId,
      sku: 'HZ-C16',
      upc: '036000291452',
      position: 1,
    },
  ])
  return { productId, keg, can }
}

/** A packaging run of a new batch: `units` of `packageId` on hand, packaged at `occurredAt`. */
export async function seedPackaged(
  db: Db,
  tenant: Tenant,
  {
    packageId,
    units,
    volumeBbl,
    occurredAt = new Date(),
  }: { packageId: string; units: number; volumeBbl: number; occurredAt?: Date },
) {
  const { batchId, number } = await seedBatch(db, tenant.entityId, {
    recipe: seedRecipe({}),
    status: 'packaged',
  })
  const seeded = await seedPackagedEvent(db, tenant.entityId, batchId, { packageId, units, volumeBbl })
  // The run is dated as asked, on the ledger as in finished goods.
  const [event] = await db
    .update(liquidEvents)
    .set({ occurredAt })
    .where(eq(liquidEvents.id, seeded.id))
    .returning()
  const inventory = createInventoryService({ db })
  await db.transaction((tx) =>
    inventory.finishedGoodsFromPackaging(tx as unknown as Db, tenant, { ...event, occurredAt }),
  )
  return { batchId, number }
}

/**
 * A dispatched order of a fresh customer with its invoice, issued by the invoices service as Dispatch issues it
 * (for tests of invoices and payments that do not go through the ledger's removal): 2 × $89.99 + $30.00 deposit
 * each, 8.25 % tax → total 17998 + 6000 + 1485 = 25483 cents.
 */
export async function seedInvoice(db: Db, tenant: Tenant, { packageId }: { packageId: string }) {
  const customerId = crypto.randomUUID()
  const orderId = crypto.randomUUID()
  const lineId = crypto.randomUUID()
  await db.insert(customers).values({
    id: customerId,
    entityId: tenant.entityId,
    name: `Seed Bar ${customerId.slice(0, 8)}`,
    kind: 'bar',
    billingAddress: { ...EMPTY_ADDRESS, line1: '1 Seed St', city: 'Bend', state: 'OR', zip: '97701' },
    deliveryAddress: EMPTY_ADDRESS,
    contacts: [],
    paymentTerms: 'net-30',
  })
  const [order] = await db
    .insert(salesOrders)
    .values({
      id: orderId,
      entityId: tenant.entityId,
      sequence: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
      customerId,
      status: 'dispatched',
      deliveryAddress: EMPTY_ADDRESS,
      taxRateBasisPoints: 825,
      dispatchedAt: new Date(),
    })
    .returning()
  const [line] = await db
    .insert(salesOrderLines)
    .values({
      id: lineId,
      entityId: tenant.entityId,
      orderId,
      position: 0,
      packageId,
      productName: 'Seed Pale Ale',
      packageType: '1/6 BBL Keg',
      packageTypeId: 'keg-sixth',
      sku: 'SPA-K6',
      quantity: 2,
      unitPriceCents: 8999,
      depositCents: 3000,
    })
    .returning()
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  const invoices = createInvoiceService({ db, publicUrl: 'http://localhost' })
  const { id } = await db.transaction((tx) =>
    invoices.issueForOrder(tx as unknown as Db, tenant, {
      order,
      customer,
      lines: [line],
      lots: [],
      batchNumbers: new Map(),
      liquidEventOf: new Map(),
    }),
  )
  return { invoiceId: id, orderId }
}
