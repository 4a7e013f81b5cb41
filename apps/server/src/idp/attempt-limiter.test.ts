import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idpAttemptCounters } from '../db/schema/identity.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { createAttemptLimiter, storedAttemptKey } from './attempt-limiter.ts'

describe.each(TEST_DATABASES)('attempt limiter on %s', (kind) => {
  const windowMs = 15 * 60_000
  let testDb: TestDb

  beforeAll(async () => {
    testDb = await createTestDb(kind)
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  const key = (name: string, limit: number) => ({ key: `${name}-${crypto.randomUUID()}`, limit })

  it('allows up to the limit in the window, then says how long to wait', async () => {
    const limiter = createAttemptLimiter(testDb.db, { windowMs })
    const k = key('k', 3)
    for (let i = 0; i < 3; i++) expect(await limiter.reserve([k])).toBe(0)
    const wait = await limiter.reserve([k])
    expect(wait).toBeGreaterThan(windowMs - 60_000)
    expect(wait).toBeLessThanOrEqual(windowMs)
    expect(await limiter.reserve([key('other', 3)])).toBe(0)
  })

  it('lets exactly the limit through when 100 reservations race, also from two limiters (two instances)', async () => {
    const first = createAttemptLimiter(testDb.db, { windowMs })
    const second = createAttemptLimiter(testDb.db, { windowMs })
    const k = key('race', 5)
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => (i % 2 ? first : second).reserve([k])),
    )
    expect(answers.filter((wait) => wait === 0)).toHaveLength(5)
  })

  it('reserves all keys or none', async () => {
    const limiter = createAttemptLimiter(testDb.db, { windowMs })
    const open = key('open', 10)
    const full = key('full', 1)
    expect(await limiter.reserve([full])).toBe(0)
    expect(await limiter.reserve([open, full])).toBeGreaterThan(0)
    // The refused attempt gave its reservation on `open` back: 10 more fit.
    for (let i = 0; i < 10; i++) expect(await limiter.reserve([open])).toBe(0)
    expect(await limiter.reserve([open])).toBeGreaterThan(0)
  })

  it('starts a new window once the old one has passed', async () => {
    const limiter = createAttemptLimiter(testDb.db, { windowMs })
    const k = key('window', 1)
    expect(await limiter.reserve([k])).toBe(0)
    expect(await limiter.reserve([k])).toBeGreaterThan(0)
    await testDb.db
      .update(idpAttemptCounters)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(idpAttemptCounters.key, storedAttemptKey(k.key)))
    expect(await limiter.reserve([k])).toBe(0)
  })

  it('gives an attempt back on release and forgets a key on reset', async () => {
    const limiter = createAttemptLimiter(testDb.db, { windowMs })
    const k = key('release', 1)
    expect(await limiter.reserve([k])).toBe(0)
    await limiter.release(k.key)
    expect(await limiter.reserve([k])).toBe(0)
    await limiter.reset(k.key)
    expect(await limiter.reserve([k])).toBe(0)
  })

  it('stores no address or email, only digests', async () => {
    const limiter = createAttemptLimiter(testDb.db, { windowMs })
    await limiter.reserve([{ key: 'sign-in:account:someone@example.com', limit: 5 }])
    const rows = await testDb.db.select().from(idpAttemptCounters)
    expect(rows.some((row) => row.key.includes('example.com'))).toBe(false)
  })
})
