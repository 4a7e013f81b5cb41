import { DAY_MS, dayStart, utcDate } from '@brewcommand/domain'

// The timeline's geometry: days across, one column per UTC day.

export type ScheduleView = 'week' | 'month'

/** Days shown by a view, and the width of one day in pixels (big enough to grab on a phone). */
export const VIEW_DAYS: Record<ScheduleView, number> = { week: 14, month: 42 }
export const DAY_WIDTH: Record<ScheduleView, number> = { week: 72, month: 32 }

/** The window of a view around `anchor` (a date): from the Monday before (week) or the month's first day. */
export function viewWindow(view: ScheduleView, anchor: string): { from: string; to: string; days: string[] } {
  const anchorMs = dayStart(anchor)
  let fromMs: number
  if (view === 'week') {
    const weekday = (new Date(anchorMs).getUTCDay() + 6) % 7
    fromMs = anchorMs - weekday * DAY_MS
  } else {
    const date = new Date(anchorMs)
    fromMs = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
  }
  const days = Array.from({ length: VIEW_DAYS[view] }, (_, i) => utcDate(fromMs + i * DAY_MS))
  return { from: days[0], to: utcDate(fromMs + VIEW_DAYS[view] * DAY_MS), days }
}

/** The anchor one page earlier or later. */
export function pageAnchor(view: ScheduleView, anchor: string, direction: -1 | 1): string {
  if (view === 'week') return utcDate(dayStart(anchor) + direction * 7 * DAY_MS)
  const date = new Date(dayStart(anchor))
  return utcDate(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + direction, 1))
}

/** Where a bar sits in the window, in pixels, clipped to it; null when it is outside. */
export function barBox(
  interval: { start: number; end: number },
  window: { from: string; to: string },
  dayWidth: number,
): { left: number; width: number; clippedStart: boolean; clippedEnd: boolean } | null {
  const from = dayStart(window.from)
  const to = dayStart(window.to)
  if (interval.end <= from || interval.start >= to) return null
  const start = Math.max(interval.start, from)
  const end = Math.min(interval.end, to)
  return {
    left: ((start - from) / DAY_MS) * dayWidth,
    width: Math.max(((end - start) / DAY_MS) * dayWidth, dayWidth / 4),
    clippedStart: interval.start < from,
    clippedEnd: interval.end > to,
  }
}

/** Whole days a drag of `dx` pixels moves a bar (snapping to days). */
export const snapDays = (dx: number, dayWidth: number) => Math.round(dx / dayWidth)

/** A `YYYY-MM-DD` date `days` later. */
export const addDays = (date: string, days: number) => utcDate(dayStart(date) + days * DAY_MS)

/**
 * Where the timeline scrolls to show today: today's column a day in from the left edge of what is visible
 * (so yesterday shows too), or the start when today is not in the window. `viewport` is the visible width of
 * the days, without the vessel names.
 */
export function todayScrollLeft(
  todayOffset: number | null,
  dayWidth: number,
  viewport: number,
  width: number,
) {
  if (todayOffset === null) return 0
  const wanted = todayOffset - dayWidth * 1.5
  return Math.max(0, Math.min(wanted, Math.max(0, width - viewport)))
}
