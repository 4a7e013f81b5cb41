import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { idempotencyRecords } from '../db/schema/idempotency.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import {
  IDEMPOTENCY_RETENTION_MS,
  claimKey,
  pruneIdempotencyRecords,
  requestHash,
  startIdempotencyPruning,
  storeResponse,
} from './idempotency.ts'

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
    testDb = await createTestDb(kind)
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

  it('prunes periodically while the server runs, logs what it did, and stops', async () => {
    const s = scope()
    await keep(s, 'old', 8 * DAY)
    const info = vi.fn()
    const pruning = startIdempotencyPruning(testDb.db, {
      intervalMs: 50,
      logger: { info, error: vi.fn() },
    })
    await vi.waitFor(() => expect(info).toHaveBeenCalled(), { timeout: 5000 })
    const [fields, message] = info.mock.calls[0] as [{ pruned: number }, string]
    expect(fields.pruned).toBeGreaterThanOrEqual(1)
    expect(message).toBe('pruned expired idempotency keys')
    expect(await keys(s)).toEqual([])
    // A key that ages past the retention (a clock 8 days on) goes at the next run.
    await keep(s, 'now', 0)
    let clock = Date.now()
    const later = startIdempotencyPruning(testDb.db, { intervalMs: 60_000, now: () => clock })
    expect(await later.runOnce()).toBe(0)
    expect(await keys(s)).toEqual(['now'])
    clock += 8 * DAY
    expect(await later.runOnce()).toBeGreaterThanOrEqual(1)
    expect(await keys(s)).toEqual([])
    await pruning.stop()
    await later.stop()
  })

  it('logs a failed prune and goes on', async () => {
    const error = vi.fn()
    const broken = {
      delete: () => {
        throw new Error('database is down')
      },
    } as unknown as TestDb['db']
    const pruning = startIdempotencyPruning(broken, { intervalMs: 60_000, logger: { info: vi.fn(), error } })
    expect(await pruning.runOnce()).toBe(0)
    const [fields] = error.mock.calls[0] as [{ err: Error }]
    expect(fields.err.message).toBe('database is down')
    await pruning.stop()
  })
})
