import {
  CellarTaskDoneSchema,
  CellarTasksSchema,
  cellarObjectUri,
  ColdCrashDoneEnvelopeSchema,
  DryHopDoneEnvelopeSchema,
  type CellarTaskDone,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WriteHeadersSchema, type Broadcast, type WriteRunner } from '../../writes/write-runner.ts'
import type { CellarTaskService } from './cellar-tasks.ts'

/** What the room hears after a task done: the batch changed (the cellar's pages and the tasks read again). */
const taskChange = (done: CellarTaskDone): Broadcast => ({
  objectUri: cellarObjectUri('batches', done.batchId),
  data: { id: done.batchId, taskDone: done.taskId },
})

/**
 * `/api/cellar/tasks` (ADR 263): the brewery's open cellar tasks, and the two done here in one tap — a dry hop
 * and a cold crash. Transfers and packaging runs are the cellar's own movement routes.
 */
export const cellarTaskRoutes: FastifyPluginAsyncZod<{
  tasks: CellarTaskService
  runWrite: WriteRunner
}> = async (app, { tasks, runWrite }) => {
  const headers = WriteHeadersSchema
  const doneResponse = { 201: z.object({ data: CellarTaskDoneSchema }) }

  app.get('/', { schema: { response: { 200: z.object({ data: CellarTasksSchema }) } } }, async (request) => ({
    data: await tasks.list(request.tenant),
  }))

  app.post(
    '/dry-hop',
    { schema: { body: DryHopDoneEnvelopeSchema, headers, response: doneResponse } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => tasks.dryHop(tx, request.tenant, request.body.data),
        body: (done) => ({ data: done }),
        broadcast: taskChange,
      }),
  )

  app.post(
    '/cold-crash',
    { schema: { body: ColdCrashDoneEnvelopeSchema, headers, response: doneResponse } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 201,
        run: (tx) => tasks.coldCrash(tx, request.tenant, request.body.data),
        body: (done) => ({ data: done }),
        broadcast: taskChange,
      }),
  )
}
