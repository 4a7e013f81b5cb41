import { BatchCostSchema, type BatchCost, type Lot } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { stockMovements } from '../../db/schema/inventory.ts'
import { liquidEvents, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { seedBatch, seedRecipe } from '../../testing/inventory-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createInventoryService, type InventoryService } from './inventory.service.ts'

// A batch's cost, figured by hand (issue 41; issue 34 defect 5; docs/decisions/240, 241):
// - Pale Malt is kept in lb. Lot GW-1: 100 lb at $0.80 = $80.00.
// - Batch A's grain bill is 165 lb; brew day starts with only 100 lb on record: it takes GW-1's 100 lb ($80.00)
//   and records a 65 lb shortfall: A's cost is incomplete ($80.00 so far).
// - Lot GW-2 is received afterwards: 200 lb at $0.95 = $190.00. It settles A's 65 lb first:
//   65 × $0.95 = $61.75 (the lot's value goes from $190.00 to 135/200 × $190.00 = $128.25).
// - A then cost $80.00 + $61.75 = $141.75, complete; brewed into FV1 as 3.00000 bbl: $47.25/bbl, all of it
//   still in the tank (work in progress).
// FIFO across batches: hops short 300 g for batch B (earlier) and 200 g for batch C (later); a 400 g lot at
// $0.05/g ($20.00) settles B's 300 g ($15.00) and 100 g of C's ($5.00); C stays short 100 g, incomplete.
describe.each(TEST_DATABASES)('batch cost and shortfalls on %s', (kind) => {
  let p: ProductionApp
  let service: InventoryService
  let members: Members
  let tenant: Tenant

  const inTx = <T>(run: (tx: Db) => Promise<T>) => p.testDb.db.transaction((tx) => run(tx as unknown as Db))
  const write = async (url: string, data: object) => {
    const response = await p.write(members.Manager, 'POST', url, 'stock', data)
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ data: unknown }>().data
  }
  async function item(name: string, category: string, unit: string, ingredientId: string) {
    const id = crypto.randomUUID()
    await write('/api/inventory/items', {
      id,
      name,
      category,
      ingredientId,
      unit,
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
    })
    return id
  }
  const receive = (itemId: string, lotCode: string, quantity: number, unit: string, unitCostCents: number) =>
    write(`/api/inventory/items/${itemId}/lots`, {
      id: crypto.randomUUID(),
      supplier: 'Great Western',
      lotCode,
      receivedOn: '2026-11-20',
      bestBefore: null,
      quantity,
      unit,
      unitCostCents,
      alphaAcid: null,
      colorLovibond: null,
      extractPct: null,
    }) as Promise<Lot>
  async function cost(batchId: string, sub = members.Manager) {
    const response = await p.call(sub, 'GET', `/api/inventory/batches/${batchId}/cost`)
    expect(response.statusCode, response.body).toBe(200)
    // The body is the shared schema's, exactly.
    return z.object({ data: BatchCostSchema }).strict().parse(response.json()).data
  }

  beforeAll(async () => {
    p = await startProductionApp(kind)
    service = createInventoryService({ db: p.testDb.db })
    members = await p.brewery()
    const [brewer] = await p.testDb.db.select().from(users).where(eq(users.idpIdentifier, members.Brewer))
    tenant = { entityId: members.entityId, role: 'Brewer', userId: brewer.id, sub: members.Brewer }
  })
  afterAll(async () => p?.close())

  it("records brew day's shortfall, marks the cost incomplete, and settles it from the lot received later", async () => {
    const maltId = `malt-${crypto.randomUUID()}`
    const malt = await item('Pale Malt', 'fermentable', 'lb', maltId)
    await receive(malt, 'GW-1', 100, 'lb', 80)
    const recipe = seedRecipe({ grains: [{ id: maltId, name: 'Pale Malt', value: 165, unit: 'Pounds' }] })
    const { batchId } = await seedBatch(p.testDb.db, members.entityId, { recipe, status: 'brewing' })
    const [consumed] = await inTx((tx) => service.consumeForBatchStart(tx, tenant, batchId))
    expect([consumed.costCents, consumed.shortfall]).toEqual([8000, 65])

    const before = await cost(batchId)
    expect(before).toMatchObject({ ingredientCents: 8000, totalCents: 8000, incomplete: true })
    expect(before.ingredients).toEqual([
      {
        itemId: malt,
        itemName: 'Pale Malt',
        unit: 'lb',
        quantity: 100,
        costCents: 8000,
        lots: [
          { lotId: before.ingredients[0].lots[0].lotId, lotCode: 'GW-1', quantity: 100, costCents: 8000 },
        ],
        shortfall: 65,
      },
    ])

    const second = await receive(malt, 'GW-2', 200, 'lb', 95)
    expect([second.remaining, second.valueCents]).toEqual([135, 12_825])

    const [fv] = await p.testDb.db
      .insert(vessels)
      .values({
        id: crypto.randomUUID(),
        entityId: members.entityId,
        name: 'FV1',
        kind: 'fermenter',
        capacityBbl: '20',
        workingCapacityBbl: '20',
      })
      .returning({ id: vessels.id })
    await p.testDb.db.insert(liquidEvents).values({
      id: crypto.randomUUID(),
      entityId: members.entityId,
      batchId,
      kind: 'brewed',
      toVesselId: fv.id,
      volumeBbl: '3.00000',
      ttbClass: 'produced',
    })

    const after: BatchCost = await cost(batchId)
    expect(after).toMatchObject({
      ingredientCents: 14_175,
      materialCents: 0,
      totalCents: 14_175,
      brewedBbl: 3,
      costPerBblCents: 4725,
      inTanksBbl: 3,
      inTanksCents: 14_175,
      lossCents: 0,
      incomplete: false,
    })
    expect(after.ingredients).toEqual([
      expect.objectContaining({
        quantity: 165,
        costCents: 14_175,
        shortfall: 0,
        lots: [
          expect.objectContaining({ lotCode: 'GW-1', quantity: 100, costCents: 8000 }),
          expect.objectContaining({ lotCode: 'GW-2', quantity: 65, costCents: 6175 }),
        ],
      }),
    ])
    // Costs are a Manager's (viewCosts, ADR 247): a Brewer is refused the batch's cost.
    const brewer = await p.call(members.Brewer, 'GET', `/api/inventory/batches/${batchId}/cost`)
    expect(brewer.statusCode).toBe(403)
  })

  it('settles shortfalls oldest first, and leaves the rest open', async () => {
    const hopId = `hop-${crypto.randomUUID()}`
    const hops = await item('Citra', 'hop', 'g', hopId)
    const batch = async () =>
      (await seedBatch(p.testDb.db, members.entityId, { recipe: seedRecipe({}), status: 'brewing' })).batchId
    const [b, c] = [await batch(), await batch()]
    const add = (batchId: string, amount: number) =>
      inTx((tx) =>
        service.consumeForAddition(tx, tenant, {
          batchId,
          stepKey: 'hop:citra',
          ingredient: { id: hopId, name: 'Citra' },
          amount,
          unit: 'g',
        }),
      )
    // C's shortfall is recorded first but dated later: the date decides.
    await add(c, 200)
    await add(b, 300)
    const dated = (batchId: string, at: string) =>
      p.testDb.db
        .update(stockMovements)
        .set({ occurredAt: new Date(at) })
        .where(and(eq(stockMovements.batchId, batchId), eq(stockMovements.kind, 'shortfall')))
    await dated(b, '2026-11-01T10:00:00Z')
    await dated(c, '2026-11-02T10:00:00Z')

    const lot = await receive(hops, 'YK-1', 400, 'g', 5)
    expect([lot.remaining, lot.valueCents]).toEqual([0, 0])
    const [costB, costC] = [await cost(b), await cost(c)]
    expect([costB.ingredientCents, costB.incomplete, costB.ingredients[0].shortfall]).toEqual([
      1500,
      false,
      0,
    ])
    expect([costC.ingredientCents, costC.incomplete, costC.ingredients[0].shortfall]).toEqual([
      500,
      true,
      100,
    ])
  })
})
