import {
  AlertAcknowledgementEnvelopeSchema,
  BatchCompletionEnvelopeSchema,
  BulkReceiptEnvelopeSchema,
  BulkRemovalEnvelopeSchema,
  cellarObjectUri,
  CellarSettingsEnvelopeSchema,
  CleaningEnvelopeSchema,
  DeviceEnvelopeSchema,
  LiquidEventEnvelopeSchema,
  PackagingRunEnvelopeSchema,
  ReadingEnvelopeSchema,
  type AddedDevice,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { CellarService } from './cellar.service.ts'
import { DEFAULT_POINTS, MAX_POINTS, MIN_POINTS } from './downsample.ts'
import { INGEST_SECONDS_PER_POST } from './ingest.ts'

const VesselParams = z.object({ vesselId: z.uuid('The vessel id must be a UUID') })
const BatchParams = z.object({ batchId: z.uuid('The batch id must be a UUID') })
/** How many readings per device a batch's chart gets (ADR 390): the rest are downsampled on the server. */
const ChartQuery = z.object({
  points: z.coerce
    .number({ error: `points must be a number of readings (${MIN_POINTS} to ${MAX_POINTS})` })
    .int(`points must be a whole number of readings (${MIN_POINTS} to ${MAX_POINTS})`)
    .min(MIN_POINTS, `points is ${MIN_POINTS} to ${MAX_POINTS} readings per device`)
    .max(MAX_POINTS, `points is ${MIN_POINTS} to ${MAX_POINTS} readings per device`)
    .default(DEFAULT_POINTS),
})
const DeviceParams = z.object({ deviceId: z.uuid('The device id must be a UUID') })
const AlertParams = z.object({ alertId: z.uuid('The alert id must be a UUID') })

/** What the room hears after a movement: each vessel it touched and its batch (the cellar's pages read them again). */
const movementChange = (vesselIds: string[], batchId: string, data: Record<string, unknown>): Broadcast => ({
  objectUri: cellarObjectUri('batches', batchId),
  data: { id: batchId, vesselIds, ...data },
})

/**
 * `/api/cellar`: the tank board, a vessel, a batch's fermentation, readings, the liquid ledger's movements and
 * packaging runs, cleaning, devices, alerts, the cellar settings and the dashboard's part (docs/production.md).
 * Every write goes through the write runner and is broadcast to the brewery's room.
 */
export const cellarRoutes: FastifyPluginAsyncZod<{ cellar: CellarService; runWrite: WriteRunner }> = async (
  app,
  { cellar, runWrite },
) => {
  const headers = WriteHeadersSchema

  app.get('/tanks', async (request) => ({ data: await cellar.tankBoard(request.tenant) }))
  app.get('/vessels/:vesselId', { schema: { params: VesselParams } }, async (request) => ({
    data: await cellar.vesselDetail(request.tenant, request.params.vesselId),
  }))
  app.get(
    '/batches/:batchId',
    { schema: { params: BatchParams, querystring: ChartQuery } },
    async (request) => ({
      data: await cellar.batchFermentation(request.tenant, request.params.batchId, request.query.points),
    }),
  )
  app.get('/dashboard', async (request) => ({ data: await cellar.dashboard(request.tenant) }))

  app.post(
    '/batches/:batchId/complete',
    { schema: { params: BatchParams, body: BatchCompletionEnvelopeSchema, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => cellar.completeBatch(tx, request.tenant, request.params.batchId, request.body.data),
        body: (batch) => ({ data: { id: batch.id, number: batch.number, status: batch.status } }),
        broadcast: (batch) => movementChange(batch.vesselIds, batch.id, { status: batch.status }),
      }),
  )

  app.post('/readings', { schema: { body: ReadingEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.recordReading(tx, request.tenant, request.body.data),
      body: (reading) => ({ data: reading }),
      broadcast: (reading) => ({
        objectUri: cellarObjectUri('vessels', reading.vesselId),
        data: { id: reading.vesselId, reading },
      }),
    }),
  )

  app.post('/liquid-events', { schema: { body: LiquidEventEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.recordMovement(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result.event }),
      broadcast: (result) => movementChange(result.vesselIds, result.batchId, { events: [result.event] }),
    }),
  )

  app.post('/packaging-runs', { schema: { body: PackagingRunEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.packageRun(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result.events }),
      broadcast: (result) => movementChange(result.vesselIds, result.batchId, { events: result.events }),
    }),
  )

  app.post('/bulk-removals', { schema: { body: BulkRemovalEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.removeBulk(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result.event }),
      broadcast: (result) => movementChange(result.vesselIds, result.batchId, { events: [result.event] }),
    }),
  )

  app.post('/bulk-receipts', { schema: { body: BulkReceiptEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.receiveBulk(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result.event }),
      broadcast: (result) => movementChange(result.vesselIds, result.batchId, { events: [result.event] }),
    }),
  )

  app.post('/cleaning', { schema: { body: CleaningEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.logCleaning(tx, request.tenant, request.body.data),
      body: (cleaning) => ({ data: cleaning }),
      broadcast: (cleaning) => ({
        objectUri: cellarObjectUri('vessels', cleaning.vesselId),
        data: { id: cleaning.vesselId, cleaning },
      }),
    }),
  )

  app.get('/devices', async (request) => ({ data: await cellar.devices(request.tenant) }))
  app.post('/devices', { schema: { body: DeviceEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => cellar.addDevice(tx, request.tenant, request.body.data),
      // The token the server made is in the first answer only: never stored for a replay, never broadcast.
      body: ({ device }) => ({ data: device }),
      shownOnce: ({ device, token }): { data: AddedDevice } => ({ data: { ...device, token } }),
      broadcast: ({ device }) => ({ objectUri: cellarObjectUri('devices', device.id), data: { ...device } }),
    }),
  )
  app.delete('/devices/:deviceId', { schema: { params: DeviceParams, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 204,
      run: (tx) => cellar.revokeDevice(tx, request.tenant, request.params.deviceId),
      broadcast: (device) => ({
        objectUri: cellarObjectUri('devices', device.id),
        data: { id: device.id, revoked: true },
      }),
    }),
  )

  app.get('/settings', async (request) => ({ data: await cellar.settings(request.tenant) }))
  app.put('/settings', { schema: { body: CellarSettingsEnvelopeSchema, headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 200,
      run: (tx) => cellar.saveSettings(tx, request.tenant, request.body.data),
      body: (settings) => ({ data: settings }),
      broadcast: (settings) => ({
        objectUri: cellarObjectUri('settings', request.tenant.entityId),
        data: { id: request.tenant.entityId, ...settings },
      }),
    }),
  )

  app.get('/alerts', async (request) => ({ data: await cellar.alerts(request.tenant) }))
  app.post(
    '/alerts/:alertId/acknowledge',
    { schema: { params: AlertParams, body: AlertAcknowledgementEnvelopeSchema, headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => cellar.acknowledgeAlert(tx, request.tenant, request.params.alertId),
        body: (alert) => ({ data: alert }),
        broadcast: (alert) => ({ objectUri: cellarObjectUri('alerts', alert.id), data: { ...alert } }),
      }),
  )
}

/** `POST /api/ingest/{deviceToken}`: public, the device token is the key; limited per address and per device. */
export const ingestRoutes: FastifyPluginAsyncZod<{
  ingest: (
    token: string,
    body: unknown,
  ) => Promise<{ reading: { id: string; vesselId: string; batchId: string | null; takenAt: string } }>
  perMinute: number
}> = async (app, { ingest, perMinute }) => {
  app.post(
    '/:deviceToken',
    {
      config: { public: true, rateLimit: { max: perMinute, timeWindow: '1 minute' } },
      schema: { params: z.object({ deviceToken: z.string().max(200) }) },
    },
    async (request, reply) => {
      try {
        const { reading } = await ingest(request.params.deviceToken, request.body)
        return reply.code(201).send({
          data: {
            id: reading.id,
            vesselId: reading.vesselId,
            batchId: reading.batchId,
            takenAt: reading.takenAt,
          },
        })
      } catch (error) {
        if ((error as { code?: string }).code === 'RATE_LIMITED')
          reply.header('retry-after', String(INGEST_SECONDS_PER_POST))
        throw error
      }
    },
  )
}
