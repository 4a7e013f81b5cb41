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
