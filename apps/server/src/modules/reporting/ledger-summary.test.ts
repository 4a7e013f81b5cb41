import { describe, expect, it } from 'vitest'
import { dayStarts } from './ledger-summary.ts'

// The instants a brewery's days start at, which the summarised ledger and the Reporting tables cut the ledger by.
// By hand, from the 2026 rules of America/Los_Angeles (PST is UTC−8, PDT UTC−7; clocks go forward at 02:00 on
// Sunday 8 March and back at 02:00 on Sunday 1 November): 7 March begins at 08:00Z, 8 March at 08:00Z (the change
// is at 02:00 local), 9 March at 07:00Z, so 8 March is 23 hours long; 1 November begins at 07:00Z and 2 November at
// 08:00Z, 25 hours later.
describe('dayStarts', () => {
  it('cuts days at local midnight across the changes of clocks', () => {
    expect(dayStarts('2026-03-07', '2026-03-08', 'America/Los_Angeles')).toEqual([
      '2026-03-07T08:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
      '2026-03-09T07:00:00.000Z',
    ])
    expect(dayStarts('2026-11-01', '2026-11-01', 'America/Los_Angeles')).toEqual([
      '2026-11-01T07:00:00.000Z',
      '2026-11-02T08:00:00.000Z',
    ])
  })

  it('answers a range it has cut before from memory, frozen, and each zone its own (ADR 426)', () => {
    const year = dayStarts('2025-12-31', '2026-12-31', 'America/Chicago')!
    expect(year).toHaveLength(367)
    expect(Object.isFrozen(year)).toBe(true)
    expect(dayStarts('2025-12-31', '2026-12-31', 'America/Chicago')).toBe(year)
    const utc = dayStarts('2025-12-31', '2026-12-31', 'UTC')!
    expect(utc[0]).toBe('2025-12-31T00:00:00.000Z')
    expect(year[0]).toBe('2025-12-31T06:00:00.000Z')
  })
})
