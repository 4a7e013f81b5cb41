import { z } from 'zod'
import { PlanIdSchema, type PlanId } from '../config/app-config.schema.ts'

/** The plans the product sells, with the spec's prices in US dollars (docs/product/01-access.md §2, §9). */
export const PLANS: Record<
  PlanId,
  { id: PlanId; name: string; perMonthUsd: number; perYearUsd: number; billed: string; button: string }
> = {
  monthly: {
    id: 'monthly',
    name: 'Essential Monthly',
    perMonthUsd: 220,
    perYearUsd: 2640,
    billed: 'paid monthly',
    button: 'Select Monthly',
  },
  annual: {
    id: 'annual',
    name: 'Essential Annual',
    perMonthUsd: 200,
    perYearUsd: 2400,
    billed: 'paid yearly',
    button: 'Select Yearly',
  },
}

/** Features listed on both plan cards. */
export const PLAN_FEATURES = [
  'Manage Recipes',
  'Brew Day Assistant',
  'Scheduling and Planning',
  'Operations Management',
] as const

/** The subscription of a brewery as the server stores it (never taken from the browser). */
export const SubscriptionSchema = z.object({
  plan: PlanIdSchema.nullable(),
  status: z.enum(['incomplete', 'active', 'past_due', 'canceled']),
})
export type Subscription = z.infer<typeof SubscriptionSchema>
