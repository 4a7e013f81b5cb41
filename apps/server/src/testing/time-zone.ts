import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { breweryTaxSettings } from '../db/schema/reporting.ts'

/**
 * Onboarding gives a brewery the time zone of its state (ADR 260: Oregon is Pacific); tests written for days cut
 * at UTC midnight set it back, as a brewery that chose UTC would.
 */
export async function cutDaysInUtc(db: Db, entityId: string): Promise<void> {
  await db
    .update(breweryTaxSettings)
    .set({ timeZone: 'UTC' })
    .where(eq(breweryTaxSettings.entityId, entityId))
}
