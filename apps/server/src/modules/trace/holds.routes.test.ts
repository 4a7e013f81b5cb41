import { makeEnvelope, type CanWeBrew, type Keg, type Order } from '@brewcommand/domain'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inventoryItems, lots, stockMovements } from '../../db/schema/inventory.ts'
import { vessels } from '../../db/schema/production.ts'
import { seedBatch, seedRecipe } from '../../testing/inventory-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { dataOf, messageOf, openTraceHarness, type TraceHarness } from './trace-harness.test-helper.ts'

const DAY = 86_400_000

// Holds are enforced by the server for every way stock can move (ADR 303), one case each. The brewery of
// trace-seed.test-helper.ts; before the recall: keg HK-0001 filled from run 1, an order of 1 keg confirmed. The
// recall from the malt lot holds the lot, batches A and B in bulk and the finished-goods lot (keg, A). Beside
// it, for brew day: an item "Holds malt H1" (ingredient holds-malt-H1) with lot OLD-H1 (50 kg, received first)
// and lot NEW-H1 (30 kg); a second recall holds OLD-H1. A planned batch of 40 kg of it: first-expiring would
// take 40 of OLD; with OLD held it takes NEW's 30 and records 10 kg short, naming OLD.
// Covered in trace.routes.test.ts: Confirm Order (held stock is not available), Pick, Dispatch, Inventory sale or
// removal of finished goods (destruction allowed), packaging from a held vessel, adjustment of a held lot.
describe.each(TEST_DATABASES)('holds on every way stock moves on %s', (kind) => {
  let h: TraceHarness
  let order: Order
  let batchId: string
  let oldLot: string
  let newLot: string
  let emptyVessel: string

  const cellar = (path: string, data: object) =>
    h.call(h.managerA, 'POST', `/api/cellar/${path}`, makeEnvelope('liquid-event', data))
  const scan = (data: object) => h.write(h.brewerA, 'keg', 'POST', '/api/kegs/scans', data)

  beforeAll(async () => {
    h = await openTraceHarness(kind, 'H1')
    const db = h.testDb.db
    const entityId = h.entityA
    const added = await h.write(h.managerA, 'keg', 'POST', '/api/kegs', {
      count: 2,
      size: '1/6 BBL',
      owner: 'ours',
      prefix: 'HK-',
    })
    expect(added.statusCode, added.body).toBe(201)
    expect(dataOf<Keg[]>(added).map((k) => k.assetNumber)).toEqual(['HK-0001', 'HK-0002'])
    const filled = await scan({
      kind: 'filled',
      assetNumber: 'HK-0001',
      packageRunId: h.seed.run1,
      occurredAt: new Date(Date.now() - DAY).toISOString(),
    })
    expect(filled.statusCode, filled.body).toBe(201)
    order = await h.order(1, ['confirm'])

    const itemId = crypto.randomUUID()
    await db.insert(inventoryItems).values({
      id: itemId,
      entityId,
      name: 'Holds malt H1',
      category: 'fermentable',
      unit: 'kg',
      ingredientId: 'holds-malt-H1',
    })
    ;[oldLot, newLot] = [crypto.randomUUID(), crypto.randomUUID()]
    for (const [id, code, receivedOn, kg] of [
      [oldLot, 'OLD-H1', '2026-01-05', 50],
      [newLot, 'NEW-H1', '2026-02-05', 30],
    ] as const) {
      await db.insert(lots).values({
        id,
        entityId,
        itemId,
        supplier: 'Great Western',
        lotCode: code,
        receivedOn,
        receivedQuantity: String(kg),
        enteredQuantity: String(kg),
        enteredUnit: 'kg',
        unitCostCents: 100,
        totalCostCents: kg * 100,
      })
      await db.insert(stockMovements).values({
        entityId,
        operationId: crypto.randomUUID(),
        itemId,
        lotId: id,
        kind: 'received',
        quantity: String(kg),
        costCents: kg * 100,
      })
    }
    ;({ batchId } = await seedBatch(db, entityId, {
      recipe: seedRecipe({
        grains: [{ id: 'holds-malt-H1', name: 'Holds malt H1', value: 40, unit: 'Kilograms' }],
      }),
    }))
    emptyVessel = crypto.randomUUID()
    await db.insert(vessels).values({
      id: emptyVessel,
      entityId,
      name: 'FV9-H1',
      kind: 'fermenter',
      capacityBbl: '30',
      workingCapacityBbl: '30',
    })
    await h.startRecall({ kind: 'recall', originKind: 'lot', originId: h.seed.lotId })
    const onOld = await h.startRecall({ kind: 'recall', originKind: 'lot', originId: oldLot })
    expect(onOld.holds.map((hold) => hold.label)).toEqual(['Holds malt H1 lot OLD-H1'])
  }, 180_000)
  afterAll(async () => {
    await h?.close()
  })

  it('brew day: the warning before Start counts without the held lot', async () => {
    const read = dataOf<CanWeBrew>(await h.call(h.managerA, 'GET', `/api/inventory/can-we-brew/${batchId}`))
    expect(read.shortfalls.map((s) => [s.itemName, s.needed, s.available, s.short])).toEqual([
      ['Holds malt H1', 40, 30, 10],
    ])
  })

  it('brew day: first-expiring passes the held lot by, takes the next and records the rest short, naming the held lot', async () => {
    const started = await h.call(
      h.brewerA,
      'POST',
      `/api/batches/${batchId}/brew-day`,
      makeEnvelope('batch', {}),
    )
    expect(started.statusCode, started.body).toBe(201)
    const moved = await h.testDb.db
      .select({
        lotId: stockMovements.lotId,
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(and(eq(stockMovements.entityId, h.entityA), eq(stockMovements.batchId, batchId)))
      .orderBy(asc(stockMovements.kind))
    expect(moved.map((m) => [m.lotId, m.kind, Number(m.quantity)])).toEqual([
      [newLot, 'consumed', -30],
      [null, 'shortfall', 10],
    ])
    expect(moved[1].reason).toBe('Used beyond the stock on record: lot OLD-H1 on hold, passed by')
    const fromOld = await h.testDb.db
      .select({ kind: stockMovements.kind })
      .from(stockMovements)
      .where(eq(stockMovements.lotId, oldLot))
    expect(fromOld.map((m) => m.kind)).toEqual(['received'])
  })

  it('transfer: held beer may move to an empty vessel, and the hold follows it there', async () => {
    const moved = await cellar('liquid-events', {
      id: crypto.randomUUID(),
      kind: 'transferred',
      fromVesselId: h.seed.FV2,
      toVesselId: emptyVessel,
      volumeBbl: 1,
      acceptCleaningWarning: true,
    })
    expect(moved.statusCode, moved.body).toBe(201)
    const packaged = await cellar('packaging-runs', {
      id: crypto.randomUUID(),
      fromVesselId: emptyVessel,
      lines: [{ id: crypto.randomUUID(), packageId: h.keg, units: 2 }],
    })
    expect(packaged.statusCode).toBe(409)
    expect(messageOf(packaged)).toMatch(
      /^Batch .+ in bulk is on hold \(recall RC-\d{4}: Foreign matter in malt\)\./,
    )
  })

  it('samples: a lab sample of held beer is taken, a tasting is refused', async () => {
    // From the vessel the transfer above filled with 1 bbl of held batch B.
    const sample = (purpose: string) =>
      cellar('liquid-events', {
        id: crypto.randomUUID(),
        kind: 'sampled',
        fromVesselId: emptyVessel,
        volumeBbl: 0.01,
        purpose,
      })
    const tasting = await sample('tasting')
    expect(tasting.statusCode).toBe(409)
    expect(messageOf(tasting)).toContain('is on hold')
    const lab = await sample('lab')
    expect(lab.statusCode, lab.body).toBe(201)
  })

  it('bulk removal: held beer is not sold from the tank', async () => {
    const removed = await cellar('bulk-removals', {
      id: crypto.randomUUID(),
      fromVesselId: h.seed.BT2,
      volumeBbl: 1,
      taxpaid: true,
      customer: 'Taproom',
    })
    expect(removed.statusCode).toBe(409)
    expect(messageOf(removed)).toContain('is on hold')
  })

  it('kegs: no keg is filled from a held lot, and a keg filled before the hold does not ship', async () => {
    const fill = await scan({ kind: 'filled', assetNumber: 'HK-0002', packageRunId: h.seed.run1 })
    expect(fill.statusCode).toBe(409)
    expect(messageOf(fill)).toMatch(/^Hazy IPA 1\/6 BBL Keg lot .+ is on hold \(recall RC-\d{4}/)
    const ship = await scan({ kind: 'shipped', assetNumber: 'HK-0001', orderId: order.id })
    expect(ship.statusCode).toBe(409)
    expect(messageOf(ship)).toContain('is on hold')
    // A hold refuses nothing for another brewery's keg numbers: they are not found.
    expect(
      (await h.write(h.adminB, 'keg', 'POST', '/api/kegs/scans', { kind: 'cleaned', assetNumber: 'HK-0001' }))
        .statusCode,
    ).toBe(404)
  })
})
