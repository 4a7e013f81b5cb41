import type { OnboardingRequest, PlanId, TestCard } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import type { EntityRow } from '../../db/schema/entities.ts'
import { AppError } from '../../errors.ts'
import type { CheckoutSessionState, PaymentGateway } from '../../payments/payment-gateway.ts'
import { ALREADY_ACTIVE, type TestGateway } from '../../payments/test-gateway.ts'
import type { OnboardingRepository } from './onboarding.repository.ts'

/** Who is calling, as the verified access token says. */
export type Caller = { sub: string; email?: string; emailVerified?: boolean }

export type EntitySummary = {
  entityId: string
  name: string
  type: string
  address: string
  city: string
  state: string
  zip: string
  phone: string
  ein: string
  subscription: { plan: PlanId | null; status: string }
}

export function toEntitySummary(row: EntityRow): EntitySummary {
  return {
    entityId: row.id,
    name: row.name,
    type: row.type,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    ein: row.ein,
    subscription: { plan: (row.subscriptionPlan as PlanId | null) ?? null, status: row.subscriptionStatus },
  }
}

function toStatus(state: CheckoutSessionState) {
  return {
    sessionId: state.sessionId,
    status: state.status,
    payment_status: state.paymentStatus,
    ...(state.error ? { error: state.error } : {}),
  }
}

export function createOnboardingService(deps: {
  db: Db
  repo: OnboardingRepository
  gateway: PaymentGateway
  testGateway: TestGateway | null
  plans: { id: PlanId; priceId: string }[]
  publicUrl: string
}) {
  const { repo, gateway, testGateway, plans, publicUrl } = deps

  /** The caller's brewery and role; a checkout or status read needs one, and billing is the Admin's. */
  async function callerEntity(caller: Caller) {
    const user = await repo.findUserBySubject(caller.sub)
    if (!user?.entityId) throw new AppError('CONFLICT', 'Tell us about your business before you pay.')
    if (user.role !== 'Admin') throw new AppError('FORBIDDEN', 'Only an Admin may manage billing.')
    return { entityId: user.entityId, user }
  }

  return {
    /**
     * Creates the brewery with its default packaging and makes the caller its Admin, in the write
     * runner's transaction. The user comes from the token, not from the envelope. A caller who already
     * has a brewery gets 409 (a replayed correlation identifier never gets here: the runner answers it).
     */
    async onboard(tx: Db, caller: Caller, request: OnboardingRequest): Promise<EntitySummary> {
      const created = await repo.createEntityWithAdmin(
        tx,
        { subject: caller.sub, email: caller.email ?? '', emailVerified: caller.emailVerified ?? false },
        request.data.entity,
      )
      if (!created) throw new AppError('CONFLICT', 'You already belong to a brewery.')
      return toEntitySummary(created)
    },

    /** A checkout session for one of the configured plans' prices. */
    async createCheckout(caller: Caller, priceId: string) {
      const plan = plans.find((p) => p.priceId === priceId)
      if (!plan) {
        throw new AppError('VALIDATION_FAILED', `Unknown price ${priceId}: choose one of the plans.`, [
          { path: 'priceId', message: `Must be one of ${plans.map((p) => p.priceId).join(', ')}` },
        ])
      }
      const { entityId } = await callerEntity(caller)
      const entity = await repo.findEntity(entityId)
      if (entity?.subscriptionStatus === 'active') {
        throw new AppError('CONFLICT', ALREADY_ACTIVE)
      }
      const session = await gateway.createCheckoutSession({
        entityId,
        priceId,
        plan: plan.id,
        returnUrl: `${publicUrl}/plans?session_id={CHECKOUT_SESSION_ID}`,
        ...(caller.email ? { customerEmail: caller.email } : {}),
      })
      return { client_secret: session.clientSecret, sessionId: session.sessionId }
    },

    /** The built-in test checkout's payment (only when it is the active gateway). */
    async confirmTestCheckout(caller: Caller, clientSecret: string, card: TestCard) {
      if (!testGateway) throw new AppError('NOT_FOUND', 'The test checkout is not enabled on this server.')
      const { entityId } = await callerEntity(caller)
      return toStatus(await testGateway.confirm(entityId, clientSecret, card))
    },

    /** A checkout session's state, for the caller's own brewery only (another's is a 404). */
    async status(caller: Caller, sessionId: string) {
      const user = await repo.findUserBySubject(caller.sub)
      const state = user?.entityId ? await gateway.getCheckoutSession(sessionId) : null
      if (!state || state.entityId !== user?.entityId)
        throw new AppError('NOT_FOUND', 'Checkout session not found')
      return toStatus(state)
    },
  }
}
export type OnboardingService = ReturnType<typeof createOnboardingService>
