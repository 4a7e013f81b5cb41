import { grainBillSrm } from './color.ts'
import {
  abvFromGravity,
  DEFAULT_EFFICIENCY,
  finalGravity,
  originalGravity,
  totalGravityPoints,
} from './gravity.ts'
import { DEFAULT_BOIL_GRAVITY, totalIbu } from './ibu.ts'
import type { RecipeStatsInput } from './inputs.ts'
import { consoleLogger, type BrewingLogger } from './logger.ts'
import { positiveOrZero, volumeToGallons } from './units.ts'

/** The calculated figures of a recipe, unrounded (round only for display). */
export type RecipeStats = {
  originalGravity: number
  finalGravity: number
  abv: number
  ibu: number
  srm: number
}

export type RecipeStatsOptions = {
  /** Brewhouse efficiency in percent; 70 when not given (docs/product/02-products.md §4). */
  efficiency?: number
  /** Receives warnings (unknown units, nothing to calculate); console by default. */
  logger?: BrewingLogger
}

const NO_INGREDIENTS: readonly never[] = []

// Stored documents and form state are not always well-formed; anything that is not an array counts as empty.
function asList<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : NO_INGREDIENTS
}

/**
 * OG, FG, ABV, IBU and SRM of a recipe (docs/product/02-products.md §9); never NaN or Infinity, whatever the input. It runs on
 * every keystroke in the editor, so it allocates nothing per ingredient; explainRecipeStats (explain.ts)
 * takes the same steps and keeps each of them for display, and a property test holds the two equal to the bit.
 */
export function calculateRecipeStats(
  recipe: RecipeStatsInput | null | undefined,
  options: RecipeStatsOptions = {},
): RecipeStats {
  const logger = options.logger ?? consoleLogger
  const efficiency = Number.isFinite(options.efficiency)
    ? positiveOrZero(options.efficiency)
    : DEFAULT_EFFICIENCY
  const grainBill = asList(recipe?.grainBill)
  const gallons = recipe?.yield ? volumeToGallons(recipe.yield.quantity, recipe.yield.unit, logger) : 0

  // docs/product/02-products.md §8: no recipe, no grains or no volume gives OG 1, FG 1, ABV 0 and a warning.
  const missing = !recipe
    ? 'No recipe'
    : grainBill.length === 0
      ? 'Empty grain bill'
      : gallons === 0
        ? 'Batch volume is not above zero'
        : undefined
  let og = 1
  let fg = 1
  let abv = 0
  if (missing) {
    logger.warn(`${missing}; original gravity 1, final gravity 1, ABV 0`)
  } else {
    og = originalGravity(
      totalGravityPoints(grainBill, asList(recipe?.otherIngredients), logger),
      gallons,
      efficiency,
    )
    fg = finalGravity(og, recipe?.yeast?.attenuation ?? 0)
    abv = abvFromGravity(og, fg)
  }

  const ibu = totalIbu(
    asList(recipe?.hopsBill),
    {
      gallons,
      boilGravity: missing ? DEFAULT_BOIL_GRAVITY : og,
      boilTime: recipe?.boilTime,
      whirlpoolTime: recipe?.whirlpoolTime,
    },
    logger,
  )
  const srm = grainBillSrm(grainBill, gallons, logger)
  return { originalGravity: og, finalGravity: fg, abv, ibu, srm }
}
