import { describe, expect, it } from 'vitest'
import {
  formatBeerVolume,
  fromGallons,
  fromGallonsPerPound,
  inputNumber,
  toBarrels,
  toGallons,
  toGallonsPerPound,
  toPounds,
} from './units.ts'

describe('production units', () => {
  it.each([
    [10, 'bbl', 310],
    [37.854_117_84, 'L', 10],
    [5, 'gal', 5],
  ] as const)('%s %s is %s gal', (value, unit, gallons) => {
    expect(toGallons(value, unit)).toBeCloseTo(gallons, 8)
    expect(fromGallons(gallons, unit)).toBeCloseTo(value, 8)
  })

  it('converts kilograms, litres per kilogram and barrels', () => {
    expect(toPounds(10, 'kg')).toBeCloseTo(22.0462, 4)
    // 0.1 gal/lb is 0.8345 L/kg.
    expect(fromGallonsPerPound(0.1, 'kg')).toBeCloseTo(0.8345, 4)
    expect(toGallonsPerPound(fromGallonsPerPound(0.125, 'kg'), 'kg')).toBeCloseTo(0.125, 10)
    expect(toBarrels(155, 'gal')).toBeCloseTo(5, 10)
  })

  it('shows numbers as a person types and reads them', () => {
    expect(inputNumber(9.999_999_9)).toBe('10')
    expect(formatBeerVolume(5, 'BBL')).toBe('5 BBL')
    expect(formatBeerVolume(5, 'GAL')).toBe('155 gal')
  })
})
