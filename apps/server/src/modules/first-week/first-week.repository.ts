import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { batches, brewhouses, vessels } from '../../db/schema/production.ts'
import { recipes } from '../../db/schema/products.ts'
import { users } from '../../db/schema/users.ts'

/** The first week's reads and its one write; every query scoped by the brewery (its first argument). */
export function createFirstWeekRepository(db: Db) {
  const any = async (rows: Promise<unknown[]>) => (await rows).length > 0
  return {
    /** Whether the brewery has each record the path asks for (five one-row reads at once). */
    async done(entityId: string) {
      const one = { id: sql`1` }
      const [brewhouse, vesselsAdded, recipe, batch, brewDay] = await Promise.all([
        any(
          db
            .select(one)
            .from(brewhouses)
            .where(and(eq(brewhouses.entityId, entityId), isNull(brewhouses.archivedAt)))
            .limit(1),
        ),
        any(
          db
            .select(one)
            .from(vessels)
            .where(and(eq(vessels.entityId, entityId), isNull(vessels.archivedAt)))
            .limit(1),
        ),
        any(db.select(one).from(recipes).where(eq(recipes.entityId, entityId)).limit(1)),
        any(db.select(one).from(batches).where(eq(batches.entityId, entityId)).limit(1)),
        any(
          db
            .select(one)
            .from(batches)
            .where(and(eq(batches.entityId, entityId), isNotNull(batches.brewDayStartedAt)))
            .limit(1),
        ),
      ])
      return { brewhouse, vessels: vesselsAdded, recipe, batch, brewDay }
    },

    async dismissedAt(entityId: string, userId: string): Promise<Date | null> {
      const [row] = await db
        .select({ at: users.firstWeekDismissedAt })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
      return row?.at ?? null
    },

    /** Puts the path away for the person; a second time keeps the first instant. */
    async dismiss(tx: Db, entityId: string, userId: string, at: Date): Promise<Date> {
      await tx
        .update(users)
        .set({ firstWeekDismissedAt: at })
        .where(and(eq(users.entityId, entityId), eq(users.id, userId), isNull(users.firstWeekDismissedAt)))
      const [row] = await tx
        .select({ at: users.firstWeekDismissedAt })
        .from(users)
        .where(and(eq(users.entityId, entityId), eq(users.id, userId)))
      return row?.at ?? at
    },
  }
}
export type FirstWeekRepository = ReturnType<typeof createFirstWeekRepository>
