// Brewhouses, vessels and planned batches written straight into the production tables, for tests of the parts
// that use them (brew day) before and apart from the equipment and batch routes. Every row belongs to the given
// brewery; a batch's snapshot is a real recipe (packages/domain's Recipe shape).
import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  formatBatchNumber,
  newRecipe,
  type Recipe,
  type VesselKind,
  type VesselState,
} from '@brewcommand/domain'
import { nextSeededSequence } from './cellar-seed.ts'
import type { Db } from '../db/client.ts'
import { batches, brewhouses, brewhouseVersions, vessels } from '../db/schema/production.ts'

/** A recipe worth brewing: 400 lb of pale malt for 10 BBL, a 60-minute mash with a mash hop, a 60-minute boil. */
export function brewableRecipe(productId: string = crypto.randomUUID()): Recipe {
  return {
    ...newRecipe(productId),
    name: 'Seeded Pale',
    yield: { quantity: 10, unit: 'BBL' },
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'pale-malt', type: 'grain', name: 'Pale Malt', extractFgMin: 0.8, lovibond: 3 },
        amount: { value: 400, unit: 'Pounds' },
      },
    ],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'magnum', type: 'hop', name: 'Magnum', alphaAcids: 12 },
        amount: { value: 2, unit: 'Pounds' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
      {
        id: crypto.randomUUID(),
        ingredient: { id: 'saaz', type: 'hop', name: 'Saaz', alphaAcids: 4 },
        amount: { value: 1, unit: 'Pounds' },
        additionType: 'Mash',
        time: null,
      },
    ],
    process: [
      {
        id: crypto.randomUUID(),
        order: 1,
        type: 'infusion-mash',
        temperature: '152 F',
        durationMins: '60',
        targetpH: '',
        brewersNotes: '',
      },
    ],
    boilTime: 60,
    mashThickness: 1.5,
  } as Recipe
}

export async function seedBrewhouse(db: Db, entityId: string, name = 'Seeded 10 BBL') {
  const id = crypto.randomUUID()
  await db.insert(brewhouses).values({ id, entityId, name })
  const [version] = await db
    .insert(brewhouseVersions)
    .values({
      entityId,
      brewhouseId: id,
      version: 1,
      constants: { ...DEFAULT_BREWHOUSE_CONSTANTS, name },
      reason: 'created',
    })
    .returning({ id: brewhouseVersions.id })
  return { id, versionId: version.id }
}

export async function seedVessel(
  db: Db,
  entityId: string,
  options: {
    name?: string
    kind?: VesselKind
    state?: VesselState
    capacityBbl?: number
    workingBbl?: number
  } = {},
) {
  const id = crypto.randomUUID()
  await db.insert(vessels).values({
    id,
    entityId,
    name: options.name ?? `FV ${id.slice(0, 4)}`,
    kind: options.kind ?? 'fermenter',
    state: options.state ?? 'clean',
    capacityBbl: String(options.capacityBbl ?? 12),
    workingCapacityBbl: String(options.workingBbl ?? 10),
  })
  return id
}

/** A planned batch of `recipe` on a fresh (or the given) brewhouse, numbered by the brewery's sequence. */
export async function seedBatch(
  db: Db,
  entityId: string,
  options: {
    recipe?: Recipe
    brewhouse?: { id: string; versionId: string }
    targetVolumeBbl?: number
    plannedBrewDate?: string
  } = {},
) {
  const recipe = options.recipe ?? brewableRecipe()
  const brewhouse = options.brewhouse ?? (await seedBrewhouse(db, entityId))
  const year = 2026
  const sequence = await nextSeededSequence(db, entityId, year)
  const id = crypto.randomUUID()
  const number = formatBatchNumber(year, sequence)
  await db.insert(batches).values({
    id,
    entityId,
    number,
    year,
    sequence,
    productId: recipe.productId,
    productName: 'Seeded Pale',
    recipeId: recipe.id,
    recipeSnapshot: recipe,
    brewhouseId: brewhouse.id,
    brewhouseVersionId: brewhouse.versionId,
    plannedBrewDate: options.plannedBrewDate ?? '2026-11-24',
    targetVolumeBbl: String(options.targetVolumeBbl ?? 10),
  })
  return { id, number, recipe, brewhouse }
}
