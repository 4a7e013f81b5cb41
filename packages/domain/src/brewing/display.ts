import type { RecipeStats } from './stats.ts'

/** Decimals each figure is shown with (docs/product/02-products.md §4, docs/architecture.md "Brewing calculations and reference data"). */
export const STAT_DECIMALS: Record<keyof RecipeStats, number> = {
  originalGravity: 3,
  finalGravity: 3,
  abv: 3,
  ibu: 2,
  srm: 2,
}

// Moves the decimal point in the number's text form, which avoids 1.005 * 100 = 100.49999….
function shiftDecimal(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}

/** Rounds half away from zero to `decimals` places without binary drift (1.005 → 1.01); non-numbers give 0. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return 0
  const rounded =
    Math.sign(value) * shiftDecimal(Math.round(shiftDecimal(Math.abs(value), decimals)), -decimals)
  return rounded === 0 ? 0 : rounded
}

/** IBU for display: 2 decimals. */
export function roundIbu(ibu: number): number {
  return roundTo(ibu, STAT_DECIMALS.ibu)
}

/** SRM for display: 2 decimals. */
export function roundSrm(srm: number): number {
  return roundTo(srm, STAT_DECIMALS.srm)
}

/** ABV for display: 3 decimals. */
export function roundAbv(abv: number): number {
  return roundTo(abv, STAT_DECIMALS.abv)
}

/** A specific gravity for display: 3 decimals. */
export function roundGravity(gravity: number): number {
  return roundTo(gravity, STAT_DECIMALS.originalGravity)
}

/** Every figure rounded as the recipe screen shows it (and as a recipe stores it). */
export function roundRecipeStats(stats: RecipeStats): RecipeStats {
  return {
    originalGravity: roundGravity(stats.originalGravity),
    finalGravity: roundGravity(stats.finalGravity),
    abv: roundAbv(stats.abv),
    ibu: roundIbu(stats.ibu),
    srm: roundSrm(stats.srm),
  }
}

/** Every figure as display text with its fixed decimals ("1.050", "5.250", "42.00"). */
export function formatRecipeStats(stats: RecipeStats): Record<keyof RecipeStats, string> {
  const rounded = roundRecipeStats(stats)
  return {
    originalGravity: rounded.originalGravity.toFixed(STAT_DECIMALS.originalGravity),
    finalGravity: rounded.finalGravity.toFixed(STAT_DECIMALS.finalGravity),
    abv: rounded.abv.toFixed(STAT_DECIMALS.abv),
    ibu: rounded.ibu.toFixed(STAT_DECIMALS.ibu),
    srm: rounded.srm.toFixed(STAT_DECIMALS.srm),
  }
}
