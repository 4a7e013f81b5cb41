import { describe, expect, it } from 'vitest'
import { newRecipe } from '../recipes/recipe.schema.ts'
import { cleaningWarnings } from './cellar-cleaning.ts'
import {
  apparentAttenuation,
  expectedFinalGravity,
  fermentationAlerts,
  fermentationBand,
  fermentationDay,
  isDeviceSilent,
  trendOf,
  type FermentationReading,
} from './fermentation.ts'

const NOW = new Date('2026-11-20T12:00:00Z')
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString()
const reading = (
  hours: number,
  gravitySg: number | null,
  temperatureC: number | null = 19,
): FermentationReading => ({
  takenAt: hoursAgo(hours),
  gravitySg,
  temperatureC,
})
const BAND = { minC: 15, maxC: 22 }

describe('fermentation', () => {
  it('reads the expected FG and the yeast band from the snapshot', () => {
    const recipe = { ...newRecipe(crypto.randomUUID()), finalGravity: 1.012 }
    expect(expectedFinalGravity(recipe)).toBe(1.012)
    expect(expectedFinalGravity(null)).toBeNull()
    const withYeast = {
      ...recipe,
      yeast: { ...recipe.yeast!, id: 'fermentis-safale-s-04', temperatureRangeF: [59, 68] },
    }
    const band = fermentationBand(withYeast)!
    expect(band.minC).toBeCloseTo(15, 6)
    expect(band.maxC).toBeCloseTo(20, 6)
    // Looked up in the catalogue by the yeast's id when the recipe's yeast carries no range (S-04: 54–77 °F).
    const catalogue = fermentationBand({
      ...recipe,
      yeast: { ...recipe.yeast!, id: 'fermentis-safale-s-04' },
    })!
    expect(catalogue.maxC).toBeCloseTo(25, 6)
    expect(fermentationBand(recipe)).toBeNull()
  })

  it('computes apparent attenuation, day N and a trend', () => {
    expect(apparentAttenuation(1.05, 1.0125)).toBeCloseTo(75, 6)
    expect(apparentAttenuation(1, 1)).toBeNull()
    expect(fermentationDay(hoursAgo(1), NOW)).toBe(1)
    expect(fermentationDay(hoursAgo(24 * 3 + 1), NOW)).toBe(4)
    expect(trendOf([1.05, 1.03], 0.0005)).toBe('down')
    expect(trendOf([19, 19.2], 0.3)).toBe('steady')
    expect(trendOf([1.05], 0.0005)).toBeNull()
  })

  it('raises gravity stable only when readings cover 48 hours within 0.001', () => {
    const stable = [reading(60, 1.0125), reading(47, 1.012), reading(20, 1.0118), reading(1, 1.0121)]
    expect(
      fermentationAlerts({ readings: stable, expectedFg: null, band: null, now: NOW }).map((a) => a.kind),
    ).toEqual(['gravity-stable'])
    const moving = [reading(60, 1.016), reading(30, 1.013), reading(1, 1.012)]
    expect(fermentationAlerts({ readings: moving, expectedFg: null, band: null, now: NOW })).toEqual([])
    const tooShort = [reading(30, 1.012), reading(1, 1.012)]
    expect(fermentationAlerts({ readings: tooShort, expectedFg: null, band: null, now: NOW })).toEqual([])
  })

  it('raises temperature out of band on the latest temperature, and FG reached', () => {
    const warm = [reading(3, 1.03, 19), reading(1, 1.02, 23.5)]
    expect(
      fermentationAlerts({ readings: warm, expectedFg: 1.012, band: BAND, now: NOW }).map((a) => a.kind),
    ).toEqual(['temperature-out-of-band'])
    const back = [reading(3, 1.03, 23.5), reading(1, 1.012, 19)]
    expect(
      fermentationAlerts({ readings: back, expectedFg: 1.012, band: BAND, now: NOW }).map((a) => a.kind),
    ).toEqual(['fg-reached'])
  })

  it('calls a device silent after 2 hours without a post', () => {
    expect(isDeviceSilent(hoursAgo(2.1), NOW)).toBe(true)
    expect(isDeviceSilent(hoursAgo(1.5), NOW)).toBe(false)
    expect(isDeviceSilent(null, NOW)).toBe(false)
  })
})

describe('cleaning before filling', () => {
  const check = (cleanedHoursAgo: number | null, sanitisedHoursAgo: number | null) =>
    cleaningWarnings({
      vesselName: 'BT1',
      lastCleanedAt: cleanedHoursAgo === null ? null : hoursAgo(cleanedHoursAgo),
      lastSanitisedAt: sanitisedHoursAgo === null ? null : hoursAgo(sanitisedHoursAgo),
      now: NOW,
      cleanWindowHours: 24,
      sanitiseWindowHours: 4,
    }).map((warning) => warning.code)

  it('warns when not cleaned within 24 h or not sanitised within 4 h', () => {
    expect(check(10, 2)).toEqual([])
    expect(check(30, 2)).toEqual(['not-cleaned'])
    expect(check(10, 5)).toEqual(['not-sanitised'])
    expect(check(null, null)).toEqual(['not-cleaned', 'not-sanitised'])
  })
})
