import { breweryTimeZone, DEFAULT_TAX_SETTINGS, type OnboardingData } from '@brewcommand/domain'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { entities, packagingTypes, type EntityRow } from '../../db/schema/entities.ts'
import { breweryTaxSettings } from '../../db/schema/reporting.ts'
import { users } from '../../db/schema/users.ts'

/** Packaging every new brewery starts with (docs/product/02-products.md §9). */
export const DEFAULT_PACKAGING_TYPES = ['16oz Cans', '1/6 BBL Keg', '1/2 BBL Keg'] as const

// Onboarding is the one place that works before the caller has a brewery: it looks the user up by
// the token's subject, and creates the brewery whose id then scopes everything else.
export function createOnboardingRepository(db: Db) {
  return {
    async findUserBySubject(subject: string) {
      const [row] = await db.select().from(users).where(eq(users.idpIdentifier, subject))
      return row ?? null
    },

    async findEntity(entityId: string): Promise<EntityRow | null> {
      const [row] = await db.select().from(entities).where(eq(entities.id, entityId))
      return row ?? null
    },

    async listPackagingTypes(entityId: string) {
      return db
        .select({ packageTypeId: packagingTypes.id, packageType: packagingTypes.packageType })
        .from(packagingTypes)
        .where(eq(packagingTypes.entityId, entityId))
        .orderBy(asc(packagingTypes.position), asc(packagingTypes.packageType))
    },

    /**
     * In the caller's transaction: the brewery, its default packaging, its tax facts with the time zone of its
     * address (ADR 260: Oregon's reports cut at Pacific midnight from the first day, not UTC), and the caller as
     * its Admin.
     * Returns null when the user already belongs to a brewery (checked under a row lock).
     */
    async createEntityWithAdmin(
      tx: Db,
      user: { subject: string; email: string; emailVerified: boolean },
      entity: OnboardingData['entity'],
    ): Promise<EntityRow | null> {
      await tx
        .insert(users)
        .values({ idpIdentifier: user.subject, email: user.email, emailVerified: user.emailVerified })
        .onConflictDoNothing({ target: users.idpIdentifier })
      const [caller] = await tx
        .select()
        .from(users)
        .where(eq(users.idpIdentifier, user.subject))
        .for('update')
      if (!caller || caller.entityId) return null
      const [created] = await tx
        .insert(entities)
        .values({
          name: entity.name,
          type: entity.type,
          address: entity.address,
          city: entity.city,
          state: entity.state,
          zip: entity.zip,
          phone: entity.phone,
          ein: entity.ein,
        })
        .returning()
      const { timeZone: suggested, ...facts } = { ...DEFAULT_TAX_SETTINGS, timeZone: entity.timeZone }
      await tx.insert(breweryTaxSettings).values({
        entityId: created.id,
        ...facts,
        timeZone: breweryTimeZone(entity.state, suggested),
        updatedBy: caller.id,
      })
      await tx.insert(packagingTypes).values(
        DEFAULT_PACKAGING_TYPES.map((packageType, position) => ({
          entityId: created.id,
          packageType,
          position,
        })),
      )
      await tx
        .update(users)
        .set({ entityId: created.id, role: 'Admin', status: 'Active', updatedAt: new Date() })
        .where(eq(users.id, caller.id))
      return created
    },
  }
}
export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>
