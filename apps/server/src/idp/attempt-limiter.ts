/**
 * Counts events per key in a sliding window (in memory, per process). Used for failed sign-ins per
 * client address and per account.
 */
export interface AttemptLimiter {
  /** Milliseconds until the key may try again, or 0 when it is under its limit. */
  retryAfterMs(key: string, now?: number): number
  record(key: string, now?: number): void
  reset(key: string): void
}

const MAX_KEYS = 50_000

export function createAttemptLimiter(options: { limit: number; windowMs: number }): AttemptLimiter {
  const { limit, windowMs } = options
  const events = new Map<string, number[]>()

  function recent(key: string, now: number): number[] {
    const list = events.get(key)
    if (!list) return []
    const kept = list.filter((at) => at > now - windowMs)
    if (kept.length === 0) events.delete(key)
    else if (kept.length !== list.length) events.set(key, kept)
    return kept
  }

  return {
    retryAfterMs(key, now = Date.now()) {
      const list = recent(key, now)
      if (list.length < limit) return 0
      // The window reopens when the oldest event that keeps the key at its limit leaves it.
      return list[list.length - limit] + windowMs - now
    },
    record(key, now = Date.now()) {
      const list = recent(key, now)
      list.push(now)
      events.delete(key)
      events.set(key, list)
      // Bound memory under a flood of distinct keys: forget the least recently touched.
      if (events.size > MAX_KEYS) events.delete(events.keys().next().value!)
    },
    reset(key) {
      events.delete(key)
    },
  }
}
