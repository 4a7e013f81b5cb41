// Realistic product and recipe documents built from the seed catalogue.
import {
  FERMENTABLES,
  HOP_ADDITION_TYPES,
  HOPS,
  newRecipe,
  OTHER_INGREDIENTS,
  toRecipeYeast,
  YEASTS,
  type Recipe,
} from '@brewcommand/domain'

const pick = <T>(items: readonly T[], i: number): T => items[(i * 7) % items.length]

/** A recipe with `lines` ingredient lines (about 40% malts, 40% hops, the rest other ingredients). */
export function recipeWith(productId: string, lines: number, seed = 0): Recipe {
  const malts = Math.round(lines * 0.4)
  const hops = Math.round(lines * 0.4)
  const others = lines - malts - hops
  return {
    ...newRecipe(productId),
    yield: { quantity: 7, unit: 'BBL' },
    yeast: toRecipeYeast(pick(YEASTS, seed)),
    boilTime: 60,
    whirlpoolTime: 20,
    grainBill: Array.from({ length: malts }, (_, i) => ({
      id: crypto.randomUUID(),
      ingredient: pick(FERMENTABLES, i + seed),
      amount: { value: i === 0 ? 140 : 2.5, unit: 'Pounds' as const },
    })),
    hopsBill: Array.from({ length: hops }, (_, i) => {
      const additionType = HOP_ADDITION_TYPES[i % HOP_ADDITION_TYPES.length]
      return {
        id: crypto.randomUUID(),
        ingredient: pick(HOPS, i + seed),
        amount: { value: 0.5, unit: 'Pounds' as const },
        additionType,
        time: {
          value: additionType === 'Dry Hop' ? 4 : 5 + 4 * i,
          unit: additionType === 'Dry Hop' ? ('Days' as const) : ('Minutes' as const),
        },
      }
    }),
    otherIngredients: Array.from({ length: others }, (_, i) => ({
      id: crypto.randomUUID(),
      ingredient: pick(OTHER_INGREDIENTS, i + seed),
      amount: { value: 0.5, unit: 'Pounds' as const },
      additionType: 'Boil' as const,
      additionTime: 10,
      brewersNotes: '',
    })),
  }
}
