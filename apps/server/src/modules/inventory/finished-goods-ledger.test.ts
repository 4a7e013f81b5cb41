import { finishedLots, onHandAt, type FinishedGoodsMovementView } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements } from '../../db/schema/inventory.ts'
import { liquidEvents } from '../../db/schema/production.ts'
import { createTestDb, type TestDb } from '../../testing/identity-harness.ts'
import { seedBatch, seedProductPackage, seedRecipe } from '../../testing/inventory-seed.ts'
import { seedBrewery, seedClosedPeriod, seedEvent, seedVessel } from '../../testing/ledger-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { ledgerEventOf } from '../ledger/ledger.repository.ts'
import { createSalesRepository } from '../sales/sales.repository.ts'
import {
  receiveFinishedGoods,
  removeFinishedGoods,
  removeFinishedGoodsLots,
  returnableRemovals,
  returnFinishedGoods,
  takeFinishedGoods,
} from './finished-goods-ledger.ts'
import { createInventoryService } from './inventory.service.ts'

// Finished goods on the one ledger (the ledger contract). Figures by hand: 500 cans of 16 fl oz packaged as
// 500 × 16 / 3968 = 2.01613 bbl (the run's event); a sale of 120 cans takes 120/500 of it = 0.48387 bbl; a return of
// 20 of those 120 brings back 20/120 × 0.48387 = 0.08065 bbl; the last 100 bring back the rest, 0.40322 bbl, so the
// removal and its returns cancel to the hundred-thousandth.

const CAN_RUN_BBL = 2.01613

describe.each(TEST_DATABASES)('finished goods on the ledger (%s)', (kind) => {
  let testDb: TestDb
  let tenant: Tenant
  const inTx = <T>(run: (tx: Db) => Promise<T>) => testDb.db.transaction((tx) => run(tx as unknown as Db))
  const day = (iso: string) => new Date(iso)

  async function packagedCans(units = 500, at = '2026-02-01T12:00:00Z', volumeBbl = CAN_RUN_BBL) {
    const { batchId } = await seedBatch(testDb.db, tenant.entityId, {
      recipe: seedRecipe({}),
      status: 'packaging',
    })
    const { packageId } = await seedProductPackage(testDb.db, tenant.entityId, 'cans-16')
    const vessel = await seedVessel(testDb.db, tenant.entityId)
    await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId,
      kind: 'brewed',
      toVesselId: vessel,
      volumeBbl: '10.00000',
      ttbClass: 'produced',
      occurredAt: day('2026-01-20T12:00:00Z'),
    })
    await packOnto(batchId, packageId, vessel, units, at, volumeBbl)
    return { batchId, packageId, vessel }
  }
  async function packOnto(
    batchId: string,
    packageId: string,
    vessel: string,
    units: number,
    at: string,
    volumeBbl: number,
  ) {
    const event = await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId,
      kind: 'packaged',
      fromVesselId: vessel,
      volumeBbl: volumeBbl.toFixed(5),
      ttbClass: 'packaged',
      details: { packageId, units },
      occurredAt: day(at),
    })
    await inTx((tx) => createInventoryService({ db: tx }).finishedGoodsFromPackaging(tx, tenant, event))
  }
  async function eventOf(id: string) {
    const [row] = await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.id, id))
    return row
  }
  async function ledgerAgreesWithFinishedGoods(packageId: string) {
    const events = (
      await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.entityId, tenant.entityId))
    ).map(ledgerEventOf)
    const rows = await testDb.db
      .select()
      .from(finishedGoodsMovements)
      .where(
        and(
          eq(finishedGoodsMovements.entityId, tenant.entityId),
          eq(finishedGoodsMovements.packageId, packageId),
        ),
      )
    const fg = rows.reduce((sum, row) => sum + row.units, 0)
    const fgBbl = rows.reduce((sum, row) => sum + Math.round(Number(row.volumeBbl) * 100_000), 0) / 100_000
    const ledger = onHandAt(events).packaged.get(packageId)
    expect(ledger?.units ?? 0).toBe(fg)
    expect(ledger?.volumeBbl ?? 0).toBe(fgBbl)
    return fg
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    tenant = await seedBrewery(testDb.db)
  })
  afterAll(async () => {
    await testDb?.client.close()
  })

  it('books a taxpaid sale as a removed-taxpaid event named by its finished-goods row', async () => {
    const { packageId, batchId } = await packagedCans()
    const sale = await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId,
        units: 120,
        ttbClass: 'removed-taxpaid',
        occurredAt: day('2026-02-10T12:00:00Z'),
        customer: 'Corner Bar',
        orderLineId: 'line-1',
      }),
    )
    expect(sale.movements).toEqual([
      expect.objectContaining({ kind: 'sold', units: -120, batchId, ttbClass: 'removed-taxpaid' }),
    ])
    const event = await eventOf(sale.liquidEventIds[0])
    expect(event).toMatchObject({ kind: 'removed', ttbClass: 'removed-taxpaid', batchId, fromVesselId: null })
    expect(event.volumeBbl).toBe('0.48387')
    expect(event.details).toMatchObject({
      source: 'packaged',
      packageId,
      units: 120,
      container: 'can',
      customer: 'Corner Bar',
      orderLineId: 'line-1',
      finishedGoodsMovementId: sale.movements[0].id,
    })
    const [row] = await testDb.db
      .select()
      .from(finishedGoodsMovements)
      .where(eq(finishedGoodsMovements.id, sale.movements[0].id))
    expect(row.liquidEventId).toBe(sale.liquidEventIds[0])
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(380)
  })

  it('removes a dispatch’s lots in one call as one after the other, and refuses as the first short one would', async () => {
    // Batch A: 500 cans, 2.01613 bbl, on Feb 1; batch B: 300 cans, 300 × 16 / 3968 = 1.20968 bbl, on Feb 3.
    const { packageId, batchId: a, vessel } = await packagedCans()
    const { batchId: b } = await seedBatch(testDb.db, tenant.entityId, {
      recipe: seedRecipe({}),
      status: 'packaging',
    })
    await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId: b,
      kind: 'brewed',
      toVesselId: vessel,
      volumeBbl: '10.00000',
      ttbClass: 'produced',
      occurredAt: day('2026-01-21T12:00:00Z'),
    })
    await packOnto(b, packageId, vessel, 300, '2026-02-03T12:00:00Z', 1.20968)
    const lot = (units: number, batchId?: string) => ({
      packageId,
      units,
      ...(batchId ? { batchId } : {}),
      ttbClass: 'removed-taxpaid' as const,
      occurredAt: day('2026-02-10T12:00:00Z'),
      customer: 'Corner Bar',
    })
    const removals = await inTx((tx) =>
      removeFinishedGoodsLots(tx, tenant, [lot(400), lot(200), lot(150, b)]),
    )
    const rows = removals.map((removal) =>
      removal.movements.map((m) => [m.batchId, m.units, m.liquidEventId !== null]),
    )
    // Oldest-packaged first: 400 of A; then A's last 100 and 100 of B; then 150 of B by name.
    expect(rows).toEqual([
      [[a, -400, true]],
      [
        [a, -100, true],
        [b, -100, true],
      ],
      [[b, -150, true]],
    ])
    // 400/500 × 2.01613 = 1.61290; A's last 100 take the rest, 0.40323; 100/300 × 1.20968 = 0.40323; 150 of B's
    // remaining 200 (0.80645 bbl) = 0.60484.
    const volumes = await Promise.all(
      removals.flatMap((removal) => removal.liquidEventIds).map(async (id) => (await eventOf(id)).volumeBbl),
    )
    expect(volumes).toEqual(['1.61290', '0.40323', '0.40323', '0.60484'])
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(50)
    // 50 left: the first lot of 40 fits, the second of 20 sees only 10 — and nothing of either is written.
    await expect(inTx((tx) => removeFinishedGoodsLots(tx, tenant, [lot(40), lot(20)]))).rejects.toThrow(
      /^Only 10 × .+ on hand at that date; 20 cannot leave\.$/,
    )
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(50)
  })

  it('books tax-free (export), consumed on premises, breakage and destruction on their own lines', async () => {
    const { packageId } = await packagedCans()
    const at = day('2026-02-11T12:00:00Z')
    const cases = [
      { kind: 'removed', taxFreeReason: 'export', ledger: ['removed', 'removed-without-tax'] },
      { kind: 'consumed', ledger: ['removed', 'consumed-on-premises'] },
      { kind: 'broken', ledger: ['lost', 'losses'] },
      { kind: 'destroyed', ledger: ['dumped', 'destroyed'] },
    ] as const
    for (const entry of cases) {
      const result = await inTx((tx) =>
        takeFinishedGoods(tx, tenant, {
          kind: entry.kind,
          packageId,
          units: 24,
          occurredAt: at,
          taxFreeReason: 'taxFreeReason' in entry ? entry.taxFreeReason : null,
        }),
      )
      const event = await eventOf(result.liquidEventIds[0])
      expect([event.kind, event.ttbClass]).toEqual(entry.ledger)
      if (entry.kind === 'removed') expect(event.details).toMatchObject({ taxFreeReason: 'export' })
      if (entry.kind === 'broken') expect(event.details).toMatchObject({ cause: 'breakage' })
    }
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(500 - 4 * 24)
  })

  it('refuses a tax-free removal without its reason, and more than is on hand with a sentence', async () => {
    const { packageId } = await packagedCans(10)
    await expect(
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          units: 1,
          ttbClass: 'removed-without-tax',
          occurredAt: day('2026-02-11T12:00:00Z'),
        }),
      ),
    ).rejects.toThrow('Choose why the beer leaves without tax.')
    await expect(
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          units: 11,
          ttbClass: 'removed-taxpaid',
          occurredAt: day('2026-02-11T12:00:00Z'),
        }),
      ),
    ).rejects.toThrow('Only 10 × Seed Pale Ale 16oz Cans on hand at that date; 11 cannot leave.')
  })

  it('takes the oldest-packaged batch first, one row and one event per batch', async () => {
    const first = await packagedCans(5, '2026-02-01T12:00:00Z', 0.02016)
    const { batchId: second } = await seedBatch(testDb.db, tenant.entityId, { recipe: seedRecipe({}) })
    await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId: second,
      kind: 'brewed',
      toVesselId: first.vessel,
      volumeBbl: '1.00000',
      ttbClass: 'produced',
      occurredAt: day('2026-02-02T12:00:00Z'),
    })
    await packOnto(second, first.packageId, first.vessel, 10, '2026-02-03T12:00:00Z', 0.04032)
    const result = await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId: first.packageId,
        units: 7,
        ttbClass: 'removed-taxpaid',
        occurredAt: day('2026-02-12T12:00:00Z'),
      }),
    )
    expect(result.movements.map((m: FinishedGoodsMovementView) => [m.batchId, m.units])).toEqual([
      [first.batchId, -5],
      [second, -2],
    ])
    expect(result.liquidEventIds).toHaveLength(2)
    expect(await ledgerAgreesWithFinishedGoods(first.packageId)).toBe(8)
  })

  it('sums the lots Confirm Order allocates from as their movements add up (ADR 407)', async () => {
    // Batch A 5 cans on 1 Feb, batch B 10 on 3 Feb, 7 sold (A's 5, B's 2), and a removal recorded without a batch
    // (an old manual row) of 4, which comes off the oldest lot with beer left: B.
    const first = await packagedCans(5, '2026-02-01T12:00:00Z', 0.02016)
    const { batchId: second } = await seedBatch(testDb.db, tenant.entityId, { recipe: seedRecipe({}) })
    await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId: second,
      kind: 'brewed',
      toVesselId: first.vessel,
      volumeBbl: '1.00000',
      ttbClass: 'produced',
      occurredAt: day('2026-02-02T12:00:00Z'),
    })
    await packOnto(second, first.packageId, first.vessel, 10, '2026-02-03T12:00:00Z', 0.04032)
    await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId: first.packageId,
        units: 7,
        ttbClass: 'removed-taxpaid',
        occurredAt: day('2026-02-12T12:00:00Z'),
      }),
    )
    await testDb.db.insert(finishedGoodsMovements).values({
      id: crypto.randomUUID(),
      entityId: tenant.entityId,
      packageId: first.packageId,
      kind: 'removed',
      units: -4,
      occurredAt: day('2026-02-13T12:00:00Z'),
    })
    const repo = createSalesRepository(testDb.db)
    const entries = (
      rows: { packageId: string; batchId: string | null; units: number; occurredAt: Date }[],
    ) => rows.map((row) => ({ ...row, kind: '', occurredAt: row.occurredAt.toISOString() }))
    const summed = finishedLots(entries(await repo.finishedLotTotals(tenant.entityId, [first.packageId])))
    expect(summed).toEqual(
      finishedLots(entries(await repo.finishedGoods(tenant.entityId, [first.packageId]))),
    )
    expect(summed.map((lot) => [lot.batchId, lot.onHand])).toEqual([
      [first.batchId, 0],
      [second, 4],
    ])
  })

  it('bounds a return by what its removal sent out less earlier returns', async () => {
    const { packageId } = await packagedCans()
    const sale = await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId,
        units: 120,
        ttbClass: 'removed-taxpaid',
        occurredAt: day('2026-02-10T12:00:00Z'),
      }),
    )
    const removalLiquidEventId = sale.liquidEventIds[0]
    const back = (units: number, at = '2026-02-15T12:00:00Z') =>
      inTx((tx) =>
        returnFinishedGoods(tx, tenant, {
          removalLiquidEventId,
          units,
          occurredAt: day(at),
          reason: 'Unsold',
        }),
      )
    await expect(back(121)).rejects.toThrow(
      'That removal sent out 120 units and 0 have come back already; at most 120 can be returned.',
    )
    await expect(back(1, '2026-02-09T12:00:00Z')).rejects.toThrow(
      'A return cannot be dated before the removal it comes back from (2026-02-10).',
    )
    const first = await back(20)
    const event = await eventOf(first.liquidEventIds[0])
    expect(event).toMatchObject({ kind: 'returned', ttbClass: 'returned', volumeBbl: '0.08065' })
    expect(event.details).toMatchObject({ returnOf: removalLiquidEventId, units: 20, source: 'packaged' })
    await expect(back(101)).rejects.toThrow(
      'That removal sent out 120 units and 20 have come back already; at most 100 can be returned.',
    )
    expect(await returnableRemovals(testDb.db, tenant, packageId)).toEqual([
      expect.objectContaining({
        liquidEventId: removalLiquidEventId,
        units: 120,
        returnedUnits: 20,
        returnableUnits: 100,
      }),
    ])
    const stranger = await seedBrewery(testDb.db)
    await expect(returnableRemovals(testDb.db, stranger, packageId)).rejects.toThrow(
      'Packaging option not found.',
    )
    const rest = await back(100)
    expect((await eventOf(rest.liquidEventIds[0])).volumeBbl).toBe('0.40322')
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(500)
    // A tax-free removal does not come back as a (taxpaid) return.
    const exported = await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId,
        units: 24,
        ttbClass: 'removed-without-tax',
        taxFreeReason: 'export',
        occurredAt: day('2026-02-16T12:00:00Z'),
      }),
    )
    await expect(
      inTx((tx) =>
        returnFinishedGoods(tx, tenant, {
          removalLiquidEventId: exported.liquidEventIds[0],
          units: 1,
          occurredAt: day('2026-02-17T12:00:00Z'),
          reason: '',
        }),
      ),
    ).rejects.toThrow('Only beer removed taxpaid (sold) comes back as a return.')
  })

  it('refuses a removal dated before the run packed it, or in the future', async () => {
    const { packageId } = await packagedCans(10, '2026-02-01T12:00:00Z', 0.04032)
    await expect(
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          units: 1,
          ttbClass: 'removed-taxpaid',
          occurredAt: day('2026-01-31T12:00:00Z'),
        }),
      ),
    ).rejects.toThrow('Only 0 × Seed Pale Ale 16oz Cans on hand at that date; 1 cannot leave.')
    const now = new Date()
    await expect(
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          units: 1,
          ttbClass: 'removed-taxpaid',
          occurredAt: new Date(now.getTime() + 6 * 60_000),
        }),
      ),
    ).rejects.toThrow('An event cannot be dated in the future.')
  })

  it('refuses a backdated removal that would leave a later instant negative', async () => {
    // 10 cans on 1 Feb; 8 sold on 20 Feb; a sale of 3 dated 5 Feb would leave −1 after the 20 Feb sale.
    const { packageId } = await packagedCans(10, '2026-02-01T12:00:00Z', 0.04032)
    await inTx((tx) =>
      removeFinishedGoods(tx, tenant, {
        packageId,
        units: 8,
        ttbClass: 'removed-taxpaid',
        occurredAt: day('2026-02-20T12:00:00Z'),
      }),
    )
    await expect(
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          units: 3,
          ttbClass: 'removed-taxpaid',
          occurredAt: day('2026-02-05T12:00:00Z'),
        }),
      ),
    ).rejects.toThrow('Only 2 × Seed Pale Ale 16oz Cans on hand at that date; 3 cannot leave.')
  })

  it('counts every event a take needs although it reads the history before it summed (ADR 407)', async () => {
    // 10 cans of batch A on 1 Feb; 4 sold on 3 Feb, that sale corrected on 15 Feb to 6 (the correction supersedes
    // it wherever it stands in time); 3 sold on 20 Feb. On 10 Feb 10 are on hand, but 4 then 1 from 15 Feb on: 1
    // can leave. Missing the correction (or the 20 Feb sale) would let 2 leave; counting the superseded sale in
    // the summed history would say 0.
    const { packageId, batchId } = await packagedCans(10, '2026-02-01T12:00:00Z', 0.04032)
    const sale = (units: number, at: string) =>
      inTx((tx) =>
        removeFinishedGoods(tx, tenant, {
          packageId,
          batchId,
          units,
          ttbClass: 'removed-taxpaid',
          occurredAt: day(at),
        }),
      )
    const first = await sale(4, '2026-02-03T12:00:00Z')
    await seedEvent(testDb.db, tenant.entityId, {
      id: crypto.randomUUID(),
      batchId,
      kind: 'removed',
      volumeBbl: '0.02419',
      ttbClass: 'removed_taxpaid',
      details: { source: 'packaged', packageId, units: 6 },
      supersedesId: first.liquidEventIds[0],
      occurredAt: day('2026-02-15T12:00:00Z'),
    })
    await sale(3, '2026-02-20T12:00:00Z')
    await expect(sale(2, '2026-02-10T12:00:00Z')).rejects.toThrow(
      /^Only 1 × Seed Pale Ale 16oz Cans of batch .+ on hand at that date; 2 cannot leave\.$/,
    )
    // Several takes read from the earliest: 1 on 10 Feb, then 1 more on 5 Feb sees that one after it (0 left).
    await expect(
      inTx((tx) =>
        removeFinishedGoodsLots(tx, tenant, [
          {
            packageId,
            batchId,
            units: 1,
            ttbClass: 'removed-taxpaid',
            occurredAt: day('2026-02-10T12:00:00Z'),
          },
          {
            packageId,
            batchId,
            units: 1,
            ttbClass: 'removed-taxpaid',
            occurredAt: day('2026-02-05T12:00:00Z'),
          },
        ]),
      ),
    ).rejects.toThrow(/^Only 0 × .+ on hand at that date; 1 cannot leave\.$/)
    expect((await sale(1, '2026-02-10T12:00:00Z')).movements.map((m) => m.units)).toEqual([-1])
    await expect(sale(1, '2026-02-02T12:00:00Z')).rejects.toThrow(/^Only 0 × /)
  })

  it('refuses an event in a closed period naming it, and books it as a prior-period adjustment when asked', async () => {
    const own = await seedBrewery(testDb.db)
    const previous = tenant
    tenant = own
    try {
      const { packageId } = await packagedCans(10, '2026-02-01T12:00:00Z', 0.04032)
      await seedClosedPeriod(testDb.db, own.entityId, {
        report: '5130.26',
        period: '2026-Q1',
        fromDate: '2026-01-01',
        toDate: '2026-03-31',
      })
      const input = {
        packageId,
        units: 2,
        ttbClass: 'removed-taxpaid' as const,
        occurredAt: day('2026-03-14T10:00:00Z'),
      }
      await expect(inTx((tx) => removeFinishedGoods(tx, own, input))).rejects.toThrow(
        '2026-03-14 is in 2026-Q1 (TTB F 5130.26), which is closed. Book it as a prior-period adjustment in the open period, or change the date.',
      )
      const now = new Date('2026-11-20T09:00:00Z')
      const booked = await inTx((tx) =>
        takeFinishedGoods(tx, own, { ...input, kind: 'sold', priorPeriodAdjustment: true, now }),
      )
      const event = await eventOf(booked.liquidEventIds[0])
      // The first instant of the open period is 1 April; now (20 November) is later, so it is booked now.
      expect(event.occurredAt.toISOString()).toBe('2026-11-20T09:00:00.000Z')
      expect(event.details).toMatchObject({
        priorPeriodAdjustment: {
          originalOccurredAt: '2026-03-14T10:00:00.000Z',
          remark: 'Prior-period adjustment: occurred 2026-03-14, in closed period 2026-Q1 (TTB F 5130.26)',
        },
      })
    } finally {
      tenant = previous
    }
  })

  it('receives packaged beer in bond from another brewery, with no batch of ours', async () => {
    const { packageId } = await seedProductPackage(testDb.db, tenant.entityId, 'keg-half', '1/2 BBL Keg')
    const received = await inTx((tx) =>
      receiveFinishedGoods(tx, tenant, {
        packageId,
        units: 4,
        fromBrewery: 'Sister Brewing',
        occurredAt: day('2026-02-10T12:00:00Z'),
      }),
    )
    const event = await eventOf(received.liquidEventIds[0])
    expect(event).toMatchObject({
      kind: 'received',
      ttbClass: 'received-in-bond',
      batchId: null,
      volumeBbl: '2.00000',
    })
    expect(event.details).toMatchObject({ container: 'keg', fromBrewery: 'Sister Brewing', units: 4 })
    expect(await ledgerAgreesWithFinishedGoods(packageId)).toBe(4)
  })
})
