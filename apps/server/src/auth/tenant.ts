import { can, RoleSchema, type Permission, type Role } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { entities } from '../db/schema/entities.ts'
import { stripeSubscriptions } from '../db/schema/stripe.ts'
import { users } from '../db/schema/users.ts'
import { AppError } from '../errors.ts'

/** The caller's brewery and role, from the session (never from the request). */
export type Tenant = {
  entityId: string
  role: Role
  userId: string
  sub: string
  /** The brewery's subscription as the payment guard reads it (payments/payment-guard.ts), read with the tenant. */
  subscription?: { status: string | null; statusAt: Date | null }
  /** Set when the caller is an API key (ADR 281): it acts as a Manager, within its scopes. */
  apiKeyId?: string
}

/** The caller's users row with the brewery's subscription: what the tenant and the payment guard need. */
export type TenantRow = {
  id: string
  entityId: string | null
  role: string | null
  status: string | null
  statusAt: Date | null
}

/**
 * The tenant of a verified subject: one indexed lookup, which also brings the brewery's subscription
 * so the payment guard costs no query of its own. `find` reads the row (the auth plugin starts it as soon
 * as the token is verified); `toTenant` refuses a caller without a brewery (403, finish onboarding
 * first), after the body was validated. The auth plugin sets `request.tenant` once per request
 * (docs/architecture.md "Tenancy").
 */
export function createTenantLookup(db: Db) {
  // Built once, and a named prepared statement on PostgreSQL (parsed and planned once per connection):
  // it precedes every authenticated request.
  const lookup = db
    .select({
      id: users.id,
      entityId: users.entityId,
      role: users.role,
      status: entities.subscriptionStatus,
      statusAt: stripeSubscriptions.statusAt,
    })
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId))
    .leftJoin(stripeSubscriptions, eq(stripeSubscriptions.entityId, users.entityId))
    .where(eq(users.idpIdentifier, sql.placeholder('sub')))
    .prepare('tenant_by_subject')
  async function find(sub: string): Promise<TenantRow | null> {
    const [row] = await lookup.execute({ sub })
    return row ?? null
  }
  function toTenant(row: TenantRow | null, sub: string): Tenant {
    const role = RoleSchema.safeParse(row?.role)
    if (!row?.entityId || !role.success) {
      throw new AppError('FORBIDDEN', 'Finish setting up your brewery first.')
    }
    return {
      entityId: row.entityId,
      role: role.data,
      userId: row.id,
      sub,
      subscription: { status: row.status, statusAt: row.statusAt },
    }
  }
  return { find, toTenant }
}
export type TenantLookup = ReturnType<typeof createTenantLookup>

/**
 * Refuses what the caller's role may not do (the permission table,
 * `packages/domain/src/access/roles.ts`); check tenancy first.
 */
export function assertCan(tenant: Tenant, permission: Permission): void {
  if (!can(tenant.role, permission)) {
    throw new AppError(
      'FORBIDDEN',
      tenant.apiKeyId
        ? 'An API key may not do this: it needs an Admin signed in.'
        : `Your role (${tenant.role}) may not do this.`,
    )
  }
}
