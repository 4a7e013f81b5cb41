import { can, RoleSchema, type Permission, type Role } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/users.ts'
import { AppError } from '../errors.ts'

/** The caller's brewery and role, from the session (never from the request). */
export type Tenant = { entityId: string; role: Role; userId: string; sub: string }

/**
 * Resolves the tenant of an authenticated request. A caller without a brewery has nothing to read or
 * change yet (403, finish onboarding first).
 */
export function createTenantResolver(db: Db) {
  // One lookup per request: a write's pre-handler and its handler both ask.
  const resolved = new WeakMap<FastifyRequest, Promise<Tenant>>()
  return function tenantOf(request: FastifyRequest): Promise<Tenant> {
    let tenant = resolved.get(request)
    if (!tenant) {
      tenant = lookUp(request)
      resolved.set(request, tenant)
    }
    return tenant
  }

  async function lookUp(request: FastifyRequest): Promise<Tenant> {
    if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Missing bearer token')
    const [user] = await db
      .select({ id: users.id, entityId: users.entityId, role: users.role })
      .from(users)
      .where(eq(users.idpIdentifier, request.auth.sub))
    const role = RoleSchema.safeParse(user?.role)
    if (!user?.entityId || !role.success) {
      throw new AppError('FORBIDDEN', 'Finish setting up your brewery first.')
    }
    return { entityId: user.entityId, role: role.data, userId: user.id, sub: request.auth.sub }
  }
}

/** Refuses what the caller's role may not do (DESIGN.md's permission table); check tenancy first. */
export function assertCan(tenant: Tenant, permission: Permission): void {
  if (!can(tenant.role, permission)) {
    throw new AppError('FORBIDDEN', `Your role (${tenant.role}) may not do this.`)
  }
}
export type TenantResolver = ReturnType<typeof createTenantResolver>
