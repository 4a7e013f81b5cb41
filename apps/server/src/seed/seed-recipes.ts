// The seed's recipes and brewhouse (ADR 370): a 20 bbl recipe per product from the catalogue (a base malt, a
// crystal malt, a bittering and an aroma hop, an ale yeast), brewed on a 30 bbl brewhouse.
import {
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTABLES,
  HOPS,
  newRecipe,
  YEASTS,
  type Recipe,
} from '@brewcommand/domain'
import type { Prng } from './seed-kit.ts'

/** The malts and hops the recipes use; the first stock items are these, so brew days consume their lots. */
export const BASE_MALTS = [
  'pale-2-row-malt',
  'pilsner-malt-germany',
  'maris-otter-pale-ale-malt',
  'vienna-malt',
]
export const SPECIALTY_MALTS = [
  'crystal-malt-40l',
  'munich-malt-10l',
  'chocolate-malt-us',
  'white-wheat-malt',
]
export const RECIPE_HOPS = ['citra', 'mosaic', 'centennial', 'cascade']

const fermentable = (id: string) => {
  const found = FERMENTABLES.find((f) => f.id === id)
  if (!found) throw new Error(`The catalogue has no fermentable ${id}`)
  return { ...found }
}
const hop = (id: string) => {
  const found = HOPS.find((h) => h.id === id)
  if (!found) throw new Error(`The catalogue has no hop ${id}`)
  return { ...found }
}

/** A 20 bbl ale: about 55 lb of grain per barrel, 60-minute mash and boil, a bittering and a whirlpool hop. */
export function seedRecipe(rnd: Prng, productId: string, name: string): Recipe {
  const ale = YEASTS.find((y) => y.id === 'fermentis-safale-us-05') ?? YEASTS[0]
  return {
    ...newRecipe(productId),
    id: rnd.uuid(),
    name,
    yield: { quantity: 20, unit: 'BBL' },
    boilTime: 60,
    mashThickness: 1.25,
    grainBill: [
      {
        id: rnd.uuid(),
        ingredient: fermentable(rnd.pick(BASE_MALTS)),
        amount: { value: rnd.int(900, 1100), unit: 'Pounds' },
      },
      {
        id: rnd.uuid(),
        ingredient: fermentable(rnd.pick(SPECIALTY_MALTS)),
        amount: { value: rnd.int(40, 120), unit: 'Pounds' },
      },
    ],
    hopsBill: [
      {
        id: rnd.uuid(),
        ingredient: hop(rnd.pick(RECIPE_HOPS)),
        amount: { value: rnd.int(8, 16), unit: 'Pounds' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
      {
        id: rnd.uuid(),
        ingredient: hop(rnd.pick(RECIPE_HOPS)),
        amount: { value: rnd.int(10, 30), unit: 'Pounds' },
        additionType: 'Boil',
        time: { value: 5, unit: 'Minutes' },
      },
    ],
    process: [
      {
        id: rnd.uuid(),
        order: 1,
        type: 'infusion-mash',
        temperature: '152 F',
        durationMins: '60',
        targetpH: '',
        brewersNotes: '',
      },
    ],
    yeast: { ...ale },
  } as Recipe
}

/** A 30 bbl brewhouse (the default constants, sized up). */
export const seedBrewhouse = (id: string) => ({
  id,
  name: 'Thirty barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  maxBatchGallons: 30 * 31,
  maxGrainPounds: 3_000,
})
