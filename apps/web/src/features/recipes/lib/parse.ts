// The ingredient tables' number rules (docs/product/02-products.md §5): quantities are free text, read as an integer when a
// row is added and as a decimal when it is edited; an invalid number on edit is ignored; times are integers.

/** A quantity typed into an add row: its integer part, or 0 when it is not a number (ADR 021). */
export function parseAddQuantity(text: string): number {
  const value = Number.parseInt(text.trim(), 10)
  return Number.isFinite(value) && value >= 0 ? value : 0
}

/** A quantity typed into an edit row, or undefined when it is not a number (the edit then keeps the old one). */
export function parseEditQuantity(text: string): number | undefined {
  const value = Number.parseFloat(text.trim())
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

/** A time: an integer, or undefined when it is not one. */
export function parseTime(text: string): number | undefined {
  const value = Number.parseInt(text.trim(), 10)
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

/** A summary number (boil time, whirlpool, mash thickness, batch size) on save: the number, or 0. */
export function toNumber(text: string): number {
  const value = Number(text.trim())
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 ? value : 0
}

/** A number as an input shows it ('' for none). */
export const numberText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '' : String(value)
