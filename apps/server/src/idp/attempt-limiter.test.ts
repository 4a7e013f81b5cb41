import { describe, expect, it } from 'vitest'
import { createAttemptLimiter } from './attempt-limiter.ts'

describe('attempt limiter', () => {
  const windowMs = 15 * 60_000

  it('allows up to the limit in the window, then says how long to wait', () => {
    const limiter = createAttemptLimiter({ limit: 3, windowMs })
    const t0 = 1_000_000
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterMs('k', t0 + i * 1000)).toBe(0)
      limiter.record('k', t0 + i * 1000)
    }
    expect(limiter.retryAfterMs('k', t0 + 3000)).toBe(windowMs - 3000)
    expect(limiter.retryAfterMs('other', t0 + 3000)).toBe(0)
  })

  it('slides: old events leave the window', () => {
    const limiter = createAttemptLimiter({ limit: 2, windowMs })
    limiter.record('k', 0)
    limiter.record('k', 60_000)
    expect(limiter.retryAfterMs('k', 61_000)).toBeGreaterThan(0)
    expect(limiter.retryAfterMs('k', windowMs + 1)).toBe(0)
  })

  it('forgets a key on reset', () => {
    const limiter = createAttemptLimiter({ limit: 1, windowMs })
    limiter.record('k', 0)
    limiter.reset('k')
    expect(limiter.retryAfterMs('k', 1)).toBe(0)
  })
})
