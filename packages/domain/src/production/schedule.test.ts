import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  collisions,
  DAY_MS,
  dayStart,
  defaultStageDays,
  effectiveInterval,
  fermentationProfile,
  firstBrewSlot,
  HOUR_MS,
  intervalsCollide,
  proposeShifts,
  stagePlan,
  vesselRefusal,
  type Booking,
  type ProposedShift,
  type ScheduleVessel,
  type TrackedBooking,
} from './schedule.ts'
import { MoveBookingSchema, ScheduleRangeSchema, StageDurationsSchema } from './schedule.schema.ts'

const GAP = 4 * HOUR_MS
const d = (date: string) => dayStart(date)
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const booking = (
  n: number,
  vesselId: string,
  start: string,
  end: string,
  extra: Partial<Booking> = {},
): Booking => ({
  id: id(n),
  batchId: id(100 + n),
  batchNumber: `2026-${String(n).padStart(3, '0')}`,
  vesselId,
  stage: 'fermentation',
  start: d(start),
  end: d(end),
  ...extra,
})

const vessel = (name: string, kind: string, workingCapacityBbl = 10, state = 'clean'): ScheduleVessel => ({
  id: `vessel-${name}`,
  name,
  kind,
  workingCapacityBbl,
  state,
})

describe('stage durations by style and yeast', () => {
  it.each([
    ['lager', null, 'lager', 28, 21],
    ['ale', 'Pilsner', 'ale', 14, 7],
    ['', 'Pilsner', 'lager', 28, 21],
    ['', 'IPA', 'ale', 14, 7],
    ['kveik', null, 'kveik', 7, 5],
    ['brett', null, 'mixed', 30, 14],
    ['wheat', null, 'ale', 14, 7],
    [null, null, 'ale', 14, 7],
  ])('yeast %s, style family %s ferments as %s: %i and %i days', (yeastType, styleFamily, profile, f, c) => {
    expect(fermentationProfile({ yeastType, styleFamily })).toBe(profile)
    expect(defaultStageDays({ yeastType, styleFamily })).toEqual({
      profile,
      fermentationDays: f,
      conditioningDays: c,
    })
  })
})

describe('collisions with the cleaning gap', () => {
  it('touching occupancies collide when the cleaning time does not fit between them', () => {
    const a = { start: d('2026-03-01'), end: d('2026-03-15') }
    expect(intervalsCollide(a, { start: d('2026-03-15'), end: d('2026-03-20') }, GAP)).toBe(true)
    expect(intervalsCollide(a, { start: d('2026-03-15'), end: d('2026-03-20') }, 0)).toBe(false)
    expect(intervalsCollide(a, { start: d('2026-03-15') + GAP, end: d('2026-03-20') }, GAP)).toBe(false)
  })
  it('lists the other batches of the same vessel only, in order', () => {
    const existing = [
      booking(2, 'fv1', '2026-03-10', '2026-03-20'),
      booking(1, 'fv1', '2026-03-01', '2026-03-12'),
      booking(3, 'fv2', '2026-03-01', '2026-03-30'),
    ]
    const found = collisions({ vesselId: 'fv1', start: d('2026-03-05'), end: d('2026-03-11') }, existing, GAP)
    expect(found.map((b) => b.batchNumber)).toEqual(['2026-001', '2026-002'])
  })
  it('never collides with itself or its own batch', () => {
    const mine = booking(1, 'fv1', '2026-03-01', '2026-03-12')
    expect(collisions({ ...mine }, [mine], GAP)).toEqual([])
  })
})

describe('capacity and state', () => {
  it('refuses a volume above the working capacity, naming both', () => {
    expect(vesselRefusal(vessel('FV1', 'fermenter', 10), 12)).toBe(
      '12 bbl is above the working capacity of FV1 (10 bbl).',
    )
    expect(vesselRefusal(vessel('FV1', 'fermenter', 10), 10)).toBeNull()
  })
  it('refuses a vessel out of service', () => {
    expect(vesselRefusal(vessel('FV2', 'fermenter', 10, 'out-of-service'), 1)).toBe('FV2 is out of service.')
  })
})

/** A booking as planned, with its actuals. */
const tracked = (
  b: Booking,
  actualStart: number | null,
  actualEnd: number | null = null,
): TrackedBooking => ({
  ...b,
  plannedStart: b.start,
  plannedEnd: b.end,
  actualStart,
  actualEnd,
})
/** The bookings where they would be once every proposed shift is accepted. */
const acceptAll = (list: readonly TrackedBooking[], shifts: readonly ProposedShift[], at: number) => {
  const moved = new Map(shifts.map((s) => [s.occupancyId, s.to]))
  return list.map((b) => {
    const interval = moved.get(b.id) ?? effectiveInterval(b, at)
    return { ...b, start: interval.start, end: interval.end }
  })
}

describe('actuals move the plan', () => {
  const now = d('2026-03-18') + 10 * HOUR_MS

  it('grows a batch still in its vessel past its planned end to the end of today', () => {
    const b = tracked(booking(1, 'fv1', '2026-03-01', '2026-03-15'), d('2026-03-01'))
    expect(effectiveInterval(b, now)).toEqual({ start: d('2026-03-01'), end: d('2026-03-19'), grown: true })
    expect(effectiveInterval({ ...b, actualEnd: d('2026-03-14') }, now).grown).toBe(false)
  })

  it('proposes shifting every later booking it now collides with, cascading, and nothing else', () => {
    const list = [
      tracked(booking(1, 'fv1', '2026-03-01', '2026-03-15'), d('2026-03-01')),
      tracked(booking(2, 'fv1', '2026-03-16', '2026-03-20'), null),
      tracked(booking(3, 'fv1', '2026-03-20', '2026-03-30'), null),
      tracked(booking(4, 'fv1', '2026-05-01', '2026-05-10'), null),
      tracked(booking(5, 'fv2', '2026-03-16', '2026-03-20'), null),
    ]
    const shifts = proposeShifts(list, now, GAP)
    expect(shifts.map((s) => [s.batchNumber, s.causedByBatchNumber])).toEqual([
      ['2026-002', '2026-001'],
      ['2026-003', '2026-002'],
    ])
    expect(shifts[0].to.start).toBe(d('2026-03-19') + GAP)
    expect(shifts[0].to.end - shifts[0].to.start).toBe(4 * DAY_MS)
    expect(shifts[1].to.start).toBe(shifts[0].to.end + GAP)
  })

  it('proposes nothing while every batch is within its plan', () => {
    const list = [
      tracked(booking(1, 'fv1', '2026-03-01', '2026-03-25'), d('2026-03-01')),
      tracked(booking(2, 'fv1', '2026-03-26', '2026-03-30'), null),
    ]
    expect(proposeShifts(list, now, GAP)).toEqual([])
  })

  it('property: accepting every proposed shift leaves no collision in the vessel', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 20 })), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 24 }),
        (spans, overdueDays, gapHours) => {
          const gap = gapHours * HOUR_MS
          const base = d('2026-01-01')
          // A plan without collisions: each booking starts after the previous one's end and cleaning.
          let cursor = base
          const list: TrackedBooking[] = []
          spans.forEach(([pause, length], i) => {
            const start = cursor + pause * DAY_MS + (i === 0 ? 0 : gap)
            const end = start + length * DAY_MS
            cursor = end
            const b = booking(i + 1, 'fv1', '2026-01-01', '2026-01-02', { start, end })
            list.push(tracked(b, i === 0 ? start : null))
          })
          const nowAt = list[0].plannedEnd + overdueDays * DAY_MS
          const shifts = proposeShifts(list, nowAt, gap)
          const after = acceptAll(list, shifts, nowAt)
          for (const b of after) {
            if (collisions(b, after, gap).length > 0) return false
          }
          // Only bookings after the overdue one move, and only later.
          return shifts.every((s) => s.shiftMs > 0 && s.occupancyId !== list[0].id)
        },
      ),
    )
  })
})

describe('a shifted fermentation moves its conditioning (ADR 223)', () => {
  const now = d('2026-03-18') + 10 * HOUR_MS
  /** Batch `n`'s conditioning: same batch as `booking(n, …)`, its own occupancy id. */
  const conditioning = (n: number, vesselId: string, start: string, end: string) =>
    booking(n, vesselId, start, end, { id: id(500 + n), stage: 'conditioning' })

  it('proposes the overdue batch’s own conditioning in the brite tank, and cascades down that tank', () => {
    const list = [
      tracked(booking(1, 'fv1', '2026-03-01', '2026-03-15'), d('2026-03-01')),
      tracked(conditioning(1, 'bt1', '2026-03-15', '2026-03-22'), null),
      tracked(conditioning(2, 'bt1', '2026-03-23', '2026-03-30'), null),
      tracked(conditioning(3, 'bt1', '2026-05-01', '2026-05-08'), null),
    ]
    const shifts = proposeShifts(list, now, GAP)
    expect(shifts.map((s) => [s.batchNumber, s.stage, s.cause, s.causedByBatchNumber])).toEqual([
      ['2026-001', 'conditioning', 'fermentation', '2026-001'],
      ['2026-002', 'conditioning', 'vessel', '2026-001'],
    ])
    // Straight from the fermenter (no cleaning between a batch's own stages), keeping its length.
    expect(shifts[0].to).toEqual({ start: d('2026-03-19'), end: d('2026-03-26') })
    expect(shifts[1].to.start).toBe(d('2026-03-26') + GAP)
  })

  it('moves the conditioning of a fermentation that an overdue batch pushes', () => {
    const list = [
      tracked(booking(1, 'fv1', '2026-03-01', '2026-03-15'), d('2026-03-01')),
      tracked(booking(2, 'fv1', '2026-03-16', '2026-03-30'), null),
      tracked(conditioning(2, 'bt1', '2026-03-30', '2026-04-06'), null),
    ]
    const shifts = proposeShifts(list, now, GAP)
    const fermentation = shifts.find((s) => s.stage === 'fermentation')!
    const ownConditioning = shifts.find((s) => s.stage === 'conditioning')!
    expect(fermentation.causedByBatchNumber).toBe('2026-001')
    expect(ownConditioning.cause).toBe('fermentation')
    expect(ownConditioning.to.start).toBe(fermentation.to.end)
    expect(ownConditioning.to.end - ownConditioning.to.start).toBe(7 * DAY_MS)
  })

  it('leaves a conditioning that already starts after its fermentation ends, and one already begun', () => {
    const list = [
      tracked(booking(1, 'fv1', '2026-03-01', '2026-03-15'), d('2026-03-01')),
      tracked(conditioning(1, 'bt1', '2026-03-20', '2026-03-27'), null),
      tracked(booking(2, 'fv2', '2026-03-01', '2026-03-15'), d('2026-03-01')),
      tracked(conditioning(2, 'bt2', '2026-03-15', '2026-03-22'), d('2026-03-15')),
    ]
    expect(proposeShifts(list, now, GAP)).toEqual([])
  })

  it('property: accepting every proposal leaves no collision and no conditioning before its fermentation ends', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 20 }),
            fc.integer({ min: 3, max: 20 }),
            fc.integer({ min: 1, max: 14 }),
            fc.integer({ min: 0, max: 1 }),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 24 }),
        (batches, overdueDays, gapHours) => {
          const gap = gapHours * HOUR_MS
          // A plan without collisions: fermentations one after another in fv1, each batch's conditioning
          // right after its fermentation in one of two brite tanks, after that tank's previous booking.
          let fermenterFree = d('2026-01-01')
          const briteFree = [d('2026-01-01'), d('2026-01-01')]
          const list: TrackedBooking[] = []
          batches.forEach(([pause, fermentationDays, conditioningDays, tank], i) => {
            const n = i + 1
            const start = fermenterFree + pause * DAY_MS + (i === 0 ? 0 : gap)
            const end = start + fermentationDays * DAY_MS
            fermenterFree = end
            const bt = `bt${tank}`
            const cStart = Math.max(end, briteFree[tank] + gap)
            const cEnd = cStart + conditioningDays * DAY_MS
            briteFree[tank] = cEnd
            list.push(
              tracked(booking(n, 'fv1', '2026-01-01', '2026-01-02', { start, end }), i === 0 ? start : null),
            )
            list.push(
              tracked(
                booking(n, bt, '2026-01-01', '2026-01-02', {
                  id: id(500 + n),
                  stage: 'conditioning',
                  start: cStart,
                  end: cEnd,
                }),
                null,
              ),
            )
          })
          const nowAt = list[0].plannedEnd + overdueDays * DAY_MS
          const shifts = proposeShifts(list, nowAt, gap)
          const after = acceptAll(list, shifts, nowAt)
          for (const b of after) {
            if (collisions(b, after, gap).length > 0) return false
          }
          for (const c of after.filter((b) => b.stage === 'conditioning')) {
            const f = after.find((b) => b.stage === 'fermentation' && b.batchId === c.batchId)!
            if (c.start < f.end) return false
          }
          return shifts.every((s) => s.shiftMs > 0 && s.occupancyId !== list[0].id)
        },
      ),
    )
  })
})

describe('can we brew this?', () => {
  const fv1 = vessel('FV1', 'fermenter', 10)
  const fv2 = vessel('FV2', 'fermenter', 20)
  const bt1 = vessel('BT1', 'brite-tank', 20)
  const days = { fermentationDays: 14, conditioningDays: 7 }

  it('lays out the stages from the brew day', () => {
    const plan = stagePlan(d('2026-03-01') + 5 * HOUR_MS, days)
    expect(plan.fermentation).toEqual({ start: d('2026-03-01'), end: d('2026-03-15') })
    expect(plan.conditioning).toEqual({ start: d('2026-03-15'), end: d('2026-03-22') })
  })

  it('takes the first fermenter that fits and is free, and a free brite tank', () => {
    const slot = firstBrewSlot({
      vessels: [fv1, fv2, bt1],
      bookings: [booking(1, fv1.id, '2026-02-20', '2026-03-10')],
      volumeBbl: 8,
      from: d('2026-03-01'),
      gapMs: GAP,
      ...days,
    })
    expect(slot?.brewDate).toBe('2026-03-01')
    expect(slot?.fermenter.name).toBe('FV2')
    expect(slot?.briteTank.name).toBe('BT1')
  })

  it('waits for the brite tank and skips fermenters too small or out of service', () => {
    const slot = firstBrewSlot({
      vessels: [fv1, { ...fv2, state: 'out-of-service' }, vessel('FV3', 'unitank', 30), bt1],
      bookings: [booking(1, bt1.id, '2026-03-01', '2026-03-20', { stage: 'conditioning' })],
      volumeBbl: 15,
      from: d('2026-03-01'),
      gapMs: GAP,
      ...days,
    })
    // Conditioning from brew day + 14 must start at or after 20 March + 4 h: brew on 7 March.
    expect(slot?.brewDate).toBe('2026-03-07')
    expect(slot?.fermenter.name).toBe('FV3')
  })

  it('answers null when no vessel can ever take it', () => {
    expect(
      firstBrewSlot({
        vessels: [fv1, bt1],
        bookings: [],
        volumeBbl: 50,
        from: d('2026-03-01'),
        gapMs: GAP,
        ...days,
      }),
    ).toBeNull()
  })
})

describe('schedule input', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

  it('refuses an end before the start, naming the end', () => {
    const result = MoveBookingSchema.safeParse({ vesselId: id(1), start: '2026-03-10', end: '2026-03-01' })
    expect(issues(result)).toEqual({ end: 'End must be after the start' })
  })
  it('refuses dates that are not days', () => {
    const result = MoveBookingSchema.safeParse({ vesselId: id(1), start: '2026-02-30', end: 'soon' })
    expect(issues(result)).toEqual({
      start: 'Start: that date does not exist',
      end: 'End: enter the date as YYYY-MM-DD',
    })
  })
  it('refuses a range that ends before it starts', () => {
    expect(issues(ScheduleRangeSchema.safeParse({ from: '2026-03-10', to: '2026-03-01' }))).toEqual({
      to: 'To must be after From',
    })
  })
  it('refuses durations that are not whole days', () => {
    expect(issues(StageDurationsSchema.safeParse({ fermentationDays: 0, conditioningDays: 1.5 }))).toEqual({
      fermentationDays: 'Fermentation days must be at least 1',
      conditioningDays: 'Conditioning days must be whole days',
    })
  })
})
