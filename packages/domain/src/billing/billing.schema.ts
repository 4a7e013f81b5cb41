import { z } from 'zod'
import { PlanIdSchema } from '../config/app-config.schema.ts'

/** `GET /api/billing`: the brewery's subscription as Settings → Billing shows it. */
export const BillingSchema = z.object({
  /** `stripe`: the subscription follows Stripe's webhooks; `test`: the built-in test checkout. */
  mode: z.enum(['test', 'stripe']),
  plan: PlanIdSchema.nullable(),
  /** incomplete, active, past_due or canceled. */
  status: z.string(),
  statusChangedAt: z.string().nullable(),
  /** Stripe's customer portal is available (Stripe mode, once the brewery is a Stripe customer). */
  hasPortal: z.boolean(),
})
export type Billing = z.infer<typeof BillingSchema>

/** `POST /api/billing/portal`: where to send the Admin (Stripe's customer portal, single use). */
export const BillingPortalSchema = z.object({ url: z.url({ protocol: /^https?$/ }) })

/**
 * Days a brewery keeps writing after a renewal payment failed (`past_due`), while the payment provider
 * retries the card and the Admin updates it (docs/decisions/121-payment-enforcement.md).
 */
export const PAYMENT_GRACE_DAYS = 14

/** `paid`: active; `grace`: a renewal failed less than PAYMENT_GRACE_DAYS ago; `unpaid`: writes refused. */
export type SubscriptionStanding = 'paid' | 'grace' | 'unpaid'

/** Whether a brewery with this subscription status (changed at `statusChangedAt`) may make changes. */
export function subscriptionStanding(
  status: string,
  statusChangedAt: Date | null,
  now: Date = new Date(),
): SubscriptionStanding {
  if (status === 'active') return 'paid'
  if (status === 'past_due' && statusChangedAt) {
    const graceEnds = statusChangedAt.getTime() + PAYMENT_GRACE_DAYS * 24 * 60 * 60 * 1000
    if (now.getTime() < graceEnds) return 'grace'
  }
  return 'unpaid'
}

/** The 402's message (code PAYMENT_REQUIRED), by subscription status. */
export function paymentRequiredMessage(status: string): string {
  if (status === 'past_due') {
    return `Your brewery's last payment failed and the ${PAYMENT_GRACE_DAYS}-day grace period is over. Update your card in Settings → Billing to make changes again; everything stays readable meanwhile.`
  }
  if (status === 'canceled') {
    return "Your brewery's subscription has ended. Subscribe again in Settings → Billing to make changes; everything stays readable meanwhile."
  }
  return "Your brewery's subscription is not paid yet. Finish paying in Settings → Billing to make changes; everything stays readable meanwhile."
}
