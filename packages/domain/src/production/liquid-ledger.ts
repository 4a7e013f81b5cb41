// The liquid ledger as a pure function (docs/production.md "liquid_event"): tank contents and a batch's yield are
// what the append-only events say. A correction is a new event whose `supersedesId` names the one it replaces;
// a superseded event counts for nothing. Sums are taken in hundred-thousandths of a barrel (the stored 5
// decimals) as integers, so they are exact.

export const LIQUID_EVENT_KINDS = [
  'brewed',
  'transferred',
  'packaged',
  'sampled',
  'dumped',
  'lost',
  'returned',
  'removed',
] as const
export type LiquidEventKind = (typeof LIQUID_EVENT_KINDS)[number]

/** The TTB line of each kind of event (docs/production.md "US TTB facts the reports use"). */
/**
 * Half the last digit the cellar shows (barrels to two decimals): a volume within this of what a vessel holds
 * is what it holds, so a loss of the 0.14 bbl shown for 0.1387 empties the tank (ADR 250).
 */
export const SHOWN_ROUNDING_BBL = 0.005

/** Whether `volumeBbl` is at most what is held, give or take the shown rounding. */
export const withinShown = (volumeBbl: number, heldBbl: number) =>
  volumeBbl <= heldBbl + SHOWN_ROUNDING_BBL + 1e-9

export const TTB_CLASS_OF_KIND: Record<LiquidEventKind, string> = {
  brewed: 'produced',
  transferred: 'internal',
  packaged: 'packaged',
  sampled: 'consumed-on-premises',
  dumped: 'destroyed',
  lost: 'losses',
  returned: 'returned',
  removed: 'removed-taxpaid',
}

/** The kinds that take beer out of `fromVesselId` without putting it anywhere in the cellar. */
const OUT_OF_CELLAR: ReadonlySet<LiquidEventKind> = new Set([
  'packaged',
  'sampled',
  'dumped',
  'lost',
  'removed',
])

export type LedgerEvent = {
  id: string
  kind: LiquidEventKind
  batchId: string | null
  fromVesselId: string | null
  toVesselId: string | null
  volumeBbl: number
  supersedesId: string | null
  occurredAt: string
}

const UNITS_PER_BBL = 100_000
const units = (barrels: number): number => Math.round(barrels * UNITS_PER_BBL)
const barrels = (count: number): number => count / UNITS_PER_BBL

/** The events that count: every event no other event supersedes. */
export function effectiveEvents<E extends Pick<LedgerEvent, 'id' | 'supersedesId'>>(
  events: readonly E[],
): E[] {
  const superseded = new Set(events.map((event) => event.supersedesId).filter((id): id is string => !!id))
  return events.filter((event) => !superseded.has(event.id))
}

/** The ids of events already superseded (a second correction of one event is refused). */
export function supersededIds(events: readonly Pick<LedgerEvent, 'supersedesId'>[]): Set<string> {
  return new Set(events.map((event) => event.supersedesId).filter((id): id is string => !!id))
}

export type VesselContents = {
  vesselId: string
  volumeBbl: number
  /** Barrels of each batch in the vessel (a blend holds several). */
  batches: { batchId: string | null; volumeBbl: number }[]
}

/** What each vessel holds by the ledger: in (brewed, transferred in, returned) less out. Empty vessels are left out. */
export function vesselContents(events: readonly LedgerEvent[]): Map<string, VesselContents> {
  const byVessel = new Map<string, Map<string | null, number>>()
  const add = (vesselId: string | null, batchId: string | null, delta: number) => {
    if (!vesselId) return
    const batches = byVessel.get(vesselId) ?? new Map<string | null, number>()
    byVessel.set(vesselId, batches)
    batches.set(batchId, (batches.get(batchId) ?? 0) + delta)
  }
  for (const event of effectiveEvents(events)) {
    const volume = units(event.volumeBbl)
    if (event.kind === 'brewed' || event.kind === 'returned') add(event.toVesselId, event.batchId, volume)
    else if (event.kind === 'transferred') {
      add(event.fromVesselId, event.batchId, -volume)
      add(event.toVesselId, event.batchId, volume)
    } else if (OUT_OF_CELLAR.has(event.kind)) add(event.fromVesselId, event.batchId, -volume)
  }
  const result = new Map<string, VesselContents>()
  for (const [vesselId, batches] of byVessel) {
    const held = [...batches].filter(([, volume]) => volume !== 0)
    const total = held.reduce((sum, [, volume]) => sum + volume, 0)
    if (held.length === 0) continue
    result.set(vesselId, {
      vesselId,
      volumeBbl: barrels(total),
      batches: held.map(([batchId, volume]) => ({ batchId, volumeBbl: barrels(volume) })),
    })
  }
  return result
}

export type BatchYield = {
  batchId: string
  /** Brewed into the fermenter (and returned to the cellar). */
  intoFermenterBbl: number
  packagedBbl: number
  sampledBbl: number
  /** Lost and dumped. */
  lostBbl: number
  dumpedBbl: number
  removedBbl: number
  /** Still in the cellar, by vessel. */
  inVesselsBbl: number
  vessels: { vesselId: string; volumeBbl: number }[]
  /** In − out − still in the vessels: 0 when the ledger reconciles. */
  differenceBbl: number
  /** |difference| below 0.01 bbl (docs/production.md). */
  reconciles: boolean
}

/** A batch's yield from its events: into the fermenter, packaged, sampled, lost, and what is left where. */
export function batchYield(events: readonly LedgerEvent[], batchId: string): BatchYield {
  const own = events.filter((event) => event.batchId === batchId)
  const sums: Record<LiquidEventKind, number> = {
    brewed: 0,
    transferred: 0,
    packaged: 0,
    sampled: 0,
    dumped: 0,
    lost: 0,
    returned: 0,
    removed: 0,
  }
  for (const event of effectiveEvents(own)) sums[event.kind] += units(event.volumeBbl)
  const vessels = [...vesselContents(own).values()].map((contents) => ({
    vesselId: contents.vesselId,
    volumeBbl: contents.volumeBbl,
  }))
  const inVessels = vessels.reduce((sum, vessel) => sum + units(vessel.volumeBbl), 0)
  const into = sums.brewed + sums.returned
  const difference = into - sums.packaged - sums.sampled - sums.lost - sums.dumped - sums.removed - inVessels
  return {
    batchId,
    intoFermenterBbl: barrels(into),
    packagedBbl: barrels(sums.packaged),
    sampledBbl: barrels(sums.sampled),
    lostBbl: barrels(sums.lost),
    dumpedBbl: barrels(sums.dumped),
    removedBbl: barrels(sums.removed),
    inVesselsBbl: barrels(inVessels),
    vessels,
    differenceBbl: barrels(difference),
    reconciles: Math.abs(difference) < units(0.01),
  }
}
