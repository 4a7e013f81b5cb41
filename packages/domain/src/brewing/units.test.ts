import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { silentLogger } from './logger.ts'
import { collectingLogger } from './testing/fixtures.ts'
import {
  cappedProduct,
  positiveOrZero,
  timeToMinutes,
  volumeToGallons,
  weightToOunces,
  weightToPounds,
} from './units.ts'

describe('weightToPounds', () => {
  it.each([
    [16, 'Ounces', 1],
    [8, 'Ounces', 0.5],
    [3, 'Pounds', 3],
    [453.592, 'Grams', 1],
    [907.184, 'Grams', 2],
    [1, 'Kilograms', 2.20462],
    [2.5, 'Kilograms', 5.51155],
  ])('%s %s is %s lb', (value, unit, pounds) => {
    expect(weightToPounds(value, unit, silentLogger)).toBeCloseTo(pounds, 9)
  })
})

describe('weightToOunces', () => {
  it.each([
    [1, 'Ounces', 1],
    [1, 'Pounds', 16],
    [1.5, 'Pounds', 24],
    [100, 'Grams', 3.5274],
    [1, 'Kilograms', 35.274],
  ])('%s %s is %s oz', (value, unit, ounces) => {
    expect(weightToOunces(value, unit, silentLogger)).toBeCloseTo(ounces, 9)
  })
})

describe('volumeToGallons', () => {
  it.each([
    [5, 'GAL', 5],
    [1, 'BBL', 31],
    [7, 'BBL', 217],
    [0.5, 'BBL', 15.5],
    [10, 'gal', 10],
  ])('%s %s is %s gal', (quantity, unit, gallons) => {
    expect(volumeToGallons(quantity, unit, silentLogger)).toBe(gallons)
  })
})

describe('timeToMinutes', () => {
  it.each([
    [60, 'Minutes', 60],
    [2, 'Days', 2880],
    [15, undefined, 15],
    [15, null, 15],
  ])('%s %s is %s minutes', (value, unit, minutes) => {
    expect(timeToMinutes(value, unit, silentLogger)).toBe(minutes)
  })
})

describe('unknown units and bad numbers', () => {
  it.each([
    ['weightToPounds', weightToPounds, 'Stone'],
    ['weightToOunces', weightToOunces, 'Tons'],
    ['volumeToGallons', volumeToGallons, 'Litres'],
    ['timeToMinutes', timeToMinutes, 'Weeks'],
  ])('%s gives 0 and a warning for %s', (_, convert, unit) => {
    const logger = collectingLogger()
    expect(convert(10, unit, logger)).toBe(0)
    expect(logger.messages).toEqual([expect.stringContaining(`"${unit}"`)])
  })

  it.each([['toString'], ['constructor'], ['__proto__'], [42], [undefined]])(
    'does not mistake %s for a weight unit',
    (unit) => {
      expect(weightToPounds(1, unit, silentLogger)).toBe(0)
    },
  )

  it.each([[Number.NaN], [-1], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY], ['12'], [null]])(
    'positiveOrZero(%s) is 0',
    (value) => {
      expect(positiveOrZero(value)).toBe(0)
    },
  )

  it('caps a product at the largest double and keeps huge × 0 at 0', () => {
    expect(cappedProduct(1e308, 10)).toBe(Number.MAX_VALUE)
    expect(cappedProduct(1e308, 10, 0)).toBe(0)
    expect(weightToPounds(1e308, 'Kilograms', silentLogger)).toBe(Number.MAX_VALUE)
  })
})

describe('unit invariance (property)', () => {
  const pounds = fc.double({ min: 0, max: 1e6, noNaN: true })

  it('1 lb = 16 oz = 453.592 g, in pounds and in ounces', () => {
    fc.assert(
      fc.property(pounds, (lb) => {
        const tolerance = 1e-6 * Math.max(1, lb)
        expect(Math.abs(weightToPounds(lb * 16, 'Ounces', silentLogger) - lb)).toBeLessThan(tolerance)
        expect(Math.abs(weightToPounds(lb * 453.592, 'Grams', silentLogger) - lb)).toBeLessThan(tolerance)
        const ounces = weightToOunces(lb, 'Pounds', silentLogger)
        expect(Math.abs(weightToOunces(lb * 453.592, 'Grams', silentLogger) - ounces)).toBeLessThan(
          16 * tolerance,
        )
      }),
    )
  })

  it('1 kg is 2.20462 lb and 35.274 oz, which agree to 1 part in 100 000', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e6, noNaN: true }), (kg) => {
        const viaPounds = weightToPounds(kg, 'Kilograms', silentLogger) * 16
        const viaOunces = weightToOunces(kg, 'Kilograms', silentLogger)
        expect(Math.abs(viaPounds - viaOunces) / viaOunces).toBeLessThan(1e-5)
      }),
    )
  })
})
