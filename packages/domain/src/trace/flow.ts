// How beer flows between vessels, followed exactly through blends and splits (docs/decisions/301). The ledger
// tags each event with one batch; the beer in a vessel that held two batches is a mix, so whatever leaves it (a
// transfer, a package run, a sample, a loss) carries every batch of the mix in proportion to what the vessel
// held just before. Replayed in time order over the effective events (a superseded event counts for nothing).

export type FlowEvent = {
  id: string
  kind: string
  batchId: string | null
  fromVesselId: string | null
  toVesselId: string | null
  volumeBbl: number
  /** When, in milliseconds since 1970 (with a fraction for the microseconds the ledger keeps). */
  at: number
  supersedesId?: string | null
}

/** Barrels of each batch (null: beer of no batch of ours). */
export type Mix = Map<string | null, number>

const INTO = new Set(['brewed', 'returned', 'received'])
const OUT = new Set(['packaged', 'sampled', 'dumped', 'lost', 'removed'])
const EPSILON = 1e-9

export type FlowReplay = {
  /** For each event that took beer out of a vessel: the batches it carried, in barrels. */
  carried: Map<string, Mix>
  /** What each vessel holds after the last event, by batch. */
  contents: Map<string, Mix>
}

const total = (mix: Mix) => {
  let sum = 0
  for (const volume of mix.values()) sum += volume
  return sum
}

/**
 * Lower-case UUIDs order the same by code units as by `localeCompare`, which goes through the locale's collation
 * on every comparison (ADR 408).
 */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The events in time order, then by id. Times as numbers: comparing ISO 8601 text cost six times as much over the
 * 2,000 events of a year's trace (ADR 428).
 */
const inTimeOrder = (events: FlowEvent[]) => events.sort((a, b) => a.at - b.at || byCodeUnits(a.id, b.id))

/** Replays the events (any order; sorted here by time, then id) and answers what each outflow carried. */
export function replayFlow(events: readonly FlowEvent[]): FlowReplay {
  const superseded = new Set<string>()
  for (const event of events) if (event.supersedesId) superseded.add(event.supersedesId)
  const ordered = inTimeOrder(events.filter((event) => !superseded.has(event.id)))
  const contents = new Map<string, Mix>()
  const carried = new Map<string, Mix>()
  const mixOf = (vesselId: string) => {
    const mix: Mix = contents.get(vesselId) ?? new Map<string | null, number>()
    contents.set(vesselId, mix)
    return mix
  }
  const add = (vesselId: string, parts: Mix) => {
    const mix = mixOf(vesselId)
    for (const [batchId, volume] of parts) mix.set(batchId, (mix.get(batchId) ?? 0) + volume)
  }
  for (const event of ordered) {
    if (INTO.has(event.kind) && event.toVesselId) {
      const mix = mixOf(event.toVesselId)
      mix.set(event.batchId, (mix.get(event.batchId) ?? 0) + event.volumeBbl)
      continue
    }
    if (!event.fromVesselId || !(event.kind === 'transferred' || OUT.has(event.kind))) continue
    const from = mixOf(event.fromVesselId)
    const held = total(from)
    let parts: Mix
    if (held <= EPSILON) {
      // The ledger's own tag when the replay knows of nothing there (an opening balance, an import).
      parts = new Map([[event.batchId, event.volumeBbl]])
    } else {
      parts = new Map()
      for (const [batchId, volume] of from) parts.set(batchId, (volume * event.volumeBbl) / held)
      if (event.volumeBbl >= held - 0.005) from.clear()
      else for (const [batchId, volume] of parts) from.set(batchId, (from.get(batchId) ?? 0) - volume)
    }
    carried.set(event.id, parts)
    if (event.kind === 'transferred' && event.toVesselId) add(event.toVesselId, parts)
  }
  for (const [vesselId, mix] of contents) {
    for (const [batchId, volume] of mix) if (volume <= EPSILON) mix.delete(batchId)
    if (mix.size === 0) contents.delete(vesselId)
  }
  return { carried, contents }
}

/** The share (0–1) of `batchIds` in a mix. */
export function shareOf(mix: Mix | undefined, batchIds: ReadonlySet<string>): number {
  if (!mix) return 0
  const all = total(mix)
  if (all <= EPSILON) return 0
  let ours = 0
  for (const [batchId, volume] of mix) if (batchId && batchIds.has(batchId)) ours += volume
  return ours / all
}

/** A share in words: "all", "⅓ of it" as a percentage to one decimal. */
export function shareText(share: number): string {
  if (share >= 1 - 1e-6) return 'all of it'
  return `${(Math.round(share * 1000) / 10).toString()} % of it`
}
