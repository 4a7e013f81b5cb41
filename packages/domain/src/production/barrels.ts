// Exact barrels for the reports (docs/production.md "US TTB facts"): the ledger stores barrels to 5 decimals,
// so a volume is an integer count of hundred-thousandths of a barrel ("units") while it is summed, and
// becomes a decimal string only to be shown: 5 decimals as stored, 2 decimals on the TTB forms.

/** Hundred-thousandths of a barrel in one barrel. */
export const BARREL_UNITS = 100_000

const DECIMAL = /^(-?)(\d{1,12})(?:\.(\d{1,5}))?$/

/** Integer hundred-thousandths of a barrel from a decimal string of at most 5 decimals ('12.5' → 1250000). */
export function barrelsToUnits(barrels: string | number): number {
  const text = typeof barrels === 'number' ? barrels.toFixed(5) : barrels.trim()
  const match = DECIMAL.exec(text)
  if (!match) throw new RangeError(`Not a volume in barrels: ${String(barrels)}`)
  const [, minus, whole, fraction = ''] = match
  const units = Number(whole) * BARREL_UNITS + Number(fraction.padEnd(5, '0'))
  return minus && units !== 0 ? -units : units
}

/** The stored form: 5 decimals ('12.50000'). */
export function unitsToBarrels(units: number): string {
  assertUnits(units)
  const sign = units < 0 ? '-' : ''
  const magnitude = Math.abs(units)
  return `${sign}${Math.floor(magnitude / BARREL_UNITS)}.${String(magnitude % BARREL_UNITS).padStart(5, '0')}`
}

/** A form's figure: barrels to 2 decimals, halves rounded away from zero ('12.345' → '12.35'). */
export function unitsToFormBarrels(units: number): string {
  assertUnits(units)
  const hundredths = roundHalfAway(units, 1000)
  const sign = hundredths < 0 ? '-' : ''
  const magnitude = Math.abs(hundredths)
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`
}

/** Hundredths of a barrel (the forms' precision), halves away from zero. */
export const unitsToHundredths = (units: number): number => roundHalfAway(units, 1000)

/** `value / divisor` to the nearest integer, halves away from zero; both integers, divisor above 0. */
export function roundHalfAway(value: number, divisor: number): number {
  const magnitude = Math.abs(value)
  const quotient = Math.floor(magnitude / divisor)
  const rounded = (magnitude % divisor) * 2 >= divisor ? quotient + 1 : quotient
  return value < 0 ? -rounded : rounded
}

function assertUnits(units: number) {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not a whole number of barrel units: ${units}`)
}

/** Integer cents as a dollar string ('$1,234.50'). */
export function dollarsOfCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const magnitude = Math.abs(cents)
  const dollars = Math.floor(magnitude / 100).toLocaleString('en-US')
  return `${sign}$${dollars}.${String(magnitude % 100).padStart(2, '0')}`
}
