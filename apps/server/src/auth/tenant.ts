import { can, ROLES, type Permission, type Role } from '@brewcommand/domain'
import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client.ts'
import { breweryDataVersions, entities } from '../db/schema/entities.ts'
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
  /**
   * The brewery's data version (cache/brewery-version.ts) read in the same statement and snapshot as the role, on
   * routes with `config: { dataVersion: true }` (the cached reports, ADR 415; the product list, ADR 421); undefined elsewhere.
   */
  dataVersion?: number
}

/** The caller's users row with the brewery's subscription: what the tenant and the payment guard need. */
export type TenantRow = {
  id: string
  entityId: string | null
  role: string | null
  status: string | null
  statusAt: Date | null
  /** The brewery's data version, when it was asked for (`find(sub, { dataVersion: true })`); null: no brewery. */
  dataVersion?: number | null
}

const isRole = (role: string | null): role is Role => (ROLES as readonly (string | null)[]).includes(role)

/** How many callers' rows PGlite keeps between writes (ADR 415). */
const REMEMBERED_CALLERS = 10_000

/**
 * The tenant of a verified subject: one indexed lookup, which also brings the brewery's subscription
 * so the payment guard costs no query of its own. `find` reads the row (the auth plugin starts it as soon
 * as the token is verified); `toTenant` refuses a caller without a brewery (403, finish onboarding
 * first), after the body was validated. The auth plugin sets `request.tenant` once per request
 * (docs/architecture.md "Tenancy").
 */
export function createTenantLookup(db: Db, { writeGeneration = null }: TenantLookupOptions = {}) {
  const columns = {
    id: users.id,
    entityId: users.entityId,
    role: users.role,
    status: entities.subscriptionStatus,
    statusAt: stripeSubscriptions.statusAt,
  }
  // Built once, and named prepared statements on PostgreSQL (parsed and planned once per connection): one
  // precedes every authenticated request.
  const lookup = db
    .select(columns)
    .from(users)
    .leftJoin(entities, eq(entities.id, users.entityId))
    .leftJoin(stripeSubscriptions, eq(stripeSubscriptions.entityId, users.entityId))
    .where(eq(users.idpIdentifier, sql.placeholder('sub')))
    .prepare('tenant_by_subject')
  // The same row with the brewery's data version (the sum of its slots, as `breweryVersion` reads it) in the same
  // snapshot, for several callers at once: a cached report's hit is a share of this one round trip (ADR 415). The
  // brewery's columns come as subqueries of the caller's row, not joins: the statement's generic plan (its subjects
  // are an array of unknown length) hashed both joined tables on every execution once a few dozen breweries were
  // stored, twice the database's time for one caller (ADR 429). A user's `entity_id` names a brewery that exists
  // (set to null when the brewery is deleted), so a caller without one has no data version. The subqueries name
  // their columns themselves: in a select from one table Drizzle writes a column unqualified, even inside a
  // subquery, where it would name the subquery's own table.
  const caller = alias(users, 'caller')
  const lookupWithVersions = db
    .select({
      id: caller.id,
      entityId: caller.entityId,
      role: caller.role,
      status: sql<string | null>`(select b.subscription_status from ${entities} b
        where b.id = caller.entity_id)`,
      statusAt: sql<Date | null>`(select s.status_at from ${stripeSubscriptions} s
        where s.entity_id = caller.entity_id)`.mapWith(stripeSubscriptions.statusAt),
      sub: caller.idpIdentifier,
      dataVersion: sql<string | null>`case when caller.entity_id is null then null else
        (select coalesce(sum(v.version), 0) from ${breweryDataVersions} v where v.entity_id = caller.entity_id) end`,
    })
    .from(caller)
    .where(sql`${caller.idpIdentifier} = any(${sql.placeholder('subs')})`)
    .prepare('tenants_and_versions_by_subjects')
  const readWithVersions = shareReads(async (subs: string[]) => {
    const rows = await lookupWithVersions.execute({ subs })
    return new Map(
      rows.map(({ sub, ...row }) => [
        sub,
        { ...row, dataVersion: row.dataVersion === null ? null : Number(row.dataVersion) },
      ]),
    )
  })

  // Plain functions returning the statement's promise, not async ones: a request's read is one promise, not three
  // nested (ADR 421).
  function read(sub: string, dataVersion: boolean): Promise<TenantRow | null> {
    if (dataVersion) return readWithVersions(sub)
    return lookup.execute({ sub }).then(([row]) => row ?? null)
  }

  // PGlite: every write passes through this process, which counts them (db/pglite-writes.ts), so a caller's row
  // read at the current count is the row now; any write (a role changed, a member removed, a brewery's write
  // moving its version) moves the count before it is acknowledged, and the next request reads again.
  const remembered = new Map<string, { generation: number; row: TenantRow | null }>()
  function find(
    sub: string,
    { dataVersion = false }: { dataVersion?: boolean } = {},
  ): Promise<TenantRow | null> {
    if (!writeGeneration) return read(sub, dataVersion)
    const key = `${dataVersion ? 'v' : 't'}${sub}`
    const kept = remembered.get(key)
    const generation = writeGeneration()
    if (kept?.generation === generation) return Promise.resolve(kept.row)
    return read(sub, dataVersion).then((row) => {
      remembered.delete(key)
      if (remembered.size >= REMEMBERED_CALLERS) remembered.clear()
      remembered.set(key, { generation, row })
      return row
    })
  }
  function toTenant(row: TenantRow | null, sub: string): Tenant {
    // The stored role, one of ROLES (RoleSchema's values), checked without a zod parse per request.
    if (!row?.entityId || !isRole(row.role)) {
      throw new AppError('FORBIDDEN', 'Finish setting up your brewery first.')
    }
    return {
      entityId: row.entityId,
      role: row.role,
      userId: row.id,
      sub,
      subscription: { status: row.status, statusAt: row.statusAt },
      ...(typeof row.dataVersion === 'number' ? { dataVersion: row.dataVersion } : {}),
    }
  }
  return { find, toTenant }
}
export type TenantLookup = ReturnType<typeof createTenantLookup>
export type TenantLookupOptions = {
  /** PGlite's count of writes (`Database.writeGeneration`): callers' rows are kept while it stands. */
  writeGeneration?: (() => number) | null
}

/**
 * Statements of one `shareReads` in flight at once; later callers wait together for the next. One (ADR 427): under
 * 32 connections, in larger batches, a kept report's hit of 4 KB then costs 27–30 µs of the server's CPU against
 * 32–33 µs with two out.
 */
const READS_IN_FLIGHT = 1

/**
 * Reads by key, several callers to a statement (ADR 415): while READS_IN_FLIGHT statements are out, the keys asked
 * for wait together and go in the next statement, sent when one comes back. A statement is only ever sent after
 * every caller it answers arrived, so each sees a snapshot taken after its request began — what one statement
 * per request would see, in fewer round trips when many requests arrive at once.
 */
export function shareReads<T>(
  readMany: (keys: string[]) => Promise<Map<string, T>>,
): (key: string) => Promise<T | null> {
  type Waiter = { resolve: (row: T | null) => void; reject: (error: unknown) => void }
  let inFlight = 0
  let waiting: Map<string, Waiter[]> | null = null
  function send(batch: Map<string, Waiter[]>) {
    inFlight++
    readMany([...batch.keys()])
      .then(
        (rows) => {
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(rows.get(key) ?? null)
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error)
        },
      )
      .finally(() => {
        inFlight--
        if (waiting && inFlight < READS_IN_FLIGHT) {
          const next = waiting
          waiting = null
          send(next)
        }
      })
  }
  return (key) =>
    new Promise<T | null>((resolve, reject) => {
      if (!waiting && inFlight < READS_IN_FLIGHT) return send(new Map([[key, [{ resolve, reject }]]]))
      waiting ??= new Map()
      const waiters = waiting.get(key)
      if (waiters) waiters.push({ resolve, reject })
      else waiting.set(key, [{ resolve, reject }])
    })
}

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
