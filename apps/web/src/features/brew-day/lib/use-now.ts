import { useEffect, useState } from 'react'

/** The server's clock as this device reads it (`Date.now()` + offset), ticking a few times a second. */
export function useServerNow(offsetMs: number, tickMs = 250): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs)
  useEffect(() => {
    setNow(Date.now() + offsetMs)
    const timer = setInterval(() => setNow(Date.now() + offsetMs), tickMs)
    return () => clearInterval(timer)
  }, [offsetMs, tickMs])
  return now
}

/** A countdown or duration as `m:ss`, or `h:mm:ss` from an hour up (whole seconds, rounded up). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const ss = String(seconds).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`
}

/** A server instant as this device's local time of day. */
export const formatTime = (ms: number | string) =>
  new Date(typeof ms === 'string' ? Date.parse(ms) : ms).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
  })
