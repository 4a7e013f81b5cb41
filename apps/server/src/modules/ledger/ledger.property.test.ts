import { firstNegativeInstant, onHandAt, vesselContents } from '@brewcommand/domain'
import fc from 'fast-check'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { AppError } from '../../errors.ts'
import { seedCellar, type CellarSeed } from '../../testing/cellar-seed.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { seedBrewery } from '../../testing/ledger-seed.ts'
import { createCellarService, type CellarService } from '../cellar/cellar.service.ts'
import {
  removeFinishedGoods,
  returnFinishedGoods,
  takeFinishedGoods,
} from '../inventory/finished-goods-ledger.ts'
import { createInventoryService } from '../inventory/inventory.service.ts'
import { ledgerEventOf } from './ledger.repository.ts'

// The property of issue 33 ("Finished goods and the ledger can never disagree"): random sequences of packaging
// runs, taxpaid sales, exports, consumption on premises, returns, breakage, samples, losses and corrected
// (superseding) runs go through the real services on PGlite, some backdated, many refused. After every step the
// finished goods equal the ledger's packaged part per option (units and barrels), the tank board's contents equal
// the ledger's bulk, and no instant of any vessel or option is negative.

type Step =
  | { op: 'package'; option: 'cans' | 'half'; units: number; back: number }
  | { op: 'correct'; pick: number; units: number }
  | { op: 'sell' | 'export' | 'consume' | 'break'; option: 'cans' | 'half'; units: number; back: number }
  | { op: 'return'; pick: number; units: number; back: number }
  | { op: 'sample' | 'lose'; volume: number; back: number }

const option = fc.constantFrom('cans' as const, 'half' as const)
const back = fc.integer({ min: 0, max: 3 })
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('package' as const),
      option,
      units: fc.integer({ min: 1, max: 8 }),
      back,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('correct' as const),
      pick: fc.nat(),
      // Often fewer than were sold since: the correction must then be refused.
      units: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constantFrom(
        'sell' as const,
        'sell' as const,
        'export' as const,
        'consume' as const,
        'break' as const,
      ),
      option,
      units: fc.integer({ min: 1, max: 4 }),
      back,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('return' as const),
      pick: fc.nat(),
      units: fc.integer({ min: 1, max: 3 }),
      back: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('sample' as const, 'lose' as const),
      volume: fc.integer({ min: 1, max: 50 }).map((hundredths) => hundredths / 100),
      back,
    }),
  },
)

describe('finished goods, tank contents and the ledger under random movements (pglite)', () => {
  let testDb: TestDb
  let tenant: Tenant
  let cellar: CellarService

  beforeAll(async () => {
    testDb = await createTestDb('pglite')
    tenant = await seedBrewery(testDb.db)
    const inventory = createInventoryService({ db: testDb.db })
    cellar = createCellarService({
      db: testDb.db,
      finishedGoods: (tx, who, event) => inventory.finishedGoodsFromPackaging(tx, who, event),
    })
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  const inTx = <T>(run: (tx: Db) => Promise<T>) => testDb.db.transaction((tx) => run(tx as unknown as Db))

  /** How many steps of each kind went through (the walk must not be refusals only). */
  const done = new Map<string, number>()

  /** Runs one step; a refusal (AppError) rolls its transaction back and is part of the walk. */
  async function apply(
    seed: CellarSeed,
    s: Step,
    clock: { minute: number },
    made: { runs: string[]; sales: string[] },
  ) {
    clock.minute += 5
    const base = Date.now() - 48 * 3_600_000
    const at = (backMinutes = 0) => new Date(base + (clock.minute - backMinutes * 7) * 60_000)
    const packageId = (name: 'cans' | 'half') => seed.packages[name]
    try {
      if (s.op === 'package') {
        const id = crypto.randomUUID()
        await inTx((tx) =>
          cellar.packageRun(tx, tenant, {
            id: crypto.randomUUID(),
            fromVesselId: seed.fermenterId,
            lines: [
              {
                id,
                packageId: packageId(s.option),
                units: s.units,
                barrelsPerUnit: null,
                supersedesId: null,
              },
            ],
            occurredAt: at(s.back).toISOString(),
            priorPeriodAdjustment: false,
          }),
        )
        made.runs.push(id)
      } else if (s.op === 'correct') {
        if (made.runs.length === 0) return
        const old = made.runs[s.pick % made.runs.length]
        const [row] = await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.id, old))
        const id = crypto.randomUUID()
        await inTx((tx) =>
          cellar.packageRun(tx, tenant, {
            id: crypto.randomUUID(),
            fromVesselId: seed.fermenterId,
            lines: [
              {
                id,
                packageId: String(row.details?.packageId),
                units: s.units,
                barrelsPerUnit: null,
                supersedesId: old,
              },
            ],
            occurredAt: row.occurredAt.toISOString(),
            priorPeriodAdjustment: false,
          }),
        )
        made.runs = made.runs.map((run) => (run === old ? id : run))
      } else if (s.op === 'sell' || s.op === 'export' || s.op === 'consume') {
        const result = await inTx((tx) =>
          removeFinishedGoods(tx, tenant, {
            packageId: packageId(s.option),
            units: s.units,
            ttbClass:
              s.op === 'sell'
                ? 'removed-taxpaid'
                : s.op === 'export'
                  ? 'removed-without-tax'
                  : 'consumed-on-premises',
            taxFreeReason: s.op === 'export' ? 'export' : null,
            occurredAt: at(s.back),
          }),
        )
        if (s.op === 'sell') made.sales.push(...result.liquidEventIds)
      } else if (s.op === 'break') {
        await inTx((tx) =>
          takeFinishedGoods(tx, tenant, {
            kind: 'broken',
            packageId: packageId(s.option),
            units: s.units,
            occurredAt: at(s.back),
          }),
        )
      } else if (s.op === 'return') {
        if (made.sales.length === 0) return
        await inTx((tx) =>
          returnFinishedGoods(tx, tenant, {
            removalLiquidEventId: made.sales[s.pick % made.sales.length],
            units: s.units,
            occurredAt: at(s.back),
            reason: 'Back',
          }),
        )
      } else if (s.op === 'sample' || s.op === 'lose') {
        await inTx((tx) =>
          cellar.recordMovement(tx, tenant, {
            id: crypto.randomUUID(),
            kind: s.op === 'sample' ? 'sampled' : 'lost',
            purpose: s.op === 'sample' ? 'lab' : null,
            fromVesselId: seed.fermenterId,
            toVesselId: null,
            volumeBbl: s.volume,
            reason: s.op === 'lose' ? 'Leak' : '',
            supersedesId: null,
            acceptCleaningWarning: false,
            occurredAt: at(s.back).toISOString(),
            priorPeriodAdjustment: false,
          }),
        )
      }
      done.set(s.op, (done.get(s.op) ?? 0) + 1)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
    }
  }

  async function holds(seed: CellarSeed) {
    const events = (
      await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.entityId, tenant.entityId))
    ).map(ledgerEventOf)
    const goods = await testDb.db
      .select()
      .from(finishedGoodsMovements)
      .where(eq(finishedGoodsMovements.entityId, tenant.entityId))
    const ledger = onHandAt(events)
    for (const packageId of Object.values(seed.packages)) {
      const rows = goods.filter((row) => row.packageId === packageId)
      const units = rows.reduce((sum, row) => sum + row.units, 0)
      const hundredThousandths = rows.reduce(
        (sum, row) => sum + Math.round(Number(row.volumeBbl) * 100_000),
        0,
      )
      expect(ledger.packaged.get(packageId)?.units ?? 0).toBe(units)
      expect(ledger.packaged.get(packageId)?.volumeBbl ?? 0).toBe(hundredThousandths / 100_000)
      expect(units).toBeGreaterThanOrEqual(0)
    }
    const board = await cellar.tankBoard(tenant)
    const card = board.find((tank) => tank.vessel.id === seed.fermenterId)
    expect(card?.contentsBbl ?? 0).toBe(vesselContents(events).get(seed.fermenterId)?.volumeBbl ?? 0)
    expect(
      firstNegativeInstant(events, {
        vesselIds: [seed.fermenterId],
        packageIds: Object.values(seed.packages),
      }),
    ).toBeNull()
  }

  it('holds them equal and never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 16 }), async (steps) => {
        const seed = await seedCellar(testDb.db, tenant.entityId, { volumeBbl: 10, brewedHoursAgo: 72 })
        const clock = { minute: 0 }
        const made = { runs: [] as string[], sales: [] as string[] }
        for (const s of steps) {
          await apply(seed, s, clock, made)
          await holds(seed)
        }
      }),
      { numRuns: 15, seed: 33 },
    )
    for (const op of ['package', 'correct', 'sell', 'export', 'return', 'break', 'sample'])
      expect(done.get(op) ?? 0, op).toBeGreaterThan(0)
  }, 300_000)
})
