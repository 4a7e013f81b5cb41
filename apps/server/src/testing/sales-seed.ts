import type { Tenant } from '../auth/tenant.ts'
import type { Db } from '../db/client.ts'
import { createInventoryService } from '../modules/inventory/inventory.service.ts'
import { productPackages, products } from '../db/schema/products.ts'
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
  const event = await seedPackagedEvent(db, tenant.entityId, batchId, { packageId, units, volumeBbl })
  const inventory = createInventoryService({ db })
  await db.transaction((tx) =>
    inventory.finishedGoodsFromPackaging(tx as unknown as Db, tenant, { ...event, occurredAt }),
  )
  return { batchId, number }
}
