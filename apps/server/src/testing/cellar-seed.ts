// Test support for the cellar: a brewery's equipment and a batch in its fermenter, inserted with drizzle as brew
// day leaves them (vessel in use, batches.fermenter_id, an open vessel_occupancies row and a 'brewed' event of TTB
// class 'produced'), so the cellar's tests need not run equipment set-up and a brew day first.
import { DEFAULT_BREWHOUSE_CONSTANTS, newRecipe, type Recipe } from '@brewcommand/domain'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { productPackages, products } from '../db/schema/products.ts'
import {
  batches,
  batchSequences,
  brewhouses,
  brewhouseVersions,
  liquidEvents,
  vesselOccupancies,
  vessels,
} from '../db/schema/production.ts'

export type CellarSeed = {
  brewhouseId: string
  fermenterId: string
  briteId: string
  batchId: string
  batchNumber: string
  productId: string
  packages: { cans: string; sixth: string; half: string; growler: string }
}

let sequence = 0

/** A vessel of the brewery (state `clean` unless said). */
export async function seedVessel(
  db: Db,
  entityId: string,
  {
    name,
    kind,
    capacityBbl = 15,
    state = 'clean',
  }: { name: string; kind: string; capacityBbl?: number; state?: string },
) {
  const id = crypto.randomUUID()
  await db.insert(vessels).values({
    id,
    entityId,
    name,
    kind,
    capacityBbl: capacityBbl.toFixed(5),
    workingCapacityBbl: (capacityBbl * 0.9).toFixed(5),
    state,
  })
  return id
}

/**
 * A brewhouse, a fermenter holding a fresh batch of `volumeBbl`, an empty brite tank, and the batch's product
 * with cans, 1/6 and 1/2 barrel kegs and a growler (whose name says no volume).
 */
export async function seedCellar(
  db: Db,
  entityId: string,
  {
    volumeBbl = 10,
    brewedHoursAgo = 72,
    recipe = {},
  }: { volumeBbl?: number; brewedHoursAgo?: number; recipe?: Partial<Recipe> } = {},
): Promise<CellarSeed> {
  sequence += 1
  const brewhouseId = crypto.randomUUID()
  await db.insert(brewhouses).values({ id: brewhouseId, entityId, name: `Seed brewhouse ${sequence}` })
  const [version] = await db
    .insert(brewhouseVersions)
    .values({
      entityId,
      brewhouseId,
      version: 1,
      constants: { name: 'Seed', ...DEFAULT_BREWHOUSE_CONSTANTS },
      reason: 'created',
    })
    .returning({ id: brewhouseVersions.id })
  const fermenterId = await seedVessel(db, entityId, {
    name: `FV${sequence}`,
    kind: 'fermenter',
    state: 'in-use',
  })
  const briteId = await seedVessel(db, entityId, { name: `BT${sequence}`, kind: 'brite-tank' })
  const productId = crypto.randomUUID()
  await db.insert(products).values({ id: productId, entityId, name: `Seed Pale ${sequence}` })
  const packages = {
    cans: crypto.randomUUID(),
    sixth: crypto.randomUUID(),
    half: crypto.randomUUID(),
    growler: crypto.randomUUID(),
  }
  await db.insert(productPackages).values([
    {
      id: packages.cans,
      entityId,
      productId,
      type: '16oz Cans',
      typeId: 'cans',
      sku: 'SP-16',
      upc: '036000291452',
      position: 0,
    },
    {
      id: packages.sixth,
      entityId,
      productId,
      type: '1/6 BBL Keg',
      typeId: 'sixth',
      sku: 'SP-K6',
      upc: '',
      position: 1,
    },
    {
      id: packages.half,
      entityId,
      productId,
      type: '1/2 BBL Keg',
      typeId: 'half',
      sku: 'SP-K2',
      upc: '',
      position: 2,
    },
    {
      id: packages.growler,
      entityId,
      productId,
      type: 'Growler',
      typeId: 'growler',
      sku: 'SP-G',
      upc: '',
      position: 3,
    },
  ])
  const snapshot: Recipe = {
    ...newRecipe(productId),
    originalGravity: 1.05,
    finalGravity: 1.012,
    yeast: {
      type: 'ale',
      id: 'fermentis-safale-us-05',
      name: 'SafAle US-05',
      attenuation: 78,
      flocculation: 'Medium',
      temperatureRangeF: [59, 72],
    },
    ...recipe,
  }
  const batchId = crypto.randomUUID()
  const brewedAt = new Date(Date.now() - brewedHoursAgo * 3_600_000)
  const year = brewedAt.getUTCFullYear()
  // The brewery's own sequence, as Plan Batch takes it, so seeded and planned batches never share a number.
  const [{ last }] = await db
    .insert(batchSequences)
    .values({ entityId, year, last: 1 })
    .onConflictDoUpdate({
      target: [batchSequences.entityId, batchSequences.year],
      set: { last: sql`${batchSequences.last} + 1` },
    })
    .returning({ last: batchSequences.last })
  const number = `${year}-${String(last).padStart(3, '0')}`
  await db.insert(batches).values({
    id: batchId,
    entityId,
    number,
    year,
    sequence: last,
    productId,
    productName: `Seed Pale ${sequence}`,
    recipeId: snapshot.id,
    recipeSnapshot: snapshot,
    brewhouseId,
    brewhouseVersionId: version.id,
    plannedBrewDate: brewedAt.toISOString().slice(0, 10),
    targetVolumeBbl: volumeBbl.toFixed(5),
    status: 'fermenting',
    fermenterId,
    brewDayStartedAt: new Date(brewedAt.getTime() - 6 * 3_600_000),
    brewDayFinishedAt: brewedAt,
  })
  await db.insert(vesselOccupancies).values({
    entityId,
    batchId,
    vesselId: fermenterId,
    stage: 'fermentation',
    actualStart: brewedAt,
  })
  await db.insert(liquidEvents).values({
    id: crypto.randomUUID(),
    entityId,
    batchId,
    kind: 'brewed',
    toVesselId: fermenterId,
    volumeBbl: volumeBbl.toFixed(5),
    ttbClass: 'produced',
    occurredAt: brewedAt,
  })
  return { brewhouseId, fermenterId, briteId, batchId, batchNumber: number, productId, packages }
}
