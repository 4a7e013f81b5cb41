import { eq, getTableColumns, or, sql } from 'drizzle-orm'
import { breweryDataVersions, entities } from '../../db/schema/entities.ts'
import { users, type UserRow } from '../../db/schema/users.ts'
import type { Db } from '../../db/client.ts'

/** Profile fields copied from the identity provider; undefined means "not supplied, keep". */
export interface UserProfile {
  givenName?: string
  familyName?: string
  email?: string
  emailVerified?: boolean
  picture?: string | null
}

// Users are found by their identity-provider subject before any brewery is known, so these lookups
// are not tenant-scoped; brewery-scoped user queries (the team list) take the entity id first.
export function createUserRepository(db: Db) {
  return {
    async findByIdpIdentifier(idpIdentifier: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.idpIdentifier, idpIdentifier))
      return row ?? null
    },

    /**
     * The user with their brewery's data version (the sum of its slots, as `breweryVersion` reads it) in the same
     * statement and snapshot: bootstrap's brewery part is served at that version without a statement of its own
     * (ADR 421). `dataVersion` is null when the user has no brewery.
     */
    async findWithDataVersion(
      idpIdentifier: string,
    ): Promise<{ row: UserRow; dataVersion: number | null } | null> {
      const [found] = await db
        .select({
          row: getTableColumns(users),
          dataVersion: sql<string | null>`case when ${entities.id} is null then null else
            (select coalesce(sum(${breweryDataVersions.version}), 0) from ${breweryDataVersions}
              where ${breweryDataVersions.entityId} = ${entities.id}) end`,
        })
        .from(users)
        .leftJoin(entities, eq(entities.id, users.entityId))
        .where(eq(users.idpIdentifier, idpIdentifier))
      if (!found) return null
      return { row: found.row, dataVersion: found.dataVersion === null ? null : Number(found.dataVersion) }
    },

    /** Creates the user or updates the supplied profile fields; `rev` grows only on a real change. */
    async upsertProfile(idpIdentifier: string, profile: UserProfile): Promise<UserRow> {
      const set = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined))
      const changed = Object.keys(set).map(
        (key) =>
          sql`${users[key as keyof UserProfile]} is distinct from excluded.${sql.identifier(users[key as keyof UserProfile].name)}`,
      )
      const [row] = await db
        .insert(users)
        .values({ idpIdentifier, ...set })
        .onConflictDoUpdate({
          target: users.idpIdentifier,
          set: { ...set, rev: sql`${users.rev} + 1`, updatedAt: new Date() },
          ...(changed.length ? { setWhere: or(...changed) } : { setWhere: sql`false` }),
        })
        .returning()
      // No row comes back when nothing changed.
      return row ?? (await this.findByIdpIdentifier(idpIdentifier))!
    },
  }
}

export type UserRepository = ReturnType<typeof createUserRepository>
