import { DEFAULT_TAX_SETTINGS, type CostsRead } from '@brewcommand/domain'
import { and, eq, like, not } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { finishedGoodsMovements, stockMovements } from '../../db/schema/inventory.ts'
import { batches, liquidEvents, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { seedBatch, seedPackagedEvent, seedProductPackage, seedRecipe } from '../../testing/inventory-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { createInventoryService, type InventoryService } from '../inventory/inventory.service.ts'

const Q3 = '/api/reports/costs?from=2026-07&to=2026-09'

// A quarter figured by hand (docs/decisions/219-cost-reports.md, 240-cost-follows-the-beer.md):
// - July: 100 kg of malt at $1.00/kg ($100), 2 kg of hops at $25.00/kg ($50), 1,000 cans at $0.10 ($100); each
//   lot received (its received date) in July but typed in on 3 August: it is July's stock.
// - 10 Aug: batch A brews 60 kg of malt ($60) into FV1: 2.00000 bbl. 20 Aug: 0.10 bbl lost in a transfer.
// - 2 Sep: A packages 248 cans (1 bbl), taking 248 cans ($24.80); 20 Sep: 100 sold; 25 Sep: 1 can broken.
// - 3 Oct: A packages 124 more cans (0.5 bbl, $12.40 of cans); 12 Oct: batch B brews 20 kg of malt ($20), nothing
//   in a fermenter yet.
// A's $60 of malt over all its 2 bbl (not only the 1.5 packaged): $30.00/bbl; 1.5 bbl in cans = $45.00, the
// 0.1 bbl lost = $3.00, the 0.4 bbl still in tanks = $12.00 (45 + 3 + 12 = 60). The cans: $45.00 + $37.20 of
// cans = $82.20 over 372 (22.096 ¢ → 22 ¢ shown; values use $82.20 × units / 372, rounded once).
// Month ends (raw materials + beer in tanks + finished goods):
// - July: 100 + 50 + 100 = $250.00; nothing brewed.
// - Aug: 40 + 50 + 100 = $190.00 + tanks 1.9 bbl × $30 = $57.00 → $247.00; lost 0.1 bbl × $30 = $3.00.
// - Sep: 40 + 50 + 75.20 = $165.20 + tanks 0.9 bbl × $30 = $27.00 + 147 cans × 8220 / 372 = 3248.23 ¢ → $32.48
//   → $224.68; lost: 1 can = 8220 / 372 = 22.10 ¢ → $0.22.
// - Oct: 20 + 50 + 62.80 = $132.80 + tanks 0.4 × $30 = $12.00 and B's $20.00 in progress = $32.00 + 271 cans ×
//   8220 / 372 = 5988.23 ¢ → $59.88 → $224.68 (value only moved: malt into B, cans into finished goods).
describe.each(TEST_DATABASES)('cost reports on %s', (kind) => {
  let p: ProductionApp
  let service: InventoryService
  let members: Members
  let other: Members
  let tenantA: Tenant
  let batchA: { batchId: string; number: string }
  let packageId: string

  const call = (sub: string, url: string) => p.call(sub, 'GET', url)
  const write = async (url: string, data: object) => {
    const response = await p.write(members.Manager, 'POST', url, 'stock', data)
    expect(response.statusCode, response.body).toBe(201)
  }
  const inTx = <T>(run: (tx: Db) => Promise<T>) => p.testDb.db.transaction((tx) => run(tx as unknown as Db))
  const at = (date: string) => new Date(`${date}T12:00:00Z`)

  async function item(name: string, category: string, unit: string, extra: object = {}) {
    const id = crypto.randomUUID()
    await write('/api/inventory/items', {
      id,
      name,
      category,
      ingredientId: null,
      unit,
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
      ...extra,
    })
    return id
  }
  async function receive(
    itemId: string,
    quantity: number,
    unit: string,
    unitCostCents: number,
    on: string,
    typedOn = '2026-08-03',
  ) {
    const lotId = crypto.randomUUID()
    await write(`/api/inventory/items/${itemId}/lots`, {
      id: lotId,
      supplier: 'Supplier',
      lotCode: `L-${on}`,
      receivedOn: on,
      bestBefore: null,
      quantity,
      unit,
      unitCostCents,
      alphaAcid: null,
      colorLovibond: null,
      extractPct: null,
    })
    // Typed in after the fact: the value follows the lot's received date, not this instant.
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at(typedOn) })
      .where(eq(stockMovements.lotId, lotId))
    return lotId
  }
  async function brew(batch: { batchId: string }, on: string) {
    await inTx((tx) => service.consumeForBatchStart(tx, tenantA, batch.batchId))
    await p.testDb.db
      .update(batches)
      .set({ brewDayStartedAt: at(on), brewDayFinishedAt: at(on) })
      .where(eq(batches.id, batch.batchId))
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at(on) })
      .where(and(eq(stockMovements.batchId, batch.batchId), not(like(stockMovements.stepKey, 'package:%'))))
  }
  async function bulk(kind: 'brewed' | 'lost', volumeBbl: string, on: string) {
    const [vessel] = await p.testDb.db
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
      batchId: batchA.batchId,
      kind,
      ...(kind === 'brewed' ? { toVesselId: vessel.id } : { fromVesselId: vessel.id }),
      volumeBbl,
      ttbClass: kind === 'brewed' ? 'produced' : 'losses',
      occurredAt: at(on),
    })
  }
  async function packageRun(units: number, volumeBbl: number, on: string) {
    const event = await seedPackagedEvent(p.testDb.db, members.entityId, batchA.batchId, {
      packageId,
      units,
      volumeBbl,
    })
    await inTx((tx) => service.finishedGoodsFromPackaging(tx, tenantA, event))
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: at(on) })
      .where(eq(stockMovements.stepKey, `package:${event.id}`))
    await p.testDb.db
      .update(finishedGoodsMovements)
      .set({ occurredAt: at(on) })
      .where(eq(finishedGoodsMovements.liquidEventId, event.id))
    await p.testDb.db
      .update(liquidEvents)
      .set({ occurredAt: at(on) })
      .where(eq(liquidEvents.id, event.id))
  }

  beforeAll(async () => {
    p = await startProductionApp(kind)
    service = createInventoryService({ db: p.testDb.db })
    members = await p.brewery()
    other = await p.brewery()
    const [manager] = await p.testDb.db.select().from(users).where(eq(users.idpIdentifier, members.Manager))
    tenantA = { entityId: members.entityId, role: 'Manager', userId: manager.id, sub: members.Manager }
    const bootstrap = await call(members.Admin, '/api/users/bootstrap')
    const cansTypeId = bootstrap
      .json<{ data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] } }>()
      .data.entities[0].packagingTypes.find((p) => p.packageType === '16oz Cans')!.packageTypeId

    const maltId = `malt-${crypto.randomUUID()}`
    const malt = await item('Pale Malt', 'fermentable', 'kg', { ingredientId: maltId })
    const hops = await item('Cascade', 'hop', 'kg')
    const cans = await item('16oz can', 'packaging', 'each', { packageTypeId: cansTypeId, perUnit: 1 })
    await receive(malt, 100, 'kg', 100, '2026-07-05')
    await receive(hops, 2, 'kg', 2500, '2026-07-06')
    await receive(cans, 1000, 'each', 10, '2026-07-07')

    const grains = (kg: number) =>
      seedRecipe({ grains: [{ id: maltId, name: 'Pale Malt', value: kg, unit: 'Kilograms' }] })
    batchA = await seedBatch(p.testDb.db, members.entityId, {
      recipe: grains(60),
      status: 'brewing',
      productName: 'Cost Pale',
    })
    await brew(batchA, '2026-08-10')
    await bulk('brewed', '2.00000', '2026-08-10')
    await bulk('lost', '0.10000', '2026-08-20')
    packageId = (await seedProductPackage(p.testDb.db, members.entityId, cansTypeId)).packageId
    await packageRun(248, 1, '2026-09-02')
    await write('/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind: 'sold',
      units: 100,
      customer: 'Corner Bar',
      reason: '',
    })
    await p.testDb.db
      .update(finishedGoodsMovements)
      .set({ occurredAt: at('2026-09-20') })
      .where(eq(finishedGoodsMovements.kind, 'sold'))
    await write('/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind: 'broken',
      units: 1,
      customer: '',
      reason: 'Dropped',
    })
    await p.testDb.db
      .update(finishedGoodsMovements)
      .set({ occurredAt: at('2026-09-25') })
      .where(eq(finishedGoodsMovements.kind, 'broken'))
    await packageRun(124, 0.5, '2026-10-03')
    const batchB = await seedBatch(p.testDb.db, members.entityId, { recipe: grains(20), status: 'brewing' })
    await brew(batchB, '2026-10-12')
  })
  afterAll(async () => p?.close())

  it("prices the quarter's batches, its packaged units and the stock at each month end, to the cent", async () => {
    const response = await call(members.Manager, Q3)
    expect(response.statusCode, response.body).toBe(200)
    const costs = response.json<{ data: CostsRead }>().data
    // Batch B brewed in October: not in the quarter.
    expect(costs.batches).toEqual([
      {
        batchId: batchA.batchId,
        batchNumber: batchA.number,
        productName: 'Cost Pale',
        brewedAt: '2026-08-10T12:00:00.000Z',
        ingredientCents: 6000,
        materialCents: 3720,
        totalCents: 9720,
        packagedUnits: 372,
        packagedBbl: '1.50000',
        brewedBbl: '2.00000',
        costPerBblCents: 3000,
        incomplete: false,
      },
    ])
    expect(costs.units).toEqual([
      {
        batchId: batchA.batchId,
        batchNumber: batchA.number,
        packageId,
        productName: 'Seed Pale Ale',
        packageType: '16oz Cans',
        sku: 'SPA-16',
        units: 372,
        volumeBbl: '1.50000',
        ingredientCents: 4500,
        materialCents: 3720,
        costCents: 8220,
        costPerUnitCents: 22,
        incomplete: false,
      },
    ])
    expect(costs.inventoryValue).toEqual([
      {
        month: '2026-07',
        asOf: '2026-08-01T00:00:00.000Z',
        categories: { fermentable: 10_000, hop: 5000, yeast: 0, other: 0, packaging: 10_000 },
        wipCents: 0,
        finishedGoodsCents: 0,
        totalCents: 25_000,
        lossCents: 0,
      },
      {
        month: '2026-08',
        asOf: '2026-09-01T00:00:00.000Z',
        categories: { fermentable: 4000, hop: 5000, yeast: 0, other: 0, packaging: 10_000 },
        wipCents: 5700,
        finishedGoodsCents: 0,
        totalCents: 24_700,
        lossCents: 300,
      },
      {
        month: '2026-09',
        asOf: '2026-10-01T00:00:00.000Z',
        categories: { fermentable: 4000, hop: 5000, yeast: 0, other: 0, packaging: 7520 },
        wipCents: 2700,
        finishedGoodsCents: 3248,
        totalCents: 22_468,
        lossCents: 22,
      },
    ])
  })

  it('downloads each cost table as a CSV in dollars', async () => {
    const range = 'from=2026-07&to=2026-09'
    const batchCsv = await call(members.Manager, `/api/reports/batch-costs.csv?${range}`)
    expect(batchCsv.statusCode).toBe(200)
    expect(batchCsv.headers['content-type']).toContain('text/csv')
    expect(batchCsv.headers['content-disposition']).toBe(
      'attachment; filename="batch-costs-2026-07-2026-09.csv"',
    )
    expect(batchCsv.body.trim().split(/\r?\n/)).toEqual([
      'batch,product,brewed_at,ingredients_usd,packaging_materials_usd,total_usd,packaged_units,packaged_bbl,brewed_bbl,ingredient_cost_per_bbl_usd,cost_incomplete',
      `${batchA.number},Cost Pale,2026-08-10T12:00:00.000Z,60.00,37.20,97.20,372,1.50000,2.00000,30.00,no`,
    ])
    const unitCsv = await call(members.Manager, `/api/reports/unit-costs.csv?${range}`)
    expect(unitCsv.body.trim().split(/\r?\n/)[1]).toBe(
      `${batchA.number},Seed Pale Ale,16oz Cans,SPA-16,372,1.50000,45.00,37.20,82.20,0.22`,
    )
    const valueCsv = await call(members.Manager, `/api/reports/inventory-value.csv?${range}`)
    expect(valueCsv.body.trim().split(/\r?\n/)).toEqual([
      'month,as_of,fermentable_usd,hop_usd,yeast_usd,other_usd,packaging_usd,beer_in_tanks_usd,finished_goods_usd,total_usd,loss_usd',
      '2026-07,2026-08-01T00:00:00.000Z,100.00,50.00,0.00,0.00,100.00,0.00,0.00,250.00,0.00',
      '2026-08,2026-09-01T00:00:00.000Z,40.00,50.00,0.00,0.00,100.00,57.00,0.00,247.00,3.00',
      '2026-09,2026-10-01T00:00:00.000Z,40.00,50.00,0.00,0.00,75.20,27.00,32.48,224.68,0.22',
    ])
  })

  it('counts batch B and the October stock in a range that reaches October', async () => {
    const costs = (await call(members.Manager, '/api/reports/costs?from=2026-10&to=2026-10')).json<{
      data: CostsRead
    }>().data
    expect(costs.batches.map((row) => [row.productName, row.ingredientCents, row.costPerBblCents])).toEqual([
      ['Seed Pale Ale', 2000, null],
    ])
    // A's second run was in October: its row is the batch's whole option.
    expect(costs.units.map((row) => [row.batchNumber, row.units, row.costPerUnitCents])).toEqual([
      [batchA.number, 372, 22],
    ])
    // 20 kg malt, hops, 1,000 − 372 cans; A's 0.4 bbl and B's whole $20 in progress; 271 cans.
    expect(costs.inventoryValue[0]).toMatchObject({
      month: '2026-10',
      categories: { fermentable: 2000, hop: 5000, packaging: 6280 },
      wipCents: 1200 + 2000,
      finishedGoodsCents: 5988,
      totalCents: 22_468,
      lossCents: 0,
    })
  })

  it('lets Managers read costs, not Brewers, and shows another brewery only its own (empty) books', async () => {
    expect((await call(members.Brewer, Q3)).statusCode).toBe(403)
    expect(
      (await call(members.Brewer, '/api/reports/batch-costs.csv?from=2026-07&to=2026-09')).statusCode,
    ).toBe(403)
    const theirs = (await call(other.Admin, Q3)).json<{ data: CostsRead }>().data
    expect(theirs.batches).toEqual([])
    expect(theirs.units).toEqual([])
    expect(theirs.inventoryValue.map((row) => row.totalCents)).toEqual([0, 0, 0])
  })

  it("values a lot by its received date, and ends each month at midnight in the brewery's time zone", async () => {
    const hops = (await service.listItems(tenantA)).find((item) => item.name === 'Cascade')!.id
    // 1 kg of hops at $10 received on 30 September, typed in on 5 October: September's stock (hops $60.00).
    const lot = await receive(hops, 1, 'kg', 1000, '2026-09-30', '2026-10-05')
    const september = async () =>
      (await call(members.Manager, '/api/reports/inventory-value.csv?from=2026-09&to=2026-09')).body
        .trim()
        .split(/\r?\n/)[1]
    expect(await september()).toBe(
      '2026-09,2026-10-01T00:00:00.000Z,40.00,60.00,0.00,0.00,75.20,27.00,32.48,234.68,0.22',
    )
    // Half of it written off on the evening of 30 September in Portland, Oregon: 1 October in UTC.
    const adjustment = crypto.randomUUID()
    await write(`/api/inventory/items/${hops}/adjustments`, {
      id: adjustment,
      direction: 'remove',
      quantity: 0.5,
      unit: 'kg',
      lotId: lot,
      reason: 'Spilled',
    })
    await p.testDb.db
      .update(stockMovements)
      .set({ occurredAt: new Date('2026-10-01T06:30:00Z') })
      .where(eq(stockMovements.operationId, adjustment))
    expect(await september()).toBe(
      '2026-09,2026-10-01T00:00:00.000Z,40.00,60.00,0.00,0.00,75.20,27.00,32.48,234.68,0.22',
    )
    const saved = await p.write(members.Admin, 'PUT', '/api/reports/tax-settings', 'tax-settings', {
      ...DEFAULT_TAX_SETTINGS,
      timeZone: 'America/Los_Angeles',
    })
    expect(saved.statusCode).toBe(200)
    // The month now ends at 07:00 UTC: the write-off is September's ($60.00 − $5.00 of hops).
    expect(await september()).toBe(
      '2026-09,2026-10-01T07:00:00.000Z,40.00,55.00,0.00,0.00,75.20,27.00,32.48,229.68,0.22',
    )
  })

  it('refuses a bad range with a 400 naming the parameter', async () => {
    for (const [query, path] of [
      ['from=2026-09&to=2026-07', 'to'],
      ['from=2026-13&to=2026-14', 'from'],
      ['from=2026-07', 'to'],
    ] as const) {
      const response = await call(members.Manager, `/api/reports/costs?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(JSON.stringify(response.json()), query).toContain(path)
    }
  })
})
