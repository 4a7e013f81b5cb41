// Device ingestion in one statement (ADR 375): what an accepted post costs, what each refusal says, a revoke
// seen by another instance at once, concurrent posts all stored, the ledger's fallback when no occupancy names
// the batch, and the alert job queued once per brewery and window; posts arriving together share a statement
// (ADR 395).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { devices, readings } from '../../db/schema/cellar.ts'
import { entities } from '../../db/schema/entities.ts'
import { seedCellar, seedVessel, type CellarSeed } from '../../testing/cellar-seed.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createCellarService, hashDeviceToken } from './cellar.service.ts'
import { newDeviceToken } from './devices.ts'
import { coalescedAfterReading, createIngest } from './ingest.ts'

const PLAIN = { gravity: 1.0452, temperature: 19.5 }

describe.each(TEST_DATABASES)('device ingestion on %s', (kind) => {
  let testDb: TestDb
  let statements: string[] = []
  let entityId: string
  let seed: CellarSeed
  const emitted: string[] = []
  const queued: string[] = []

  const instance = () =>
    createIngest({
      db: testDb.db,
      cellar: createCellarService({ db: testDb.db, finishedGoods: async () => undefined }),
      realtime: () => ({ dataModified: (id) => void emitted.push(id) }),
      afterReading: async (id) => void queued.push(id),
    })
  let ingest: ReturnType<typeof createIngest>

  async function device(vesselId: string | null, entity = entityId) {
    const token = newDeviceToken()
    const id = crypto.randomUUID()
    await testDb.db.insert(devices).values({
      id,
      entityId: entity,
      name: `Probe ${id.slice(0, 4)}`,
      kind: 'ispindel',
      vesselId,
      tokenHash: hashDeviceToken(token),
      tokenHint: token.slice(-4),
    })
    return { id, token }
  }
  const stored = (deviceId: string) =>
    testDb.db.select().from(readings).where(eq(readings.deviceId, deviceId))
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code?: string }) => error.code,
    )

  beforeAll(async () => {
    testDb = await createTestDb(kind, { onQuery: (query) => void statements.push(query) })
    const [row] = await testDb.db
      .insert(entities)
      .values({ name: 'Probe Co', address: '', city: '', state: '', zip: '', phone: '', ein: '' })
      .returning({ id: entities.id })
    entityId = row.id
    seed = await seedCellar(testDb.db, entityId)
    ingest = instance()
  })
  afterAll(async () => {
    await testDb.client.close()
  })

  it('stores an accepted post with the batch its vessel holds in one statement', async () => {
    const { id, token } = await device(seed.fermenterId)
    statements = []
    const { reading } = await ingest(token, PLAIN)
    expect(statements).toHaveLength(1)
    expect(reading).toMatchObject({
      vesselId: seed.fermenterId,
      batchId: seed.batchId,
      deviceId: id,
      gravitySg: 1.0452,
      temperatureC: 19.5,
      source: 'device',
    })
    const [row] = await stored(id)
    expect(row).toMatchObject({ id: reading.id, batchId: seed.batchId, vesselId: seed.fermenterId })
    expect(row.takenAt.toISOString()).toBe(reading.takenAt)
    expect(row.entered).toMatchObject({ format: 'plain' })
    expect(emitted.at(-1)).toBe(entityId)
    expect(queued.at(-1)).toBe(entityId)
  })

  it('names each refusal as before and stores nothing: token, body, vessel, rate', async () => {
    const known = await device(seed.fermenterId)
    expect(await refusal(ingest('B'.repeat(43), PLAIN))).toBe('UNAUTHENTICATED')
    expect(await refusal(ingest('short', PLAIN))).toBe('UNAUTHENTICATED')
    // An unknown token is told so before its body is judged.
    expect(await refusal(ingest('B'.repeat(43), { gravity: 'x' }))).toBe('UNAUTHENTICATED')
    expect(await refusal(ingest(known.token, { gravity: 'x' }))).toBe('VALIDATION_FAILED')
    const loose = await device(null)
    expect(await refusal(ingest(loose.token, PLAIN))).toBe('CONFLICT')
    expect(await ingest(known.token, PLAIN)).toBeTruthy()
    expect(await refusal(ingest(known.token, PLAIN))).toBe('RATE_LIMITED')
    expect(await stored(known.id)).toHaveLength(1)
    expect(await stored(loose.id)).toHaveLength(0)
  })

  it('refuses a revoked token at once, on another instance too (the statement reads the row, nothing cached)', async () => {
    const { id, token } = await device(seed.fermenterId)
    const other = instance()
    expect(await other(token, PLAIN)).toBeTruthy()
    await testDb.db
      .update(devices)
      .set({ revokedAt: new Date(), lastIngestAt: null })
      .where(eq(devices.id, id))
    expect(await refusal(ingest(token, PLAIN))).toBe('UNAUTHENTICATED')
    expect(await refusal(other(token, PLAIN))).toBe('UNAUTHENTICATED')
    expect(await stored(id)).toHaveLength(1)
  })

  it('stores every acknowledged post of 100 devices posting at once, and no other', async () => {
    const probes = await Promise.all(Array.from({ length: 100 }, () => device(seed.fermenterId)))
    const results = await Promise.allSettled(probes.map((probe) => ingest(probe.token, PLAIN)))
    const acknowledged = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.reading.id] : []))
    expect(acknowledged).toHaveLength(100)
    const rows = await testDb.db
      .select({ id: readings.id })
      .from(readings)
      .where(
        and(
          eq(readings.entityId, entityId),
          sql`${readings.deviceId} in (${sql.join(
            probes.map((p) => sql`${p.id}::uuid`),
            sql`, `,
          )})`,
        ),
      )
    expect(rows.map((r) => r.id).sort()).toEqual(acknowledged.sort())
  })

  it('gathers the posts arriving together into one statement, each answered with its own reading', async () => {
    const probes = await Promise.all(Array.from({ length: 60 }, () => device(seed.fermenterId)))
    statements = []
    const results = await Promise.all(probes.map((probe) => ingest(probe.token, PLAIN)))
    // Sent in the same turn of the event loop, they share one statement.
    expect(statements).toHaveLength(1)
    for (const [i, { reading }] of results.entries()) {
      expect(reading.deviceId).toBe(probes[i].id)
      expect(await stored(probes[i].id)).toEqual([expect.objectContaining({ id: reading.id })])
    }
  })

  it('stores one of two posts of a device sent at once and refuses the other as too soon', async () => {
    const { id, token } = await device(seed.fermenterId)
    const other = await device(seed.fermenterId)
    const outcomes = await Promise.all([
      refusal(ingest(other.token, PLAIN)),
      refusal(ingest(token, PLAIN)),
      refusal(ingest(token, { ...PLAIN, gravity: 1.05 })),
    ])
    expect(outcomes.toSorted()).toEqual(['RATE_LIMITED', null, null])
    expect(await stored(id)).toHaveLength(1)
  })

  it('works out the batch from the fermenter when no occupancy names it', async () => {
    const loose = await seedVessel(testDb.db, entityId, { name: 'FV-spare', kind: 'fermenter' })
    const { id, token } = await device(loose)
    const { reading } = await ingest(token, PLAIN)
    expect(reading).toMatchObject({ vesselId: loose, batchId: null })
    expect(await stored(id)).toEqual([expect.objectContaining({ id: reading.id, batchId: null })])
  })
})

describe('the alert job after readings', () => {
  it('is queued once per brewery and window, again after it, and again after a failed queueing', async () => {
    let now = 0
    const enqueue = vi.fn(async (_entityId: string, _delay: number) => undefined)
    const after = coalescedAfterReading(enqueue, { delaySeconds: 10, now: () => now })
    await after('a')
    await after('a')
    await after('b')
    expect(enqueue.mock.calls).toEqual([
      ['a', 10],
      ['b', 10],
    ])
    // Within the last second of the window the job may already be starting: queue another.
    now = 9_500
    await after('a')
    expect(enqueue).toHaveBeenCalledTimes(3)
    enqueue.mockRejectedValueOnce(new Error('queue down'))
    now = 30_000
    await expect(after('a')).rejects.toThrow('queue down')
    await after('a')
    expect(enqueue).toHaveBeenCalledTimes(5)
  })
})
