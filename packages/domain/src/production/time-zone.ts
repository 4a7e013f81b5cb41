import { z } from 'zod'

// The brewery's time zone (docs/decisions/224-report-periods-in-the-brewery-time-zone.md): its days, and so a
// report's months, quarters and years and what "today" is, begin at midnight where the brewery is, not at
// midnight UTC. Instants stay UTC in the database; only the day an instant falls on is read in the time zone.

/** The time zone of a brewery that has chosen none (and of every report closed before there was a choice). */
export const DEFAULT_TIME_ZONE = 'UTC'

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per zone (making one costs far more than using it). */
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** The IANA name of a time zone as the platform spells it (`america/los_angeles` → `America/Los_Angeles`), or null. */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(name)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** A time zone as sent: an IANA name such as America/Chicago or UTC (stored as `canonicalTimeZone` spells it). */
export const TimeZoneSchema = z
  .string({ error: 'The time zone is required' })
  .trim()
  .superRefine((name, context) => {
    if (canonicalTimeZone(name) === null) {
      context.addIssue({
        code: 'custom',
        message: `${name.slice(0, 64) || 'An empty name'} is not a time zone; use a name like America/Chicago or UTC`,
      })
    }
  })

/** The wall-clock parts of an instant in a zone. */
function partsIn(instant: Date, timeZone: string) {
  const parts: Record<string, number> = {}
  for (const part of formatIn(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** The day (YYYY-MM-DD) an instant falls on in a zone: 2026-11-01T06:30Z is 2026-10-31 in America/Los_Angeles. */
export function dayIn(instant: string | Date, timeZone: string): string {
  if (timeZone === DEFAULT_TIME_ZONE) {
    return (typeof instant === 'string' ? new Date(instant) : instant).toISOString().slice(0, 10)
  }
  const { year, month, day } = partsIn(typeof instant === 'string' ? new Date(instant) : instant, timeZone)
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = partsIn(new Date(instant), timeZone)
  const wall = Date.UTC(year, month - 1, day, hour, minute, second)
  return wall - Math.floor(instant / 1000) * 1000
}

/**
 * The instant a day begins in a zone (`2026-11-01`, America/Los_Angeles → 2026-11-01T07:00:00.000Z). Where a
 * change of clocks skips midnight, the day begins at the first instant that exists.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number)
  const wall = Date.UTC(year, month - 1, date)
  if (timeZone === DEFAULT_TIME_ZONE) return new Date(wall)
  const first = wall - offsetAt(wall, timeZone)
  const second = wall - offsetAt(first, timeZone)
  if (first === second) return new Date(first)
  // The offsets differ across midnight: take the earlier instant that is on this day, else the later one.
  const candidates = [first, second].sort((a, b) => a - b)
  return new Date(candidates.find((instant) => dayIn(new Date(instant), timeZone) === day) ?? candidates[1])
}

/**
 * The zone's wall clock at an instant, read as if it were UTC (milliseconds): what the schedule's calendar days,
 * kept as UTC midnights, compare with. 2026-11-01T03:30Z in America/Los_Angeles → 2026-10-31T20:30Z.
 */
export function wallClockIn(instant: number, timeZone: string): number {
  if (timeZone === DEFAULT_TIME_ZONE) return instant
  return instant + offsetAt(instant, timeZone)
}

/** Today's date in a zone. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => dayIn(now, timeZone)
