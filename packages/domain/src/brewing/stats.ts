import { explainRecipeStats } from './explain.ts'
import type { RecipeStatsInput } from './inputs.ts'
import type { BrewingLogger } from './logger.ts'

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

/**
 * OG, FG, ABV, IBU and SRM of a recipe (spec 02 §9); never NaN or Infinity, whatever the input. The figures
 * come from explainRecipeStats (explain.ts), the one computation that also keeps every step for display.
 */
export function calculateRecipeStats(
  recipe: RecipeStatsInput | null | undefined,
  options: RecipeStatsOptions = {},
): RecipeStats {
  return explainRecipeStats(recipe, options).stats
}
