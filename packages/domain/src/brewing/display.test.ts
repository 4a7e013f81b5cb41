import { describe, expect, it } from 'vitest'
import {
  formatRecipeStats,
  roundAbv,
  roundGravity,
  roundIbu,
  roundRecipeStats,
  roundSrm,
  roundTo,
} from './display.ts'

describe('roundTo', () => {
  it.each([
    [1.005, 2, 1.01], // naive Math.round(1.005 * 100) / 100 gives 1.00
    [1.0574233, 3, 1.057],
    [1.0575, 3, 1.058],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [-0.0001, 2, 0],
    [1e-7, 3, 0],
    [123456.789, 0, 123457],
    [Number.NaN, 2, 0],
    [Number.POSITIVE_INFINITY, 2, 0],
  ])('%s to %s places is %s', (value, decimals, rounded) => {
    expect(roundTo(value, decimals)).toBe(rounded)
  })
})

describe('display rounding', () => {
  it('rounds IBU and SRM to 2 decimals, ABV and gravities to 3', () => {
    expect(roundIbu(90.329685)).toBe(90.33)
    expect(roundSrm(7.628207)).toBe(7.63)
    expect(roundAbv(6.02945)).toBe(6.029)
    expect(roundGravity(1.0574233)).toBe(1.057)
    const stats = {
      originalGravity: 1.0574233,
      finalGravity: 1.0114847,
      abv: 6.02945,
      ibu: 90.329685,
      srm: 7.628207,
    }
    expect(roundRecipeStats(stats)).toEqual({
      originalGravity: 1.057,
      finalGravity: 1.011,
      abv: 6.029,
      ibu: 90.33,
      srm: 7.63,
    })
    expect(formatRecipeStats({ originalGravity: 1.05, finalGravity: 1, abv: 5.25, ibu: 42, srm: 0 })).toEqual(
      {
        originalGravity: '1.050',
        finalGravity: '1.000',
        abv: '5.250',
        ibu: '42.00',
        srm: '0.00',
      },
    )
  })
})
