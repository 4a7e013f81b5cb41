import type { InventoryValueRow } from '@brewcommand/domain'

// The month-end journal (docs/decisions/365-month-end-journal.md): from the cost report's month ends (raw
// materials, beer in tanks, finished goods, all at their FIFO cost) and the month's stock movements, one entry that
// moves what production used into work in progress, what left the tanks into the inventory asset (finished goods),
// and what left the brewery (sold, removed, lost, written off) into COGS. Purchases are the bookkeeper's bills,
// already on the inventory asset account; so after the entry, the inventory asset holds raw materials + finished
// goods and work in progress holds the beer in tanks, exactly as the cost report values them.

/** The accounts of the mapping a journal line posts to. */
export type JournalRole = 'workInProgress' | 'inventoryAsset' | 'cogs'
export const JOURNAL_ROLE_LABELS: Record<JournalRole, string> = {
  workInProgress: 'Work in progress',
  inventoryAsset: 'Inventory asset',
  cogs: 'Cost of goods sold',
}

/** What the brewery held at a month's end, from the cost report (integer cents). */
export type HeldValue = { rawMaterialsCents: number; wipCents: number; finishedGoodsCents: number }

/** The month's stock movements at their FIFO cost, by what they were (integer cents, all positive = value). */
export type MonthFlows = {
  /** Lots received (the bookkeeper's bills): not journaled, shown for the reconciliation. */
  receivedCents: number
  /** Ingredients (every category but packaging) taken by batches, net of reversals. */
  ingredientsCents: number
  /** Packaging materials taken by packaging runs. */
  packagingCents: number
  /** Adjustments and count variances (signed: − is stock written off, + stock found). */
  adjustedCents: number
}

export type JournalFigures = { month: string; opening: HeldValue; closing: HeldValue; flows: MonthFlows }

export type JournalDraftLine = {
  role: JournalRole
  debitCents: number
  creditCents: number
  description: string
}

export const heldValueOf = (row: InventoryValueRow | undefined): HeldValue => ({
  rawMaterialsCents: row ? Object.values(row.categories).reduce((sum, cents) => sum + cents, 0) : 0,
  wipCents: row?.wipCents ?? 0,
  finishedGoodsCents: row?.finishedGoodsCents ?? 0,
})

/**
 * The journal's lines, each a debit and its credit of the same amount (so the entry balances by construction); a
 * negative amount swaps the sides, a zero one is left out.
 * 1. Ingredients into WIP: Dr WIP, Cr inventory asset.
 * 2. Packaging materials into WIP: Dr WIP, Cr inventory asset.
 * 3. Out of the tanks (packaged, or lost or removed in bulk) = WIP opening + (1) + (2) − WIP closing:
 *    Dr inventory asset, Cr WIP.
 * 4. Cost of what left the brewery = (WIP + finished goods) opening + (1) + (2) − (WIP + finished goods) closing:
 *    Dr COGS, Cr inventory asset.
 * 5. Stock written off (adjustments and counts): Dr COGS, Cr inventory asset (found stock the other way).
 */
export function journalLines({ opening, closing, flows }: JournalFigures): JournalDraftLine[] {
  const used = flows.ingredientsCents + flows.packagingCents
  const outOfTanks = opening.wipCents + used - closing.wipCents
  const left =
    opening.wipCents + opening.finishedGoodsCents + used - closing.wipCents - closing.finishedGoodsCents
  const pairs: [JournalRole, JournalRole, number, string][] = [
    ['workInProgress', 'inventoryAsset', flows.ingredientsCents, 'Ingredients brewed'],
    ['workInProgress', 'inventoryAsset', flows.packagingCents, 'Packaging materials used'],
    [
      'inventoryAsset',
      'workInProgress',
      outOfTanks,
      'Beer out of the tanks: packaged, or lost or removed in bulk',
    ],
    ['cogs', 'inventoryAsset', left, 'Cost of the beer sold, removed or lost'],
    ['cogs', 'inventoryAsset', -flows.adjustedCents, 'Stock written off or found (adjustments and counts)'],
  ]
  return pairs.flatMap(([debit, credit, cents, description]) => {
    if (cents === 0) return []
    const [dr, cr] = cents > 0 ? [debit, credit] : [credit, debit]
    const amount = Math.abs(cents)
    return [
      { role: dr, debitCents: amount, creditCents: 0, description },
      { role: cr, debitCents: 0, creditCents: amount, description },
    ]
  })
}

/** Each account's net change by the journal (debit +), for the reconciliation with the cost report. */
export function netByRole(lines: readonly JournalDraftLine[]): Record<JournalRole, number> {
  const net: Record<JournalRole, number> = { workInProgress: 0, inventoryAsset: 0, cogs: 0 }
  for (const line of lines) net[line.role] += line.debitCents - line.creditCents
  return net
}

/** "2026-09" → "September 2026". */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** "2026-09" → "2026-09-30" (the journal's date). */
export function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10)
}

/** "2026-09" → "2026-08". */
export function previousMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number)
  return new Date(Date.UTC(year, monthNumber - 2, 1)).toISOString().slice(0, 7)
}
