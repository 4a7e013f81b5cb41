import { BillingPortalSchema, BillingSchema } from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { BillingService } from './billing.service.ts'

/** `GET /api/billing` (every member) and `POST /api/billing/portal` (Admin, Stripe mode). */
export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  app.get(
    '/',
    { schema: { response: { 200: z.object({ data: BillingSchema }) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return { data: await billing.get(request.tenant) }
    },
  )

  app.post(
    '/portal',
    { schema: { response: { 200: z.object({ data: BillingPortalSchema }) } } },
    async (request) => ({ data: await billing.portal(request.tenant) }),
  )
}
