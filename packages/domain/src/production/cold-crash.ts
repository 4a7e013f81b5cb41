import { z } from 'zod'

// The cold crash temperature (issue 34, ADR 340): what a brewer sets the tank to before the transfer. One shape
// for the recipe's own, the brewery's default and the one a tap records; one range, checked on both sides.

/** The cold crash temperature when neither the recipe nor the brewery says one. */
export const DEFAULT_COLD_CRASH_TEMPERATURE = { value: 34, unit: 'F' } as const
/** The same standard for a person reading °C (34 °F is 1.1 °C; a brewer says 1 °C). */
export const DEFAULT_COLD_CRASH_TEMPERATURE_C = { value: 1, unit: 'C' } as const

export const COLD_CRASH_RANGE_MESSAGE = 'A cold crash is between 14 and 68 °F (−10 and 20 °C)'

/** A temperature as entered: its number and its unit. */
export const TemperatureSchema = z.object({
  value: z.number({ error: 'Enter the temperature' }).finite('Enter the temperature'),
  unit: z.enum(['F', 'C'], { error: 'The unit is F or C' }),
})
export type Temperature = z.infer<typeof TemperatureSchema>

/** A cold crash temperature: a fridge's range, 14–68 °F (−10–20 °C). */
export const ColdCrashTemperatureSchema = TemperatureSchema.refine(
  (t) => (t.unit === 'F' ? t.value >= 14 && t.value <= 68 : t.value >= -10 && t.value <= 20),
  { error: COLD_CRASH_RANGE_MESSAGE, path: ['value'] },
)
export type ColdCrashTemperature = z.infer<typeof ColdCrashTemperatureSchema>

/** A temperature in the unit a person reads, to one decimal (1 °C → 33.8 °F). */
export function temperatureIn(t: Temperature, unit: 'F' | 'C'): Temperature {
  if (t.unit === unit) return t
  const value = unit === 'F' ? (t.value * 9) / 5 + 32 : ((t.value - 32) * 5) / 9
  return { value: Math.round(value * 10) / 10, unit }
}

/**
 * The temperature a cold crash tap suggests (ADR 340): the recipe's own when it has one, else the brewery's
 * default, else 34 °F — which a person reading °C sees as the brewer's 1 °C, not 1.1 °C.
 */
export function coldCrashSuggestion(
  recipe: Temperature | null | undefined,
  brewery: Temperature | null | undefined,
): { temperature: Temperature; from: 'recipe' | 'brewery' | 'standard' } {
  if (recipe) return { temperature: recipe, from: 'recipe' }
  if (brewery) return { temperature: brewery, from: 'brewery' }
  return { temperature: DEFAULT_COLD_CRASH_TEMPERATURE, from: 'standard' }
}

/** A suggestion shown in the person's unit; the standard 34 °F reads 1 °C. */
export function coldCrashShown(
  suggestion: { temperature: Temperature; from: 'recipe' | 'brewery' | 'standard' },
  unit: 'F' | 'C',
): Temperature {
  if (suggestion.from === 'standard' && unit === 'C') return DEFAULT_COLD_CRASH_TEMPERATURE_C
  return temperatureIn(suggestion.temperature, unit)
}
