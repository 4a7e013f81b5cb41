// Builders for recipes in tests and benches: real Recipe shapes with the numbers a test cares about.
import type { BrewingLogger } from '../logger.ts'
import type { TimeUnit, VolumeUnit, WeightUnit } from '../units.ts'
import {
  newRecipe,
  type GrainEntry,
  type HopAdditionType,
  type HopEntry,
  type OtherEntry,
  type Recipe,
} from '../../recipes/recipe.schema.ts'

const PRODUCT_ID = '00000000-0000-4000-8000-000000000001'

/** A grain-bill entry with the given extract (fraction) and colour (°L). */
export function grain(
  value: number,
  unit: WeightUnit,
  extractFgMin: number,
  lovibond: number,
  name = 'Test Malt',
): GrainEntry {
  return {
    id: crypto.randomUUID(),
    ingredient: { id: name.toLowerCase().replaceAll(' ', '-'), type: 'grain', name, extractFgMin, lovibond },
    amount: { value, unit },
  }
}

/** A hops-bill entry; `time` is the hop's own time (used by Boil additions). */
export function hop(
  alphaAcids: number,
  value: number,
  unit: WeightUnit,
  additionType: HopAdditionType,
  time: { value: number; unit: TimeUnit } | null = null,
  name = 'Test Hop',
): HopEntry {
  return {
    id: crypto.randomUUID(),
    ingredient: { id: name.toLowerCase().replaceAll(' ', '-'), type: 'hop', name, alphaAcids },
    amount: { value, unit },
    additionType,
    time,
  }
}

/** An other-ingredient entry (fermentable ones add 46 points per pound). */
export function other(
  fermentable: boolean,
  value: number,
  unit: WeightUnit,
  name = 'Test Sugar',
): OtherEntry {
  return {
    id: crypto.randomUUID(),
    ingredient: { id: name.toLowerCase().replaceAll(' ', '-'), type: 'sugar', name, fermentable },
    amount: { value, unit },
    additionType: 'Boil',
    additionTime: 10,
    brewersNotes: '',
  }
}

/** A recipe of the given batch size and yeast attenuation (%), with the spec's defaults for the rest. */
export function recipe(
  quantity: number,
  unit: VolumeUnit,
  attenuation: number,
  parts: Partial<Omit<Recipe, 'yield'>> = {},
): Recipe {
  const base = newRecipe(PRODUCT_ID)
  return {
    ...base,
    yield: { quantity, unit },
    yeast: { type: 'ale', id: 'test-yeast', name: 'Test Yeast', attenuation, flocculation: 'Medium' },
    ...parts,
  }
}

/** A logger that keeps what it is told, for assertions. */
export function collectingLogger(): BrewingLogger & { messages: string[] } {
  const messages: string[] = []
  return { messages, warn: (message) => void messages.push(message) }
}
