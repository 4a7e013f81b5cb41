// A device's buffered readings at once (ADR 370): the token as for one post, each body read and refused by its
// index, none in the future, each attributed to the batch in the vessel when it was taken. By hand: the seeded
// batch (testing/cellar-seed.ts) was brewed into its fermenter 72 hours ago (an open occupancy from then); a
// reading 100 hours ago finds no occupancy and no ledger event before it, so falls to the fermenter's batch;
// one an hour ago is the occupancy's batch. Three readings posted, three stored.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices, readings } from '../../db/schema/cellar.ts'
import { seedCellar } from '../../testing/cellar-seed.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { seedBrewery } from '../../testing/ledger-seed.ts'
import { hashDeviceToken, newDeviceToken } from './devices.ts'
import { createBulkIngest } from './ingest-bulk.ts'

describe('bulk ingestion of a device’s readings', () => {
  let testDb: TestDb
  let token: string
  let batchId: string
  let ingest: ReturnType<typeof createBulkIngest>
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000)

  beforeAll(async () => {
    testDb = await createTestDb('pglite')
    const tenant = await seedBrewery(testDb.db)
    const cellar = await seedCellar(testDb.db, tenant.entityId)
    batchId = cellar.batchId
    token = newDeviceToken()
    await testDb.db.insert(devices).values({
      id: crypto.randomUUID(),
      entityId: tenant.entityId,
      name: 'FV iSpindel',
      kind: 'ispindel',
      vesselId: cellar.fermenterId,
      tokenHash: hashDeviceToken(token),
      tokenHint: token.slice(-4),
    })
    ingest = createBulkIngest({ db: testDb.db })
  })
  afterAll(async () => testDb?.client.close())

  it('stores each reading at its own time, against the batch in the vessel then', async () => {
    const { stored } = await ingest(token, [
      { takenAt: hoursAgo(100), body: { gravity: 1.0, temperature: 12 } },
      { takenAt: hoursAgo(1), body: { gravity: 1.02, temperature: 19 } },
      {
        takenAt: hoursAgo(0.5),
        body: { name: 'iSpindel', angle: 40, temperature: 66, temp_units: 'F', gravity: 1.019 },
      },
    ])
    expect(stored).toBe(3)
    const rows = await testDb.db.select().from(readings).where(eq(readings.batchId, batchId))
    expect(rows.map((r) => r.gravitySg).sort()).toEqual([1.0, 1.019, 1.02])
  })

  it('refuses an unknown token, a bad body by its index and a reading from the future', async () => {
    await expect(ingest('x'.repeat(43), [{ takenAt: hoursAgo(1), body: { gravity: 1.01 } }])).rejects.toThrow(
      'Unknown or revoked device token.',
    )
    await expect(
      ingest(token, [
        { takenAt: hoursAgo(2), body: { gravity: 1.01, temperature: 18 } },
        { takenAt: hoursAgo(1), body: [] },
      ]),
    ).rejects.toThrow(/^Reading 2: /)
    await expect(
      ingest(token, [{ takenAt: new Date(Date.now() + 3_600_000), body: { gravity: 1.01 } }]),
    ).rejects.toThrow('Reading 1: a reading cannot be taken in the future.')
  })
})
