import { describe, expect, it } from 'vitest'
import {
  canConvertStock,
  convertStock,
  convertToScaled,
  formatStock,
  fromScaled,
  scaledFromText,
  scaledToText,
  toScaled,
  toStockUnit,
} from './stock-units.ts'

describe('stock units', () => {
  it.each([
    [1, 'kg', 'g', 1000],
    [1, 'lb', 'kg', 0.45359237],
    [1, 'lb', 'oz', 16],
    [1, 'kg', 'lb', 2.2046226218],
    [500, 'g', 'oz', 17.6369809748],
    [1, 'gal', 'L', 3.785411784],
    [250, 'mL', 'L', 0.25],
    [3, 'each', 'each', 3],
  ] as const)('%s %s is %s %s', (value, from, to, expected) => {
    expect(convertStock(value, from, to)).toBeCloseTo(expected, 9)
  })

  it('converts a weight there and back to the same stored quantity', () => {
    for (const unit of ['g', 'lb', 'oz'] as const) {
      const there = convertStock(12.3456, 'kg', unit)
      expect(convertToScaled(there, unit, 'kg')).toBe(123_456)
    }
  })

  it('refuses to convert across dimensions', () => {
    expect(canConvertStock('kg', 'each')).toBe(false)
    expect(() => convertStock(1, 'kg', 'L')).toThrow(RangeError)
  })

  it('reads the recipe units and common spellings', () => {
    expect(toStockUnit('Kilograms')).toBe('kg')
    expect(toStockUnit('Pounds')).toBe('lb')
    expect(toStockUnit('ounces')).toBe('oz')
    expect(toStockUnit('Grams')).toBe('g')
    expect(toStockUnit('LBS')).toBe('lb')
    expect(toStockUnit(' ml ')).toBe('mL')
    expect(toStockUnit('bushel')).toBeNull()
    expect(toStockUnit(42)).toBeNull()
  })

  it('keeps quantities to 4 places as whole ten-thousandths', () => {
    expect(toScaled(1.00005)).toBe(10_001)
    expect(toScaled(0.1 + 0.2)).toBe(3000)
    expect(toScaled(-2.5)).toBe(-25_000)
    expect(toScaled(Number.NaN)).toBe(0)
    expect(toScaled(Infinity)).toBe(0)
    expect(fromScaled(123_456)).toBe(12.3456)
    expect(scaledFromText('12.5000')).toBe(125_000)
    expect(scaledToText(125_000)).toBe('12.5000')
  })

  it('formats for people', () => {
    expect(formatStock(1234.5, 'kg')).toBe('1,234.5 kg')
    expect(formatStock(2, 'each')).toBe('2 each')
  })
})
