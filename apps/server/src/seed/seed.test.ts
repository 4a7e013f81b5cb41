// The seed (ADR 331) is deterministic: a week written twice from the same seed, each into a fresh PGlite,
// gives the same digest and counts; another seed gives another digest. What a week holds, worked out from
// seed.ts's counts at 1 week: 9 vessels (8 + 1), 7 products (6 + 1) × 2 packaging types = 14 packages,
// 14 stock items (10 + 4 × 1) with max(1, round(10/52)) = 1 lot each, 15 customers (5 + 10), 10 orders.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createTestDb } from '../testing/identity-harness.ts'
import { seedBrewery, type SeedResult } from './seed.ts'

async function weekOnFreshDatabase(seed: number): Promise<SeedResult> {
  const testDb = await createTestDb('pglite')
  const dataDir = await mkdtemp(join(tmpdir(), 'brewcommand-seed-'))
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
  })
  const app = await buildApp({ config, database: testDb.database })
  try {
    await app.ready()
    return await seedBrewery(app, testDb.db, { scale: 'week', seed })
  } finally {
    await app.close()
    await testDb.client.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

describe('npm run seed', () => {
  it('writes the same week from the same seed, and another from another seed', async () => {
    const first = await weekOnFreshDatabase(40)
    const again = await weekOnFreshDatabase(40)
    expect(again.digest).toBe(first.digest)
    expect(again.counts).toEqual(first.counts)
    expect(first.counts).toMatchObject({
      brewery: 1,
      vessel: 9,
      product: 7,
      package: 14,
      'stock item': 14,
      lot: 14,
      customer: 15,
      order: 10,
    })
    expect(first.email).toBe('admin@seed.brewcommand.example')
    const other = await weekOnFreshDatabase(41)
    expect(other.digest).not.toBe(first.digest)
  }, 600_000)
})
