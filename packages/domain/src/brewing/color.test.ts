import { describe, expect, it } from 'vitest'
import { grainBillSrm, maltColorUnits, moreySrm, SRM_COLORS, srmColor, srmToColor } from './color.ts'
import { silentLogger } from './logger.ts'
import { grain } from './testing/fixtures.ts'

describe('maltColorUnits', () => {
  it('is Σ lb × °L / gal, converting units', () => {
    // (10 lb × 2 + (8 oz = 0.5 lb) × 40) / 5 gal = (20 + 20) / 5 = 8
    expect(maltColorUnits([grain(10, 'Pounds', 0.8, 2), grain(8, 'Ounces', 0.75, 40)], 5, silentLogger)).toBe(
      8,
    )
    expect(maltColorUnits([grain(10, 'Pounds', 0.8, 2)], 0, silentLogger)).toBe(0)
  })
})

describe('moreySrm', () => {
  it.each([
    [4, 3.8617129], // 1.4922 × 4^0.6859 = 1.4922 × 2.5879325
    [8, 1.4922 * Math.pow(8, 0.6859)],
    [101, 35.3664172], // 1.4922 × 23.7008559
    [0, 1], // clamped up to 1
    [0.1, 1], // 1.4922 × 0.206 = 0.307 → 1
    [201, 40], // 84.6 → 40
    [1e300, 40],
    [Number.NaN, 1],
  ])('MCU %s gives SRM %s', (mcu, srm) => {
    expect(moreySrm(mcu)).toBeCloseTo(srm, 6)
  })
})

describe('grainBillSrm', () => {
  it('is 0 for an empty bill or no volume, Morey otherwise', () => {
    expect(grainBillSrm([], 5, silentLogger)).toBe(0)
    expect(grainBillSrm([grain(10, 'Pounds', 0.8, 2)], 0, silentLogger)).toBe(0)
    expect(grainBillSrm([grain(10, 'Pounds', 0.8, 2)], 5, silentLogger)).toBeCloseTo(3.8617129, 6)
    expect(grainBillSrm([grain(10, 'Pounds', 0.8, 0)], 5, silentLogger)).toBe(1)
  })
})

describe('srmToColor', () => {
  it.each([
    [0, 'Pale Straw'],
    [1, 'Pale Straw'],
    [2, 'Pale Straw'],
    [2.5, 'Straw'],
    [5, 'Deep Gold'],
    [10, 'Medium Amber'],
    [17, 'Amber Brown'],
    [22, 'Ruby Brown'],
    [30, 'Deep Brown'],
    [30.01, 'Black'],
    [40, 'Black'],
    [Number.NaN, 'Pale Straw'],
  ])('SRM %s is %s', (srm, name) => {
    expect(srmColor(srm).name).toBe(name)
    expect(srmToColor(srm)).toMatch(/^#[0-9A-F]{6}$/)
  })

  it('darkens from pale straw to near black', () => {
    const lightness = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + parseInt(hex.slice(i, i + 2), 16), 0)
    const values = SRM_COLORS.map((band) => lightness(band.hex))
    expect(values).toEqual([...values].sort((a, b) => b - a))
    expect(lightness(srmToColor(35))).toBeLessThan(120)
  })
})
