import { DEFAULT_EFFICIENCY, originalGravity } from '../brewing/gravity.ts'
import { capFinite, positiveOrZero } from '../brewing/units.ts'
import { volumePlan, type VolumePlan, type VolumePlanInput } from './brew-day-maths.ts'

// A batch's volume plan as lines that explain themselves, as the recipe figures' ⓘ do: each line has its value,
// the formula, and the formula with this batch's numbers in it.

export type PlanLine = {
  key: keyof VolumePlan | 'expectedOriginalGravity' | 'recipeOriginalGravity' | 'strikeTemperatureF'
  label: string
  value: number
  unit: 'gal' | 'SG' | '°F'
  formula: string
  numbers: string
}

export type ExplainedVolumePlan = { plan: VolumePlan; lines: PlanLine[] }

const g = (value: number) => `${+value.toFixed(2)} gal`
const sg = (value: number) => value.toFixed(3)

/**
 * The volume plan of a batch on a brewhouse, explained, with the OG the brewhouse's efficiency gives beside the
 * recipe's figure at the product's fixed 70 %. `potentialPoints` is the grain bill's 46 × extract × pounds.
 */
export function explainVolumePlan(
  input: Omit<VolumePlanInput, 'originalGravity'> & { potentialPoints: number; brewhouseEfficiency: number },
): ExplainedVolumePlan {
  const gallons = positiveOrZero(input.intoFermenterGallons)
  const efficiency = positiveOrZero(input.brewhouseEfficiency)
  const expectedOriginalGravity = originalGravity(input.potentialPoints, gallons, efficiency)
  const recipeOriginalGravity = originalGravity(input.potentialPoints, gallons, DEFAULT_EFFICIENCY)
  const plan = volumePlan({ ...input, originalGravity: expectedOriginalGravity })
  const hours = positiveOrZero(input.boilMinutes) / 60
  const points = capFinite(positiveOrZero(input.potentialPoints))
  const lines: PlanLine[] = [
    {
      key: 'expectedOriginalGravity',
      label: 'Expected OG on this brewhouse',
      value: expectedOriginalGravity,
      unit: 'SG',
      formula: '1 + potential points ÷ gallons × brewhouse efficiency ÷ 1000',
      numbers: `1 + ${+points.toFixed(1)} ÷ ${+gallons.toFixed(2)} × ${efficiency}% ÷ 1000 = ${sg(expectedOriginalGravity)}`,
    },
    {
      key: 'recipeOriginalGravity',
      label: "Recipe's OG at 70 %",
      value: recipeOriginalGravity,
      unit: 'SG',
      formula: '1 + potential points ÷ gallons × 70 % ÷ 1000',
      numbers: `1 + ${+points.toFixed(1)} ÷ ${+gallons.toFixed(2)} × 70% ÷ 1000 = ${sg(recipeOriginalGravity)}`,
    },
    {
      key: 'intoFermenterGallons',
      label: 'Into the fermenter',
      value: plan.intoFermenterGallons,
      unit: 'gal',
      formula: "the batch's target volume",
      numbers: g(plan.intoFermenterGallons),
    },
    {
      key: 'postBoilGallons',
      label: 'Post-boil volume',
      value: plan.postBoilGallons,
      unit: 'gal',
      formula: 'into the fermenter + kettle and trub loss + chiller loss',
      numbers: `${g(plan.intoFermenterGallons)} + ${g(input.kettleTrubLossGallons)} + ${g(input.chillerLossGallons)} = ${g(plan.postBoilGallons)}`,
    },
    {
      key: 'preBoilGallons',
      label: 'Pre-boil volume',
      value: plan.preBoilGallons,
      unit: 'gal',
      formula: 'post-boil volume + boil-off per hour × boil hours',
      numbers: `${g(plan.postBoilGallons)} + ${g(input.boilOffGallonsPerHour)}/h × ${+hours.toFixed(2)} h = ${g(plan.preBoilGallons)}`,
    },
    {
      key: 'preBoilGravity',
      label: 'Pre-boil gravity',
      value: plan.preBoilGravity,
      unit: 'SG',
      formula: '1 + (OG − 1) × post-boil volume ÷ pre-boil volume',
      numbers: `1 + ${((expectedOriginalGravity - 1) * 1000).toFixed(1)}/1000 × ${g(plan.postBoilGallons)} ÷ ${g(plan.preBoilGallons)} = ${sg(plan.preBoilGravity)}`,
    },
    {
      key: 'totalWaterGallons',
      label: 'Total water',
      value: plan.totalWaterGallons,
      unit: 'gal',
      formula: 'pre-boil volume + grain absorption (pounds × gallons per pound) + mash tun dead space',
      numbers: `${g(plan.preBoilGallons)} + ${+positiveOrZero(input.grainPounds).toFixed(2)} lb × ${input.grainAbsorptionGallonsPerPound} + ${g(input.mashTunDeadSpaceGallons)} = ${g(plan.totalWaterGallons)}`,
    },
    {
      key: 'strikeWaterGallons',
      label: 'Strike water',
      value: plan.strikeWaterGallons,
      unit: 'gal',
      formula: 'pounds of grain × mash thickness (qt/lb) ÷ 4',
      numbers: `${+positiveOrZero(input.grainPounds).toFixed(2)} lb × ${input.mashThicknessQuartsPerPound} qt/lb ÷ 4 = ${g(plan.strikeWaterGallons)}`,
    },
    {
      key: 'spargeWaterGallons',
      label: 'Sparge water',
      value: plan.spargeWaterGallons,
      unit: 'gal',
      formula: 'total water − strike water',
      numbers: `${g(plan.totalWaterGallons)} − ${g(plan.strikeWaterGallons)} = ${g(plan.spargeWaterGallons)}`,
    },
  ]
  return { plan, lines }
}

/** Which planned volumes exceed a vessel's working capacity (gallons), for the capacity warning. */
export function volumesOverCapacity(
  plan: VolumePlan,
  vessels: {
    kettleGallons?: number | null
    mashTunGallons?: number | null
    fermenterGallons?: number | null
  },
): {
  key: keyof VolumePlan
  vessel: 'kettle' | 'mash tun' | 'fermenter'
  gallons: number
  capacity: number
}[] {
  const over: ReturnType<typeof volumesOverCapacity> = []
  const check = (
    key: keyof VolumePlan,
    vessel: 'kettle' | 'mash tun' | 'fermenter',
    capacity?: number | null,
  ) => {
    if (capacity && capacity > 0 && plan[key] > capacity)
      over.push({ key, vessel, gallons: plan[key], capacity })
  }
  check('preBoilGallons', 'kettle', vessels.kettleGallons)
  check('strikeWaterGallons', 'mash tun', vessels.mashTunGallons)
  check('intoFermenterGallons', 'fermenter', vessels.fermenterGallons)
  return over
}
