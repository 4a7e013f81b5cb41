import { can, RoleSchema, type Permission, type Role } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/users.ts'
import { AppError } from '../errors.ts'

/** The caller's brewery and role, from the session (never from the request). */
export type Tenant = { entityId: string; role: Role; userId: string; sub: string }

/**
 * The tenant of a verified subject: one indexed lookup. A caller without a brewery has nothing to read
 * or change yet (403, finish onboarding first). The auth plugin calls this once per request and sets
 * `request.tenant` (docs/architecture.md "Tenancy").
 */
export function createTenantLookup(db: Db) {
  return async function lookUpTenant(sub: string): Promise<Tenant> {
    const [user] = await db
      .select({ id: users.id, entityId: users.entityId, role: users.role })
      .from(users)
      .where(eq(users.idpIdentifier, sub))
    const role = RoleSchema.safeParse(user?.role)
    if (!user?.entityId || !role.success) {
      throw new AppError('FORBIDDEN', 'Finish setting up your brewery first.')
    }
    return { entityId: user.entityId, role: role.data, userId: user.id, sub }
  }
}
export type TenantLookup = ReturnType<typeof createTenantLookup>

/**
 * Refuses what the caller's role may not do (the permission table,
 * `packages/domain/src/access/roles.ts`); check tenancy first.
 */
export function assertCan(tenant: Tenant, permission: Permission): void {
  if (!can(tenant.role, permission)) {
    throw new AppError('FORBIDDEN', `Your role (${tenant.role}) may not do this.`)
  }
}
