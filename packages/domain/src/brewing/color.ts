import type { GrainInput } from './inputs.ts'
import { consoleLogger, type BrewingLogger } from './logger.ts'
import { capFinite, cappedProduct, positiveOrZero, weightToPounds } from './units.ts'

/** The colour range the calculated SRM is clamped to (docs/product/02-products.md §9). */
export const SRM_MIN = 1
export const SRM_MAX = 40

/** Malt colour units: Σ (pounds × °Lovibond) / gallons; 0 when the volume is not above zero. */
export function maltColorUnits(
  grainBill: readonly (GrainInput | null | undefined)[],
  gallons: number,
  logger: BrewingLogger = consoleLogger,
): number {
  const volume = positiveOrZero(gallons)
  if (volume === 0) return 0
  let colour = 0
  for (const grain of grainBill) {
    if (!grain) continue
    const pounds = weightToPounds(grain.amount?.value, grain.amount?.unit, logger)
    colour += cappedProduct(pounds, positiveOrZero(grain.ingredient?.lovibond))
  }
  return capFinite(capFinite(colour) / volume)
}

/** Morey SRM = 1.4922 × MCU^0.6859, clamped to 1–40. */
export function moreySrm(mcu: number): number {
  const srm = 1.4922 * Math.pow(positiveOrZero(mcu), 0.6859)
  return Math.min(SRM_MAX, Math.max(SRM_MIN, Number.isFinite(srm) ? srm : SRM_MIN))
}

/** SRM of a grain bill: Morey, clamped to 1–40; 0 for an empty bill or a volume not above zero. */
export function grainBillSrm(
  grainBill: readonly (GrainInput | null | undefined)[],
  gallons: number,
  logger: BrewingLogger = consoleLogger,
): number {
  if (grainBill.length === 0 || positiveOrZero(gallons) === 0) return 0
  return moreySrm(maltColorUnits(grainBill, gallons, logger))
}

/** Colour bands for the SRM swatch, from pale straw to near black; each holds SRM values up to `maxSrm`. */
export const SRM_COLORS = [
  { maxSrm: 2, name: 'Pale Straw', hex: '#FFE699' },
  { maxSrm: 3, name: 'Straw', hex: '#FFD878' },
  { maxSrm: 4, name: 'Pale Gold', hex: '#FFCA5A' },
  { maxSrm: 6, name: 'Deep Gold', hex: '#FBB123' },
  { maxSrm: 9, name: 'Pale Amber', hex: '#EA8F00' },
  { maxSrm: 12, name: 'Medium Amber', hex: '#D77200' },
  { maxSrm: 15, name: 'Deep Amber', hex: '#C35900' },
  { maxSrm: 18, name: 'Amber Brown', hex: '#B04500' },
  { maxSrm: 20, name: 'Brown', hex: '#9B3200' },
  { maxSrm: 24, name: 'Ruby Brown', hex: '#882300' },
  { maxSrm: 30, name: 'Deep Brown', hex: '#5E0B00' },
  { maxSrm: Infinity, name: 'Black', hex: '#36080A' },
] as const
export type SrmColor = (typeof SRM_COLORS)[number]

/** The colour band of an SRM value (non-numbers and values up to 2 are pale straw). */
export function srmColor(srm: number): SrmColor {
  const value = Number.isNaN(srm) ? 0 : srm
  return SRM_COLORS.find((band) => value <= band.maxSrm) ?? SRM_COLORS[SRM_COLORS.length - 1]
}

/** The swatch colour (CSS hex) for an SRM value: pale straw at 1–2 up to near black above 30. */
export function srmToColor(srm: number): string {
  return srmColor(srm).hex
}
