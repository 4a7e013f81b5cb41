import { DEFAULT_BREWHOUSE_CONSTANTS, newRecipe, type Recipe } from '@brewcommand/domain'
import type { Db } from '../db/client.ts'
import {
  brewhouses,
  brewhouseVersions,
  batches,
  brewSteps,
  liquidEvents,
  vessels,
} from '../db/schema/production.ts'
import { productPackages, products } from '../db/schema/products.ts'

// Production records the inventory tests stand on, inserted directly (docs/decisions/211-consumption-points.md):
// batches, brew steps and packaging events belong to the equipment, brew-day and cellar modules, whose routes
// call inventory's service functions inside their own writes. The inventory tests seed those rows here, so each
// case sets up exactly the batch or event it needs.

let sequence = 0

/** A brewhouse with its first version (the default constants, as Settings → Equipment stores them). */
export async function seedBrewhouse(db: Db, entityId: string) {
  const id = crypto.randomUUID()
  const name = 'Seed 10 bbl'
  await db.insert(brewhouses).values({ id, entityId, name })
  const [version] = await db
    .insert(brewhouseVersions)
    .values({
      entityId,
      brewhouseId: id,
      version: 1,
      constants: { name, ...DEFAULT_BREWHOUSE_CONSTANTS },
      reason: 'created',
    })
    .returning({ id: brewhouseVersions.id })
  return { brewhouseId: id, versionId: version.id }
}

/** A product with one packaging option of the given type (the brewery's "16oz Cans" id, or any string). */
export async function seedProductPackage(db: Db, entityId: string, typeId: string, type = '16oz Cans') {
  const productId = crypto.randomUUID()
  const packageId = crypto.randomUUID()
  await db.insert(products).values({ id: productId, entityId, name: 'Seed Pale Ale' })
  await db
    .insert(productPackages)
    .values({ id: packageId, entityId, productId, type, typeId, sku: 'SPA-16', upc: '' })
  return { productId, packageId }
}

/** A recipe of `yieldBbl` barrels with the given grain, hop and other lines (catalogue ids). */
export function seedRecipe(
  lines: {
    grains?: { id: string; name: string; value: number; unit: 'Kilograms' | 'Pounds' | 'Grams' | 'Ounces' }[]
    hops?: {
      id: string
      name: string
      value: number
      unit: 'Kilograms' | 'Grams'
      alpha: number
      minutes: number
    }[]
  },
  yieldBbl = 10,
): Recipe {
  const recipe = newRecipe(crypto.randomUUID())
  return {
    ...recipe,
    yield: { quantity: yieldBbl, unit: 'BBL' },
    boilTime: 60,
    originalGravity: 1.055,
    grainBill: (lines.grains ?? []).map((grain) => ({
      id: crypto.randomUUID(),
      ingredient: { id: grain.id, type: 'grain', name: grain.name },
      amount: { value: grain.value, unit: grain.unit },
    })),
    hopsBill: (lines.hops ?? []).map((hop) => ({
      id: crypto.randomUUID(),
      ingredient: { id: hop.id, type: 'hop', name: hop.name, alphaAcids: hop.alpha },
      amount: { value: hop.value, unit: hop.unit },
      additionType: 'Boil' as const,
      time: { value: hop.minutes, unit: 'Minutes' as const },
    })),
  }
}

/** A batch of `recipe` (planned unless told), as Plan Batch stores it. */
export async function seedBatch(
  db: Db,
  entityId: string,
  {
    recipe,
    targetVolumeBbl = 10,
    plannedBrewDate = new Date().toISOString().slice(0, 10),
    status = 'planned',
    productName = 'Seed Pale Ale',
  }: {
    recipe: Recipe
    targetVolumeBbl?: number
    plannedBrewDate?: string
    status?: string
    productName?: string
  },
) {
  const { brewhouseId, versionId } = await seedBrewhouse(db, entityId)
  const id = crypto.randomUUID()
  sequence += 1
  const number = `2026-${String(sequence).padStart(3, '0')}-${id.slice(0, 4)}`
  await db.insert(batches).values({
    id,
    entityId,
    number,
    year: 2026,
    sequence: Math.floor(Math.random() * 1_000_000_000),
    productName,
    recipeSnapshot: recipe,
    brewhouseId,
    brewhouseVersionId: versionId,
    plannedBrewDate,
    targetVolumeBbl: targetVolumeBbl.toFixed(5),
    status,
  })
  return { batchId: id, number }
}

/** A brew step row of a batch (brew day generates them when it starts). */
export async function seedBrewStep(db: Db, entityId: string, batchId: string, key: string, position = 1) {
  await db.insert(brewSteps).values({ entityId, batchId, key, position, kind: 'addition', plan: { key } })
}

/** A packaging run's liquid event (the cellar's Package), with the `details` keys inventory reads. */
export async function seedPackagedEvent(
  db: Db,
  entityId: string,
  batchId: string,
  { packageId, units, volumeBbl }: { packageId: string; units: number; volumeBbl: number },
) {
  const [vessel] = await db
    .insert(vessels)
    .values({
      id: crypto.randomUUID(),
      entityId,
      name: 'BT1',
      kind: 'brite tank',
      capacityBbl: '20',
      workingCapacityBbl: '20',
    })
    .returning({ id: vessels.id })
  const [event] = await db
    .insert(liquidEvents)
    .values({
      id: crypto.randomUUID(),
      entityId,
      batchId,
      kind: 'packaged',
      fromVesselId: vessel.id,
      volumeBbl: volumeBbl.toFixed(5),
      ttbClass: 'packaged',
      details: { packageId, units },
    })
    .returning()
  return event
}
