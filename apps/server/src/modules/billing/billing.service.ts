import type { Billing, PlanId } from '@brewcommand/domain'
import { assertCan, type Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { StripeGateway } from '../../payments/stripe-gateway.ts'
import { createStripeSubscriptions } from '../../payments/stripe-subscriptions.ts'
import { createOnboardingRepository } from '../onboarding/onboarding.repository.ts'

/** Settings → Billing: the subscription's state, and Stripe's customer portal in Stripe mode. */
export function createBillingService(deps: { db: Db; stripe: StripeGateway | null; publicUrl: string }) {
  const { db, stripe, publicUrl } = deps
  const entities = createOnboardingRepository(db)
  const subscriptions = createStripeSubscriptions(db)

  return {
    async get(tenant: Tenant): Promise<Billing> {
      assertCan(tenant, 'read')
      const entity = await entities.findEntity(tenant.entityId)
      if (!entity) throw new AppError('NOT_FOUND', 'Brewery not found')
      const row = stripe ? await subscriptions.find(tenant.entityId) : null
      return {
        mode: stripe ? 'stripe' : 'test',
        plan: (entity.subscriptionPlan as PlanId | null) ?? null,
        status: entity.subscriptionStatus,
        // Stripe dates the status; the built-in checkout keeps no such date.
        statusChangedAt: row?.statusAt?.toISOString() ?? null,
        hasPortal: !!row?.customerId,
      }
    },

    /** A customer-portal session (Admin only: billing is the Admin's, docs/architecture.md "Roles"). */
    async portal(tenant: Tenant): Promise<{ url: string }> {
      assertCan(tenant, 'manageTeamAndBilling')
      if (!stripe) {
        throw new AppError(
          'NOT_FOUND',
          'This server uses the built-in test checkout: there is no customer portal.',
        )
      }
      return stripe.createPortalSession(tenant.entityId, `${publicUrl}/secure/settings/billing`)
    },
  }
}
export type BillingService = ReturnType<typeof createBillingService>
