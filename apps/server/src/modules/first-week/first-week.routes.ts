import {
  FirstWeekDismissalEnvelopeSchema,
  FirstWeekSchema,
  OBJECT_URI_SCHEME,
  type FirstWeek,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { WriteHeadersSchema, type WriteRunner } from '../../writes/write-runner.ts'
import { createFirstWeekRepository } from './first-week.repository.ts'

/** The first week's service: the steps from the brewery's records, the person's dismissal. */
export function createFirstWeekService(db: Db) {
  const repo = createFirstWeekRepository(db)
  return {
    async read(tenant: Tenant): Promise<FirstWeek> {
      assertCan(tenant, 'read')
      const [steps, dismissedAt] = await Promise.all([
        repo.done(tenant.entityId),
        repo.dismissedAt(tenant.entityId, tenant.userId),
      ])
      return {
        steps,
        dismissedAt: dismissedAt?.toISOString() ?? null,
      }
    },

    async dismiss(tx: Db, tenant: Tenant): Promise<{ dismissedAt: string }> {
      assertCan(tenant, 'read')
      const at = await repo.dismiss(tx, tenant.entityId, tenant.userId, new Date())
      return { dismissedAt: at.toISOString() }
    },
  }
}
export type FirstWeekService = ReturnType<typeof createFirstWeekService>

/**
 * `/api/first-week` (ADR 261): the dashboard's first-run path. Any member reads it; the dismissal is the caller's
 * own, goes through the write runner and is told to the brewery's room under the person's own uri (their other
 * tabs hide the path too).
 */
export const firstWeekRoutes: FastifyPluginAsyncZod<{
  firstWeek: FirstWeekService
  runWrite: WriteRunner
}> = async (app, { firstWeek, runWrite }) => {
  app.get('/', { schema: { response: { 200: z.object({ data: FirstWeekSchema }) } } }, async (request) => ({
    data: await firstWeek.read(request.tenant),
  }))
  app.put(
    '/dismissal',
    { schema: { body: FirstWeekDismissalEnvelopeSchema, headers: WriteHeadersSchema } },
    (request, reply) =>
      runWrite(request, reply, {
        status: 200,
        run: (tx) => firstWeek.dismiss(tx, request.tenant),
        body: (result) => ({ data: result }),
        broadcast: (result) => ({
          objectUri: `${OBJECT_URI_SCHEME}first-week/${request.tenant.userId}`,
          data: { id: request.tenant.userId, ...result },
        }),
      }),
  )
}
