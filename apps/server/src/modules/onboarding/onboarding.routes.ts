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
import type { WriteRunner } from '../../writes/write-runner.ts'
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
/** These calls come before the caller has a brewery: no tenant (auth/auth.plugin.ts). */
const NO_TENANT = { tenant: false } as const

function caller(auth: { sub: string; email?: string; emailVerified?: boolean } | null): Caller {
  if (!auth) throw new AppError('UNAUTHENTICATED', 'Missing bearer token')
  return auth
}

/** `/api/onboarding` and `/api/checkout` (docs/product/01-access.md §7). */
export const onboardingRoutes: FastifyPluginAsyncZod<{
  onboarding: OnboardingService
  runWrite: WriteRunner
}> = async (app, { onboarding, runWrite }) => {
  app.post(
    '/onboarding',
    {
      config: NO_TENANT,
      schema: {
        body: OnboardingRequestSchema,
        headers: IdempotencyHeadersSchema,
        response: { 201: z.object({ data: EntitySummarySchema }) },
      },
    },
    (request, reply) => {
      const who = caller(request.auth)
      // Keyed by the user: the brewery does not exist yet.
      return runWrite(request, reply, {
        scope: `user:${who.sub}`,
        status: 201,
        run: (tx) => onboarding.onboard(tx, who, request.body),
        body: (entity) => ({ data: entity }),
      })
    },
  )

  app.get(
    '/onboarding',
    {
      config: NO_TENANT,
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
      config: NO_TENANT,
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
      config: NO_TENANT,
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
