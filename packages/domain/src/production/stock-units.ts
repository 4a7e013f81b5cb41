import type { WeightUnit } from '../brewing/units.ts'

// Units of stock (docs/production.md "Rules everywhere"): every inventory item keeps its quantities in one unit
// (its `unit`), and stock received, counted or consumed in another unit of the same dimension is converted to
// it here. Weights use the international definitions (1 lb = 0.45359237 kg exactly, 1 oz = 1/16 lb), so a
// kilogram received and a kilogram consumed are the same kilogram; volumes use the US gallon (3.785411784 L).
// Quantities are decimals with 4 places in the item's unit (docs/decisions/210-inventory-ledger.md): the maths
// below works on whole ten-thousandths (`ScaledQuantity`), so allocation and sums never drift.

export const STOCK_UNITS = ['kg', 'g', 'lb', 'oz', 'L', 'mL', 'gal', 'each'] as const
export type StockUnit = (typeof STOCK_UNITS)[number]

/** What a unit measures: stock converts within its dimension only. */
export type StockDimension = 'mass' | 'volume' | 'count'

/** Labels for pickers and tables. */
export const STOCK_UNIT_LABELS: Record<StockUnit, string> = {
  kg: 'kg',
  g: 'g',
  lb: 'lb',
  oz: 'oz',
  L: 'L',
  mL: 'mL',
  gal: 'gal',
  each: 'each',
}

// Each unit in its dimension's base unit (grams, millilitres, pieces).
const BASE: Record<StockUnit, { dimension: StockDimension; base: number }> = {
  kg: { dimension: 'mass', base: 1000 },
  g: { dimension: 'mass', base: 1 },
  lb: { dimension: 'mass', base: 453.59237 },
  oz: { dimension: 'mass', base: 453.59237 / 16 },
  L: { dimension: 'volume', base: 1000 },
  mL: { dimension: 'volume', base: 1 },
  gal: { dimension: 'volume', base: 3785.411784 },
  each: { dimension: 'count', base: 1 },
}

/** The recipe's Amount units (Kilograms, Pounds, Ounces, Grams) as stock units. */
export const STOCK_UNIT_OF_WEIGHT: Record<WeightUnit, StockUnit> = {
  Kilograms: 'kg',
  Grams: 'g',
  Pounds: 'lb',
  Ounces: 'oz',
}

export const isStockUnit = (unit: unknown): unit is StockUnit =>
  typeof unit === 'string' && (STOCK_UNITS as readonly string[]).includes(unit)

/** A stock unit from a stock unit or a recipe weight unit ('Kilograms' → 'kg'), case-insensitive; null if unknown. */
export function toStockUnit(unit: unknown): StockUnit | null {
  if (typeof unit !== 'string') return null
  const text = unit.trim()
  if (isStockUnit(text)) return text
  const lower = text.toLowerCase()
  for (const known of STOCK_UNITS) if (known.toLowerCase() === lower) return known
  for (const [weight, stock] of Object.entries(STOCK_UNIT_OF_WEIGHT))
    if (weight.toLowerCase() === lower) return stock
  const aliases: Record<string, StockUnit> = {
    kgs: 'kg',
    kilo: 'kg',
    kilos: 'kg',
    gram: 'g',
    lbs: 'lb',
    pound: 'lb',
    ounce: 'oz',
    litre: 'L',
    litres: 'L',
    liter: 'L',
    liters: 'L',
    l: 'L',
    ml: 'mL',
    gallon: 'gal',
    gallons: 'gal',
    ea: 'each',
    pcs: 'each',
    pc: 'each',
    unit: 'each',
    units: 'each',
  }
  return aliases[lower] ?? null
}

export const dimensionOf = (unit: StockUnit): StockDimension => BASE[unit].dimension

/** True when stock in `from` can be converted to `to` (same dimension). */
export const canConvertStock = (from: StockUnit, to: StockUnit): boolean =>
  BASE[from].dimension === BASE[to].dimension

/** `value` in `from` expressed in `to`; a RangeError across dimensions (kilograms are not cans). */
export function convertStock(value: number, from: StockUnit, to: StockUnit): number {
  if (!canConvertStock(from, to)) throw new RangeError(`Cannot convert ${from} to ${to}`)
  if (from === to) return value
  return (value * BASE[from].base) / BASE[to].base
}

/** Decimal places of stored stock quantities, in the item's unit. */
export const QUANTITY_DECIMALS = 4
/** Whole ten-thousandths of a unit per unit. */
export const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS
/** The largest quantity stored (in the item's unit): numeric(16, 4) holds 12 integer digits. */
export const MAX_STOCK_QUANTITY = 999_999_999

/** A quantity in whole ten-thousandths of the item's unit (an integer). */
export type ScaledQuantity = number

/** A decimal quantity as whole ten-thousandths, rounded half away from zero; 0 for a non-finite input. */
export function toScaled(quantity: number): ScaledQuantity {
  if (!Number.isFinite(quantity)) return 0
  // Rounded as decimal text first: the product by 10⁴ of a 4-place decimal is then within 1e-9 of its integer.
  const rounded = Math.round(Number(Math.abs(quantity).toFixed(QUANTITY_DECIMALS)) * QUANTITY_SCALE)
  return quantity < 0 ? -rounded : rounded
}

/** Whole ten-thousandths back to a decimal quantity. */
export const fromScaled = (scaled: ScaledQuantity): number =>
  Number((scaled / QUANTITY_SCALE).toFixed(QUANTITY_DECIMALS))

/** A quantity in `from` converted to `to` and rounded to the stored 4 places, as whole ten-thousandths. */
export const convertToScaled = (value: number, from: StockUnit, to: StockUnit): ScaledQuantity =>
  toScaled(convertStock(value, from, to))

/** A numeric column's text ('12.5000') as whole ten-thousandths. */
export const scaledFromText = (text: string | number | null | undefined): ScaledQuantity =>
  text === null || text === undefined ? 0 : toScaled(Number(text))

/** Whole ten-thousandths as a numeric column's text. */
export const scaledToText = (scaled: ScaledQuantity): string => fromScaled(scaled).toFixed(QUANTITY_DECIMALS)

/** A quantity for people: at most `decimals` places, trailing zeros dropped, with the unit. */
export function formatStock(quantity: number, unit: StockUnit, decimals = 2): string {
  const text = Number.isFinite(quantity) ? Number(quantity.toFixed(decimals)).toLocaleString('en-US') : '0'
  return `${text} ${STOCK_UNIT_LABELS[unit]}`
}
