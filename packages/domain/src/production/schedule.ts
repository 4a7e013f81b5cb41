// The vessel schedule (docs/production.md "Scheduling"): when a batch occupies which vessel, what collides,
// how long each stage lasts by default, what the cellar's actuals do to the plan and when a new batch fits.
// Pure functions over instants in milliseconds since the epoch; days are UTC days.

import { FERMENTING_VESSEL_KINDS, type VesselKind } from './equipment.schema.ts'

export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000

/** The cleaning time reserved between two occupancies of one vessel unless the brewery sets another. */
export const DEFAULT_CLEANING_GAP_HOURS = 4

/** The stages of a batch on the schedule: brew and packaging are days, fermentation and conditioning take a vessel. */
export const SCHEDULE_STAGES = ['brew', 'fermentation', 'conditioning', 'packaging'] as const
export type ScheduleStage = (typeof SCHEDULE_STAGES)[number]
/** The stages that occupy a vessel. */
export const VESSEL_STAGES = ['fermentation', 'conditioning'] as const
export type VesselStage = (typeof VESSEL_STAGES)[number]

/** Vessels a batch conditions in. */
export const CONDITIONING_VESSEL_KINDS: readonly VesselKind[] = ['brite-tank']

/** How a beer ferments, which decides its default stage durations. */
export type FermentationProfile = 'ale' | 'lager' | 'kveik' | 'mixed'

/**
 * Default days in the fermenter and in the brite tank by profile (documented in docs/production.md
 * "Scheduling"): an ale two weeks and one, a lager four weeks and three (lagering), kveik one week and
 * five days, mixed fermentations (Brett, Lacto, mixed cultures) a month and two weeks.
 */
export const STAGE_DAYS: Record<FermentationProfile, { fermentationDays: number; conditioningDays: number }> =
  {
    ale: { fermentationDays: 14, conditioningDays: 7 },
    lager: { fermentationDays: 28, conditioningDays: 21 },
    kveik: { fermentationDays: 7, conditioningDays: 5 },
    mixed: { fermentationDays: 30, conditioningDays: 14 },
  }

/** The style families of the styles data that are lagers. */
const LAGER_FAMILIES = new Set(['Amber Lager', 'Dark Lager', 'Pale Lager', 'Pilsner', 'Bock'])

/**
 * A recipe's fermentation profile: its yeast's type decides (lager, kveik, Brett/Lacto/mixed culture), and
 * without a known yeast type the style's family (a lager family → lager); anything else is an ale.
 */
export function fermentationProfile(input: {
  yeastType?: string | null
  styleFamily?: string | null
}): FermentationProfile {
  const yeast = (input.yeastType ?? '').trim().toLowerCase()
  if (yeast === 'lager') return 'lager'
  if (yeast === 'kveik') return 'kveik'
  if (['brett', 'lacto', 'mixed-culture', 'sour'].includes(yeast)) return 'mixed'
  if (yeast === '' || yeast === 'unknown') {
    if (input.styleFamily && LAGER_FAMILIES.has(input.styleFamily)) return 'lager'
  }
  return 'ale'
}

/** Default fermentation and conditioning days for a recipe's yeast type and style family. */
export function defaultStageDays(input: { yeastType?: string | null; styleFamily?: string | null }): {
  profile: FermentationProfile
  fermentationDays: number
  conditioningDays: number
} {
  const profile = fermentationProfile(input)
  return { profile, ...STAGE_DAYS[profile] }
}

/** An interval [start, end) in ms. */
export type Interval = { start: number; end: number }

/** The first instant of the UTC day of `ms`. */
export const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS
/** `YYYY-MM-DD` of the UTC day of `ms`. */
export const utcDate = (ms: number) => new Date(startOfUtcDay(ms)).toISOString().slice(0, 10)
/** The first instant of a `YYYY-MM-DD` UTC day. */
export const dayStart = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)

/**
 * Whether two occupancies of one vessel collide: they overlap, or the later starts before the earlier's end
 * plus the cleaning gap. Touching intervals with a zero gap do not collide.
 */
export function intervalsCollide(a: Interval, b: Interval, gapMs: number): boolean {
  return a.start < b.end + gapMs && b.start < a.end + gapMs
}

/** An occupancy as the schedule sees it: its batch and vessel, and the interval it holds. */
export type Booking = Interval & {
  id: string
  batchId: string
  batchNumber: string
  vesselId: string
  stage: VesselStage
}

/** The bookings of `vesselId` that `candidate` collides with (never itself nor its own batch's other stage). */
export function collisions(
  candidate: Interval & { id?: string; batchId?: string; vesselId: string },
  bookings: readonly Booking[],
  gapMs: number,
): Booking[] {
  return bookings
    .filter(
      (other) =>
        other.vesselId === candidate.vesselId &&
        other.id !== candidate.id &&
        // A batch's own fermentation and conditioning in one vessel (a unitank) follow each other directly.
        other.batchId !== candidate.batchId &&
        intervalsCollide(candidate, other, gapMs),
    )
    .sort((a, b) => a.start - b.start)
}

/** A vessel as the schedule needs it. */
export type ScheduleVessel = {
  id: string
  name: string
  /** A VesselKind, as stored. */
  kind: string
  workingCapacityBbl: number
  /** A VesselState, as stored. */
  state: string
  archived?: boolean
}

/** Why `vessel` cannot take `volumeBbl` of beer, or null when it can. */
export function vesselRefusal(vessel: ScheduleVessel, volumeBbl: number): string | null {
  if (vessel.archived) return `${vessel.name} is archived.`
  if (vessel.state === 'out-of-service') return `${vessel.name} is out of service.`
  if (volumeBbl > vessel.workingCapacityBbl + 1e-9) {
    return `${volumeBbl} bbl is above the working capacity of ${vessel.name} (${vessel.workingCapacityBbl} bbl).`
  }
  return null
}

/** Whether a vessel of this kind can hold this stage. */
export function vesselFitsStage(kind: string, stage: VesselStage): boolean {
  if (stage === 'fermentation') return (FERMENTING_VESSEL_KINDS as readonly string[]).includes(kind)
  return (CONDITIONING_VESSEL_KINDS as readonly string[]).includes(kind) || kind === 'unitank'
}

/** The sentence of a refused booking: the first batch it collides with, by number. */
export function collisionMessage(vesselName: string, other: Booking): string {
  return `${vesselName} is booked for batch ${other.batchNumber} from ${utcDate(other.start)} to ${utcDate(other.end)} (with cleaning time).`
}

/** An occupancy with its actuals, to see where the cellar has left the plan. */
export type TrackedBooking = Booking & {
  plannedStart: number
  plannedEnd: number
  actualStart: number | null
  actualEnd: number | null
}

/**
 * Where an occupancy really is: an ended one holds [actual start, actual end); one that started and is still
 * there past its planned end has grown to the end of today; anything else holds its plan.
 */
export function effectiveInterval(booking: TrackedBooking, now: number): Interval & { grown: boolean } {
  const start = booking.actualStart ?? booking.plannedStart
  if (booking.actualEnd !== null) return { start, end: booking.actualEnd, grown: false }
  // Grown to the end of today, so a shift proposed and accepted today stays clear all day.
  const endOfToday = startOfUtcDay(now) + DAY_MS
  if (booking.actualStart !== null && booking.plannedEnd < now) return { start, end: endOfToday, grown: true }
  return { start, end: booking.plannedEnd, grown: false }
}

/** A later booking that an overdue batch now collides with, and where it would go. */
export type ProposedShift = {
  occupancyId: string
  batchId: string
  batchNumber: string
  vesselId: string
  /** The stage the booking holds. */
  stage: VesselStage
  /**
   * What pushes it: `vessel`, the booking before it in the same vessel (an overdue batch, or a booking it
   * shifted); `fermentation`, its own batch's fermentation, which now ends later in another vessel.
   */
  cause: 'vessel' | 'fermentation'
  /** The overdue batch (or the shifted booking before it) that pushes it; its own batch for `fermentation`. */
  causedByBatchNumber: string
  from: Interval
  to: Interval
  shiftMs: number
}

/**
 * "Actuals move the plan" (ADR 207, ADR 223): every booking that started and stayed past its planned end grows to
 * the end of today; every later booking of the same vessel it now collides with is proposed a shift to the
 * grown end plus the cleaning gap (keeping its length), and the shifts cascade down that vessel. A batch's
 * conditioning in another vessel (a brite tank) starts no earlier than its fermentation ends, grown or
 * shifted, so it is proposed a shift too, and that shift cascades down its own vessel. Nothing is moved
 * here: a person accepts a shift.
 */
export function proposeShifts(
  bookings: readonly TrackedBooking[],
  now: number,
  gapMs: number,
): ProposedShift[] {
  const current = new Map(bookings.map((booking) => [booking.id, effectiveInterval(booking, now)]))
  const fermentationOf = new Map<string, TrackedBooking>()
  for (const booking of bookings) {
    if (booking.stage === 'fermentation') fermentationOf.set(booking.batchId, booking)
  }
  // A shifted fermentation moves its conditioning, whose shift may push a fermentation in a unitank, and so
  // on: walk until the shifts stop changing. Every pass moves bookings only later, so it ends; the bound
  // is a guard.
  let shifts: ProposedShift[] = []
  let moved = new Map<string, Interval>()
  for (let pass = 0; pass <= bookings.length; pass++) {
    const earliest = new Map<string, number>()
    for (const booking of bookings) {
      if (booking.stage !== 'conditioning' || booking.actualStart !== null) continue
      const fermentation = fermentationOf.get(booking.batchId)
      // In the same vessel (a unitank) the walk below already keeps the stages in order.
      if (!fermentation || fermentation.vesselId === booking.vesselId) continue
      const end = (moved.get(fermentation.id) ?? current.get(fermentation.id)!).end
      if (end > current.get(booking.id)!.start) earliest.set(booking.id, end)
    }
    shifts = walkVessels(bookings, current, earliest, gapMs)
    const next = new Map(shifts.map((shift) => [shift.occupancyId, shift.to]))
    const settled =
      next.size === moved.size &&
      [...next].every(([id, to]) => moved.get(id)?.start === to.start && moved.get(id)?.end === to.end)
    if (settled) break
    moved = next
  }
  return shifts
}

/**
 * One pass of `proposeShifts`: each vessel's bookings in start order, pushed by an overdue booking before
 * them (plus the cleaning gap) or by their batch's fermentation (`earliest`), cascading.
 */
function walkVessels(
  bookings: readonly TrackedBooking[],
  current: ReadonlyMap<string, Interval & { grown: boolean }>,
  earliest: ReadonlyMap<string, number>,
  gapMs: number,
): ProposedShift[] {
  const shifts: ProposedShift[] = []
  const byVessel = new Map<string, TrackedBooking[]>()
  for (const booking of bookings)
    byVessel.set(booking.vesselId, [...(byVessel.get(booking.vesselId) ?? []), booking])
  for (const list of byVessel.values()) {
    const ordered = list
      .map((booking) => ({ booking, interval: current.get(booking.id)! }))
      .sort((a, b) => a.interval.start - b.interval.start)
    if (!ordered.some(({ booking, interval }) => interval.grown || earliest.has(booking.id))) continue
    // What pushes the bookings after it: an overdue batch, then each booking it shifted.
    type Frontier = { end: number; batchId: string; batchNumber: string }
    let frontier = null as Frontier | null
    for (const { booking, interval } of ordered) {
      // A batch's own next stage in the same vessel (a unitank) follows without cleaning in between.
      const gap = frontier?.batchId === booking.batchId ? 0 : gapMs
      const afterFrontier = frontier ? frontier.end + gap : -Infinity
      const byFermentation = earliest.get(booking.id) ?? -Infinity
      const start = Math.max(afterFrontier, byFermentation)
      if (booking.actualStart === null && interval.start < start) {
        const to: Interval = { start, end: start + (interval.end - interval.start) }
        const cause = byFermentation >= afterFrontier ? 'fermentation' : 'vessel'
        shifts.push({
          occupancyId: booking.id,
          batchId: booking.batchId,
          batchNumber: booking.batchNumber,
          vesselId: booking.vesselId,
          stage: booking.stage,
          cause,
          causedByBatchNumber: cause === 'vessel' ? frontier!.batchNumber : booking.batchNumber,
          from: { start: interval.start, end: interval.end },
          to,
          shiftMs: to.start - interval.start,
        })
        frontier = { end: to.end, batchId: booking.batchId, batchNumber: booking.batchNumber }
      } else if (interval.grown) {
        frontier = {
          end: Math.max(interval.end, frontier?.end ?? -Infinity),
          batchId: booking.batchId,
          batchNumber: booking.batchNumber,
        }
      } else if (!frontier || interval.start >= frontier.end + gap) {
        // Clear of everything before it: nothing earlier pushes what follows.
        frontier = null
      }
    }
  }
  return shifts
}

/** The intervals of a batch's stages brewed on `brewDay` (ms of its UTC day). */
export function stagePlan(
  brewDay: number,
  days: { fermentationDays: number; conditioningDays: number },
): { fermentation: Interval; conditioning: Interval; packagingDay: number } {
  const brew = startOfUtcDay(brewDay)
  const fermentation = { start: brew, end: brew + days.fermentationDays * DAY_MS }
  const conditioning = { start: fermentation.end, end: fermentation.end + days.conditioningDays * DAY_MS }
  return { fermentation, conditioning, packagingDay: conditioning.end }
}

/** A vessel and the bookings that already hold it, for finding a free one. */
export type VesselChoice = { vessel: ScheduleVessel; bookings: readonly Booking[] }

/** The first vessel (in the given order) that fits the stage and volume and is free over `interval`. */
export function firstFreeVessel(
  choices: readonly VesselChoice[],
  stage: VesselStage,
  interval: Interval,
  volumeBbl: number,
  gapMs: number,
): ScheduleVessel | null {
  for (const { vessel, bookings } of choices) {
    if (!vesselFitsStage(vessel.kind, stage)) continue
    if (vesselRefusal(vessel, volumeBbl)) continue
    if (collisions({ ...interval, vesselId: vessel.id }, bookings, gapMs).length === 0) return vessel
  }
  return null
}

/** The answer of "can we brew this?": the first brew day from `from` with a free fermenter and brite tank. */
export type BrewSlot = {
  brewDate: string
  fermenter: ScheduleVessel
  briteTank: ScheduleVessel
  fermentation: Interval
  conditioning: Interval
}

/**
 * "Can we brew this?": the first UTC day from `from` (within `horizonDays`) on which a fermenter that holds
 * `volumeBbl` is free for the fermentation and a brite tank is free for the conditioning that follows;
 * null when none is free within the horizon.
 */
export function firstBrewSlot(input: {
  vessels: readonly ScheduleVessel[]
  bookings: readonly Booking[]
  volumeBbl: number
  fermentationDays: number
  conditioningDays: number
  from: number
  gapMs: number
  horizonDays?: number
}): BrewSlot | null {
  const choices: VesselChoice[] = input.vessels.map((vessel) => ({
    vessel,
    bookings: input.bookings.filter((b) => b.vesselId === vessel.id),
  }))
  const horizon = input.horizonDays ?? 366
  const first = startOfUtcDay(input.from)
  for (let day = 0; day <= horizon; day += 1) {
    const plan = stagePlan(first + day * DAY_MS, input)
    const fermenter = firstFreeVessel(
      choices.filter((c) => (FERMENTING_VESSEL_KINDS as readonly string[]).includes(c.vessel.kind)),
      'fermentation',
      plan.fermentation,
      input.volumeBbl,
      input.gapMs,
    )
    if (!fermenter) continue
    const briteTank = firstFreeVessel(
      choices.filter((c) => (CONDITIONING_VESSEL_KINDS as readonly string[]).includes(c.vessel.kind)),
      'conditioning',
      plan.conditioning,
      input.volumeBbl,
      input.gapMs,
    )
    if (!briteTank) continue
    return {
      brewDate: utcDate(plan.fermentation.start),
      fermenter,
      briteTank,
      fermentation: plan.fermentation,
      conditioning: plan.conditioning,
    }
  }
  return null
}
