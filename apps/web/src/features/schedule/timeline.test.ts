import { describe, expect, it } from 'vitest'
import { dayStart } from '@brewcommand/domain'
import { addDays, barBox, pageAnchor, snapDays, todayScrollLeft, viewWindow } from './timeline.ts'

describe('the timeline geometry', () => {
  it('starts a week view on the Monday and a month view on the first', () => {
    const week = viewWindow('week', '2026-03-12')
    expect(week.from).toBe('2026-03-09')
    expect(week.days).toHaveLength(14)
    expect(week.to).toBe('2026-03-23')
    expect(viewWindow('month', '2026-03-12').from).toBe('2026-03-01')
  })
  it('pages by a week or a month', () => {
    expect(pageAnchor('week', '2026-03-12', 1)).toBe('2026-03-19')
    expect(pageAnchor('month', '2026-03-12', -1)).toBe('2026-02-01')
  })
  it('places and clips bars by day', () => {
    const window = { from: '2026-03-09', to: '2026-03-23' }
    expect(barBox({ start: dayStart('2026-03-10'), end: dayStart('2026-03-13') }, window, 10)).toEqual({
      left: 10,
      width: 30,
      clippedStart: false,
      clippedEnd: false,
    })
    expect(barBox({ start: dayStart('2026-03-01'), end: dayStart('2026-03-11') }, window, 10)).toMatchObject({
      left: 0,
      width: 20,
      clippedStart: true,
    })
    expect(barBox({ start: dayStart('2026-04-01'), end: dayStart('2026-04-11') }, window, 10)).toBeNull()
  })
  it('snaps a drag to whole days', () => {
    expect(snapDays(35, 72)).toBe(0)
    expect(snapDays(37, 72)).toBe(1)
    expect(snapDays(-150, 72)).toBe(-2)
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02')
  })
})

describe('todayScrollLeft', () => {
  it('puts today a day and a half in, held to the scrollable range, and the start when today is not shown', () => {
    expect(todayScrollLeft(252, 72, 262, 1008)).toBe(144)
    expect(todayScrollLeft(36, 72, 262, 1008)).toBe(0)
    // The last day: 13.5 × 72 = 972 − 108 = 864, but only 1008 − 262 = 746 can scroll.
    expect(todayScrollLeft(972, 72, 262, 1008)).toBe(746)
    expect(todayScrollLeft(null, 72, 262, 1008)).toBe(0)
  })
})
