import {
  BrewDayActionSchema,
  brewDayObjectUri,
  BrewDaySchema,
  ConfirmAdditionSchema,
  envelopeOf,
  ExtendStepSchema,
  FinishBrewDaySchema,
  MeasurementInputSchema,
  StepKeySchema,
  type BrewDay,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { BrewDayService } from './brew-day.service.ts'

const BatchParams = z.object({ batchId: z.uuid('The batch id must be a UUID') })
const StepParams = BatchParams.extend({ stepKey: StepKeySchema })

const ActionEnvelope = envelopeOf('brew-step', BrewDayActionSchema)
const StartEnvelope = envelopeOf('batch', BrewDayActionSchema)
const ExtendEnvelope = envelopeOf('brew-step', ExtendStepSchema)
const ConfirmEnvelope = envelopeOf('brew-step', ConfirmAdditionSchema)
const MeasurementEnvelope = envelopeOf('measurement', MeasurementInputSchema)
const FinishEnvelope = envelopeOf('batch', FinishBrewDaySchema)

/** What the brewery's room hears after a brew-day write: the whole brew day (steps, measurements, clock). */
const brewDayChange = (brewDay: BrewDay): Broadcast => ({
  objectUri: brewDayObjectUri(brewDay.batchId),
  data: { id: brewDay.batchId, ...brewDay },
})

type StepVerb = 'start' | 'complete' | 'acknowledge'

/**
 * A batch's brew day (docs/production.md "brew_step"): `GET /api/batches/{batchId}/brew-day` reads it with the
 * server's clock; every write goes through the write runner and answers the brew day as it is after the write,
 * which is also what the brewery's room hears.
 */
export const brewDayRoutes: FastifyPluginAsyncZod<{
  brewDay: BrewDayService
  runWrite: WriteRunner
}> = async (app, { brewDay, runWrite }) => {
  const headers = WriteHeadersSchema

  app.get(
    '/:batchId/brew-day',
    { schema: { params: BatchParams, response: { 200: z.object({ data: BrewDaySchema }) } } },
    async (request) => ({ data: await brewDay.read(request.tenant, request.params.batchId) }),
  )

  app.post(
    '/:batchId/brew-day',
    { schema: { params: BatchParams, body: StartEnvelope, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => brewDay.start(tx, request.tenant, request.params.batchId),
        body: (result) => ({ data: result }),
        broadcast: brewDayChange,
      }),
  )

  const stepActions: Record<StepVerb, 'startStep' | 'completeStep' | 'acknowledge'> = {
    start: 'startStep',
    complete: 'completeStep',
    acknowledge: 'acknowledge',
  }
  for (const [verb, action] of Object.entries(stepActions)) {
    app.post(
      `/:batchId/brew-day/steps/:stepKey/${verb}`,
      { schema: { params: StepParams, body: ActionEnvelope, headers } },
      (request, reply) =>
        runWrite(request, reply, {
          status: 200,
          run: (tx) => brewDay[action](tx, request.tenant, request.params.batchId, request.params.stepKey),
          body: (result) => ({ data: result }),
          broadcast: brewDayChange,
        }),
    )
  }

  app.post(
    '/:batchId/brew-day/steps/:stepKey/extend',
    { schema: { params: StepParams, body: ExtendEnvelope, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) =>
          brewDay.extendStep(
            tx,
            request.tenant,
            request.params.batchId,
            request.params.stepKey,
            request.body.data.minutes,
          ),
        body: (result) => ({ data: result }),
        broadcast: brewDayChange,
      }),
  )

  app.post(
    '/:batchId/brew-day/steps/:stepKey/confirm',
    { schema: { params: StepParams, body: ConfirmEnvelope, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) =>
          brewDay.confirmAddition(
            tx,
            request.tenant,
            request.params.batchId,
            request.params.stepKey,
            request.body.data,
          ),
        body: (result) => ({ data: result }),
        broadcast: brewDayChange,
      }),
  )

  app.post(
    '/:batchId/measurements',
    { schema: { params: BatchParams, body: MeasurementEnvelope, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => brewDay.measure(tx, request.tenant, request.params.batchId, request.body.data),
        body: (result) => ({ data: result }),
        broadcast: brewDayChange,
      }),
  )

  app.post(
    '/:batchId/brew-day/finish',
    { schema: { params: BatchParams, body: FinishEnvelope, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => brewDay.finish(tx, request.tenant, request.params.batchId, request.body.data),
        body: ({ brewDay: result, warnings }) => ({ data: result, warnings }),
        broadcast: ({ brewDay: result }) => brewDayChange(result),
      }),
  )
}
