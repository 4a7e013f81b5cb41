import { totalGravityPoints } from '../brewing/gravity.ts'
import { silentLogger } from '../brewing/logger.ts'
import { capFinite, GALLONS_PER_BBL, positiveOrZero, volumeToGallons } from '../brewing/units.ts'
import type { Recipe } from '../recipes/recipe.schema.ts'
import { grainPoundsOf } from './brewhouse.schema.ts'
import { brewhouseDefaults, mashThicknessOf, type StoredBrewhouseConstants } from './equipment.schema.ts'
import { firstRestTemperatureF, strikeWater, type StrikeWater } from './strike-water.ts'
import { explainVolumePlan, type ExplainedVolumePlan, type PlanLine } from './volume-plan-explain.ts'

// A batch's plan from its snapshot and brewhouse version (docs/production.md "batch"). A batch brewed at
// another volume than the recipe's batch size brews the recipe scaled: every ingredient by target ÷ recipe
// volume, so the gravities stay the recipe's and only the volumes change.

/** Gallons in a volume of beer stored in barrels. */
export const barrelsAsGallons = (barrels: number): number =>
  capFinite(positiveOrZero(barrels) * GALLONS_PER_BBL)

/** Target gallons ÷ the recipe's batch size in gallons; 1 when the recipe has no batch size. */
export function batchScale(recipe: Partial<Pick<Recipe, 'yield'>>, targetVolumeBbl: number): number {
  // A stored snapshot is read defensively: one without a batch size brews as written.
  if (!recipe.yield || !Number.isFinite(recipe.yield.quantity)) return 1
  const recipeGallons = volumeToGallons(recipe.yield.quantity, recipe.yield.unit, silentLogger)
  const targetGallons = barrelsAsGallons(targetVolumeBbl)
  if (recipeGallons === 0 || targetGallons === 0) return 1
  return capFinite(targetGallons / recipeGallons)
}

export type BatchPlan = ExplainedVolumePlan & {
  /** The factor the recipe is scaled by. */
  scale: number
  /** Pounds of grain in the scaled grain bill. */
  grainPounds: number
  /** Whether the scaled grain bill is above the brewhouse's maximum grain weight. */
  overMaxGrain: boolean
  /** Whether the target volume is above the brewhouse's maximum batch size. */
  overMaxBatch: boolean
  /** The strike water: volume and temperature (issue 34, defect 4). */
  strike: StrikeWater
  /** True when the recipe gives no mash thickness and the brewhouse's (or 1.25 qt/lb) is used. */
  thicknessFromBrewhouse: boolean
}

/**
 * The volume plan of a batch, explained line by line (explainVolumePlan), from the frozen recipe, the target
 * volume in barrels and the brewhouse version's constants.
 */
export function batchPlan(batch: {
  recipeSnapshot: Recipe
  targetVolumeBbl: number
  constants: StoredBrewhouseConstants
}): BatchPlan {
  const { recipeSnapshot: recipe } = batch
  const constants = brewhouseDefaults(batch.constants)
  const thickness = mashThicknessOf(recipe.mashThickness, constants.mashThicknessQuartsPerPound)
  const scale = batchScale(recipe, batch.targetVolumeBbl)
  const grainPounds = capFinite(grainPoundsOf(recipe) * scale)
  const intoFermenterGallons = barrelsAsGallons(batch.targetVolumeBbl)
  const explained = explainVolumePlan({
    intoFermenterGallons,
    grainPounds,
    mashThicknessQuartsPerPound: thickness,
    boilMinutes: recipe.boilTime,
    potentialPoints: capFinite(
      totalGravityPoints(recipe.grainBill, recipe.otherIngredients, silentLogger) * scale,
    ),
    brewhouseEfficiency: constants.brewhouseEfficiency,
    boilOffGallonsPerHour: constants.boilOffGallonsPerHour,
    kettleTrubLossGallons: constants.kettleTrubLossGallons,
    chillerLossGallons: constants.chillerLossGallons,
    grainAbsorptionGallonsPerPound: constants.grainAbsorptionGallonsPerPound,
    mashTunDeadSpaceGallons: constants.mashTunDeadSpaceGallons,
  })
  const strike = strikeWater({
    grainPounds,
    thicknessQuartsPerPound: thickness,
    targetMashTemperatureF: firstRestTemperatureF(recipe.process ?? []),
    grainTemperatureF: constants.grainTemperatureF,
    mashTunHeatLossF: constants.mashTunHeatLossF,
  })
  return {
    ...explained,
    lines: withStrikeTemperature(explained.lines, strike),
    strike,
    thicknessFromBrewhouse: !(recipe.mashThickness > 0),
    scale,
    grainPounds,
    overMaxGrain: grainPounds > constants.maxGrainPounds,
    overMaxBatch: intoFermenterGallons > constants.maxBatchGallons + 1e-9,
  }
}

const f = (value: number) => `${+value.toFixed(1)} °F`

/** The strike temperature's line, after the strike water's, when the first rest gives a temperature. */
function withStrikeTemperature(lines: PlanLine[], strike: StrikeWater): PlanLine[] {
  if (strike.temperatureF === null || strike.targetMashTemperatureF === null) return lines
  const r = strike.thicknessQuartsPerPound
  const line: PlanLine = {
    key: 'strikeTemperatureF',
    label: 'Strike temperature',
    value: strike.temperatureF,
    unit: '°F',
    formula: '(0.2 ÷ mash thickness) × (mash rest − grain temperature) + mash rest + mash tun heat loss',
    numbers: `(0.2 ÷ ${r}) × (${f(strike.targetMashTemperatureF)} − ${f(strike.grainTemperatureF)}) + ${f(strike.targetMashTemperatureF)} + ${f(strike.mashTunHeatLossF)} = ${f(strike.temperatureF)}`,
  }
  const at = lines.findIndex((l) => l.key === 'strikeWaterGallons')
  return at < 0 ? [...lines, line] : [...lines.slice(0, at + 1), line, ...lines.slice(at + 1)]
}
