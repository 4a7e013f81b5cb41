import { BillingPortalSchema, BillingSchema } from '@brewcommand/domain'
import { api } from '@/lib/api-client.ts'

/** `GET /api/billing`: the brewery's subscription as the server knows it (in Stripe mode, from Stripe's webhooks). */
export function getBilling(token: string) {
  return api.get('/api/billing', BillingSchema, { token })
}

/** `POST /api/billing/portal` (Admin, Stripe mode): a single-use link to Stripe's customer portal. */
export function createBillingPortal(token: string) {
  return api.post('/api/billing/portal', {}, BillingPortalSchema, { token })
}
