import { createHash, randomBytes } from 'node:crypto'
import {
  API_KEY_PREFIX,
  ApiKeyScopeSchema,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeyUse,
  type NewApiKey,
  startOfDayIn,
} from '@brewcommand/domain'
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { apiKeys, apiKeyUses } from '../../db/schema/api-keys.ts'
import { entities } from '../../db/schema/entities.ts'
import { stripeSubscriptions } from '../../db/schema/stripe.ts'
import { users } from '../../db/schema/users.ts'
import { assertCan, type Tenant, type TenantRow } from '../../auth/tenant.ts'
import { AppError } from '../../errors.ts'
import { breweryTimeZone } from '../reporting/brewery-time-zone.ts'

// API keys (issue 39, ADR 281): made and revoked by an Admin, kept as the SHA-256 of the secret, each use
// written to the brewery's audit list. A key acts for its brewery as a Manager would, within its scopes
// (auth/auth.plugin.ts checks the scope of every request before its handler).

/** The SHA-256 of a secret, as stored and looked up (a 256-bit random secret needs no slow hash). */
export const hashOfSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** A new secret: the prefix and 32 random bytes, base64url. */
const newSecret = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`

/** Who calls with a key: its brewery, its scopes and what the tenant and the payment guard need. */
export type ApiKeyCaller = {
  keyId: string
  entityId: string
  scopes: ApiKeyScope[]
  row: TenantRow
}

type KeyRow = typeof apiKeys.$inferSelect
const iso = (value: Date | null) => (value ? value.toISOString() : null)

function view(row: KeyRow, creator: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes.filter((scope): scope is ApiKeyScope => ApiKeyScopeSchema.safeParse(scope).success),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    createdBy: creator,
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedAddress: row.lastUsedAddress,
    revokedAt: iso(row.revokedAt),
  }
}

const creatorName = sql<
  string | null
>`nullif(trim(coalesce(${users.givenName}, '') || ' ' || coalesce(${users.familyName}, '')), '')`

export function createApiKeyService({ db }: { db: Db }) {
  /** The brewery's keys, newest first, with who made them. */
  async function list(tenant: Tenant): Promise<ApiKey[]> {
    assertCan(tenant, 'manageApiKeys')
    const rows = await db
      .select({ key: apiKeys, creator: creatorName, email: users.email })
      .from(apiKeys)
      .leftJoin(users, eq(users.id, apiKeys.createdBy))
      .where(eq(apiKeys.entityId, tenant.entityId))
      .orderBy(desc(apiKeys.createdAt))
    return rows.map(({ key, creator, email }) => view(key, creator ?? email ?? null))
  }

  /** New API Key: stored hashed; the secret is returned this once and never again. */
  async function create(tx: Db, tenant: Tenant, input: NewApiKey): Promise<{ key: ApiKey; secret: string }> {
    assertCan(tenant, 'manageApiKeys')
    const [taken] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.id, input.id))
    if (taken) throw new AppError('CONFLICT', 'A key with this id exists already.')
    const timeZone = await breweryTimeZone(tx, tenant.entityId)
    // The key works through the whole of its last day, at the brewery's midnight.
    const expiresAt = input.expiresOn ? startOfDayIn(nextDay(input.expiresOn), timeZone) : null
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new AppError('VALIDATION_FAILED', 'Choose an expiry date after today.', [
        { path: 'data.expiresOn', message: 'Choose an expiry date after today.' },
      ])
    }
    const secret = newSecret()
    const [row] = await tx
      .insert(apiKeys)
      .values({
        id: input.id,
        entityId: tenant.entityId,
        name: input.name,
        secretHash: hashOfSecret(secret),
        hint: secret.slice(0, API_KEY_PREFIX.length + 6),
        scopes: [...input.scopes],
        expiresAt,
        createdBy: tenant.userId,
      })
      .returning()
    return { key: view(row, null), secret }
  }

  /** Revoke: the key stops at once (the next request with it is a 401). */
  async function revoke(tx: Db, tenant: Tenant, keyId: string): Promise<ApiKey> {
    assertCan(tenant, 'manageApiKeys')
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())`, revokedBy: tenant.userId })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.entityId, tenant.entityId)))
      .returning()
    if (!row) throw new AppError('NOT_FOUND', 'API key not found.')
    return view(row, null)
  }

  /** The audit list: the brewery's key uses, newest first, a page at a time (`before` an instant). */
  async function uses(
    tenant: Tenant,
    { before, limit }: { before?: string; limit: number },
  ): Promise<ApiKeyUse[]> {
    assertCan(tenant, 'manageApiKeys')
    const rows = await db
      .select({ use: apiKeyUses, keyName: apiKeys.name })
      .from(apiKeyUses)
      .innerJoin(apiKeys, eq(apiKeys.id, apiKeyUses.keyId))
      .where(
        and(
          eq(apiKeyUses.entityId, tenant.entityId),
          before ? lt(apiKeyUses.at, new Date(before)) : undefined,
        ),
      )
      .orderBy(desc(apiKeyUses.at))
      .limit(limit)
    return rows.map(({ use, keyName }) => ({
      id: use.id,
      keyId: use.keyId,
      keyName,
      at: use.at.toISOString(),
      method: use.method,
      route: use.route,
      status: use.status,
      address: use.address,
    }))
  }

  // Built once, a named prepared statement on PostgreSQL: it precedes every request made with a key.
  const byHash = db
    .select({
      id: apiKeys.id,
      entityId: apiKeys.entityId,
      scopes: apiKeys.scopes,
      makerId: users.id,
      status: entities.subscriptionStatus,
      statusAt: stripeSubscriptions.statusAt,
    })
    .from(apiKeys)
    .innerJoin(entities, eq(entities.id, apiKeys.entityId))
    // The Admin who made the key, still a member of its brewery: a key stops when its maker leaves.
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.entityId, apiKeys.entityId)))
    .leftJoin(stripeSubscriptions, eq(stripeSubscriptions.entityId, apiKeys.entityId))
    .where(
      and(
        eq(apiKeys.secretHash, sql.placeholder('hash')),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .prepare('api_key_by_hash')

  /**
   * The caller of a key, or null for a key that is unknown, revoked or expired, or whose maker has left the
   * brewery (its writes are recorded under the Admin who made it).
   */
  async function authenticate(secret: string): Promise<ApiKeyCaller | null> {
    const [row] = await byHash.execute({ hash: hashOfSecret(secret) })
    if (!row) return null
    return {
      keyId: row.id,
      entityId: row.entityId,
      scopes: row.scopes.filter((scope): scope is ApiKeyScope => ApiKeyScopeSchema.safeParse(scope).success),
      // A key acts as a Manager would: never as an Admin (team, billing, keys, equipment, closing periods).
      row: {
        id: row.makerId,
        entityId: row.entityId,
        role: 'Manager',
        status: row.status,
        statusAt: row.statusAt,
      },
    }
  }

  /** One line of the audit list, and the key's last use, after the answer went out. */
  async function recordUse(
    caller: ApiKeyCaller,
    use: { method: string; route: string; status: number; address: string; at: Date },
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.insert(apiKeyUses).values({ entityId: caller.entityId, keyId: caller.keyId, ...use })
      await tx
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()`, lastUsedAddress: use.address })
        .where(eq(apiKeys.id, caller.keyId))
    })
  }

  return { list, create, revoke, uses, authenticate, recordUse }
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}
