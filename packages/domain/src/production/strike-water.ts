import { capFinite, positiveOrZero } from '../brewing/units.ts'
import { celsiusToFahrenheit, temperatureTextToCelsius } from '../interchange/values.ts'
import type { MashStep } from '../recipes/recipe.schema.ts'
import { QUARTS_PER_GALLON, strikeWaterTemperatureF } from './brew-day-maths.ts'

// The strike water of a batch (issue 34, defect 4): how much, and how hot, for the first mash rest.

/** Mash step types that are not a rest the strike water lands in. */
const NOT_A_REST = new Set<string>(['vorlauf', 'lautering', 'fly-sparge', 'batch-sparge', 'ramp-to-boil'])

/** The first mash rest's temperature in °F (from its free text: "152 F", "67 °C"); null when it gives none. */
export function firstRestTemperatureF(
  process: readonly Pick<MashStep, 'order' | 'type' | 'temperature'>[],
): number | null {
  const rest = [...process].sort((a, b) => a.order - b.order).find((step) => !NOT_A_REST.has(step.type))
  const celsius = rest ? temperatureTextToCelsius(rest.temperature) : undefined
  return celsius === undefined ? null : celsiusToFahrenheit(celsius)
}

export type StrikeWater = {
  /** Pounds of grain × thickness (qt/lb) ÷ 4. */
  gallons: number
  /** Palmer's strike temperature plus the mash tun's heat loss (°F); null without a rest temperature. */
  temperatureF: number | null
  thicknessQuartsPerPound: number
  targetMashTemperatureF: number | null
  grainTemperatureF: number
  mashTunHeatLossF: number
}

/**
 * The strike water for `grainPounds` at `thicknessQuartsPerPound`: gallons = pounds × qt/lb ÷ 4, and the temperature
 * from Palmer's infusion equation (How to Brew, "Calculating strike water temperature"),
 * Tw = (0.2 ÷ r)(T2 − T1) + T2 (r in qt/lb, T1 the grain's and T2 the rest's temperature, °F), plus the degrees the
 * mash tun takes at mash-in.
 */
export function strikeWater(input: {
  grainPounds: number
  thicknessQuartsPerPound: number
  targetMashTemperatureF: number | null
  grainTemperatureF: number
  mashTunHeatLossF: number
}): StrikeWater {
  const thickness = positiveOrZero(input.thicknessQuartsPerPound)
  const gallons = capFinite((positiveOrZero(input.grainPounds) * thickness) / QUARTS_PER_GALLON)
  const temperatureF =
    input.targetMashTemperatureF === null
      ? null
      : strikeWaterTemperatureF(thickness, input.grainTemperatureF, input.targetMashTemperatureF) +
        positiveOrZero(input.mashTunHeatLossF)
  return {
    gallons,
    temperatureF,
    thicknessQuartsPerPound: thickness,
    targetMashTemperatureF: input.targetMashTemperatureF,
    grainTemperatureF: input.grainTemperatureF,
    mashTunHeatLossF: positiveOrZero(input.mashTunHeatLossF),
  }
}
