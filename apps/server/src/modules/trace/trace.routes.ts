import {
  CloseRecallSchema,
  envelopeOf,
  MarkContactedSchema,
  OBJECT_URI_SCHEME,
  RecallSchema,
  RecallSummarySchema,
  ReleaseHoldSchema,
  StartRecallSchema,
  TraceMatchSchema,
  TraceOriginKindSchema,
  TraceSchema,
  TraceSearchQuerySchema,
  type Recall,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { RecallService } from './recall.service.ts'
import type { TraceService } from './trace.service.ts'
import { plainJson } from '../../plugins/plain-json.ts'

const RecallParams = z.object({ recallId: z.uuid('The recall id must be a UUID') })
const NodeParams = z.object({
  kind: TraceOriginKindSchema,
  id: z.string().min(1).max(80, 'Not a trace node'),
})
const recall = <T extends z.ZodType>(data: T) => envelopeOf('recall', data)
const headers = WriteHeadersSchema
const changed = (item: Recall): Broadcast => ({
  objectUri: `${OBJECT_URI_SCHEME}recalls/${item.id}`,
  data: { id: item.id },
})
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_')

/**
 * `/api/trace` (docs/decisions/300–303): the search, a node's genealogy, and recalls with their list, holds,
 * history, CSV and PDF. Reading is viewReports (a Manager's: it names customers); recall writes are runRecalls.
 */
export const traceRoutes: FastifyPluginAsyncZod<{
  trace: TraceService
  recalls: RecallService
  runWrite: WriteRunner
}> = async (app, { trace, recalls, runWrite }) => {
  app.get(
    '/search',
    {
      schema: {
        querystring: TraceSearchQuerySchema,
        response: { 200: z.object({ data: z.array(TraceMatchSchema) }) },
      },
    },
    async (request) => ({ data: await trace.search(request.tenant, request.query.q) }),
  )
  app.get(
    '/nodes/:kind/:id',
    {
      schema: { params: NodeParams, response: { 200: z.object({ data: TraceSchema }) } },
      // A year's trace from a lot in 20 batches is a tree of about 1,800 nodes, built field by field by the
      // service: plain JSON, not a second walk of it through zod (ADR 091, ADR 400).
      serializerCompiler: plainJson,
    },
    async (request) => ({ data: await trace.trace(request.tenant, request.params.kind, request.params.id) }),
  )

  app.get(
    '/recalls',
    { schema: { response: { 200: z.object({ data: z.array(RecallSummarySchema) }) } } },
    async (request) => ({ data: await recalls.list(request.tenant) }),
  )
  app.post('/recalls', { schema: { body: recall(StartRecallSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => recalls.start(tx, request.tenant, request.body.data),
      body: (item) => ({ data: item }),
      broadcast: changed,
    }),
  )
  app.get(
    '/recalls/:recallId',
    { schema: { params: RecallParams, response: { 200: z.object({ data: RecallSchema }) } } },
    async (request) => ({ data: await recalls.detail(request.tenant, request.params.recallId) }),
  )
  app.put(
    '/recalls/:recallId/customers/:customerRowId',
    {
      schema: {
        params: RecallParams.extend({ customerRowId: z.uuid('The customer id must be a UUID') }),
        body: recall(MarkContactedSchema),
        headers,
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) =>
          recalls.contact(
            tx,
            request.tenant,
            request.params.recallId,
            request.params.customerRowId,
            request.body.data,
          ),
        body: (item) => ({ data: item }),
        broadcast: changed,
      }),
  )
  app.post(
    '/recalls/:recallId/holds/:holdId/release',
    {
      schema: {
        params: RecallParams.extend({ holdId: z.uuid('The hold id must be a UUID') }),
        body: recall(ReleaseHoldSchema),
        headers,
      },
    },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) =>
          recalls.releaseHold(
            tx,
            request.tenant,
            request.params.recallId,
            request.params.holdId,
            request.body.data,
          ),
        body: (item) => ({ data: item }),
        broadcast: changed,
      }),
  )
  app.post(
    '/recalls/:recallId/close',
    { schema: { params: RecallParams, body: recall(CloseRecallSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => recalls.close(tx, request.tenant, request.params.recallId, request.body.data),
        body: (item) => ({ data: item }),
        broadcast: changed,
      }),
  )
  app.get('/recalls/:recallId/list.csv', { schema: { params: RecallParams } }, async (request, reply) => {
    const { fileName, text } = await recalls.csv(request.tenant, request.params.recallId)
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${safeName(fileName)}"`)
      .header('cache-control', 'no-store')
      .send(text)
  })
  app.get('/recalls/:recallId/list.pdf', { schema: { params: RecallParams } }, async (request, reply) => {
    const { fileName, bytes } = await recalls.pdf(request.tenant, request.params.recallId)
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${safeName(fileName)}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes))
  })
}
