import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import {
  IDEMPOTENCY_RETENTION_MS,
  claimKey,
  pruneIdempotencyRecords,
  IDEMPOTENCY_PRUNE_CRON,
  idempotencyPruneJob,
  requestHash,
  storeResponse,
} from './idempotency.ts'
import { JOB_SCHEMA } from '../jobs/job-queue.ts'
import { buildTestApp, TEST_DATABASES } from '../testing/test-app.ts'
import type { App } from '../app.ts'

/** The app's own prune job, by name (enqueue takes the definition, so the data is typed). */
const idempotencyPruneJobOf = (app: App) => app.jobs.definition<Record<string, never>>('idempotency.prune')

const DAY = 24 * 60 * 60 * 1000

describe('requestHash', () => {
  it('is the same for the same request whatever the key order or envelope timestamp', () => {
    const a = requestHash('PUT', '/api/products/1', {
      data: { a: 1, b: [1, { c: 2, d: 3 }] },
      timestamp: 'x',
    })
    const b = requestHash('PUT', '/api/products/1', {
      timestamp: 'y',
      data: { b: [1, { d: 3, c: 2 }], a: 1 },
    })
    expect(a).toBe(b)
    expect(requestHash('PUT', '/api/products/2', { data: { a: 1 } })).not.toBe(
      requestHash('PUT', '/api/products/1', { data: { a: 1 } }),
    )
    expect(requestHash('DELETE', '/api/products/1', null)).not.toBe(
      requestHash('PUT', '/api/products/1', null),
    )
  })
})

describe.each(TEST_DATABASES)('idempotency keys on %s', (kind) => {
  let testDb: TestDb
  beforeAll(async () => {
    // Its own database: its job queue's workers must not take other files' jobs, nor theirs its (ADR 424).
    testDb = await createTestDb(kind, { own: true })
  })
  afterAll(async () => {
    await testDb?.client.close()
  })
  const scope = () => `test:${crypto.randomUUID()}`
  const keep = async (s: string, key: string, ageMs: number) =>
    testDb.db.insert(idempotencyRecords).values({
      scope: s,
      key,
      requestHash: 'h',
      statusCode: 200,
      body: { data: key },
      createdAt: new Date(Date.now() - ageMs),
    })
  const keys = async (s: string) =>
    (await testDb.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.scope, s)))
      .map((r) => r.key)
      .sort()

  it('claims a key once: later claims find the stored response, and a failed write keeps no key', async () => {
    const s = scope()
    const db = testDb.db
    const claim = { scope: s, key: 'k', hash: 'h' }
    const write = vi.fn(async () => ({ statusCode: 201, body: { n: 1 } }))
    // What the write runner does: claim, write, store, in one transaction.
    const run = (c: typeof claim) =>
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as TestDb['db']
        const stored = await claimKey(tx, c)
        if (stored) return { ...stored, replayed: true }
        const response = await write()
        await storeResponse(tx, c, response)
        return { ...response, replayed: false }
      })
    expect(await run(claim)).toEqual({ statusCode: 201, body: { n: 1 }, replayed: false })
    expect(await run(claim)).toEqual({ statusCode: 201, body: { n: 1 }, replayed: true })
    expect(write).toHaveBeenCalledTimes(1)
    await expect(run({ ...claim, hash: 'other' })).rejects.toMatchObject({ code: 'CONFLICT' })

    const failing = () =>
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as TestDb['db']
        expect(await claimKey(tx, { scope: s, key: 'bad', hash: 'h' })).toBeNull()
        // Something is written inside the transaction before it fails: all of it goes.
        await tx
          .insert(idempotencyRecords)
          .values({ scope: s, key: 'side-effect', requestHash: 'h', statusCode: 200 })
        throw new Error('boom')
      })
    await expect(failing()).rejects.toThrow('boom')
    expect(await keys(s)).toEqual(['k'])
  })

  it('prunes keys older than the retention and keeps younger ones', async () => {
    const s = scope()
    await keep(s, 'fresh', 0)
    await keep(s, 'six-days', 6 * DAY)
    await keep(s, 'eight-days', 8 * DAY)
    await keep(s, 'a-month', 30 * DAY)
    expect(IDEMPOTENCY_RETENTION_MS).toBe(7 * DAY)
    const pruned = await pruneIdempotencyRecords(testDb.db, new Date(Date.now() - IDEMPOTENCY_RETENTION_MS))
    expect(pruned).toBeGreaterThanOrEqual(2)
    expect(await keys(s)).toEqual(['fresh', 'six-days'])
  })

  it('prunes through a job that logs what it did; a later run takes keys that aged since', async () => {
    const s = scope()
    await keep(s, 'old', 8 * DAY)
    await keep(s, 'now', 0)
    const info = vi.fn()
    let clock = Date.now()
    const job = idempotencyPruneJob(testDb.db, { now: () => clock, logger: { info } })
    expect(job.name).toBe('idempotency.prune')
    await job.run({}, { id: 'test' })
    const [fields, message] = info.mock.calls[0] as [{ pruned: number }, string]
    expect(fields.pruned).toBeGreaterThanOrEqual(1)
    expect(message).toBe('pruned expired idempotency keys')
    expect(await keys(s)).toEqual(['now'])
    clock += 8 * DAY
    await job.run({}, { id: 'test' })
    expect(await keys(s)).toEqual([])
  })

  it('is scheduled hourly on the app’s job queue, not on a timer of one process', async () => {
    const app = await buildTestApp(testDb.database, { JOB_POLL_SECONDS: '0.5' })
    try {
      expect(app.jobs.names).toContain('idempotency.prune')
      expect(IDEMPOTENCY_PRUNE_CRON).toBe('17 * * * *')
      const s = scope()
      await keep(s, 'old', 8 * DAY)
      await app.jobs.start()
      const rows = (
        await testDb.database.executeSql(
          `select name, cron from ${JOB_SCHEMA}.schedule where name = 'idempotency.prune'`,
        )
      ).rows
      expect(rows).toEqual([{ name: 'idempotency.prune', cron: IDEMPOTENCY_PRUNE_CRON }])
      // Run it now through the queue, as a scheduled tick would.
      await app.jobs.enqueue(idempotencyPruneJobOf(app), {})
      await vi.waitFor(async () => expect(await keys(s)).toEqual([]), { timeout: 15_000, interval: 200 })
    } finally {
      await app.close()
    }
  })
})
