import type { AgingBucket, InvoiceStatus, PaymentTerms, Price } from './sales.schema.ts'

// The pure maths of sales (docs/decisions/270-sales-rounding-and-invoice-numbers.md): prices with quantity breaks,
// line amounts rounded once per line, totals, due dates, invoice numbers, status, aging and the lots an order
// takes. Money is integer cents throughout; the only rounding is a line's tax.

/**
 * The price per unit of `packageId` for `quantity` on a price list: the price of the largest minimum quantity
 * not above `quantity`; null when the list has no price for the option at that quantity.
 */
export function priceFor(prices: readonly Price[], packageId: string, quantity: number): number | null {
  let best: Price | null = null
  for (const price of prices) {
    if (price.packageId !== packageId || price.minQuantity > quantity) continue
    if (best === null || price.minQuantity > best.minQuantity) best = price
  }
  return best?.unitPriceCents ?? null
}

/** `numerator / denominator` rounded half up, for non-negative integers. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n)
}

export type LineAmounts = { subtotalCents: number; depositCents: number; taxCents: number }

/**
 * A line's money: subtotal = quantity × unit price (exact); deposit = quantity × the package type's deposit
 * (exact; a liability, never taxed); tax = subtotal × rate, rounded half up to the cent once, on the line
 * (0 for a tax-exempt customer). The order's and invoice's totals are sums of these, never rounded again.
 */
export function lineAmounts({
  quantity,
  unitPriceCents,
  depositCents,
  taxRateBasisPoints,
  taxExempt,
}: {
  quantity: number
  unitPriceCents: number
  depositCents: number
  taxRateBasisPoints: number
  taxExempt: boolean
}): LineAmounts {
  const subtotal = BigInt(quantity) * BigInt(unitPriceCents)
  const tax =
    taxExempt || taxRateBasisPoints <= 0 ? 0n : divideHalfUp(subtotal * BigInt(taxRateBasisPoints), 10_000n)
  return {
    subtotalCents: Number(subtotal),
    depositCents: quantity * depositCents,
    taxCents: Number(tax),
  }
}

export type Totals = LineAmounts & { totalCents: number }

/** The sums of the lines' amounts, and total = subtotal + deposits + tax. */
export function totalsOf(lines: readonly LineAmounts[]): Totals {
  const totals = lines.reduce(
    (sum, line) => ({
      subtotalCents: sum.subtotalCents + line.subtotalCents,
      depositCents: sum.depositCents + line.depositCents,
      taxCents: sum.taxCents + line.taxCents,
    }),
    { subtotalCents: 0, depositCents: 0, taxCents: 0 },
  )
  return { ...totals, totalCents: totals.subtotalCents + totals.depositCents + totals.taxCents }
}

const TERM_DAYS: Record<PaymentTerms, number> = {
  'due-on-receipt': 0,
  'net-7': 7,
  'net-15': 15,
  'net-30': 30,
  'net-60': 60,
}

/** `day` (YYYY-MM-DD) plus `days` calendar days. */
export function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The due date of an invoice issued on `issuedOn` under `terms`. */
export const dueDateOf = (issuedOn: string, terms: PaymentTerms) =>
  addCalendarDays(issuedOn, TERM_DAYS[terms])

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * An invoice number: the brewery's prefix, then its sequence with at least five digits (`INV-00042`). Sequences
 * start at 1 and run per brewery without gaps (ADR 270): the counter is taken in the dispatch's transaction.
 */
export function formatInvoiceNumber(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(5, '0')}`
}

/** An order's number for people: `SO-` and its sequence. */
export const formatOrderNumber = (sequence: number) => `SO-${String(sequence).padStart(5, '0')}`

/**
 * Open, Part paid, Paid, Credited or Void: from the total, what the payments add up to and what credit notes took
 * off it (ADR 273: an invoice credited in full with nothing paid is Credited; one settled by payments and credits
 * together is Paid).
 */
export function invoiceStatus({
  totalCents,
  paidCents,
  creditedCents = 0,
  voided,
}: {
  totalCents: number
  paidCents: number
  creditedCents?: number
  voided: boolean
}): InvoiceStatus {
  if (voided) return 'void'
  if (creditedCents >= totalCents && paidCents === 0) return 'credited'
  if (paidCents + creditedCents >= totalCents) return 'paid'
  return paidCents > 0 ? 'part-paid' : 'open'
}

/** Why a payment of `amountCents` is refused on an invoice, or null when it may be recorded. */
export function paymentRefusal({
  status,
  balanceCents,
  amountCents,
}: {
  status: InvoiceStatus
  balanceCents: number
  amountCents: number
}): string | null {
  if (status === 'void') return 'This invoice is void; it takes no payment.'
  if (balanceCents <= 0) return 'This invoice is paid in full.'
  if (amountCents > balanceCents)
    return `The payment is more than the balance due (${centsText(balanceCents)}); overpayment is not recorded.`
  return null
}

const centsText = (cents: number) =>
  `$${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`

/**
 * The aging bucket of a balance due on `dueOn`, seen on `asOf`: current until the due date has passed, then
 * 1–30, 31–60, 61–90 and over 90 days past due.
 */
export function agingBucket(dueOn: string, asOf: string): AgingBucket {
  const late = daysBetween(dueOn, asOf)
  if (late <= 0) return 'current'
  if (late <= 30) return 'days1to30'
  if (late <= 60) return 'days31to60'
  if (late <= 90) return 'days61to90'
  return 'over90'
}

export type AgingInput = { customerId: string; customerName: string; dueOn: string; balanceCents: number }
export type AgingTotals = Record<AgingBucket, number> & { totalCents: number }

const emptyAging = (): AgingTotals => ({
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  over90: 0,
  totalCents: 0,
})

/** Receivables aging per customer (by name) and in total; invoices with nothing due are left out. */
export function receivablesAging(invoices: readonly AgingInput[], asOf: string) {
  const rows = new Map<string, AgingTotals & { customerId: string; customerName: string }>()
  const total = emptyAging()
  for (const invoice of invoices) {
    if (invoice.balanceCents <= 0) continue
    const bucket = agingBucket(invoice.dueOn, asOf)
    const row = rows.get(invoice.customerId) ?? {
      customerId: invoice.customerId,
      customerName: invoice.customerName,
      ...emptyAging(),
    }
    row[bucket] += invoice.balanceCents
    row.totalCents += invoice.balanceCents
    total[bucket] += invoice.balanceCents
    total.totalCents += invoice.balanceCents
    rows.set(invoice.customerId, row)
  }
  return {
    asOf,
    rows: [...rows.values()].sort((a, b) => a.customerName.localeCompare(b.customerName)),
    total,
  }
}

// ---------------------------------------------------------------------------------------------------------
// Finished goods by lot, and the lots an order takes

/** A finished-goods movement as the ledger holds it: signed units of an option, from a batch or none. */
export type FinishedGoodsEntry = {
  packageId: string
  batchId: string | null
  units: number
  kind: string
  occurredAt: string
}

/** What is on hand of one option from one batch (the finished goods' lot), and when it was first packaged. */
export type FinishedLot = { packageId: string; batchId: string | null; onHand: number; packagedAt: string }

/**
 * On hand per option and batch. Movements that name their batch count against it; removals recorded without a
 * batch (the Inventory page's manual removals) take from the oldest batch first, as the goods would have been
 * taken off the shelf. What no batch holds (an option with only batch-less rows) is a lot of batch null.
 */
export function finishedLots(entries: readonly FinishedGoodsEntry[]): FinishedLot[] {
  const lots = new Map<string, FinishedLot>()
  const keyOf = (packageId: string, batchId: string | null) => `${packageId}:${batchId ?? ''}`
  const unattributed = new Map<string, number>()
  for (const entry of [...entries].sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))) {
    if (entry.batchId === null && entry.units < 0) {
      unattributed.set(entry.packageId, (unattributed.get(entry.packageId) ?? 0) - entry.units)
      continue
    }
    const key = keyOf(entry.packageId, entry.batchId)
    const lot = lots.get(key) ?? {
      packageId: entry.packageId,
      batchId: entry.batchId,
      onHand: 0,
      packagedAt: entry.occurredAt,
    }
    lot.onHand += entry.units
    lots.set(key, lot)
  }
  const ordered = [...lots.values()].sort((a, b) => a.packagedAt.localeCompare(b.packagedAt))
  for (const [packageId, taken] of unattributed) {
    let left = taken
    for (const lot of ordered) {
      if (left === 0) break
      if (lot.packageId !== packageId || lot.onHand <= 0) continue
      const take = Math.min(lot.onHand, left)
      lot.onHand -= take
      left -= take
    }
    if (left > 0) {
      const lot = lots.get(keyOf(packageId, null)) ?? { packageId, batchId: null, onHand: 0, packagedAt: '' }
      lot.onHand -= left
      lots.set(keyOf(packageId, null), lot)
      if (!ordered.includes(lot)) ordered.push(lot)
    }
  }
  return ordered
}

/**
 * Takes `needed` units of an option from its lots, first-expiring first: the earliest packaged lot is the first
 * to go out of date (finished goods carry no best-before of their own). `available` is each lot's on hand less
 * what confirmed orders already hold of it. Answers the allocation and what could not be had.
 */
export function allocateLots(
  lots: readonly { batchId: string | null; available: number; packagedAt: string }[],
  needed: number,
): { allocations: { batchId: string | null; units: number }[]; short: number } {
  let left = needed
  const allocations: { batchId: string | null; units: number }[] = []
  for (const lot of [...lots].sort((a, b) => a.packagedAt.localeCompare(b.packagedAt))) {
    if (left === 0) break
    if (lot.available <= 0) continue
    const take = Math.min(lot.available, left)
    allocations.push({ batchId: lot.batchId, units: take })
    left -= take
  }
  return { allocations, short: left }
}

/** The refusal of a confirmation, naming each short line: "Hazy IPA 1/6 BBL Keg: 5 ordered, 2 available". */
export function shortLinesMessage(
  short: readonly { name: string; ordered: number; available: number }[],
): string {
  const parts = short.map(
    (line) => `${line.name}: ${line.ordered} ordered, ${Math.max(0, line.available)} available`,
  )
  return `Not enough on hand to confirm this order. ${parts.join('; ')}.`
}

/**
 * The money of `quantity` units of an invoice line coming back (ADR 273): subtotal = units × unit price and
 * deposit = units × the line's deposit per unit (both exact); tax = the line's tax × units ÷ the line's quantity,
 * rounded half up to the cent — except that the units which bring the line's returns to its whole quantity take
 * what is left of the line's tax, so a line returned in parts credits exactly its tax, never a cent more or less.
 */
export function creditLineAmounts(
  line: { quantity: number; unitPriceCents: number; depositCents: number; taxCents: number },
  {
    quantity,
    earlierQuantity,
    earlierTaxCents,
  }: { quantity: number; earlierQuantity: number; earlierTaxCents: number },
): LineAmounts {
  const depositPerUnit = line.quantity > 0 ? line.depositCents / line.quantity : 0
  const lastOfIt = earlierQuantity + quantity >= line.quantity
  const tax = lastOfIt
    ? line.taxCents - earlierTaxCents
    : Number(divideHalfUp(BigInt(line.taxCents) * BigInt(quantity), BigInt(line.quantity)))
  return {
    subtotalCents: quantity * line.unitPriceCents,
    depositCents: Math.round(quantity * depositPerUnit),
    taxCents: tax,
  }
}

/**
 * The credit of an empty keg back (ADR 350): the deposit the keg carried, on the invoice line that charged it, and
 * nothing else (no goods, no tax: a deposit is not taxed). Null when that line's deposits, less what earlier credit
 * notes refunded of them, do not cover it: a line never refunds more deposit than it charged.
 */
export function kegDepositCredit(
  line: { depositCents: number },
  { kegDepositCents, earlierDepositCents }: { kegDepositCents: number; earlierDepositCents: number },
): LineAmounts | null {
  if (kegDepositCents <= 0 || line.depositCents - earlierDepositCents < kegDepositCents) return null
  return { subtotalCents: 0, depositCents: kegDepositCents, taxCents: 0 }
}
