import { barrelsToUnits } from './barrels.ts'
import { shareCents, type OptionCost, type PackagedOption } from './inventory.ts'

// Cost that follows the beer (docs/decisions/240-cost-follows-the-beer.md): a batch's ingredient cost is spread
// over all of its barrels — those packaged, those lost or dumped, those sampled or removed in bulk and those still
// in its tanks (work in progress) — by the liquid ledger; packaged units carry the share of the barrels they hold.
// Money is integer cents, shared once with largest remainders so the parts add up to the batch's cost exactly;
// barrels are exact units of 0.00001 bbl.

/** A liquid event as cost reads it (`liquid_events`; superseded events are left out by the caller or here). */
export type CostLedgerEvent = {
  id: string
  kind: string
  batchId: string | null
  fromVesselId: string | null
  toVesselId: string | null
  volumeBbl: string | number
  supersedesId: string | null
  occurredAt: string
}

/** Where a batch's barrels went, in barrel units (0.00001 bbl). Only bulk events (with a vessel) count here. */
export type BatchBarrels = {
  /** Brewed into a fermenter. */
  brewed: number
  /** Packaged out of a vessel. */
  packaged: number
  /** Dumped or lost out of a vessel. */
  losses: number
  /** Sampled or removed in bulk out of a vessel. */
  removed: number
  /** Still in the cellar: brewed and returned in, less everything out. */
  inTanks: number
}

const emptyBarrels = (): BatchBarrels => ({ brewed: 0, packaged: 0, losses: 0, removed: 0, inTanks: 0 })

/** The events that count: every event no other event supersedes. */
function effective<E extends Pick<CostLedgerEvent, 'id' | 'supersedesId'>>(events: readonly E[]): E[] {
  const superseded = new Set(events.map((event) => event.supersedesId).filter(Boolean))
  return events.filter((event) => !superseded.has(event.id))
}

/** Which part of a batch's barrels a bulk event moves (null: none, such as a transfer within the cellar). */
function partOf(event: CostLedgerEvent): { into: keyof BatchBarrels | null; out: boolean } | null {
  const kind = event.kind.trim().toLowerCase()
  if (kind === 'brewed' && event.toVesselId) return { into: 'brewed', out: false }
  if (kind === 'returned' && event.toVesselId) return { into: null, out: false }
  if (!event.fromVesselId) return null
  if (kind === 'packaged') return { into: 'packaged', out: true }
  if (kind === 'dumped' || kind === 'lost') return { into: 'losses', out: true }
  if (kind === 'sampled' || kind === 'removed') return { into: 'removed', out: true }
  return null
}

/**
 * Each batch's barrels by where they went, from its effective liquid events dated before `until` (all of them
 * without). Transfers stay within the cellar; packaged beer leaving later is costed by its units, not here.
 */
export function batchBarrels(events: readonly CostLedgerEvent[], until?: string): Map<string, BatchBarrels> {
  const result = new Map<string, BatchBarrels>()
  for (const event of effective(events)) {
    if (!event.batchId || (until !== undefined && event.occurredAt >= until)) continue
    const part = partOf(event)
    if (!part) continue
    const volume = barrelsToUnits(event.volumeBbl)
    const barrels = result.get(event.batchId) ?? emptyBarrels()
    result.set(event.batchId, barrels)
    if (part.into) barrels[part.into] += volume
    barrels.inTanks += part.out ? -volume : volume
  }
  return result
}

/** A bulk event's signed change of its batch's barrels in tanks, or of its losses (0 when it moves neither). */
export function tankChangeOf(event: CostLedgerEvent): { inTanks: number; losses: number } {
  const part = partOf(event)
  if (!part) return { inTanks: 0, losses: 0 }
  const volume = barrelsToUnits(event.volumeBbl)
  return { inTanks: part.out ? -volume : volume, losses: part.into === 'losses' ? volume : 0 }
}

/** The events that count, for callers that bucket events themselves. */
export const effectiveCostEvents = effective

/** A batch's ingredient cost spread over all its barrels. */
export type BatchCostSpread = {
  /** The barrels the cost is spread over: those brewed, or those accounted for when more (returns, gains). */
  basisUnits: number
  /** Ingredient cost per barrel, half up (for people; shares are computed from the exact ratio). */
  costPerBblCents: number | null
  /** Each packaging option: its barrels' share of the ingredients, plus its own materials. */
  options: OptionCost[]
  /** The share of the barrels still in tanks: work in progress. */
  inTanksCents: number
  /** The share of the barrels dumped or lost. */
  lossCents: number
  /** The share of the barrels sampled or removed in bulk. */
  removedCents: number
  /** The share of barrels brewed but not found anywhere in the ledger (0 when it reconciles). */
  unaccountedCents: number
}

/**
 * Spreads `ingredientCents` over a batch's barrels: each packaging option by the barrels packaged into it, the
 * losses, the bulk removals, the beer in tanks and what the ledger does not account for, in proportion, shared
 * once with largest remainders (so the parts add up to the cost exactly). Before anything is brewed into a
 * fermenter (no barrels) the whole cost is in progress.
 */
export function spreadBatchCost(
  ingredientCents: number,
  barrels: BatchBarrels,
  options: readonly PackagedOption[],
): BatchCostSpread {
  const cost = Math.max(0, Math.trunc(ingredientCents))
  const optionUnits = options.map((option) => Math.max(0, barrelsToUnits(option.volumeBbl)))
  const tanks = Math.max(0, barrels.inTanks)
  const accounted = optionUnits.reduce((a, b) => a + b, 0) + barrels.losses + barrels.removed + tanks
  const basisUnits = Math.max(barrels.brewed, accounted)
  const unaccounted = basisUnits - accounted
  const shares =
    basisUnits === 0
      ? [...optionUnits.map(() => 0), 0, 0, cost, 0]
      : shareCents(cost, [...optionUnits, barrels.losses, barrels.removed, tanks, unaccounted])
  const n = options.length
  return {
    basisUnits,
    costPerBblCents: basisUnits === 0 ? null : Math.round((cost * 100_000) / basisUnits),
    options: options.map((option, index) => {
      const costCents = shares[index] + Math.max(0, Math.trunc(option.materialCents))
      return {
        ...option,
        ingredientCents: shares[index],
        costCents,
        costPerUnitCents: option.units > 0 ? Math.round(costCents / option.units) : null,
      }
    }),
    lossCents: shares[n],
    removedCents: shares[n + 1],
    inTanksCents: shares[n + 2],
    unaccountedCents: shares[n + 3],
  }
}
