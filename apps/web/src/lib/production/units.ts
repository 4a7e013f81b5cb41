import { GALLONS_PER_BBL, LITRES_PER_GALLON, POUNDS_PER_KILOGRAM } from '@brewcommand/domain'

// Units a brewer types and reads on the production screens. The server stores one unit per kind (gallons and
// pounds for a brewhouse's constants, barrels for beer, docs/production.md); these convert at the edge.

export const VOLUME_ENTRY_UNITS = ['gal', 'bbl', 'L'] as const
export type VolumeEntryUnit = (typeof VOLUME_ENTRY_UNITS)[number]
export const WEIGHT_ENTRY_UNITS = ['lb', 'kg'] as const
export type WeightEntryUnit = (typeof WEIGHT_ENTRY_UNITS)[number]

export const VOLUME_UNIT_NAMES: Record<VolumeEntryUnit, string> = { gal: 'gal', bbl: 'BBL', L: 'L' }

const GALLONS_PER: Record<VolumeEntryUnit, number> = {
  gal: 1,
  bbl: GALLONS_PER_BBL,
  L: 1 / LITRES_PER_GALLON,
}
const POUNDS_PER: Record<WeightEntryUnit, number> = { lb: 1, kg: POUNDS_PER_KILOGRAM }

export const toGallons = (value: number, unit: VolumeEntryUnit) => value * GALLONS_PER[unit]
export const fromGallons = (gallons: number, unit: VolumeEntryUnit) => gallons / GALLONS_PER[unit]
export const toPounds = (value: number, unit: WeightEntryUnit) => value * POUNDS_PER[unit]
export const fromPounds = (pounds: number, unit: WeightEntryUnit) => pounds / POUNDS_PER[unit]
export const toBarrels = (value: number, unit: VolumeEntryUnit) => toGallons(value, unit) / GALLONS_PER_BBL
export const fromBarrels = (barrels: number, unit: VolumeEntryUnit) =>
  fromGallons(barrels * GALLONS_PER_BBL, unit)

/** Grain absorption per weight: gallons per pound, or litres per kilogram with the metric units. */
export const absorptionUnit = (weight: WeightEntryUnit) => (weight === 'kg' ? 'L/kg' : 'gal/lb')
// 1 gal/lb is 3.785 L per 0.4536 kg.
const ABSORPTION_PER_GAL_LB = LITRES_PER_GALLON * POUNDS_PER_KILOGRAM
export const toGallonsPerPound = (value: number, weight: WeightEntryUnit) =>
  weight === 'kg' ? value / ABSORPTION_PER_GAL_LB : value
export const fromGallonsPerPound = (value: number, weight: WeightEntryUnit) =>
  weight === 'kg' ? value * ABSORPTION_PER_GAL_LB : value

/** A number as a person reads it: at most `digits` decimals, no trailing zeros, grouped thousands. */
export function formatNumber(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return '0'
  return value.toLocaleString('en-US', { maximumFractionDigits: digits })
}

/** A number for an input: rounded to `digits` decimals (so 9.999999 shows as 10), no grouping. */
export const inputNumber = (value: number, digits = 4) => String(+value.toFixed(digits))

/** A volume of beer stored in barrels, in the unit it was planned in. */
export function formatBeerVolume(barrels: number, unit: 'BBL' | 'GAL'): string {
  return unit === 'GAL'
    ? `${formatNumber(barrels * GALLONS_PER_BBL, 1)} gal`
    : `${formatNumber(barrels, 2)} BBL`
}

/**
 * A recipe's batch size as a brewer states it: two decimals. An import converted from litres reads 6.9963 BBL
 * and plans "scaled ×1.001"; it is a 7 BBL recipe.
 */
export const recipeVolume = (quantity: number) => +quantity.toFixed(2)
