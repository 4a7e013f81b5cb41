import {
  BATCH_STATUSES,
  BatchChangeSchema,
  batchObjectUri,
  BatchSchema,
  BatchSummarySchema,
  envelopeOf,
  PlanBatchSchema,
  type Batch,
  type BatchStatus,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { BatchService } from './batches.service.ts'

const BatchParams = z.object({ batchId: z.uuid('The batch id must be a UUID') })
const ListQuery = z.object({
  /** Comma-separated statuses; none lists every batch. */
  status: z
    .string()
    .max(200)
    .optional()
    .refine(
      (value) =>
        !value || value.split(',').every((s) => (BATCH_STATUSES as readonly string[]).includes(s.trim())),
      `Each status is one of ${BATCH_STATUSES.join(', ')}`,
    ),
})

/**
 * `/api/batches` (docs/production.md "batch"): the list with a status filter, one batch whole (its snapshot,
 * brewhouse version and the server's clock), Plan Batch and the change of a planned batch. The brewery's room
 * hears a batch's list shape at `brewcommand://batches/{id}`.
 */
export const batchRoutes: FastifyPluginAsyncZod<{ batches: BatchService; runWrite: WriteRunner }> = async (
  app,
  { batches, runWrite },
) => {
  const headers = WriteHeadersSchema
  // The list's shape: the snapshot and constants stay out of every broadcast.
  const changed = ({
    recipeSnapshot: _snapshot,
    serverTime: _time,
    brewhouse,
    ...rest
  }: Batch): Broadcast => ({
    objectUri: batchObjectUri(rest.id),
    data: { ...rest, brewhouse: { id: brewhouse.id, name: brewhouse.name, version: brewhouse.version } },
  })

  app.get(
    '/',
    {
      schema: {
        querystring: ListQuery,
        response: { 200: z.object({ data: z.array(BatchSummarySchema) }) },
      },
    },
    async (request) => {
      const statuses = request.query.status
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean) as BatchStatus[] | undefined
      return { data: await batches.list(request.tenant, statuses) }
    },
  )

  app.get(
    '/:batchId',
    { schema: { params: BatchParams, response: { 200: z.object({ data: BatchSchema }) } } },
    async (request) => ({ data: await batches.get(request.tenant, request.params.batchId) }),
  )

  app.post('/', { schema: { body: envelopeOf('batch', PlanBatchSchema), headers } }, (request, reply) =>
    runWrite(request, reply, {
      status: 201,
      run: (tx) => batches.plan(tx, request.tenant, request.body.data),
      body: (batch) => ({ data: batch }),
      broadcast: changed,
    }),
  )

  app.put(
    '/:batchId',
    { schema: { params: BatchParams, body: envelopeOf('batch', BatchChangeSchema), headers } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => batches.change(tx, request.tenant, request.params.batchId, request.body.data),
        body: (batch) => ({ data: batch }),
        broadcast: changed,
      }),
  )
}
