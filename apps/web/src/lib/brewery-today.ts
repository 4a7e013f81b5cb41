import { BreweryTodaySchema, todayIn } from '@brewcommand/domain'
import { useBreweryRead } from '@/lib/brewery-read.ts'

// "Today" where the brewery is (ADR 224, ADR 346): the orders board, the dashboard's deliveries and Reporting cut
// their days at midnight in the brewery's time zone, never on the browser's clock. The zone comes from the server
// (GET /api/sales/today); the day is worked out here from it, so it turns over at the brewery's midnight.

/** The brewery's time zone and today there (every member's read). */
export const useBreweryTodayRead = () =>
  useBreweryRead('brewery-today', [], '/api/sales/today', BreweryTodaySchema)

/**
 * Today (YYYY-MM-DD) in the brewery's zone at `now`, or null until the zone is known. A zone this browser does not
 * know takes the server's today.
 */
export function breweryToday(
  data: { timeZone: string; today: string } | undefined,
  now: Date = new Date(),
): string | null {
  if (!data) return null
  try {
    return todayIn(data.timeZone, now)
  } catch {
    return data.today
  }
}

/** Today in the brewery's zone, or null while it loads (or when it cannot be read). */
export function useBreweryToday(now?: Date): string | null {
  return breweryToday(useBreweryTodayRead().data, now)
}
