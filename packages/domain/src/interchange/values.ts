// Reading the loose values real files hold: numbers with decimal commas, booleans as TRUE/true/1,
// amounts with units, and the conversions between the formats' metric units and ours.
import {
  GALLONS_PER_BBL,
  OUNCES_PER_KILOGRAM,
  POUNDS_PER_KILOGRAM,
  type VolumeUnit,
  type WeightUnit,
} from '../brewing/units.ts'
import type { Amount } from '../recipes/recipe.schema.ts'

/** Litres in a US gallon (exact by definition). */
export const LITRES_PER_GALLON = 3.785411784

/** Rounds to 12 significant digits, so a value divided and multiplied back is the value written. */
export function tidy(value: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(12)) : 0
}

/** Rounds to `decimals` places (for values converted between unit systems). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

/**
 * A number from a file value: "1.5", "1,5" (decimal comma), "1.234,5" or "1,234.5" (thousands), " 2 ",
 * or a number. undefined when it is not a finite number.
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined
  if (typeof value !== 'string') return undefined
  let text = value.trim().replace(/\s+/g, '')
  if (text === '') return undefined
  const comma = text.lastIndexOf(',')
  const dot = text.lastIndexOf('.')
  if (comma >= 0 && dot >= 0) {
    // The later separator is the decimal one; the other groups thousands.
    text = comma > dot ? text.replaceAll('.', '').replace(',', '.') : text.replaceAll(',', '')
  } else if (comma >= 0) {
    text = /^-?\d{1,3}(,\d{3}){2,}$/.test(text) ? text.replaceAll(',', '') : text.replace(',', '.')
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined
  const number = Number(text)
  return Number.isFinite(number) ? number : undefined
}

/** A boolean from TRUE/true/1/yes (true) or FALSE/false/0/no (false); undefined otherwise. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined
  if (typeof value !== 'string') return undefined
  const text = value.trim().toLowerCase()
  if (['true', '1', 'yes', 'y'].includes(text)) return true
  if (['false', '0', 'no', 'n'].includes(text)) return false
  return undefined
}

/** Text from a file value (numbers become their text), trimmed; '' when absent. */
export function parseText(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return ''
}

const KG_PER_UNIT: Record<WeightUnit, number> = {
  Kilograms: 1,
  Pounds: 1 / POUNDS_PER_KILOGRAM,
  Ounces: 1 / OUNCES_PER_KILOGRAM,
  Grams: 1 / 1000,
}

/** Kilograms in an amount (for formats that store kg). */
export function amountToKg(amount: Amount): number {
  return tidy(amount.value * KG_PER_UNIT[amount.unit])
}

/** An amount in kilograms as a BrewCommand amount: grams below 1 kg, else kilograms. */
export function kgToAmount(kg: number): Amount {
  const value = Math.max(0, kg)
  return value < 1
    ? { value: roundTo(value * 1000, 3), unit: 'Grams' }
    : { value: roundTo(value, 4), unit: 'Kilograms' }
}

const UNIT_WORDS: Record<string, WeightUnit> = {
  kg: 'Kilograms',
  kgs: 'Kilograms',
  kilogram: 'Kilograms',
  kilograms: 'Kilograms',
  g: 'Grams',
  gr: 'Grams',
  gram: 'Grams',
  grams: 'Grams',
  lb: 'Pounds',
  lbs: 'Pounds',
  pound: 'Pounds',
  pounds: 'Pounds',
  oz: 'Ounces',
  ounce: 'Ounces',
  ounces: 'Ounces',
}

/** A weight unit from a word (kg, g, lb, lbs, oz, Pounds…); undefined when not a weight. */
export function weightUnitOf(word: unknown): WeightUnit | undefined {
  if (typeof word !== 'string') return undefined
  return UNIT_WORDS[word.trim().toLowerCase().replace(/\.$/, '')]
}

/**
 * A display amount such as "5.00 lb", "1 oz", "2,5 kg" or "12 lbs 8 oz" (BeerSmith) as an amount; only
 * when it agrees with the amount in kilograms within 2 % (else the display text is stale or foreign).
 */
export function parseDisplayAmount(text: unknown, kg: number | undefined): Amount | undefined {
  if (typeof text !== 'string') return undefined
  const poundsOunces = /^\s*([\d.,]+)\s*lbs?\s+([\d.,]+)\s*oz\s*$/i.exec(text)
  let amount: Amount | undefined
  if (poundsOunces) {
    const pounds = parseNumber(poundsOunces[1])
    const ounces = parseNumber(poundsOunces[2])
    if (pounds !== undefined && ounces !== undefined)
      amount = { value: tidy(pounds + ounces / 16), unit: 'Pounds' }
  } else {
    const match = /^\s*([-+\d.,eE]+)\s*([a-zA-Z.]+)\s*$/.exec(text)
    const value = match ? parseNumber(match[1]) : undefined
    const unit = match ? weightUnitOf(match[2]) : undefined
    if (value !== undefined && unit) amount = { value, unit }
  }
  if (!amount || amount.value < 0) return undefined
  if (kg === undefined) return amount
  const inKg = amountToKg(amount)
  const tolerance = Math.max(Math.abs(kg) * 0.02, 1e-6)
  return Math.abs(inKg - kg) <= tolerance ? amount : undefined
}

/** Litres in a batch. */
export function batchToLitres(batch: { quantity: number; unit: VolumeUnit }): number {
  return tidy(batch.quantity * (batch.unit === 'BBL' ? GALLONS_PER_BBL : 1) * LITRES_PER_GALLON)
}

/** A batch in litres as gallons, or barrels from one barrel up (4 decimals). */
export function litresToBatch(litres: number): { quantity: number; unit: VolumeUnit } {
  const gallons = roundTo(Math.max(0, litres) / LITRES_PER_GALLON, 4)
  return gallons >= GALLONS_PER_BBL
    ? { quantity: roundTo(gallons / GALLONS_PER_BBL, 4), unit: 'BBL' }
    : { quantity: roundTo(gallons, 4), unit: 'GAL' }
}

/** A display volume such as "5.00 gal", "10 bbl" or "5 Gallons" as a batch; undefined otherwise. */
export function parseDisplayBatch(
  text: unknown,
  litres: number | undefined,
): { quantity: number; unit: VolumeUnit } | undefined {
  if (typeof text !== 'string') return undefined
  const match = /^\s*([-+\d.,eE]+)\s*([a-zA-Z.]+)\s*$/.exec(text)
  const value = match ? parseNumber(match[1]) : undefined
  if (value === undefined || value < 0 || !match) return undefined
  const word = match[2].toLowerCase().replace(/\.$/, '')
  const unit: VolumeUnit | undefined = ['gal', 'gals', 'gallon', 'gallons'].includes(word)
    ? 'GAL'
    : ['bbl', 'bbls', 'barrel', 'barrels'].includes(word)
      ? 'BBL'
      : undefined
  if (!unit) return undefined
  const batch = { quantity: value, unit }
  if (litres === undefined) return batch
  const tolerance = Math.max(litres * 0.02, 1e-6)
  return Math.abs(batchToLitres(batch) - litres) <= tolerance ? batch : undefined
}

/** °Lovibond from EBC (Morey/Daniels' SRM ≈ EBC × 0.508, °L = (SRM + 0.76) / 1.3546). */
export function ebcToLovibond(ebc: number): number {
  return roundTo((ebc * 0.508 + 0.76) / 1.3546, 2)
}

/** °Lovibond from SRM. */
export function srmToLovibond(srm: number): number {
  return tidy((srm + 0.76) / 1.3546)
}

/** SRM from °Lovibond (the inverse of srmToLovibond). */
export function lovibondToSrm(lovibond: number): number {
  return tidy(lovibond * 1.3546 - 0.76)
}

/** °F from °C, and back. */
export const celsiusToFahrenheit = (c: number) => tidy((c * 9) / 5 + 32)
export const fahrenheitToCelsius = (f: number) => tidy(((f - 32) * 5) / 9)

/**
 * A temperature in °C from the free text of a mash step ("152 °F", "67C", "66,5"); numbers without a
 * unit are °F above 100 and °C otherwise. undefined when there is no number.
 */
export function temperatureTextToCelsius(text: string): number | undefined {
  const match = /([-+]?\d+(?:[.,]\d+)?)\s*°?\s*([cCfF])?/.exec(text)
  if (!match) return undefined
  const value = parseNumber(match[1])
  if (value === undefined) return undefined
  const unit = match[2]?.toUpperCase() ?? (value > 100 ? 'F' : 'C')
  return unit === 'F' ? fahrenheitToCelsius(value) : value
}
