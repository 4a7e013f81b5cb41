import {
  CheckoutRequestSchema,
  CheckoutSessionStateSchema,
  OnboardingRequestSchema,
  PlanIdSchema,
  TestCheckoutConfirmSchema,
} from '@brewcommand/domain'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import type { Caller, OnboardingService } from './onboarding.service.ts'

const EntitySummarySchema = z.object({
  entityId: z.string(),
  name: z.string(),
  type: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  ein: z.string(),
  subscription: z.object({ plan: PlanIdSchema.nullable(), status: z.string() }),
})

const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(128).optional(),
})

function caller(auth: { sub: string; email?: string; emailVerified?: boolean } | null): Caller {
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Missing bearer token')
  return auth
}

/** `/api/onboarding` and `/api/checkout` (spec 01 §7). */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.post(
    '/onboarding',
    {
      schema: {
        body: OnboardingRequestSchema,
        headers: IdempotencyHeadersSchema,
        response: { 201: z.object({ data: EntitySummarySchema }) },
      },
    },
    async (request, reply) => {
      const { statusCode, body } = await onboarding.onboard(
        caller(request.auth),
        request.body,
        request.headers['idempotency-key'],
      )
      return reply.code(statusCode as 201).send(body)
    },
  )

  app.get(
    '/onboarding',
    {
      schema: {
        querystring: z.object({ session_id: z.string().trim().min(1, 'session_id is required').max(200) }),
        response: { 200: z.object({ data: CheckoutSessionStateSchema }) },
      },
    },
    async (request) => ({ data: await onboarding.status(caller(request.auth), request.query.session_id) }),
  )

  app.post(
    '/checkout',
    {
      schema: {
        body: CheckoutRequestSchema,
        response: { 201: z.object({ data: z.object({ client_secret: z.string(), sessionId: z.string() }) }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await onboarding.createCheckout(caller(request.auth), request.body.priceId) }),
  )

  app.post(
    '/checkout/test/confirm',
    {
      schema: {
        body: TestCheckoutConfirmSchema,
        response: { 200: z.object({ data: CheckoutSessionStateSchema }) },
      },
    },
    async (request) => ({
      data: await onboarding.confirmTestCheckout(
        caller(request.auth),
        request.body.clientSecret,
        request.body.card,
      ),
    }),
  )
}
