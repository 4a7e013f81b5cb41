import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { seedBrewery, seedVessel } from '../../testing/ledger-seed.ts'
import { seedBatch, seedRecipe } from '../../testing/inventory-seed.ts'
import { openTestDatabase, TEST_DATABASES } from '../../testing/test-app.ts'
import { backward, type Backward } from './trace.graph.ts'
import { createTraceRepository, type PackagedRow } from './trace.repository.ts'

// Backward reads only the spans of the vessels' histories that the runs and their batches reached (ADR 414). Its
// answer must be the one the replay of every joined vessel's whole history gives: the runs' mixes, the batches in
// them, the vessels each of those passed through and touched. Random cellar histories, written straight into the
// ledger, hold what a brewery's does and worse: blends, partial transfers and runs, outflows within 0.005 bbl of
// all, overdraws, outflows from a vessel the replay thinks empty, corrections (moving an event to another vessel or
// time), events of no volume, beer of no batch, backdated events and events in the same millisecond.

/** A small deterministic generator (mulberry32), so a failure names the history that fails. */
function random(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Row = {
  id: string
  kind: string
  batchId: string | null
  from: string | null
  to: string | null
  volume: number
  at: string
  supersedes: string | null
}

/** One history: about 100 events over 6 vessels and 30 batches. */
function history(seed: number, vessels: string[], batches: string[]): Row[] {
  const next = random(seed)
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]
  const held = new Map<string, number>(vessels.map((v) => [v, 0]))
  // The batch a movement is tagged with: the one last put in its vessel (as the cellar tags it), else any.
  const tag = new Map<string, string | null>()
  let brewed = 0
  const rows: Row[] = []
  let clock = Date.UTC(2026, 0, 1)
  const time = () => {
    // Mostly forward a few hours; sometimes the same millisecond, a microsecond apart, or backdated.
    const roll = next()
    if (roll < 0.1) return new Date(clock).toISOString()
    if (roll < 0.15) return new Date(clock).toISOString().replace('Z', `${Math.floor(next() * 900) + 100}Z`)
    if (roll < 0.22) return new Date(clock - Math.floor(next() * 5) * 3_600_000).toISOString()
    clock += Math.floor(next() * 6 + 1) * 3_600_000
    return new Date(clock).toISOString()
  }
  const volume = (v: number) => Math.round(v * 100_000) / 100_000
  // Mostly into an empty vessel, as a cellar works; sometimes onto what is there (a blend).
  const into = (except?: string) => {
    const empty = vessels.filter((v) => v !== except && (held.get(v) ?? 0) < 0.01)
    return empty.length > 0 && next() < 0.8 ? pick(empty) : pick(vessels.filter((v) => v !== except))
  }
  for (let i = 0; i < 100; i++) {
    const roll = next()
    const id = crypto.randomUUID()
    const at = time()
    if (roll < 0.2 || i < 3) {
      const to = into()
      const v = next() < 0.03 ? 0 : volume(3 + next() * 7)
      const batchId = next() < 0.1 ? null : next() < 0.8 ? batches[brewed++ % batches.length] : pick(batches)
      rows.push({
        id,
        kind: next() < 0.85 ? 'brewed' : 'received',
        batchId,
        from: null,
        to,
        volume: v,
        at,
        supersedes: null,
      })
      held.set(to, (held.get(to) ?? 0) + v)
      tag.set(to, batchId)
      continue
    }
    if (roll < 0.9) {
      const full = vessels.filter((v) => (held.get(v) ?? 0) >= 0.01)
      const from = full.length > 0 && next() < 0.9 ? pick(full) : pick(vessels)
      const has = held.get(from) ?? 0
      const how = next()
      const v =
        volume(
          how < 0.45
            ? has
            : how < 0.55
              ? has - 0.004 + next() * 0.008
              : how < 0.6
                ? has + 0.5
                : how < 0.65
                  ? 1
                  : has * next(),
        ) || 0.5
      const kind = roll < 0.55 ? 'transferred' : roll < 0.8 ? 'packaged' : pick(['sampled', 'lost', 'dumped'])
      const to = kind === 'transferred' ? into(from) : null
      const batchId = next() < 0.9 ? (tag.get(from) ?? pick(batches)) : pick(batches)
      rows.push({ id, kind, batchId, from, to, volume: Math.max(0, v), at, supersedes: null })
      held.set(from, Math.max(0, has - v))
      if (to) held.set(to, (held.get(to) ?? 0) + Math.max(0, v))
      if (to) tag.set(to, batchId)
      continue
    }
    // A correction of an earlier movement not corrected yet: another volume, sometimes another vessel or time.
    const open = rows.filter((r) => r.from && !rows.some((c) => c.supersedes === r.id))
    if (open.length === 0) continue
    const old = pick(open)
    rows.push({
      ...old,
      id,
      volume: volume(old.volume * (0.5 + next())),
      from: next() < 0.3 ? pick(vessels) : old.from,
      at: next() < 0.3 ? at : old.at,
      supersedes: old.id,
    })
  }
  return rows
}

const canonical = (b: Backward) => ({
  runs: [...b.runs.values()]
    .map((r) => ({ ...r, mix: [...r.mix].sort() }))
    .sort((x, y) => (x.id < y.id ? -1 : 1)),
  batchIds: [...b.batchIds].sort(),
  touched: [...b.touched].sort((x, y) =>
    `${x.batch_id}${x.vessel_id}` < `${y.batch_id}${y.vessel_id}` ? -1 : 1,
  ),
  carrying: [...b.batchIds].sort().map((id) => [id, [...(b.flow.vesselsCarrying.get(id) ?? [])].sort()]),
})

describe.each(TEST_DATABASES)('backward reads only the spans it needs, on %s', (kind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })

  it.each(Array.from({ length: 12 }, (_, i) => i + 1))(
    'answers as the replay of the whole history does (history %i)',
    async (seed) => {
      const db = database.db
      const { entityId } = await seedBrewery(db)
      const vessels = await Promise.all(
        Array.from({ length: 6 }, (_, i) => seedVessel(db, entityId, `V${i + 1}-${seed}`)),
      )
      const batches: string[] = []
      for (let i = 0; i < 30; i++)
        batches.push((await seedBatch(db, entityId, { recipe: seedRecipe({}), status: 'packaged' })).batchId)
      const rows = history(seed, vessels, batches)
      await db.execute(sql`insert into liquid_events
        (id, entity_id, batch_id, kind, from_vessel_id, to_vessel_id, volume_bbl, ttb_class, supersedes_id, occurred_at)
        values ${sql.join(
          rows.map(
            (r) =>
              sql`(${r.id}, ${entityId}, ${r.batchId}, ${r.kind}, ${r.from}, ${r.to}, ${r.volume.toFixed(5)}, 'internal', ${r.supersedes}, ${r.at}::timestamptz)`,
          ),
          sql`, `,
        )}`)
      const repo = createTraceRepository(db)
      const next = random(seed * 7919)
      const runs = rows.filter((r) => r.kind === 'packaged' && r.batchId)
      // Each run alone, and a few runs at once (an order of several lots).
      const seeds = [
        ...runs.map((r) => [r]),
        ...Array.from({ length: 4 }, () => runs.filter(() => next() < 0.3)),
      ].filter((s) => s.length > 0)
      let bounded = 0
      let whole = 0
      for (const chosen of seeds) {
        const packaged = chosen.map(
          (r) => ({ runId: r.id, packageId: batches[0], batchId: r.batchId, units: 1 }) as PackagedRow,
        )
        const lots = chosen.map((r) => ({ packageId: batches[0], batchId: r.batchId! }))
        const tagged = [...new Set(chosen.map((r) => r.batchId!))]
        const all = await repo.flowEvents(entityId, tagged)
        const some = await repo.backFlowEvents(entityId, {
          runIds: chosen.map((r) => r.id),
          batchIds: tagged,
        })
        whole += all.length
        bounded += some.length
        expect(canonical(await backward(repo, entityId, lots, packaged, some))).toEqual(
          canonical(await backward(repo, entityId, lots, packaged, all)),
        )
      }
      // The read is bounded: it leaves rows out (the histories' runs each reach a part of them).
      console.log(`history ${seed}: ${bounded} of ${whole} rows`)
      expect(bounded).toBeLessThan(whole)
    },
  )
})
