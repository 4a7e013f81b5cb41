import {
  AcceptShiftSchema,
  BatchBookingSchema,
  BookBatchSchema,
  CapacityAnswerSchema,
  CapacityQuerySchema,
  envelopeOf,
  FeedAddressSchema,
  MoveBookingSchema,
  OBJECT_URI_SCHEME,
  ScheduleRangeSchema,
  ScheduleReadSchema,
  ScheduleSettingsSchema,
  StageDurationsSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { ScheduleService } from './schedule.service.ts'

const OccupancyParams = z.object({ id: z.uuid('The booking id must be a UUID') })
const BatchParams = z.object({ batchId: z.uuid('The batch id must be a UUID') })

/** The object URI every schedule change is broadcast under: an open schedule reloads on it. */
export const SCHEDULE_OBJECT_URI = `${OBJECT_URI_SCHEME}schedule`
const scheduleChange = (id: string, change: string): Broadcast => ({
  objectUri: SCHEDULE_OBJECT_URI,
  data: { id, change },
})

/**
 * `/api/schedule` (docs/production.md "Scheduling"): the timeline's read, bookings and their moves, a
 * batch's stage durations, accepted shifts, capacity, the cleaning time and the calendar feed's address.
 * A Manager schedules (planProduction); every member reads.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<{
  schedule: ScheduleService
  runWrite: WriteRunner
}> = async (app, { schedule, runWrite }) => {
  const headers = WriteHeadersSchema

  app.get(
    '/',
    {
      schema: { querystring: ScheduleRangeSchema, response: { 200: z.object({ data: ScheduleReadSchema }) } },
    },
    async (request) => ({ data: await schedule.read(request.tenant, request.query) }),
  )

  app.get(
    '/capacity',
    {
      schema: {
        querystring: CapacityQuerySchema,
        response: { 200: z.object({ data: CapacityAnswerSchema }) },
      },
    },
    async (request) => ({ data: await schedule.capacity(request.tenant, request.query) }),
  )

  app.get(
    '/batches/:batchId',
    { schema: { params: BatchParams, response: { 200: z.object({ data: BatchBookingSchema }) } } },
    async (request) => ({ data: await schedule.batchBooking(request.tenant, request.params.batchId) }),
  )

  app.put(
    '/occupancies/:id',
    { schema: { params: OccupancyParams, body: envelopeOf('schedule', MoveBookingSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => schedule.move(tx, request.tenant, request.params.id, request.body.data),
        body: (moved) => ({ data: moved }),
        broadcast: (moved) => scheduleChange(moved.id, 'moved'),
      }),
  )

  app.post(
    '/batches/:batchId/book',
    { schema: { params: BatchParams, body: envelopeOf('schedule', BookBatchSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => schedule.bookBatchStages(tx, request.tenant, request.params.batchId, request.body.data),
        body: (booked) => ({ data: booked }),
        broadcast: (booked) => scheduleChange(booked.batchId, 'booked'),
      }),
  )

  app.put(
    '/batches/:batchId/durations',
    { schema: { params: BatchParams, body: envelopeOf('schedule', StageDurationsSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => schedule.setDurations(tx, request.tenant, request.params.batchId, request.body.data),
        body: (durations) => ({ data: durations }),
        broadcast: (durations) => scheduleChange(durations.batchId, 'durations'),
      }),
  )

  app.post(
    '/shifts/accept',
    { schema: { body: envelopeOf('schedule', AcceptShiftSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => schedule.acceptShift(tx, request.tenant, request.body.data.occupancyId),
        body: (moved) => ({ data: moved }),
        broadcast: (moved) => scheduleChange(moved.id, 'shifted'),
      }),
  )

  app.put(
    '/settings',
    { schema: { body: envelopeOf('schedule', ScheduleSettingsSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => schedule.saveSettings(tx, request.tenant, request.body.data),
        body: (settings) => ({ data: settings }),
        broadcast: () => scheduleChange(request.tenant.entityId, 'settings'),
      }),
  )

  // The feed's address is answered once, so these are not queued writes: the page calls them directly.
  app.post(
    '/feed',
    { schema: { headers, response: { 201: z.object({ data: FeedAddressSchema }) } } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => schedule.regenerateFeed(tx, request.tenant),
        // The address holds the secret: it is in this answer only, and a replay answers its date without it.
        body: ({ createdAt }) => ({ data: { createdAt } }),
        shownOnce: (address) => ({ data: address }),
        broadcast: () => scheduleChange(request.tenant.entityId, 'feed'),
      }),
  )
  app.delete('/feed', { schema: { headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 204,
      run: (tx) => schedule.revokeFeed(tx, request.tenant),
      broadcast: () => scheduleChange(request.tenant.entityId, 'feed'),
    }),
  )
}

const FeedParams = z.object({
  feedToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a calendar address'),
})

/**
 * `GET /api/calendar/:feedToken.ics`: the brewery's private iCalendar feed. Public (calendar apps send no
 * token); the secret address is the key, stored hashed; rate limited per address.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ schedule: ScheduleService; perMinute: number }> = async (
  app,
  { schedule, perMinute },
) => {
  app.get(
    '/:feedToken.ics',
    {
      config: { public: true, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { params: FeedParams },
    },
    async (request, reply) => {
      const text = await schedule.calendar(request.params.feedToken)
      if (text === null) throw new AppError('NOT_FOUND', 'Calendar not found.')
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text)
    },
  )
}
