import { z } from 'zod'

/** Plan ids the product sells (docs/product/01-access.md §9). */
export const PlanIdSchema = z.enum(['monthly', 'annual'])
export type PlanId = z.infer<typeof PlanIdSchema>

/** What `GET /api/config` gives the browser at run time (docs/architecture.md "Configuration"). */
export const AppConfigSchema = z.object({
  publicUrl: z.string(),
  environment: z.enum(['development', 'test', 'production']),
  oidc: z.object({
    issuer: z.string(),
    clientId: z.string(),
    audience: z.string(),
    builtIn: z.boolean(),
  }),
  payments: z.object({
    mode: z.enum(['test', 'stripe']),
    publishableKey: z.string().nullable(),
  }),
  plans: z.array(z.object({ id: PlanIdSchema, priceId: z.string() })),
})
export type AppConfig = z.infer<typeof AppConfigSchema>
