import { describe, expect, it } from 'vitest'
import {
  coldCrashShown,
  coldCrashSuggestion,
  ColdCrashTemperatureSchema,
  COLD_CRASH_RANGE_MESSAGE,
  temperatureIn,
} from './cold-crash.ts'

// The cold crash temperature (ADR 340). By hand: 0 °C = 0 × 9/5 + 32 = 32 °F; 34 °F = 2 × 5/9 = 1.11 → 1.1 °C;
// 28 °F = −4 × 5/9 = −2.22 → −2.2 °C; the range's edges 14 °F = −10 °C and 68 °F = 20 °C.

describe('the cold crash temperature', () => {
  it('suggests the recipe’s, else the brewery’s, else the standard 34 °F', () => {
    const recipe = { value: 31, unit: 'F' as const }
    const brewery = { value: 0, unit: 'C' as const }
    expect(coldCrashSuggestion(recipe, brewery)).toEqual({ temperature: recipe, from: 'recipe' })
    expect(coldCrashSuggestion(null, brewery)).toEqual({ temperature: brewery, from: 'brewery' })
    expect(coldCrashSuggestion(undefined, null)).toEqual({
      temperature: { value: 34, unit: 'F' },
      from: 'standard',
    })
  })

  it('is shown in the person’s unit, the standard as the brewer’s 1 °C', () => {
    expect(temperatureIn({ value: 0, unit: 'C' }, 'F')).toEqual({ value: 32, unit: 'F' })
    expect(temperatureIn({ value: 28, unit: 'F' }, 'C')).toEqual({ value: -2.2, unit: 'C' })
    expect(coldCrashShown(coldCrashSuggestion(null, null), 'C')).toEqual({ value: 1, unit: 'C' })
    expect(coldCrashShown(coldCrashSuggestion(null, null), 'F')).toEqual({ value: 34, unit: 'F' })
    expect(coldCrashShown(coldCrashSuggestion({ value: 34, unit: 'F' }, null), 'C')).toEqual({
      value: 1.1,
      unit: 'C',
    })
  })

  it('is a fridge’s range, edges included, with one message', () => {
    for (const ok of [
      { value: 14, unit: 'F' },
      { value: 68, unit: 'F' },
      { value: -10, unit: 'C' },
      { value: 20, unit: 'C' },
    ])
      expect(ColdCrashTemperatureSchema.safeParse(ok).success, JSON.stringify(ok)).toBe(true)
    for (const bad of [
      { value: 13.9, unit: 'F' },
      { value: 68.1, unit: 'F' },
      { value: -10.1, unit: 'C' },
      { value: 20.1, unit: 'C' },
    ]) {
      const result = ColdCrashTemperatureSchema.safeParse(bad)
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['value', COLD_CRASH_RANGE_MESSAGE],
      ])
    }
  })
})
