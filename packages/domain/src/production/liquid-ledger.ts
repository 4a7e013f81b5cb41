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
  'received',
] as const
export type LiquidEventKind = (typeof LIQUID_EVENT_KINDS)[number]

/**
 * The TTB line of each kind of event when nothing else says (docs/production.md "US TTB facts the reports use");
 * a sample's line follows its purpose and a removal's its tax (`ttbClassOfSample`, the ledger contract).
 */
export const TTB_CLASS_OF_KIND: Record<LiquidEventKind, string> = {
  brewed: 'produced',
  transferred: 'internal',
  packaged: 'packaged',
  sampled: 'consumed-on-premises',
  dumped: 'destroyed',
  lost: 'losses',
  returned: 'returned',
  removed: 'removed-taxpaid',
  received: 'received-in-bond',
}

/** Why beer leaves without payment of tax (27 CFR 25.191–25.196; TTB F 5130.9 lines 16–19). */
export const TAX_FREE_REASONS = [
  'export',
  'vessels-aircraft',
  'research-testing',
  'same-ownership',
  'unfit',
] as const
export type TaxFreeReason = (typeof TAX_FREE_REASONS)[number]
export const TAX_FREE_REASON_LABELS: Record<TaxFreeReason, string> = {
  export: 'Export',
  'vessels-aircraft': 'Supplies for vessels and aircraft',
  'research-testing': 'Research, development or testing',
  'same-ownership': 'To a brewery of the same ownership',
  unfit: 'Unfit for beverage use',
}

/** What a sample is for: a lab sample leaves without tax (research, testing); a tasting is consumed on premises. */
export const SAMPLE_PURPOSES = ['lab', 'tasting'] as const
export type SamplePurpose = (typeof SAMPLE_PURPOSES)[number]

/** The TTB class of a sample by its purpose (the ledger contract). */
export const ttbClassOfSample = (purpose: SamplePurpose): string =>
  purpose === 'lab' ? 'removed-without-tax' : 'consumed-on-premises'

/**
 * The ledger event of each finished-goods movement a person records (the ledger contract): its kind, TTB class,
 * and whether it puts packaged beer on hand (+1) or takes it off (−1).
 */
export const LEDGER_OF_FINISHED_GOODS = {
  sold: { kind: 'removed', ttbClass: 'removed-taxpaid', sign: -1 },
  removed: { kind: 'removed', ttbClass: 'removed-without-tax', sign: -1 },
  consumed: { kind: 'removed', ttbClass: 'consumed-on-premises', sign: -1 },
  broken: { kind: 'lost', ttbClass: 'losses', sign: -1 },
  destroyed: { kind: 'dumped', ttbClass: 'destroyed', sign: -1 },
  returned: { kind: 'returned', ttbClass: 'returned', sign: 1 },
  received: { kind: 'received', ttbClass: 'received-in-bond', sign: 1 },
} as const satisfies Record<string, { kind: LiquidEventKind; ttbClass: string; sign: 1 | -1 }>

/** The container of a packaging type, for the 5130.9's racking (keg) or bottling (can, bottle) column. */
export function containerOfPackageType(typeName: string): 'keg' | 'can' | 'bottle' {
  const name = typeName.toLowerCase()
  if (/\bkeg|bbl|barrel|cask|firkin/.test(name)) return 'keg'
  if (/\bcan/.test(name)) return 'can'
  return 'bottle'
}

/** The kinds that take beer out of `fromVesselId` without putting it anywhere in the cellar. */
const OUT_OF_CELLAR: ReadonlySet<LiquidEventKind> = new Set([
  'packaged',
  'sampled',
  'dumped',
  'lost',
  'removed',
])

/** The kinds that put beer into `toVesselId` from outside the cellar. */
const INTO_CELLAR: ReadonlySet<LiquidEventKind> = new Set(['brewed', 'returned', 'received'])

/** The kinds that put packaged beer on hand (`packageId`, units); every other packaged kind takes it off. */
const ONTO_PACKAGED: ReadonlySet<LiquidEventKind> = new Set(['packaged', 'returned', 'received'])

export type LedgerEvent = {
  id: string
  kind: LiquidEventKind
  batchId: string | null
  fromVesselId: string | null
  toVesselId: string | null
  volumeBbl: number
  supersedesId: string | null
  occurredAt: string
  /** Packaged beer: the packaging option (`details.packageId`) and its units; absent for beer in bulk. */
  packageId?: string | null
  units?: number | null
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
    if (INTO_CELLAR.has(event.kind)) add(event.toVesselId, event.batchId, volume)
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
  // The cellar's part only: packaged beer leaving or coming back (no vessel) is finished goods, not yield.
  const own = events.filter(
    (event) => event.batchId === batchId && (event.fromVesselId !== null || event.toVesselId !== null),
  )
  const sums: Record<LiquidEventKind, number> = {
    brewed: 0,
    transferred: 0,
    packaged: 0,
    sampled: 0,
    dumped: 0,
    lost: 0,
    returned: 0,
    removed: 0,
    received: 0,
  }
  for (const event of effectiveEvents(own)) sums[event.kind] += units(event.volumeBbl)
  const vessels = [...vesselContents(own).values()].map((contents) => ({
    vesselId: contents.vesselId,
    volumeBbl: contents.volumeBbl,
  }))
  const inVessels = vessels.reduce((sum, vessel) => sum + units(vessel.volumeBbl), 0)
  const into = sums.brewed + sums.returned + sums.received
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

// ---- On hand as a query over the ledger (the ledger contract: bulk + packaged) ----

export type PackagedOnHand = {
  packageId: string
  units: number
  volumeBbl: number
  /** Units and barrels of each batch (null: received from another brewery without a batch of ours). */
  batches: { batchId: string | null; units: number; volumeBbl: number }[]
}

/** Whether an event moves packaged beer: it names a packaging option and is not a bulk movement into a vessel. */
const isPackaged = (event: LedgerEvent): event is LedgerEvent & { packageId: string } =>
  typeof event.packageId === 'string' &&
  (event.kind === 'packaged' || event.fromVesselId === null) &&
  event.toVesselId === null

/**
 * Packaged beer on hand per packaging option by the ledger: packaged + returned + received (packaged) − removed −
 * destroyed − broken − consumed. Options with nothing left are left out.
 */
export function packagedOnHand(events: readonly LedgerEvent[]): Map<string, PackagedOnHand> {
  const byPackage = new Map<string, Map<string | null, { units: number; volume: number }>>()
  for (const event of effectiveEvents(events)) {
    if (!isPackaged(event)) continue
    const sign = ONTO_PACKAGED.has(event.kind) ? 1 : -1
    const batches =
      byPackage.get(event.packageId) ?? new Map<string | null, { units: number; volume: number }>()
    byPackage.set(event.packageId, batches)
    const part = batches.get(event.batchId) ?? { units: 0, volume: 0 }
    batches.set(event.batchId, {
      units: part.units + sign * (event.units ?? 0),
      volume: part.volume + sign * units(event.volumeBbl),
    })
  }
  const result = new Map<string, PackagedOnHand>()
  for (const [packageId, batches] of byPackage) {
    const held = [...batches].filter(([, part]) => part.units !== 0 || part.volume !== 0)
    if (held.length === 0) continue
    result.set(packageId, {
      packageId,
      units: held.reduce((sum, [, part]) => sum + part.units, 0),
      volumeBbl: barrels(held.reduce((sum, [, part]) => sum + part.volume, 0)),
      batches: held.map(([batchId, part]) => ({
        batchId,
        units: part.units,
        volumeBbl: barrels(part.volume),
      })),
    })
  }
  return result
}

export type OnHand = {
  /** Beer in bulk, per vessel. */
  bulk: Map<string, VesselContents>
  /** Packaged beer, per packaging option. */
  packaged: Map<string, PackagedOnHand>
}

/** On hand at an instant (ISO, inclusive; every event when absent): bulk per vessel and packaged per option. */
export function onHandAt(events: readonly LedgerEvent[], at?: string): OnHand {
  const until = at === undefined ? events : untilInstant(events, at)
  return { bulk: vesselContents(until), packaged: packagedOnHand(until) }
}

/** The events that happened at or before an instant (supersessions recorded later still count: a correction
 *  replaces the old event wherever it stands in time). */
function untilInstant(events: readonly LedgerEvent[], at: string): LedgerEvent[] {
  const instant = Date.parse(at)
  const superseded = supersededIds(events)
  return events.filter((event) => !superseded.has(event.id) && Date.parse(event.occurredAt) <= instant)
}

export type NegativeInstant = {
  occurredAt: string
  /** The vessel or the packaging option that would hold less than nothing. */
  place: { vesselId: string } | { packageId: string }
  batchId: string | null
  volumeBbl: number
  units: number | null
}

/**
 * The first instant at which a vessel (per batch) or a packaging option (per batch) holds a negative volume or
 * units, walking the effective events in time order (events at one instant are applied together); null when
 * none ever does. Only the places named count (the ones a write touched), so legacy history elsewhere is left be.
 */
export function firstNegativeInstant(
  events: readonly LedgerEvent[],
  places: { vesselIds?: readonly string[]; packageIds?: readonly string[] },
): NegativeInstant | null {
  const vesselIds = new Set(places.vesselIds ?? [])
  const packageIds = new Set(places.packageIds ?? [])
  const ordered = effectiveEvents(events).toSorted(
    (a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt),
  )
  const bulk = new Map<string, number>()
  const packaged = new Map<string, { units: number; volume: number }>()
  const move = (vesselId: string | null, batchId: string | null, delta: number) => {
    if (!vesselId || !vesselIds.has(vesselId)) return
    const key = `${vesselId}|${batchId ?? ''}`
    bulk.set(key, (bulk.get(key) ?? 0) + delta)
  }
  let index = 0
  while (index < ordered.length) {
    const instant = ordered[index].occurredAt
    const time = Date.parse(instant)
    for (; index < ordered.length && Date.parse(ordered[index].occurredAt) === time; index++) {
      const event = ordered[index]
      const volume = units(event.volumeBbl)
      if (INTO_CELLAR.has(event.kind)) move(event.toVesselId, event.batchId, volume)
      else if (event.kind === 'transferred') {
        move(event.fromVesselId, event.batchId, -volume)
        move(event.toVesselId, event.batchId, volume)
      } else if (OUT_OF_CELLAR.has(event.kind)) move(event.fromVesselId, event.batchId, -volume)
      if (isPackaged(event) && packageIds.has(event.packageId)) {
        const sign = ONTO_PACKAGED.has(event.kind) ? 1 : -1
        const key = `${event.packageId}|${event.batchId ?? ''}`
        const part = packaged.get(key) ?? { units: 0, volume: 0 }
        packaged.set(key, {
          units: part.units + sign * (event.units ?? 0),
          volume: part.volume + sign * volume,
        })
      }
    }
    for (const [key, volume] of bulk)
      if (volume < 0) {
        const [vesselId, batchId] = key.split('|')
        return {
          occurredAt: instant,
          place: { vesselId },
          batchId: batchId || null,
          volumeBbl: barrels(volume),
          units: null,
        }
      }
    for (const [key, part] of packaged)
      if (part.units < 0 || part.volume < 0) {
        const [packageId, batchId] = key.split('|')
        return {
          occurredAt: instant,
          place: { packageId },
          batchId: batchId || null,
          volumeBbl: barrels(part.volume),
          units: part.units,
        }
      }
  }
  return null
}

export type AvailablePackaged = {
  batchId: string | null
  /** Units that can leave at the instant without any later instant going below nothing. */
  units: number
  /** Units and barrels on hand at the instant (the barrels per unit of what leaves). */
  onHandUnits: number
  onHandBbl: number
  /** When the batch was first packaged (or received) into this option: the order a removal takes from. */
  firstAt: string
}

/**
 * What of one packaging option can leave at an instant, per batch, oldest-packaged first: for each batch the
 * least it holds from that instant on (so a backdated removal never makes a later instant negative).
 */
export function packagedAvailableAt(
  events: readonly LedgerEvent[],
  packageId: string,
  at: string,
): AvailablePackaged[] {
  const instant = Date.parse(at)
  const own = effectiveEvents(events)
    .filter(
      (event): event is LedgerEvent & { packageId: string } =>
        isPackaged(event) && event.packageId === packageId,
    )
    .toSorted((a, b) => Date.parse(a.occurredAt) - Date.parse(b.occurredAt))
  const byBatch = new Map<
    string | null,
    {
      units: number
      volume: number
      least: number | null
      firstAt: string
      atUnits: number
      atVolume: number
    }
  >()
  for (const event of own) {
    const sign = ONTO_PACKAGED.has(event.kind) ? 1 : -1
    const part = byBatch.get(event.batchId) ?? {
      units: 0,
      volume: 0,
      least: null,
      firstAt: event.occurredAt,
      atUnits: 0,
      atVolume: 0,
    }
    part.units += sign * (event.units ?? 0)
    part.volume += sign * units(event.volumeBbl)
    const time = Date.parse(event.occurredAt)
    if (time <= instant) {
      part.atUnits = part.units
      part.atVolume = part.volume
    } else part.least = Math.min(part.least ?? part.atUnits, part.units)
    byBatch.set(event.batchId, part)
  }
  return [...byBatch]
    .map(([batchId, part]) => ({
      batchId,
      units: Math.max(0, Math.min(part.atUnits, part.least ?? part.atUnits)),
      onHandUnits: part.atUnits,
      onHandBbl: barrels(part.atVolume),
      firstAt: part.firstAt,
    }))
    .filter((part) => part.units > 0)
    .toSorted((a, b) => Date.parse(a.firstAt) - Date.parse(b.firstAt))
}
