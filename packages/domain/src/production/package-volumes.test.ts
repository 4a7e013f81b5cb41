import { describe, expect, it } from 'vitest'
import {
  barrelsPerUnitOfPackageType,
  fluidOuncesToBarrels,
  millilitresToBarrels,
  roundBarrels,
} from './package-volumes.ts'

describe('barrel equivalents (docs/production.md)', () => {
  it('gives the TTB figures: 24 × 12 fl oz, 12 × 750 ml, 1/2 and 1/6 bbl kegs', () => {
    expect(roundBarrels(24 * fluidOuncesToBarrels(12))).toBe(0.07258)
    expect(roundBarrels(12 * millilitresToBarrels(750))).toBe(0.0767)
    expect(roundBarrels(barrelsPerUnitOfPackageType('1/2 BBL Keg')!)).toBe(0.5)
    expect(roundBarrels(barrelsPerUnitOfPackageType('1/6 BBL Keg')!)).toBe(0.16667)
  })

  it('reads the volume of a unit from the packaging type name', () => {
    expect(barrelsPerUnitOfPackageType('16oz Cans')).toBeCloseTo(16 / 3968, 10)
    expect(roundBarrels(barrelsPerUnitOfPackageType('Case 24x12oz')!)).toBe(0.07258)
    expect(roundBarrels(barrelsPerUnitOfPackageType('12 x 750ml')!)).toBe(0.0767)
    expect(roundBarrels(barrelsPerUnitOfPackageType('750 ml Bottles')!)).toBe(0.00639)
    expect(roundBarrels(barrelsPerUnitOfPackageType('20L Keg')!)).toBe(0.17043)
    expect(roundBarrels(barrelsPerUnitOfPackageType('5 gal Corny')!)).toBe(0.16129)
    expect(barrelsPerUnitOfPackageType('1/4 bbl keg')).toBe(0.25)
    expect(roundBarrels(barrelsPerUnitOfPackageType('12 fl oz bottles 6-pack')!)).toBe(0.01815)
  })

  it('answers null when the name says no volume', () => {
    expect(barrelsPerUnitOfPackageType('Growler')).toBeNull()
    expect(barrelsPerUnitOfPackageType('')).toBeNull()
  })
})
