import { grainBillSrm } from './color.ts'
import { abvFromGravity, DEFAULT_EFFICIENCY, finalGravity, originalGravity, totalGravityPoints } from './gravity.ts'
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
  /** Brewhouse efficiency in percent; 70 when not given (spec 02 §4). */
  efficiency?: number
  /** Receives warnings (unknown units, nothing to calculate); console by default. */
  logger?: BrewingLogger
}

const NO_INGREDIENTS: readonly never[] = []

/** OG, FG, ABV, IBU and SRM of a recipe (spec 02 §9); never NaN or Infinity, whatever the input. */
export function calculateRecipeStats(
  recipe: RecipeStatsInput | null | undefined,
  options: RecipeStatsOptions = {},
): RecipeStats {
  const logger = options.logger ?? consoleLogger
  const efficiency = Number.isFinite(options.efficiency) ? positiveOrZero(options.efficiency) : DEFAULT_EFFICIENCY
  const grainBill = recipe?.grainBill ?? NO_INGREDIENTS
  const hopsBill = recipe?.hopsBill ?? NO_INGREDIENTS
  const others = recipe?.otherIngredients ?? NO_INGREDIENTS
  const gallons = recipe?.yield ? volumeToGallons(recipe.yield.quantity, recipe.yield.unit, logger) : 0

  let og = 1
  let fg = 1
  let abv = 0
  const hasGravity = grainBill.length > 0 && gallons > 0
  if (!recipe) logger.warn('No recipe; original gravity 1, final gravity 1, ABV 0')
  else if (grainBill.length === 0) logger.warn('Empty grain bill; original gravity 1, final gravity 1, ABV 0')
  else if (gallons === 0) logger.warn('Batch volume is not above zero; original gravity 1, final gravity 1, ABV 0')
  if (hasGravity) {
    og = originalGravity(totalGravityPoints(grainBill, others, logger), gallons, efficiency)
    fg = finalGravity(og, recipe?.yeast?.attenuation ?? 0)
    abv = abvFromGravity(og, fg)
  }

  const ibu = totalIbu(hopsBill, {
    gallons,
    boilGravity: hasGravity ? og : DEFAULT_BOIL_GRAVITY,
    boilTime: recipe?.boilTime,
    whirlpoolTime: recipe?.whirlpoolTime,
  }, logger)
  const srm = grainBillSrm(grainBill, gallons, logger)
  return { originalGravity: og, finalGravity: fg, abv, ibu, srm }
}
