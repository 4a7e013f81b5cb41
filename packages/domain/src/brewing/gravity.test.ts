import { describe, expect, it } from 'vitest'
import {
  abvFromGravity,
  finalGravity,
  grainPoints,
  originalGravity,
  otherIngredientPoints,
  totalGravityPoints,
} from './gravity.ts'
import { silentLogger } from './logger.ts'
import { grain, other } from './testing/fixtures.ts'

describe('grainPoints', () => {
  it.each([
    [10, 0.8, 368], // 46 × 0.8 × 10
    [1, 0.74, 34.04], // 46 × 0.74
    [2, 0, 0],
    [-2, 0.8, 0],
    [Number.NaN, 0.8, 0],
  ])('%s lb at extract %s gives %s points', (pounds, extract, points) => {
    expect(grainPoints(pounds, extract)).toBeCloseTo(points, 9)
  })
})

describe('otherIngredientPoints', () => {
  it.each([
    [1, true, 46],
    [2.5, true, 115],
    [2.5, false, 0],
  ])('%s lb, fermentable %s, gives %s points', (pounds, fermentable, points) => {
    expect(otherIngredientPoints(pounds, fermentable)).toBeCloseTo(points, 9)
  })
})

describe('totalGravityPoints', () => {
  it('adds grains and fermentable other ingredients, converting units', () => {
    // 46 × 0.8 × 10 + 46 × 0.75 × (16 oz = 1 lb) + 46 × (453.592 g = 1 lb) + 0 (not fermentable) = 368 + 34.5 + 46
    const points = totalGravityPoints(
      [grain(10, 'Pounds', 0.8, 2), grain(16, 'Ounces', 0.75, 2)],
      [other(true, 453.592, 'Grams'), other(false, 5, 'Pounds')],
      silentLogger,
    )
    expect(points).toBeCloseTo(448.5, 9)
  })
})

describe('originalGravity', () => {
  it.each([
    [368, 5, 70, 1.05152], // 1 + (368 / 5 × 0.70) / 1000
    [368, 5, 100, 1.0736],
    [368, 31, 70, 1 + ((368 / 31) * 0.7) / 1000],
    [0, 5, 70, 1],
    [368, 0, 70, 1],
    [368, -5, 70, 1],
    [368, Number.NaN, 70, 1],
  ])('%s points in %s gal at %s %% efficiency gives %s', (points, gallons, efficiency, og) => {
    expect(originalGravity(points, gallons, efficiency)).toBeCloseTo(og, 12)
  })

  it('uses 70 % when no efficiency is given', () => {
    expect(originalGravity(368, 5)).toBeCloseTo(1.05152, 12)
  })
})

describe('finalGravity', () => {
  it.each([
    [1.05152, 75, 1.01288], // 1 + 0.05152 × 0.25
    [1.06, 80, 1.012],
    [1.06, 0, 1.06],
    [1.06, 100, 1],
    [1.06, 120, 1], // clamped to 100 %
    [1.06, -10, 1.06], // clamped to 0 %
    [1.06, Number.NaN, 1.06],
    [1, 75, 1],
  ])('OG %s with %s %% attenuation gives FG %s', (og, attenuation, fg) => {
    expect(finalGravity(og, attenuation)).toBeCloseTo(fg, 12)
  })
})

describe('abvFromGravity', () => {
  it.each([
    [1.05, 1.01, 5.25],
    [1.04, 1.04, 0],
    [1.05152, 1.01288, 5.0715],
    [1.01, 1.05, 0], // never negative
    [Number.NaN, 1.01, 0],
  ])('OG %s, FG %s gives %s %% ABV', (og, fg, abv) => {
    expect(abvFromGravity(og, fg)).toBeCloseTo(abv, 9)
  })
})
