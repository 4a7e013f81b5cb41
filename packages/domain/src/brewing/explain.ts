// Numbers that explain themselves: a recipe's figures with every step kept. It takes the steps of
// calculateRecipeStats (stats.ts, which stays allocation-free for the editor's keystrokes) through the same
// helpers in the same order, so what the explanation shows is exactly what was computed, down to the last
// bit; explain.test.ts holds the two equal on random recipes.
import { grainBillSrm, maltColorUnits, SRM_MAX, SRM_MIN } from './color.ts'
import {
  ABV_FACTOR,
  abvFromGravity,
  DEFAULT_EFFICIENCY,
  finalGravity,
  grainPoints,
  originalGravity,
  otherIngredientPoints,
  POINTS_PER_POUND,
} from './gravity.ts'
import { DEFAULT_BOIL_GRAVITY, hopIbu, hopMinutes, tinsethUtilisation, type IbuContext } from './ibu.ts'
import type { RecipeStatsInput } from './inputs.ts'
import { consoleLogger, type BrewingLogger } from './logger.ts'
import type { RecipeStats, RecipeStatsOptions } from './stats.ts'
import {
  capFinite,
  cappedProduct,
  positiveOrZero,
  volumeToGallons,
  weightToOunces,
  weightToPounds,
} from './units.ts'

type Named = { id?: unknown; ingredient?: { name?: unknown } | null } | null | undefined

/** Gravity points of one grain or fermentable other ingredient, and its share of OG (points of gravity). */
export type GravityContribution = {
  entryId: string
  name: string
  source: 'grain' | 'other'
  pounds: number
  /** The grain's extract as a fraction (fermentable other ingredients count 1). */
  extract: number
  /** 46 × extract × pounds. */
  points: number
  /** points / gallons × efficiency / 100 / 1000: what this ingredient adds to OG. */
  gravity: number
}

/** Bitterness of one hop addition (Tinseth). */
export type IbuContribution = {
  entryId: string
  name: string
  additionType: string
  alphaAcids: number
  ounces: number
  minutes: number
  utilisation: number
  ibu: number
}

/** Malt colour units of one grain: pounds × °L / gallons. */
export type ColourContribution = {
  entryId: string
  name: string
  pounds: number
  lovibond: number
  mcu: number
}

/** Every step of a recipe's figures (docs/product/02-products.md §9), with the stats they make. */
export type RecipeExplanation = {
  stats: RecipeStats
  /** Why OG is 1 and FG 1 (no recipe, empty grain bill, no volume); undefined when they were computed. */
  missing?: string
  gallons: number
  efficiency: number
  gravity: {
    pointsPerPound: number
    totalPoints: number
    contributions: GravityContribution[]
  }
  finalGravity: { attenuation: number }
  abv: { factor: number }
  ibu: {
    method: 'Tinseth'
    boilGravity: number
    boilTime: number
    whirlpoolTime: number
    contributions: IbuContribution[]
  }
  srm: {
    method: 'Morey'
    mcu: number
    clamp: readonly [number, number]
    contributions: ColourContribution[]
  }
}

const NO_INGREDIENTS: readonly never[] = []

// Stored documents and form state are not always well-formed; anything that is not an array counts as empty.
function asList<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : NO_INGREDIENTS
}

function label(entry: Named, fallback: string): { entryId: string; name: string } {
  const name = entry?.ingredient?.name
  return {
    entryId: typeof entry?.id === 'string' ? entry.id : '',
    name: typeof name === 'string' && name.trim() ? name : fallback,
  }
}

/** OG, FG, ABV, IBU and SRM of a recipe with every constant and per-ingredient contribution. */
export function explainRecipeStats(
  recipe: RecipeStatsInput | null | undefined,
  options: RecipeStatsOptions = {},
): RecipeExplanation {
  const logger: BrewingLogger = options.logger ?? consoleLogger
  const efficiency = Number.isFinite(options.efficiency)
    ? positiveOrZero(options.efficiency)
    : DEFAULT_EFFICIENCY
  const grainBill = asList(recipe?.grainBill)
  const otherIngredients = asList(recipe?.otherIngredients)
  const gallons = recipe?.yield ? volumeToGallons(recipe.yield.quantity, recipe.yield.unit, logger) : 0

  // docs/product/02-products.md §8: no recipe, no grains or no volume gives OG 1, FG 1, ABV 0 and a warning.
  const missing = !recipe
    ? 'No recipe'
    : grainBill.length === 0
      ? 'Empty grain bill'
      : gallons === 0
        ? 'Batch volume is not above zero'
        : undefined

  const shareOfGravity = (points: number) => (missing ? 0 : originalGravity(points, gallons, efficiency) - 1)
  const gravityContributions: GravityContribution[] = []
  let og = 1
  let fg = 1
  let abv = 0
  let totalPoints = 0
  const attenuation = positiveOrZero(recipe?.yeast?.attenuation ?? 0)
  if (missing) {
    logger.warn(`${missing}; original gravity 1, final gravity 1, ABV 0`)
  } else {
    // The same loop as totalGravityPoints (gravity.ts), keeping each ingredient's points.
    let points = 0
    grainBill.forEach((grain, index) => {
      if (!grain) return
      const pounds = weightToPounds(grain.amount?.value, grain.amount?.unit, logger)
      const extract = grain.ingredient?.extractFgMin ?? 0
      const grainPts = grainPoints(pounds, extract)
      points += grainPts
      gravityContributions.push({
        ...label(grain as Named, `Grain ${index + 1}`),
        source: 'grain',
        pounds,
        extract: positiveOrZero(extract),
        points: grainPts,
        gravity: shareOfGravity(grainPts),
      })
    })
    otherIngredients.forEach((other, index) => {
      if (!other || other.ingredient?.fermentable !== true) return
      const pounds = weightToPounds(other.amount?.value, other.amount?.unit, logger)
      const otherPts = otherIngredientPoints(pounds, true)
      points += otherPts
      gravityContributions.push({
        ...label(other as Named, `Ingredient ${index + 1}`),
        source: 'other',
        pounds,
        extract: 1,
        points: otherPts,
        gravity: shareOfGravity(otherPts),
      })
    })
    totalPoints = capFinite(points)
    og = originalGravity(totalPoints, gallons, efficiency)
    fg = finalGravity(og, recipe?.yeast?.attenuation ?? 0)
    abv = abvFromGravity(og, fg)
  }

  // IBU: the same steps as totalIbu / hopIbu (ibu.ts), keeping each addition's utilisation.
  const context: IbuContext = {
    gallons,
    boilGravity: missing ? DEFAULT_BOIL_GRAVITY : og,
    boilTime: recipe?.boilTime,
    whirlpoolTime: recipe?.whirlpoolTime,
  }
  const ibuContributions: IbuContribution[] = []
  let ibu = 0
  const silent: BrewingLogger = { warn: () => {} }
  asList(recipe?.hopsBill).forEach((hop, index) => {
    if (!hop) return
    // The figure comes from hopIbu itself; the parts beside it are recomputed quietly for display.
    const hopIbuValue = hopIbu(hop, context, logger)
    const minutes = hopMinutes(hop, context, silent)
    const alpha = positiveOrZero(hop.ingredient?.alphaAcids)
    const counts = minutes !== 0 && alpha !== 0
    ibu += hopIbuValue
    ibuContributions.push({
      ...label(hop as Named, `Hop ${index + 1}`),
      additionType: typeof hop.additionType === 'string' ? hop.additionType : '',
      alphaAcids: alpha,
      ounces: weightToOunces(hop.amount?.value, hop.amount?.unit, silent),
      minutes,
      utilisation: counts ? tinsethUtilisation(context.boilGravity, minutes) : 0,
      ibu: hopIbuValue,
    })
  })
  ibu = capFinite(ibu)

  // SRM: grainBillSrm (color.ts) computes the figure; the contributions repeat maltColorUnits' terms.
  const srm = grainBillSrm(grainBill, gallons, logger)
  const volume = positiveOrZero(gallons)
  const colourContributions: ColourContribution[] = []
  let mcu = 0
  if (grainBill.length > 0 && volume > 0) {
    mcu = maltColorUnits(grainBill, gallons, silent)
    grainBill.forEach((grain, index) => {
      if (!grain) return
      const pounds = weightToPounds(grain.amount?.value, grain.amount?.unit, silent)
      const lovibond = positiveOrZero(grain.ingredient?.lovibond)
      colourContributions.push({
        ...label(grain as Named, `Grain ${index + 1}`),
        pounds,
        lovibond,
        mcu: capFinite(cappedProduct(pounds, lovibond) / volume),
      })
    })
  }

  return {
    stats: { originalGravity: og, finalGravity: fg, abv, ibu, srm },
    ...(missing ? { missing } : {}),
    gallons,
    efficiency,
    gravity: { pointsPerPound: POINTS_PER_POUND, totalPoints, contributions: gravityContributions },
    finalGravity: { attenuation: Math.min(attenuation, 100) },
    abv: { factor: ABV_FACTOR },
    ibu: {
      method: 'Tinseth',
      boilGravity: context.boilGravity,
      boilTime: positiveOrZero(recipe?.boilTime),
      whirlpoolTime: positiveOrZero(recipe?.whirlpoolTime),
      contributions: ibuContributions,
    },
    srm: { method: 'Morey', mcu, clamp: [SRM_MIN, SRM_MAX], contributions: colourContributions },
  }
}

/** Morey's SRM of an MCU value, exported here so the panel can show the unclamped step. */
export function moreyUnclamped(mcu: number): number {
  const srm = 1.4922 * Math.pow(positiveOrZero(mcu), 0.6859)
  return Number.isFinite(srm) ? srm : 0
}
