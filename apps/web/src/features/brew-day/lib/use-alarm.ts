import type { BrewStep } from '@brewcommand/domain'
import { useEffect, useRef } from 'react'
import { beep, notify, vibrate } from './alarm.ts'
import { brewDayMessages as t } from '../messages.ts'

/** How often a ringing alarm sounds again. */
export const ALARM_REPEAT_MS = 4_000

/**
 * Sounds and vibrates while any step rings, again every few seconds until every ringing step is acknowledged,
 * and notifies once per step. `ringing` comes from the shown brew day, so an acknowledgement made on another
 * device (heard live) or queued on this one stops it at once.
 */
export function useAlarm(ringing: readonly BrewStep[]): void {
  const notified = useRef(new Set<string>())
  const keys = ringing.map((step) => step.key).join('|')
  const titles = useRef(ringing)
  titles.current = ringing
  useEffect(() => {
    if (keys === '') return
    for (const step of titles.current)
      if (!notified.current.has(step.key)) {
        notified.current.add(step.key)
        notify(t.alarmTitle, t.alarmBody(step.plan.title), step.key)
      }
    const ring = () => {
      beep()
      vibrate()
    }
    ring()
    const timer = setInterval(ring, ALARM_REPEAT_MS)
    return () => clearInterval(timer)
  }, [keys])
}
