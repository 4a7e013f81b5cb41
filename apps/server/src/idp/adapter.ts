import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider'
import { oidcPayloads } from '../db/schema/identity.ts'
import type { Db } from '../db/client.ts'

const PRUNE_EVERY_MS = 10 * 60 * 1000

export interface OidcAdapterStore {
  factory: AdapterFactory
  /** Deletes rows that expired before now; also runs on its own, at most every 10 minutes. */
  prune: () => Promise<void>
}

/**
 * oidc-provider's storage in the `oidc_payloads` table, so sessions, grants and refresh tokens
 * survive a restart and are shared by every instance.
 */
export function createOidcAdapterStore(db: Db): OidcAdapterStore {
  let lastPrune = Date.now()

  async function prune() {
    lastPrune = Date.now()
    await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, new Date()))
  }

  const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()))

  async function findOne(model: string, where: ReturnType<typeof eq>) {
    const [row] = await db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, model), where, notExpired()))
      .limit(1)
    return row ? (row.payload as AdapterPayload) : undefined
  }

  function factory(model: string): Adapter {
    const byId = (id: string) => and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id))
    return {
      async upsert(id, payload, expiresIn) {
        if (Date.now() - lastPrune > PRUNE_EVERY_MS) await prune()
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
          consumedAt: payload.consumed ? new Date() : null,
        }
        await db
          .insert(oidcPayloads)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values })
      },
      find(id) {
        return findOne(model, eq(oidcPayloads.id, id))
      },
      findByUid(uid) {
        return findOne(model, eq(oidcPayloads.uid, uid))
      },
      findByUserCode(userCode) {
        return findOne(model, eq(oidcPayloads.userCode, userCode))
      },
      async consume(id) {
        await db
          .update(oidcPayloads)
          .set({
            consumedAt: new Date(),
            payload: sql`${oidcPayloads.payload} || jsonb_build_object('consumed', ${Math.floor(Date.now() / 1000)}::int)`,
          })
          .where(byId(id))
      },
      async destroy(id) {
        await db.delete(oidcPayloads).where(byId(id))
      },
      async revokeByGrantId(grantId) {
        await db
          .delete(oidcPayloads)
          .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.grantId, grantId)))
      },
    }
  }

  return { factory, prune }
}
