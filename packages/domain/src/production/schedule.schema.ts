import { z } from 'zod'
import { SCHEDULE_STAGES, VESSEL_STAGES } from './schedule.ts'

// What the schedule sends and answers (docs/production.md "Scheduling"). Dates are UTC days `YYYY-MM-DD`;
// a booking's end is the first day it no longer holds the vessel (a 14-day fermentation from 1 March ends on
// 15 March).

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}: enter the date as YYYY-MM-DD`, abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, `${label}: that date does not exist`)

const days = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be whole days`)
    .min(min, `${label} must be at least ${min}`)
    .max(365, `${label} cannot be above 365`)

/** The longest range one schedule read may cover. */
export const MAX_SCHEDULE_RANGE_DAYS = 400

/** `GET /api/schedule?from=&to=`: the days to show. */
export const ScheduleRangeSchema = z
  .object({ from: isoDate('From'), to: isoDate('To') })
  .refine((range) => range.to > range.from, { path: ['to'], message: 'To must be after From' })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= MAX_SCHEDULE_RANGE_DAYS * 86_400_000, {
    path: ['to'],
    message: `A schedule covers at most ${MAX_SCHEDULE_RANGE_DAYS} days`,
  })
export type ScheduleRange = z.infer<typeof ScheduleRangeSchema>

/** Moving a booking: new days and (optionally another) vessel. */
export const MoveBookingSchema = z
  .object({
    vesselId: z.uuid({ error: 'Choose a vessel' }),
    start: isoDate('Start'),
    end: isoDate('End'),
  })
  .refine((move) => move.end > move.start, { path: ['end'], message: 'End must be after the start' })
export type MoveBooking = z.infer<typeof MoveBookingSchema>

/** A batch's own stage durations; its planned bookings are re-laid from them. */
export const StageDurationsSchema = z.object({
  fermentationDays: days('Fermentation days', 1),
  conditioningDays: days('Conditioning days', 0),
})
export type StageDurations = z.infer<typeof StageDurationsSchema>

/** Booking a planned batch's stages (what Plan Batch does too): an optional fermenter, else the first free. */
export const BookBatchSchema = z.object({
  fermenterId: z.uuid({ error: 'Choose a fermenter' }).nullable().optional(),
  fermentationDays: days('Fermentation days', 1).optional(),
  conditioningDays: days('Conditioning days', 0).optional(),
  /** Conditions in the fermenter: no brite tank is booked, the fermentation booking holds both stages. */
  conditionInFermenter: z.boolean().optional(),
})
export type BookBatch = z.infer<typeof BookBatchSchema>

/** Accepting the proposed shift of one booking. */
export const AcceptShiftSchema = z.object({ occupancyId: z.uuid({ error: 'Choose a booking' }) })
export type AcceptShift = z.infer<typeof AcceptShiftSchema>

/** The brewery's schedule settings. */
export const ScheduleSettingsSchema = z.object({
  cleaningGapHours: z
    .number({ error: 'Cleaning time must be a number' })
    .int('Cleaning time must be whole hours')
    .min(0, 'Cleaning time cannot be negative')
    .max(72, 'Cleaning time cannot be above 72 hours'),
})
export type ScheduleSettings = z.infer<typeof ScheduleSettingsSchema>

/** `GET /api/schedule/capacity?productId=&date=[&volumeBbl=]`. */
export const CapacityQuerySchema = z.object({
  productId: z.uuid({ error: 'Choose a product' }),
  date: isoDate('Date'),
  volumeBbl: z.coerce
    .number({ error: 'Volume must be a number' })
    .positive('Volume must be above 0')
    .max(100_000, 'Volume is too large')
    .optional(),
})
export type CapacityQuery = z.infer<typeof CapacityQuerySchema>

const instant = z.string()

export const ScheduleVesselSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.string(),
  workingCapacityBbl: z.number(),
  state: z.string(),
})

/** A bar of the timeline: one vessel occupancy, where it really is now. */
export const ScheduleBarSchema = z.object({
  id: z.uuid(),
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  vesselId: z.uuid(),
  stage: z.enum(VESSEL_STAGES),
  start: instant,
  end: instant,
  plannedStart: instant.nullable(),
  plannedEnd: instant.nullable(),
  actualStart: instant.nullable(),
  actualEnd: instant.nullable(),
  /** Still in the vessel past its planned end: the bar has grown to now. */
  grown: z.boolean(),
  volumeBbl: z.number(),
})
export type ScheduleBar = z.infer<typeof ScheduleBarSchema>

/** A batch's day bars (brew day on the brewhouse, packaging day). */
export const ScheduleDaySchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  productName: z.string(),
  stage: z.enum(SCHEDULE_STAGES),
  date: z.string(),
})
export type ScheduleDay = z.infer<typeof ScheduleDaySchema>

export const ProposedShiftSchema = z.object({
  occupancyId: z.uuid(),
  batchId: z.uuid(),
  batchNumber: z.string(),
  vesselId: z.uuid(),
  /** The stage the booking holds. */
  stage: z.enum(['fermentation', 'conditioning']),
  /** `vessel`: the booking before it in its vessel pushes it; `fermentation`: its batch's fermentation ends later. */
  cause: z.enum(['vessel', 'fermentation']),
  causedByBatchNumber: z.string(),
  from: z.object({ start: instant, end: instant }),
  to: z.object({ start: instant, end: instant }),
  shiftDays: z.number(),
})
export type ProposedShiftRead = z.infer<typeof ProposedShiftSchema>

/** `GET /api/schedule`: the vessels, their bars and the batch days in the range, and the proposed shifts. */
export const ScheduleReadSchema = z.object({
  from: z.string(),
  to: z.string(),
  now: instant,
  cleaningGapHours: z.number(),
  vessels: z.array(ScheduleVesselSchema),
  bars: z.array(ScheduleBarSchema),
  days: z.array(ScheduleDaySchema),
  shifts: z.array(ProposedShiftSchema),
  /** Planned batches with no booking yet (planned before the schedule existed, or whose booking failed). */
  unbooked: z.array(
    z.object({
      batchId: z.uuid(),
      batchNumber: z.string(),
      productName: z.string(),
      plannedBrewDate: z.string(),
      volumeBbl: z.number(),
    }),
  ),
  feed: z.object({ active: z.boolean(), createdAt: instant.nullable() }),
})
export type ScheduleRead = z.infer<typeof ScheduleReadSchema>

/**
 * One batch's bookings (`GET /api/schedule/batches/{batchId}`, ADR 251): what Plan Batch booked, or, for a
 * planned batch not booked yet, why not (the refusal a booking would get now, naming the batch in the way).
 */
export const BatchBookingSchema = z.object({
  batchId: z.uuid(),
  batchNumber: z.string(),
  bookings: z.array(
    z.object({
      id: z.uuid(),
      stage: z.enum(['fermentation', 'conditioning']),
      vesselId: z.uuid(),
      vesselName: z.string(),
      start: z.string(),
      end: z.string(),
      actualStart: z.string().nullable(),
      actualEnd: z.string().nullable(),
    }),
  ),
  notBooked: z.string().nullable(),
})
export type BatchBooking = z.infer<typeof BatchBookingSchema>

/** `GET /api/schedule/capacity`: the first brew day with a free fermenter and brite tank, or none. */
export const CapacityAnswerSchema = z.object({
  productName: z.string(),
  volumeBbl: z.number(),
  profile: z.string(),
  fermentationDays: z.number(),
  conditioningDays: z.number(),
  slot: z
    .object({
      brewDate: z.string(),
      fermenter: z.object({ id: z.uuid(), name: z.string() }),
      briteTank: z.object({ id: z.uuid(), name: z.string() }),
      packagingDate: z.string(),
    })
    .nullable(),
})
export type CapacityAnswer = z.infer<typeof CapacityAnswerSchema>

/** A new calendar feed address, shown once. */
/**
 * A new calendar feed address. `url` holds the secret, so it is in the first answer only (the write runner's
 * `shownOnce`): a replay of the same request answers `createdAt` without it.
 */
export const FeedAddressSchema = z.object({ url: z.string().optional(), createdAt: instant })
export type FeedAddress = z.infer<typeof FeedAddressSchema>
