import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'
import { buildTestApp, createPrivatePostgres, openTestDatabase, TEST_DATABASES } from '../testing/test-app.ts'
import { createJobQueue, defineJob } from './job-queue.ts'

const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`

describe('defineJob', () => {
  it('refuses a name the queue cannot store', () => {
    expect(() => defineJob('has space', async () => {})).toThrow('Invalid job name')
    expect(() => defineJob('', async () => {})).toThrow('Invalid job name')
    expect(defineJob('cellar.alerts', async () => {}).name).toBe('cellar.alerts')
  })
})

describe.each(TEST_DATABASES)('the job queue on %s', (kind) => {
  let database: Database
  beforeAll(async () => {
    // Its own database: its job queue's workers must not take other files' jobs, nor theirs its (ADR 424).
    database = await openTestDatabase(kind, { own: true })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('runs each enqueued job once with its data, and stops cleanly', async () => {
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 })
    const seen: number[] = []
    const job = queue.define(
      defineJob<{ n: number }>(unique('test.echo'), async ({ n }) => {
        seen.push(n)
      }),
    )
    await expect(queue.enqueue(job, { n: 0 })).rejects.toThrow('not started')
    await queue.start()
    for (const n of [1, 2, 3]) await queue.enqueue(job, { n })
    await vi.waitFor(() => expect([...seen].sort()).toEqual([1, 2, 3]), { timeout: 10_000, interval: 100 })
    await queue.stop()
    // Stopping twice, or a queue never started, is fine.
    await queue.stop()
    await createJobQueue(database).stop()
  })

  it('fires a schedule stored in the database, and retries a failed job', async () => {
    const queue = createJobQueue(database, { pollingIntervalSeconds: 0.5 })
    const error = vi.fn()
    const queueWithLog = createJobQueue(database, {
      pollingIntervalSeconds: 0.5,
      logger: { info: vi.fn(), error },
    })
    let runs = 0
    // Every minute: the current minute's tick is due at once.
    const ticking = queue.define(defineJob(unique('test.tick'), async () => void runs++))
    queue.schedule(ticking, '* * * * *')
    let attempts = 0
    const flaky = queueWithLog.define(
      defineJob(
        unique('test.flaky'),
        async () => {
          attempts++
          if (attempts === 1) throw new Error('first try fails')
        },
        { retryLimit: 1 },
      ),
    )
    expect(() => queue.schedule(flaky, '* * * * *')).toThrow('not defined')
    await queue.start()
    await queueWithLog.start()
    await queueWithLog.enqueue(flaky, {})
    await vi.waitFor(() => expect(runs).toBe(1), { timeout: 45_000, interval: 200 })
    await vi.waitFor(() => expect(attempts).toBe(2), { timeout: 45_000, interval: 200 })
    expect((error.mock.calls[0] as [{ err: Error }])[0].err.message).toBe('first try fails')
    await queue.stop()
    await queueWithLog.stop()
  }, 60_000)
})

// Several server instances on one PostgreSQL behave as one: each job runs once, each tick fires once. The
// database is new (a copy of the migrated template, without the queue's schema), so the two start at once on
// a database neither has installed the queue in, as two servers deployed together do (ADR 424).
describe.runIf(inject('postgresUrl'))('two app instances on one PostgreSQL', () => {
  let own: Awaited<ReturnType<typeof createPrivatePostgres>>
  let first: Database
  let second: Database
  beforeAll(async () => {
    own = await createPrivatePostgres()
    first = await openDatabase({ kind: 'postgres', url: own.url })
    second = await openDatabase({ kind: 'postgres', url: own.url })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await own?.drop()
  })

  it('run each job once, whichever instance takes it', async () => {
    const runs = new Map<number, string[]>()
    const name = unique('test.once')
    // One schedule fires once a minute across both instances. A tick runs when pg-boss has made its job,
    // which can be in the next minute (a test begun at 12:00:59 may see the 12:00 tick run at 12:01:01
    // and the 12:01 tick at 12:01:03), so what is counted is ticks against the minutes the test spans.
    const ticks: number[] = []
    const startedAt = Date.now()
    const tick = unique('test.tick')
    const apps = await Promise.all(
      [first, second].map(async (database, index) => {
        const app = await buildTestApp(database, { JOB_POLL_SECONDS: '0.5' })
        const job = app.jobs.define(
          defineJob<{ n: number }>(name, async ({ n }) => {
            runs.set(n, [...(runs.get(n) ?? []), `app${index}`])
            await new Promise((resolve) => setTimeout(resolve, 5))
          }),
        )
        app.jobs.schedule(
          app.jobs.define(defineJob(tick, async () => void ticks.push(Date.now()))),
          '* * * * *',
        )
        return { app, job }
      }),
    )
    try {
      await Promise.all(apps.map(({ app }) => app.jobs.start()))
      for (let n = 0; n < 40; n++) await apps[n % 2].app.jobs.enqueue(apps[n % 2].job, { n })
      await vi.waitFor(() => expect(runs.size).toBe(40), { timeout: 20_000, interval: 100 })
      await vi.waitFor(() => expect(ticks.length).toBeGreaterThan(0), { timeout: 65_000, interval: 200 })
      // A few more polls of both instances: nothing runs twice.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      expect([...runs.values()].every((by) => by.length === 1)).toBe(true)
      // Both instances firing would give two ticks in the first minute, more than the minutes spanned.
      const minutesSpanned = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1
      expect(ticks.length).toBeLessThanOrEqual(minutesSpanned)
    } finally {
      await Promise.all(apps.map(({ app }) => app.close()))
    }
  }, 120_000)
})
