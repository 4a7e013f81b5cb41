import { consoleLogger, type BrewingLogger } from './logger.ts'

/** Weight units, stored as the spec writes them (docs/product/02-products.md §9). */
export const WEIGHT_UNITS = ['Ounces', 'Pounds', 'Grams', 'Kilograms'] as const
export type WeightUnit = (typeof WEIGHT_UNITS)[number]
/** Batch volume units; GAL is shown as Gallons (docs/product/02-products.md §5). */
export const VOLUME_UNITS = ['BBL', 'GAL'] as const
export type VolumeUnit = (typeof VOLUME_UNITS)[number]
/** What the batch-size unit picker shows for each stored unit. */
export const VOLUME_UNIT_LABELS: Record<VolumeUnit, string> = { BBL: 'BBL', GAL: 'Gallons' }
/** Units of hop and other-ingredient times. */
export const TIME_UNITS = ['Minutes', 'Days'] as const
export type TimeUnit = (typeof TIME_UNITS)[number]

// The spec's own factors (docs/product/02-products.md §9). They are rounded, so 1 kg is 2.20462 lb one way and
// 35.274 oz / 16 = 2.204625 lb the other; each conversion uses the factor the spec gives for it.
export const OUNCES_PER_POUND = 16
export const GRAMS_PER_POUND = 453.592
export const POUNDS_PER_KILOGRAM = 2.20462
export const OUNCES_PER_KILOGRAM = 35.274
export const OUNCES_PER_GRAM = 0.035274
export const GALLONS_PER_BBL = 31
export const MINUTES_PER_DAY = 1440

const POUNDS_PER_UNIT = new Map<string, number>([
  ['Ounces', 1 / OUNCES_PER_POUND],
  ['Pounds', 1],
  ['Grams', 1 / GRAMS_PER_POUND],
  ['Kilograms', POUNDS_PER_KILOGRAM],
])
const OUNCES_PER_UNIT = new Map<string, number>([
  ['Ounces', 1],
  ['Pounds', OUNCES_PER_POUND],
  ['Grams', OUNCES_PER_GRAM],
  ['Kilograms', OUNCES_PER_KILOGRAM],
])
const GALLONS_PER_UNIT = new Map<string, number>([
  ['GAL', 1],
  ['BBL', GALLONS_PER_BBL],
])
const MINUTES_PER_UNIT = new Map<string, number>([
  ['Minutes', 1],
  ['Days', MINUTES_PER_DAY],
])

// Stored values are exact spec words; older or hand-written data may differ only in case.
const lowerKeys = (table: Map<string, number>) =>
  new Map([...table].map(([unit, factor]) => [unit.toLowerCase(), factor]))
const POUNDS_LOWER = lowerKeys(POUNDS_PER_UNIT)
const OUNCES_LOWER = lowerKeys(OUNCES_PER_UNIT)
const GALLONS_LOWER = lowerKeys(GALLONS_PER_UNIT)
const MINUTES_LOWER = lowerKeys(MINUTES_PER_UNIT)

function factorOf(exact: Map<string, number>, lower: Map<string, number>, unit: unknown): number | undefined {
  if (typeof unit !== 'string') return undefined
  return exact.get(unit) ?? lower.get(unit.trim().toLowerCase())
}

/** The number itself when it is finite and above zero, else 0 (NaN, ±Infinity, negatives, non-numbers). */
export function positiveOrZero(value: unknown): number {
  return typeof value === 'number' && value > 0 && value < Infinity ? value : 0
}

/** A non-negative number kept finite: NaN becomes 0 and anything beyond the largest double becomes that double. */
export function capFinite(value: number): number {
  return value > 0 ? Math.min(value, Number.MAX_VALUE) : 0
}

/** The product of non-negative factors, capped after each step so a huge value times 0 stays 0, not NaN. */
export function cappedProduct(...factors: number[]): number {
  let product = 1
  for (const factor of factors) product = capFinite(product * capFinite(factor))
  return product
}

function convert(
  value: unknown,
  unit: unknown,
  exact: Map<string, number>,
  lower: Map<string, number>,
  kind: string,
  logger: BrewingLogger,
): number {
  const factor = factorOf(exact, lower, unit)
  if (factor === undefined) {
    logger.warn(`Unknown ${kind} unit ${JSON.stringify(unit) ?? 'undefined'}; counting it as 0`)
    return 0
  }
  return capFinite(positiveOrZero(value) * factor)
}

/** Pounds in a weight given in Ounces, Pounds, Grams or Kilograms; 0 (and a warning) for an unknown unit. */
export function weightToPounds(value: unknown, unit: unknown, logger: BrewingLogger = consoleLogger): number {
  return convert(value, unit, POUNDS_PER_UNIT, POUNDS_LOWER, 'weight', logger)
}

/** Ounces in a weight given in Ounces, Pounds, Grams or Kilograms; 0 (and a warning) for an unknown unit. */
export function weightToOunces(value: unknown, unit: unknown, logger: BrewingLogger = consoleLogger): number {
  return convert(value, unit, OUNCES_PER_UNIT, OUNCES_LOWER, 'weight', logger)
}

/** US gallons in a volume given in GAL or BBL (31 gal); 0 (and a warning) for an unknown unit. */
export function volumeToGallons(
  quantity: unknown,
  unit: unknown,
  logger: BrewingLogger = consoleLogger,
): number {
  return convert(quantity, unit, GALLONS_PER_UNIT, GALLONS_LOWER, 'volume', logger)
}

/** Minutes in a time given in Minutes or Days; a missing unit means Minutes, an unknown one gives 0 and a warning. */
export function timeToMinutes(value: unknown, unit: unknown, logger: BrewingLogger = consoleLogger): number {
  if (unit === undefined || unit === null || unit === '') return positiveOrZero(value)
  return convert(value, unit, MINUTES_PER_UNIT, MINUTES_LOWER, 'time', logger)
}
