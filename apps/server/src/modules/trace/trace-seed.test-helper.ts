import { EMPTY_ADDRESS } from '@brewcommand/domain'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { cleaningEvents } from '../../db/schema/cellar.ts'
import { inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { liquidEvents, vessels } from '../../db/schema/production.ts'
import { customers } from '../../db/schema/sales.ts'
import { createInventoryService } from '../inventory/inventory.service.ts'
import { seedBatch, seedRecipe } from '../../testing/inventory-seed.ts'

// The trace tests' brewery, worked by hand (docs/decisions/301):
//   malt lot MALT-<tag> (Great Western, 100 kg received) → 40 kg consumed by batch B on brew day.
//   t1 batch A brewed 10 bbl into T; batch B brewed 6 bbl into FV2.  T was cleaned (caustic) the day before.
//   t2 5 bbl of FV2 → T: a blend, T holds A 10 + B 5.
//   t3 package run 1 from T: 6 bbl = 36 × 1/6 BBL kegs, tagged A; carries A 4, B 2 (B ⅓).
//   t4 9 bbl of T → BT2 (carries A 6, B 3); t5 package run 2 from BT2: 4.5 bbl = 27 kegs; carries A 3, B 1.5.
//   On hand: 63 kegs of lot (keg, A); in bulk: BT2 A 3 + B 1.5, FV2 B 1; the malt lot has 60 kg left.
export async function seedTraceBrewery(db: Db, tenant: Tenant, keg: string, tag: string) {
  const entityId = tenant.entityId
  const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12))
  const vessel = async (name: string) => {
    const id = crypto.randomUUID()
    await db
      .insert(vessels)
      .values({ id, entityId, name, kind: 'fermenter', capacityBbl: '30', workingCapacityBbl: '30' })
    return id
  }
  const [T, FV2, BT2] = [await vessel(`T-${tag}`), await vessel(`FV2-${tag}`), await vessel(`BT2-${tag}`)]
  const a = await seedBatch(db, entityId, {
    recipe: seedRecipe({}),
    status: 'packaged',
    productName: 'Hazy IPA',
  })
  const b = await seedBatch(db, entityId, {
    recipe: seedRecipe({}),
    status: 'packaged',
    productName: 'Hazy IPA',
  })
  const itemId = crypto.randomUUID()
  const lotId = crypto.randomUUID()
  await db
    .insert(inventoryItems)
    .values({ id: itemId, entityId, name: `Pale malt ${tag}`, category: 'fermentable', unit: 'kg' })
  await db.insert(lots).values({
    id: lotId,
    entityId,
    itemId,
    supplier: 'Great Western',
    lotCode: `MALT-${tag}`,
    receivedOn: '2026-02-20',
    receivedQuantity: '100',
    enteredQuantity: '100',
    enteredUnit: 'kg',
    unitCostCents: 100,
    totalCostCents: 10000,
  })
  await db.insert(stockMovements).values([
    {
      entityId,
      operationId: crypto.randomUUID(),
      itemId,
      lotId,
      kind: 'received',
      quantity: '100',
      costCents: 10000,
    },
    {
      entityId,
      operationId: crypto.randomUUID(),
      itemId,
      lotId,
      kind: 'consumed',
      quantity: '-40',
      costCents: -4000,
      batchId: b.batchId,
      occurredAt: day(1),
    },
  ])
  await db.insert(cleaningEvents).values({
    id: crypto.randomUUID(),
    entityId,
    vesselId: T,
    kind: 'clean',
    chemical: 'Caustic',
    occurredAt: new Date(Date.UTC(2026, 1, 28, 12)),
  })
  const event = (
    kind: string,
    batchId: string,
    from: string | null,
    to: string | null,
    bbl: number,
    at: Date,
    details: Record<string, unknown> | null = null,
  ) => ({
    id: crypto.randomUUID(),
    entityId,
    batchId,
    kind,
    fromVesselId: from,
    toVesselId: to,
    volumeBbl: bbl.toFixed(5),
    ttbClass: kind === 'brewed' ? 'produced' : kind === 'packaged' ? 'packaged' : 'internal',
    details,
    occurredAt: at,
  })
  const run1 = event('packaged', a.batchId, T, null, 6, day(3), { packageId: keg, units: 36 })
  const run2 = event('packaged', a.batchId, BT2, null, 4.5, day(5), { packageId: keg, units: 27 })
  await db
    .insert(liquidEvents)
    .values([
      event('brewed', a.batchId, null, T, 10, day(1)),
      event('brewed', b.batchId, null, FV2, 6, day(1)),
      event('transferred', b.batchId, FV2, T, 5, day(2)),
      run1,
      event('transferred', a.batchId, T, BT2, 9, day(4)),
      run2,
    ])
  const inventory = createInventoryService({ db })
  for (const run of [run1, run2])
    await db.transaction((tx) =>
      inventory.finishedGoodsFromPackaging(tx as unknown as Db, tenant, { ...run, supersedesId: null }),
    )
  const customerId = crypto.randomUUID()
  await db.insert(customers).values({
    id: customerId,
    entityId,
    name: `Named Bar ${tag}`,
    kind: 'bar',
    billingAddress: { ...EMPTY_ADDRESS, line1: '1 Tap St', city: 'Bend', state: 'OR', zip: '97701' },
    deliveryAddress: EMPTY_ADDRESS,
    contacts: [{ name: 'Pat Keeper', email: 'pat@named.example', phone: '541-555-0100' }],
    paymentTerms: 'net-30',
  })
  return { T, FV2, BT2, a, b, itemId, lotId, customerId, run1: run1.id, run2: run2.id }
}
