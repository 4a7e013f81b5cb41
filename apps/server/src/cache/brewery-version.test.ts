import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/client.ts'
import { breweryDataVersions, entities } from '../db/schema/entities.ts'
import { createTestDb, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { breweryVersion, bumpBreweryVersion, VERSION_SLOTS } from './brewery-version.ts'

describe.each(TEST_DATABASES)('the brewery data version in slots (%s)', (kind) => {
  let testDb: TestDb
  let entityId: string
  beforeAll(async () => {
    testDb = await createTestDb(kind)
    const [row] = await testDb.db
      .insert(entities)
      .values({ name: 'Slots', address: '', city: '', state: '', zip: '', phone: '', ein: '' })
      .returning()
    entityId = row.id
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  it('is 0 for a brewery never written, and null for no brewery', async () => {
    expect(await breweryVersion(testDb.db, entityId)).toBe(0)
    expect(await breweryVersion(testDb.db, crypto.randomUUID())).toBeNull()
  })

  it('grows by exactly one per committed write, concurrent ones too, and not for a rolled-back one', async () => {
    const before = (await breweryVersion(testDb.db, entityId))!
    const writes = 3 * VERSION_SLOTS
    await Promise.all(
      Array.from({ length: writes }, () =>
        testDb.db.transaction(async (tx) => bumpBreweryVersion(tx as unknown as Db, entityId)),
      ),
    )
    await expect(
      testDb.db.transaction(async (tx) => {
        await bumpBreweryVersion(tx, entityId)
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await breweryVersion(testDb.db, entityId)).toBe(before + writes)
    // Spread over the slots, never more than VERSION_SLOTS rows for a brewery.
    const slots = await testDb.db
      .select()
      .from(breweryDataVersions)
      .where(eq(breweryDataVersions.entityId, entityId))
    expect(slots.length).toBeGreaterThan(1)
    expect(slots.length).toBeLessThanOrEqual(VERSION_SLOTS)
  })

  it('goes with its brewery', async () => {
    const [row] = await testDb.db
      .insert(entities)
      .values({ name: 'Gone', address: '', city: '', state: '', zip: '', phone: '', ein: '' })
      .returning()
    await bumpBreweryVersion(testDb.db, row.id)
    await testDb.db.delete(entities).where(eq(entities.id, row.id))
    expect(await breweryVersion(testDb.db, row.id)).toBeNull()
    const left = await testDb.db
      .select()
      .from(breweryDataVersions)
      .where(eq(breweryDataVersions.entityId, row.id))
    expect(left).toEqual([])
  })
})
