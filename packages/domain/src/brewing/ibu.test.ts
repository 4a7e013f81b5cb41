import { describe, expect, it } from 'vitest'
import { hopIbu, hopMinutes, tinsethIbu, tinsethUtilisation, totalIbu } from './ibu.ts'
import { silentLogger } from './logger.ts'
import { hop } from './testing/fixtures.ts'

// util(G, t) = 1.65 × 0.000125^(G − 1) × (1 − e^(−0.04 t)) / 4.15
describe('tinsethUtilisation', () => {
  it.each([
    [1.05, 60, 0.2306640773], // 1.05276017 × 0.21910411
    [1.05, 0, 0],
    [1.0574233333, 20, 0.130677147], // 0.98481693 × 0.13269182
    [1.1, 60, 1.65 * Math.pow(0.000125, 0.1) * 0.2191041076],
    [1.05, -10, 0],
    [Number.NaN, 60, 0.2306640773], // falls back to 1.05
  ])('G %s for %s min gives %s', (gravity, minutes, utilisation) => {
    expect(tinsethUtilisation(gravity, minutes)).toBeCloseTo(utilisation, 9)
  })
})

describe('tinsethIbu', () => {
  it.each([
    [10, 1, 60, 5, 1.05, 34.5534788], // 0.10 × 1 × 0.2306641 × 7490 / 5
    [10, 1, 60, 0, 1.05, 0],
    [0, 1, 60, 5, 1.05, 0],
    [10, 0, 60, 5, 1.05, 0],
  ])('%s %% alpha, %s oz, %s min, %s gal at %s gives %s', (alpha, oz, minutes, gallons, gravity, ibu) => {
    expect(tinsethIbu(alpha, oz, minutes, gallons, gravity)).toBeCloseTo(ibu, 6)
  })
})

describe('hopMinutes', () => {
  const context = { boilTime: 60, whirlpoolTime: 20 }
  it.each([
    ['Boil', { value: 15, unit: 'Minutes' as const }, 15],
    ['Boil', { value: 1, unit: 'Days' as const }, 1440],
    ['Boil', null, 0],
    ['First Wort', null, 60],
    ['Whirlpool', { value: 5, unit: 'Minutes' as const }, 20],
    ['Dry Hop', { value: 5, unit: 'Days' as const }, 0],
    ['Mash', { value: 60, unit: 'Minutes' as const }, 0],
    ['Hop Back', { value: 10, unit: 'Minutes' as const }, 0],
  ] as const)('%s with time %j counts %s minutes', (additionType, time, minutes) => {
    expect(hopMinutes(hop(10, 1, 'Ounces', additionType, time), context, silentLogger)).toBe(minutes)
  })
})

describe('hopIbu and totalIbu', () => {
  const context = { gallons: 5, boilGravity: 1.05, boilTime: 60, whirlpoolTime: 0 }
  it('counts only Boil, First Wort and Whirlpool hops with time, alpha and amount above 0', () => {
    const counted = hop(10, 1, 'Ounces', 'First Wort') // 34.5534788 as above
    const notCounted = [
      hop(10, 1, 'Ounces', 'Whirlpool'), // whirlpool time 0
      hop(10, 1, 'Ounces', 'Dry Hop', { value: 60, unit: 'Days' }),
      hop(0, 1, 'Ounces', 'Boil', { value: 60, unit: 'Minutes' }),
      hop(10, 0, 'Ounces', 'Boil', { value: 60, unit: 'Minutes' }),
      hop(10, 1, 'Ounces', 'Boil', { value: 0, unit: 'Minutes' }),
    ]
    expect(hopIbu(counted, context, silentLogger)).toBeCloseTo(34.5534788, 6)
    for (const h of notCounted) expect(hopIbu(h, context, silentLogger)).toBe(0)
    expect(totalIbu([counted, ...notCounted, counted], context, silentLogger)).toBeCloseTo(2 * 34.5534788, 6)
  })

  it('converts the hop amount to ounces: 28.3495 g ≈ 1 oz', () => {
    const grams = hop(10, 28.3495, 'Grams', 'Boil', { value: 60, unit: 'Minutes' })
    // 28.3495 × 0.035274 = 0.99999 oz
    expect(hopIbu(grams, context, silentLogger)).toBeCloseTo(34.5534788 * 28.3495 * 0.035274, 6)
  })
})
