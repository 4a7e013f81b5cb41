import { describe, expect, it } from 'vitest'
import { canonicalTimeZone, dayIn, startOfDayIn, TimeZoneSchema, todayIn, wallClockIn } from './time-zone.ts'

describe("the brewery's time zone", () => {
  it('reads the day an instant falls on where the brewery is', () => {
    // 23:30 on Halloween in Portland, Oregon (PDT, UTC−7) is already November in UTC.
    expect(dayIn('2026-11-01T06:30:00.000Z', 'America/Los_Angeles')).toBe('2026-10-31')
    expect(dayIn('2026-11-01T06:30:00.000Z', 'UTC')).toBe('2026-11-01')
    expect(dayIn('2026-11-01T07:00:00.000Z', 'America/Los_Angeles')).toBe('2026-11-01')
    // East of UTC the other way: 23:30 UTC on 30 September is 1 October in Berlin.
    expect(dayIn(new Date('2026-09-30T23:30:00Z'), 'Europe/Berlin')).toBe('2026-10-01')
    expect(todayIn('Pacific/Auckland', new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01')
  })

  it("reads the zone's wall clock as UTC, for the schedule's calendar days", () => {
    const at = (iso: string) => Date.parse(iso)
    expect(wallClockIn(at('2026-11-01T03:30:00Z'), 'America/Los_Angeles')).toBe(at('2026-10-31T20:30:00Z'))
    expect(wallClockIn(at('2026-11-02T03:30:00Z'), 'America/Los_Angeles')).toBe(at('2026-11-01T19:30:00Z'))
    expect(wallClockIn(at('2026-06-30T23:15:00.250Z'), 'Europe/Berlin')).toBe(at('2026-07-01T01:15:00.250Z'))
    expect(wallClockIn(at('2026-06-30T23:15:00Z'), 'UTC')).toBe(at('2026-06-30T23:15:00Z'))
  })

  it('finds the instant a day begins, across the changes of clocks', () => {
    expect(startOfDayIn('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z')
    // PST from 1 November 2026 (the clocks go back at 02:00): 2 November begins at 08:00 UTC.
    expect(startOfDayIn('2026-11-02', 'America/Los_Angeles').toISOString()).toBe('2026-11-02T08:00:00.000Z')
    expect(startOfDayIn('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z')
    expect(startOfDayIn('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z')
    expect(startOfDayIn('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z')
    expect(startOfDayIn('2026-01-01', 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z')
    // Where the clocks skip midnight (Chile's spring change: 00:00 becomes 01:00), the day begins at 01:00.
    const skipped = startOfDayIn('2026-09-06', 'America/Santiago')
    expect(dayIn(skipped, 'America/Santiago')).toBe('2026-09-06')
    expect(dayIn(new Date(skipped.getTime() - 1000), 'America/Santiago')).toBe('2026-09-05')
  })

  it('begins every day of a year at its own midnight, the day before ending a second earlier', () => {
    for (const zone of ['America/Los_Angeles', 'America/Chicago', 'Europe/London', 'Australia/Sydney']) {
      for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
        const key = new Date(day).toISOString().slice(0, 10)
        const start = startOfDayIn(key, zone)
        expect(dayIn(start, zone)).toBe(key)
        expect(dayIn(new Date(start.getTime() - 1000), zone)).not.toBe(key)
      }
    }
  })

  it('takes IANA names as the platform spells them and refuses anything else, naming it', () => {
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago')
    expect(TimeZoneSchema.parse(' America/Denver ')).toBe('America/Denver')
    expect(TimeZoneSchema.parse('america/denver')).toBe('america/denver')
    expect(TimeZoneSchema.parse('UTC')).toBe('UTC')
    for (const bad of [
      'Mars/Olympus_Mons',
      '',
      'America/Chicago; drop table',
      '../etc/passwd',
      'x'.repeat(80),
    ]) {
      const result = TimeZoneSchema.safeParse(bad)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0].message).toMatch(
        /is not a time zone; use a name like America\/Chicago or UTC$/,
      )
    }
    expect(TimeZoneSchema.safeParse(42).error?.issues[0].message).toBe('The time zone is required')
  })
})
