import { DEFAULT_TIME_ZONE } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { breweryTaxSettings } from '../../db/schema/reporting.ts'

/**
 * The brewery's time zone (Settings → Tax, docs/decisions/224-report-periods-in-the-brewery-time-zone.md): where
 * its days begin, for its reports and for what "today" is on the cellar dashboard, the schedule and inventory.
 * UTC until an Admin chooses.
 */
export async function breweryTimeZone(db: Db, entityId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: breweryTaxSettings.timeZone })
    .from(breweryTaxSettings)
    .where(eq(breweryTaxSettings.entityId, entityId))
  return row?.timeZone ?? DEFAULT_TIME_ZONE
}
