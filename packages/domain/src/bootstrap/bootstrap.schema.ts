import { z } from 'zod'
import { RoleSchema } from '../access/roles.ts'
import { SubscriptionSchema } from '../onboarding/plans.ts'
import { ProductSchema, type PackagingType } from '../products/product.schema.ts'

/**
 * `GET /api/users/bootstrap` as the browser reads it (docs/product/01-access.md §3): the signed-in user and the breweries
 * they belong to, the first being the current one, with its role, subscription, packaging types and full
 * products. Read tolerantly: fields the browser does not use may be missing or extra.
 */
export const BootstrapUserSchema = z.object({
  id: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  picture: z.string().nullish(),
})
export type BootstrapUser = z.infer<typeof BootstrapUserSchema>

/** A brewery's packaging type as bootstrap carries it (the type packaging options are chosen from). */
export const BootstrapPackagingTypeSchema = z.object({
  packageTypeId: z.string(),
  packageType: z.string(),
}) satisfies z.ZodType<PackagingType>

/** The current entity: the brewery with its packaging types and full products. */
export const BootstrapEntitySchema = z.looseObject({
  entityId: z.string(),
  name: z.string().optional(),
  role: RoleSchema.optional(),
  subscription: SubscriptionSchema.optional(),
  products: z.array(ProductSchema).default([]),
  packagingTypes: z.array(BootstrapPackagingTypeSchema).default([]),
})
export type BootstrapEntity = z.infer<typeof BootstrapEntitySchema>

export const BootstrapSchema = z.object({
  user: BootstrapUserSchema,
  entities: z.array(BootstrapEntitySchema),
})
export type Bootstrap = z.infer<typeof BootstrapSchema>
