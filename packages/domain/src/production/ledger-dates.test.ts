import { describe, expect, it } from 'vitest'
import {
  closedPeriodAt,
  firstOpenInstantAfter,
  priorPeriodRemark,
  type ClosedPeriod,
} from './ledger-dates.ts'

const q1: ClosedPeriod = {
  report: '5130.26',
  period: '2026-Q1',
  fromDate: '2026-01-01',
  toDate: '2026-03-31',
}
const april: ClosedPeriod = {
  report: '5000.24',
  period: '2026-04',
  fromDate: '2026-04-01',
  toDate: '2026-04-30',
}

describe('closed periods on the ledger', () => {
  it('finds the closed period of an instant by the brewery’s days', () => {
    // 2026-04-01T05:00Z is still 31 March in Los Angeles (UTC−7): inside Q1 there, in April in UTC.
    const instant = new Date('2026-04-01T05:00:00Z')
    expect(closedPeriodAt(instant, [q1], 'America/Los_Angeles')).toEqual(q1)
    expect(closedPeriodAt(instant, [q1], 'UTC')).toBeNull()
    expect(closedPeriodAt(new Date('2026-05-01T12:00:00Z'), [q1, april], 'UTC')).toBeNull()
  })

  it('carries an adjustment to the first instant of the open period, past contiguous closed periods', () => {
    const march = new Date('2026-03-14T10:00:00Z')
    expect(firstOpenInstantAfter(march, [q1], 'UTC').toISOString()).toBe('2026-04-01T00:00:00.000Z')
    expect(firstOpenInstantAfter(march, [q1, april], 'UTC').toISOString()).toBe('2026-05-01T00:00:00.000Z')
    // Midnight of 1 April in Los Angeles (PDT, UTC−7).
    expect(firstOpenInstantAfter(march, [q1], 'America/Los_Angeles').toISOString()).toBe(
      '2026-04-01T07:00:00.000Z',
    )
  })

  it('writes a remark naming the original date and the period', () => {
    expect(priorPeriodRemark(new Date('2026-03-14T10:00:00Z'), q1, 'UTC')).toBe(
      'Prior-period adjustment: occurred 2026-03-14, in closed period 2026-Q1 (TTB F 5130.26)',
    )
  })
})
