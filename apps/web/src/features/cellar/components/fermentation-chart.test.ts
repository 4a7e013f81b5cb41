import { describe, expect, it } from 'vitest'
import { timeTickFormat } from './fermentation-chart.tsx'

const at = (iso: string) => new Date(iso).getTime()

describe('timeTickFormat', () => {
  it('labels a few hours of readings with distinct times, not "Nov 26" at every tick', () => {
    const format = timeTickFormat(6 * 3_600_000)
    const labels = ['2026-11-26T10:00:00Z', '2026-11-26T12:00:00Z', '2026-11-26T14:00:00Z'].map((t) =>
      format(at(t)),
    )
    expect(new Set(labels).size).toBe(3)
    expect(labels[0]).toMatch(/\d:00/)
  })

  it('adds the day when the span is between half a day and two days, and shows days only from two days', () => {
    expect(timeTickFormat(20 * 3_600_000)(at('2026-11-26T10:00:00Z'))).toMatch(/Nov.*\d:00/)
    expect(timeTickFormat(5 * 86_400_000)(at('2026-11-26T10:00:00Z'))).not.toMatch(/:/)
  })
})
