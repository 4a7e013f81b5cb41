// The seed (ADRs 331, 370) is deterministic: a week written from seed 40 on a fresh PGlite gives the digest
// pinned below, whatever the day it runs (the digest holds day offsets, never dates, ids or server times).
//
// The pinned digest changes whenever the seed writes something new or differently — on purpose, with the
// reason in the commit. Last change (ADR 380): the envelopes' correlation identifiers come from a PRNG stream
// of their own (writes sent at once draw them in the order they start), so every later draw of the brewery's
// stream moved; the seed writes a day's independent writes two at a time and the digest does not depend on
// which finishes first. The change before (ADR 370): the week brews its batches through their brew days, samples
// them, gives the brewery its full-size equipment (40 vessels, 100 devices uploading a reading every 15 minutes,
// 60 products with a recipe and three packaging options, 200 stock items), a keg fleet and the week's share of
// customers and orders (drafts: nothing is packaged in a brewery's first week).
//
// What a week holds, from the counts in seed-kit.ts, seed.ts and its parts (weeks = 1, 7 days):
//   vessels 40, devices 100, products 60 × 3 packaging options = 180 packages, 200 stock items with one lot each
//   on day 0 (scaled(2000, 1, 200) = max(200, round(2000/52) = 38) = 200), customers round(3000/52) = 58,
//   kegs round(2000/52) = 38 (23 half barrels = round(38 × 0.6), 15 sixths) in two additions,
//   batches round(500/52) = 10 (one or two a day), orders round(25000/52) = 481 (all drafts),
//   readings 100 devices × 7 days × 96 a day = 67,200.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createTestDb } from '../testing/identity-harness.ts'
import { prng, seedBrewery } from './seed.ts'

const WEEK_DIGEST_SEED_40 = '95880629d32c6335aaa17eeb33ce2c353d68e494b71a973183192bf68ed3c8f2'

describe('npm run seed', () => {
  it('writes the same week from the same seed, by its pinned digest', async () => {
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
      const week = await seedBrewery(app, testDb.db, { scale: 'week', seed: 40 })
      expect(week.counts).toMatchObject({
        brewery: 1,
        brewhouse: 1,
        vessel: 40,
        product: 60,
        package: 180,
        device: 100,
        'stock item': 200,
        lot: 200,
        customer: 58,
        kegs: 2,
        'batch brewed': 10,
        'draft order': 481,
        reading: 67_200,
      })
      expect(week.email).toBe('admin@seed.brewcommand.example')
      expect(week.digest).toBe(WEEK_DIGEST_SEED_40)
      // The real clock is back once the seed is done.
      expect(Math.abs(new Date().getTime() - Date.now())).toBeLessThan(60_000)
    } finally {
      await app.close()
      await testDb.client.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 1_800_000)

  it('draws another brewery from another seed', () => {
    const a = prng(40)
    const b = prng(41)
    expect(Array.from({ length: 5 }, a.uuid)).not.toEqual(Array.from({ length: 5 }, b.uuid))
    expect(Array.from({ length: 5 }, prng(40).uuid)).toEqual(Array.from({ length: 5 }, prng(40).uuid))
  })
})
