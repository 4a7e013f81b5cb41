import {
  AddKegsSchema,
  envelopeOf,
  KegBoardSchema,
  KegCustomerHoldingSchema,
  KegDetailSchema,
  KegImportPreviewSchema,
  KegImportSchema,
  KegLabelsQuerySchema,
  kegObjectUri,
  KegOrderSchema,
  KegPackageRunSchema,
  KegScanManySchema,
  KegScanSchema,
  KegSchema,
  KegSettingsSchema,
  KegTraceSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type WriteRunner } from '../../writes/write-runner.ts'
import type { KegBoardService } from './keg-board.ts'
import type { KegScans } from './keg-scans.ts'
import type { KegService } from './kegs.service.ts'

const KegParams = z.object({ kegId: z.uuid('The keg id must be a UUID') })
const CustomerParams = z.object({ customerId: z.uuid('The customer id must be a UUID') })
const keg = <T extends z.ZodType>(data: T) => envelopeOf('keg', data)
const headers = WriteHeadersSchema
const dataOf = <T extends z.ZodType>(schema: T) => ({ 200: z.object({ data: schema }) })

/**
 * `/api/kegs` (docs/decisions/290-kegs.md): the register (Add Kegs, import, labels), scans, the board, a keg's
 * history and trace, a customer's kegs and deposit balance, and the days-out limit. Every write goes through the
 * write runner (the web queues them, offline too).
 */
export const kegRoutes: FastifyPluginAsyncZod<{
  kegs: KegService
  scans: KegScans
  board: KegBoardService
  runWrite: WriteRunner
}> = async (app, { kegs, scans, board, runWrite }) => {
  app.get('/', { schema: { response: dataOf(z.array(KegSchema)) } }, async (request) => ({
    data: await kegs.list(request.tenant),
  }))
  app.post('/', { schema: { body: keg(AddKegsSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => kegs.add(tx, request.tenant, request.body.data),
      body: (added) => ({ data: added }),
      broadcast: () => ({ objectUri: kegObjectUri('register'), data: { id: request.tenant.entityId } }),
    }),
  )
  // A preview writes nothing: not a queued write, so a plain body.
  app.post(
    '/import/preview',
    { schema: { body: KegImportSchema, response: dataOf(KegImportPreviewSchema) } },
    async (request) => ({ data: await kegs.previewImport(request.tenant, request.body.csv) }),
  )
  app.post('/import', { schema: { body: keg(KegImportSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => kegs.importKegs(tx, request.tenant, request.body.data.csv),
      body: (result) => ({ data: result }),
      broadcast: () => ({ objectUri: kegObjectUri('register'), data: { id: request.tenant.entityId } }),
    }),
  )
  app.get('/labels', { schema: { querystring: KegLabelsQuerySchema } }, async (request, reply) => {
    const { bytes, fileName } = await kegs.labels(request.tenant, request.query.numbers)
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(bytes))
  })
  app.post('/scans', { schema: { body: keg(KegScanSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => scans.scan(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result }),
      broadcast: (result) => ({ objectUri: kegObjectUri(result.keg.id), data: { id: result.keg.id } }),
    }),
  )
  // Several kegs of one kind at once (a pallet loaded onto a van, a rack back from the washer), all or none (ADR 416).
  app.post('/scans/many', { schema: { body: keg(KegScanManySchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => scans.scanMany(tx, request.tenant, request.body.data),
      body: (result) => ({ data: result }),
      broadcast: () => ({ objectUri: kegObjectUri('register'), data: { id: request.tenant.entityId } }),
    }),
  )
  app.get('/board', { schema: { response: dataOf(KegBoardSchema) } }, async (request) => ({
    data: await board.board(request.tenant),
  }))
  app.get(
    '/package-runs',
    { schema: { response: dataOf(z.array(KegPackageRunSchema)) } },
    async (request) => ({
      data: await board.packageRuns(request.tenant),
    }),
  )
  app.get('/orders', { schema: { response: dataOf(z.array(KegOrderSchema)) } }, async (request) => ({
    data: await board.orders(request.tenant),
  }))
  app.get(
    '/customers/:customerId',
    { schema: { params: CustomerParams, response: dataOf(KegCustomerHoldingSchema) } },
    async (request) => ({ data: await board.customer(request.tenant, request.params.customerId) }),
  )
  app.get('/settings', { schema: { response: dataOf(KegSettingsSchema) } }, async (request) => ({
    data: await kegs.settings(request.tenant),
  }))
  app.put('/settings', { schema: { body: keg(KegSettingsSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 200,
      run: (tx) => kegs.changeSettings(tx, request.tenant, request.body.data),
      body: (settings) => ({ data: settings }),
      broadcast: () => ({ objectUri: kegObjectUri('settings'), data: { id: request.tenant.entityId } }),
    }),
  )
  app.get(
    '/:kegId',
    { schema: { params: KegParams, response: dataOf(KegDetailSchema) } },
    async (request) => ({
      data: await kegs.detail(request.tenant, request.params.kegId),
    }),
  )
  app.get(
    '/:kegId/trace',
    { schema: { params: KegParams, response: dataOf(KegTraceSchema) } },
    async (request) => ({
      data: await board.trace(request.tenant, request.params.kegId),
    }),
  )
}
