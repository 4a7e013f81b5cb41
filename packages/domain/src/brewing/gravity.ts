import type { GrainInput, OtherInput } from './inputs.ts'
import { consoleLogger, type BrewingLogger } from './logger.ts'
import { capFinite, cappedProduct, positiveOrZero, weightToPounds } from './units.ts'

/** Gravity points per pound per gallon of pure extract (docs/product/02-products.md §9). */
export const POINTS_PER_POUND = 46
/** Brewhouse efficiency (%) the product uses. */
export const DEFAULT_EFFICIENCY = 70
/** The common (OG − FG) × 131.25 approximation of ABV. */
export const ABV_FACTOR = 131.25

/** Gravity points of a grain: 46 × extractFgMin (a fraction) per pound. */
export function grainPoints(pounds: number, extractFgMin: number): number {
  return cappedProduct(POINTS_PER_POUND, positiveOrZero(extractFgMin), positiveOrZero(pounds))
}

/** Gravity points of an other ingredient: 46 per pound when it is fermentable, else 0. */
export function otherIngredientPoints(pounds: number, fermentable: boolean): number {
  return fermentable ? cappedProduct(POINTS_PER_POUND, positiveOrZero(pounds)) : 0
}

/** Total gravity points of a grain bill and the fermentable other ingredients (unknown units count 0). */
export function totalGravityPoints(
  grainBill: readonly (GrainInput | null | undefined)[],
  otherIngredients: readonly (OtherInput | null | undefined)[] = [],
  logger: BrewingLogger = consoleLogger,
): number {
  let points = 0
  for (const grain of grainBill) {
    if (!grain) continue
    const pounds = weightToPounds(grain.amount?.value, grain.amount?.unit, logger)
    points += grainPoints(pounds, grain.ingredient?.extractFgMin ?? 0)
  }
  for (const other of otherIngredients) {
    if (!other || other.ingredient?.fermentable !== true) continue
    points += otherIngredientPoints(weightToPounds(other.amount?.value, other.amount?.unit, logger), true)
  }
  return capFinite(points)
}

/** OG = 1 + (points / gallons × efficiency % / 100) / 1000; 1 when the volume is not above zero. */
export function originalGravity(
  totalPoints: number,
  gallons: number,
  efficiencyPct = DEFAULT_EFFICIENCY,
): number {
  const volume = positiveOrZero(gallons)
  if (volume === 0) return 1
  const pointsPerGallon = capFinite(positiveOrZero(totalPoints) / volume)
  return capFinite(1 + cappedProduct(pointsPerGallon, positiveOrZero(efficiencyPct) / 100) / 1000)
}

/** FG from OG and the yeast's apparent attenuation (a percentage, clamped to 0–100): 1 + (OG − 1) × (1 − a). */
export function finalGravity(originalGravity: number, attenuationPct: number): number {
  const points = positiveOrZero(originalGravity - 1)
  const attenuation = Math.min(positiveOrZero(attenuationPct), 100) / 100
  return 1 + points * (1 - attenuation)
}

/** ABV (%) = (OG − FG) × 131.25; never negative, 0 for non-numbers. */
export function abvFromGravity(originalGravity: number, finalGravity: number): number {
  return cappedProduct(positiveOrZero(originalGravity - finalGravity), ABV_FACTOR)
}
