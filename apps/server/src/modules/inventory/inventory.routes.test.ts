import {
  makeEnvelope,
  type BatchCost,
  type CanWeBrew,
  type CellarAlert,
  type FinishedGood,
  type HopAmount,
  type InventoryAlert,
  type InventoryItem,
  type InventoryItemDetail,
  type Role,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tenant } from '../../auth/tenant.ts'
import type { Db } from '../../db/client.ts'
import { stockMovements } from '../../db/schema/inventory.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedBatch, seedPackagedEvent, seedProductPackage, seedRecipe } from '../../testing/inventory-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { readOutbox } from '../../testing/mail.ts'
import { mintJwt } from '../../testing/tokens.ts'
import { createInventoryService, type InventoryService } from './inventory.service.ts'

const BUSINESS = {
  name: 'Stock Co',
  address: '1 Grain Store',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Json = Record<string, unknown>
type Reply = { json<T>(): T }
/** The `data` of an answer, as the domain's read shape says. */
const dataOf = <T>(response: Reply) => response.json<{ data: T }>().data
/** The issues of a refusal. */
const issuesOf = (response: Reply) =>
  response.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues

describe.each(TEST_DATABASES)('inventory API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let service: InventoryService
  let adminA: string
  let adminB: string
  let brewerA: string
  let managerA: string
  let entityA: string
  let tenantA: Tenant
  let cansTypeId: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
  const write = (sub: string, method: 'POST' | 'PUT', url: string, data: object) =>
    call(sub, method, url, makeEnvelope('stock', data))
  const inTx = <T>(run: (tx: Db) => Promise<T>) => testDb.db.transaction((tx) => run(tx as unknown as Db))

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  async function member(entityId: string, role: Role) {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  async function newItem(data: Json = {}, sub = managerA) {
    const id = crypto.randomUUID()
    const response = await write(sub, 'POST', '/api/inventory/items', {
      id,
      name: 'Pale Malt',
      category: 'fermentable',
      ingredientId: null,
      unit: 'kg',
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
      ...data,
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }
  const lot = (data: Json = {}) => ({
    id: crypto.randomUUID(),
    supplier: 'Great Western',
    lotCode: 'GW-1',
    receivedOn: '2026-01-05',
    bestBefore: null,
    quantity: 100,
    unit: 'kg',
    unitCostCents: 110,
    alphaAcid: null,
    colorLovibond: null,
    extractPct: null,
    ...data,
  })
  async function receive(itemId: string, data: Json = {}) {
    const body = lot(data)
    const response = await write(managerA, 'POST', `/api/inventory/items/${itemId}/lots`, body)
    expect(response.statusCode, response.body).toBe(201)
    return body.id
  }
  // Values and costs are a Manager's (viewCosts): the reads that check them ask as one.
  const detail = async (itemId: string, sub = managerA) =>
    (await call(sub, 'GET', `/api/inventory/items/${itemId}`)).json<{ data: InventoryItemDetail }>().data
  const itemOf = async (itemId: string, sub = managerA) =>
    (await call(sub, 'GET', '/api/inventory/items'))
      .json<{ data: InventoryItem[] }>()
      .data.find((i) => i.id === itemId)!

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    service = createInventoryService({ db: testDb.db })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    brewerA = await member(entityA, 'Brewer')
    managerA = await member(entityA, 'Manager')
    const [row] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, brewerA))
    tenantA = { entityId: entityA, role: 'Brewer', userId: row.id, sub: brewerA }
    const bootstrap = await call(adminA, 'GET', '/api/users/bootstrap')
    cansTypeId = bootstrap
      .json<{ data: { entities: { packagingTypes: { packageTypeId: string; packageType: string }[] }[] } }>()
      .data.entities[0].packagingTypes.find((p) => p.packageType === '16oz Cans')!.packageTypeId
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('receives lots (a pound lot into a kilogram item too) and shows on hand, value and lots', async () => {
    const itemId = await newItem()
    await receive(itemId, { quantity: 100, unitCostCents: 110 })
    await receive(itemId, {
      quantity: 220.4623,
      unit: 'lb',
      unitCostCents: 50,
      receivedOn: '2026-01-06',
      alphaAcid: null,
      colorLovibond: 1.8,
      extractPct: 81,
    })
    const item = await itemOf(itemId)
    expect(item).toMatchObject({ onHand: 200, reserved: 0, available: 200, unit: 'kg' })
    // The latest lot was received in pounds: the list shows the item in pounds (issue 34 defect 11).
    expect(item.enteredUnit).toBe('lb')
    expect(item.valueCents).toBe(11_000 + 11_023)
    const { lots, movements } = await detail(itemId)
    expect(lots.map((l) => l.remaining)).toEqual([100, 100])
    expect(lots[1]).toMatchObject({
      enteredQuantity: 220.4623,
      enteredUnit: 'lb',
      colorLovibond: 1.8,
      extractPct: 81,
    })
    expect(movements.map((m) => m.kind)).toEqual(['received', 'received'])
  })

  it('refuses a negative, zero or non-numeric quantity with a 400 naming the field, and stores nothing', async () => {
    const itemId = await newItem()
    for (const quantity of [-5, 0, 'ten', null]) {
      const response = await write(managerA, 'POST', `/api/inventory/items/${itemId}/lots`, lot({ quantity }))
      expect(response.statusCode).toBe(400)
      expect(JSON.stringify(issuesOf(response))).toContain('data.quantity')
    }
    const response = await write(
      managerA,
      'POST',
      `/api/inventory/items/${itemId}/lots`,
      lot({ unit: 'each' }),
    )
    expect(response.statusCode).toBe(400)
    expect(issuesOf(response)[0].path).toBe('data.unit')
    const bad = await write(
      managerA,
      'POST',
      `/api/inventory/items/${itemId}/lots`,
      lot({ receivedOn: '2026-02-30' }),
    )
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(issuesOf(bad))).toContain('data.receivedOn')
    expect((await itemOf(itemId)).onHand).toBe(0)
  })

  it('lets a Manager receive and adjust, not a Brewer; another brewery gets 404', async () => {
    const itemId = await newItem()
    expect((await write(brewerA, 'POST', `/api/inventory/items/${itemId}/lots`, lot())).statusCode).toBe(403)
    expect((await write(adminB, 'POST', `/api/inventory/items/${itemId}/lots`, lot())).statusCode).toBe(404)
    expect((await call(adminB, 'GET', `/api/inventory/items/${itemId}`)).statusCode).toBe(404)
    expect((await write(adminA, 'POST', `/api/inventory/items/${itemId}/lots`, lot())).statusCode).toBe(201)
    const brewerAdd = await write(brewerA, 'POST', '/api/inventory/items', {
      id: crypto.randomUUID(),
      name: 'X',
      category: 'hop',
      unit: 'g',
    })
    expect(brewerAdd.statusCode).toBe(403)
  })

  it('adjusts with a reason (never without) and records a count as its variance', async () => {
    const itemId = await newItem()
    const first = await receive(itemId, { quantity: 10, bestBefore: '2026-06-01' })
    await receive(itemId, { quantity: 10, bestBefore: '2026-09-01' })
    const noReason = await write(managerA, 'POST', `/api/inventory/items/${itemId}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'remove',
      quantity: 1,
      unit: 'kg',
      lotId: null,
      reason: '',
    })
    expect(noReason.statusCode).toBe(400)
    expect(issuesOf(noReason)[0].path).toBe('data.reason')
    const removed = await write(managerA, 'POST', `/api/inventory/items/${itemId}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'remove',
      quantity: 12,
      unit: 'kg',
      lotId: null,
      reason: 'Mice',
    })
    expect(removed.statusCode, removed.body).toBe(201)
    expect(dataOf<InventoryItem>(removed).onHand).toBe(8)
    const tooMuch = await write(managerA, 'POST', `/api/inventory/items/${itemId}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'remove',
      quantity: 9,
      unit: 'kg',
      lotId: null,
      reason: 'Mice',
    })
    expect(tooMuch.statusCode).toBe(400)
    const added = await write(managerA, 'POST', `/api/inventory/items/${itemId}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'add',
      quantity: 500,
      unit: 'g',
      lotId: first,
      reason: 'Found a sack',
    })
    expect(dataOf<InventoryItem>(added).onHand).toBe(8.5)
    const counted = await write(managerA, 'POST', `/api/inventory/items/${itemId}/counts`, {
      id: crypto.randomUUID(),
      countedQuantity: 7,
      unit: 'kg',
      note: 'Month end',
    })
    expect(counted.statusCode, counted.body).toBe(201)
    expect(dataOf<{ variance: number; item: InventoryItem }>(counted)).toMatchObject({
      variance: -1.5,
      item: { onHand: 7 },
    })
    const { movements, lots } = await detail(itemId)
    expect(movements.map((m) => m.kind)).toContain('counted')
    expect(movements.find((m) => m.kind === 'adjusted' && m.quantity < 0)).toMatchObject({
      reason: 'Mice',
    })
    // First-expiring first: the June lot went first.
    expect(lots.map((l) => [l.bestBefore, l.remaining])).toEqual([
      ['2026-06-01', 0],
      ['2026-09-01', 7],
    ])
  })

  it('reserves a planned batch, says it can be brewed from two lots, then consumes both oldest first', async () => {
    const maltId = `malt-${crypto.randomUUID()}`
    const itemId = await newItem({ ingredientId: maltId, name: 'Maris Otter' })
    const older = await receive(itemId, { quantity: 60, receivedOn: '2026-01-01', unitCostCents: 100 })
    const newer = await receive(itemId, { quantity: 60, receivedOn: '2026-01-10', unitCostCents: 200 })
    const recipe = seedRecipe(
      { grains: [{ id: maltId, name: 'Maris Otter', value: 50, unit: 'Kilograms' }] },
      5,
    )
    const { batchId, number } = await seedBatch(testDb.db, entityA, { recipe, targetVolumeBbl: 10 })
    await inTx((tx) => service.reserveForBatch(tx, tenantA, batchId))
    expect(await itemOf(itemId)).toMatchObject({ onHand: 120, reserved: 100, available: 20 })

    const batchCheck = dataOf<CanWeBrew>(await call(brewerA, 'GET', `/api/inventory/can-we-brew/${batchId}`))
    expect(batchCheck.shortfalls).toEqual([])
    const weeks = dataOf<CanWeBrew>(await call(brewerA, 'GET', '/api/inventory/can-we-brew?weeks=2'))
    expect(weeks.batches.map((b) => b.batchNumber)).toContain(number)

    // Brew day's start consumes the grain bill (modules/brew-day), in its own transaction.
    const started = await call(brewerA, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))
    expect(started.statusCode, started.body).toBe(201)
    const lots = await testDb.db
      .select({ lotId: stockMovements.lotId, quantity: stockMovements.quantity })
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batchId))
    expect(lots.map((m) => [m.lotId, Number(m.quantity)]).sort()).toEqual(
      [
        [older, -60],
        [newer, -40],
      ].sort(),
    )
    expect(await itemOf(itemId)).toMatchObject({ onHand: 20, reserved: 0, available: 20, valueCents: 4000 })
    // Again: brew day starts once, and nothing is taken twice.
    const again = await call(brewerA, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))
    expect(again.statusCode).toBe(409)
    expect((await itemOf(itemId)).onHand).toBe(20)
    const cost = dataOf<BatchCost>(await call(managerA, 'GET', `/api/inventory/batches/${batchId}/cost`))
    expect(cost).toMatchObject({ ingredientCents: 14_000, materialCents: 0, totalCents: 14_000 })
  })

  it('dates the shortfall of a batch stock cannot cover, after an earlier batch took its share', async () => {
    const hopId = `hop-${crypto.randomUUID()}`
    const itemId = await newItem({ ingredientId: hopId, name: 'Citra', category: 'hop' })
    await receive(itemId, { quantity: 3, receivedOn: '2026-01-01' })
    const recipe = seedRecipe({
      hops: [{ id: hopId, name: 'Citra', value: 2, unit: 'Kilograms', alpha: 12, minutes: 60 }],
    })
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    await seedBatch(testDb.db, entityA, { recipe, plannedBrewDate: soon })
    const { batchId, number } = await seedBatch(testDb.db, entityA, { recipe, plannedBrewDate: later })
    const data = dataOf<CanWeBrew>(await call(brewerA, 'GET', `/api/inventory/can-we-brew/${batchId}`))
    expect(data.shortfalls).toEqual([
      expect.objectContaining({
        batchNumber: number,
        date: later,
        itemId,
        needed: 2,
        available: 1,
        short: 1,
        unit: 'kg',
      }),
    ])
    const bad = await call(brewerA, 'GET', '/api/inventory/can-we-brew?weeks=abc')
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('weeks')
  })

  it('consumes a confirmed addition first-expiring first, records the shortfall, and re-confirms', async () => {
    const hopId = `hop-${crypto.randomUUID()}`
    const itemId = await newItem({ ingredientId: hopId, name: 'Mosaic', category: 'hop', unit: 'g' })
    await receive(itemId, { quantity: 500, unit: 'g', bestBefore: '2027-01-01' })
    await receive(itemId, { quantity: 500, unit: 'g', bestBefore: '2026-12-01' })
    const { batchId } = await seedBatch(testDb.db, entityA, { recipe: seedRecipe({}), status: 'brewing' })
    const input = { batchId, stepKey: 'hop:x', ingredient: { id: hopId }, amount: 1.2, unit: 'kg' as const }
    const first = await inTx((tx) => service.consumeForAddition(tx, tenantA, input))
    expect(first.taken.map((t) => t.quantity)).toEqual([500, 500])
    expect(first.shortfall).toBe(200)
    expect((await itemOf(itemId)).onHand).toBe(0)
    // The recipe's own unit words are taken too.
    const again = await inTx((tx) =>
      service.consumeForAddition(tx, tenantA, { ...input, amount: 300, unit: 'Grams' }),
    )
    expect(again.taken).toEqual([expect.objectContaining({ quantity: 300 })])
    expect(again.shortfall).toBe(0)
    expect((await itemOf(itemId)).onHand).toBe(700)
    const kinds = await testDb.db.select().from(stockMovements).where(eq(stockMovements.itemId, itemId))
    expect(kinds.map((m) => m.kind).sort()).toEqual(
      [
        'consumed',
        'consumed',
        'consumed',
        'consumption-reversed',
        'consumption-reversed',
        'received',
        'received',
        'shortfall',
        'shortfall',
      ].sort(),
    )
  })

  it('offers the amount of a hop lot that hits the recipe IBU', async () => {
    const hopId = `hop-${crypto.randomUUID()}`
    const itemId = await newItem({ ingredientId: hopId, name: 'Simcoe', category: 'hop' })
    await receive(itemId, { quantity: 5, alphaAcid: 10 })
    const recipe = seedRecipe({
      hops: [{ id: hopId, name: 'Simcoe', value: 1, unit: 'Kilograms', alpha: 12, minutes: 60 }],
    })
    const { batchId } = await seedBatch(testDb.db, entityA, { recipe })
    const [hop] = dataOf<HopAmount[]>(
      await call(brewerA, 'GET', `/api/inventory/batches/${batchId}/hop-amounts`),
    )
    expect(hop).toMatchObject({
      itemId,
      recipeAlpha: 12,
      lotAlpha: 10,
      recipeAmount: { value: 1, unit: 'kg' },
    })
    expect(hop.suggestedAmount.value).toBeCloseTo(1.2, 4)
    expect(hop.targetIbu).toBeGreaterThan(0)
  })

  it('puts packaged units on hand with their materials, prices each unit, and records removals', async () => {
    const maltId = `malt-${crypto.randomUUID()}`
    const malt = await newItem({ ingredientId: maltId })
    await receive(malt, { quantity: 100, unitCostCents: 100 })
    const cans = await newItem({
      name: '16oz can',
      category: 'packaging',
      unit: 'each',
      packageTypeId: cansTypeId,
      perUnit: 1,
    })
    await receive(cans, { quantity: 1000, unit: 'each', unitCostCents: 10 })
    const recipe = seedRecipe({ grains: [{ id: maltId, name: 'Malt', value: 100, unit: 'Kilograms' }] })
    const { batchId } = await seedBatch(testDb.db, entityA, { recipe, status: 'brewing' })
    await inTx((tx) => service.consumeForBatchStart(tx, tenantA, batchId))
    const { packageId } = await seedProductPackage(testDb.db, entityA, cansTypeId)
    const event = await seedPackagedEvent(testDb.db, entityA, batchId, {
      packageId,
      units: 500,
      volumeBbl: 2,
    })
    await inTx((tx) => service.finishedGoodsFromPackaging(tx, tenantA, event))
    await inTx((tx) => service.finishedGoodsFromPackaging(tx, tenantA, event))
    expect((await itemOf(cans)).onHand).toBe(500)
    const goods = dataOf<FinishedGood[]>(await call(managerA, 'GET', '/api/inventory/finished-goods'))
    const good = goods.find((g) => g.packageId === packageId)
    // 10,000 ¢ of malt + 5,000 ¢ of cans over 500 cans.
    expect(good).toMatchObject({ packaged: 500, onHand: 500, costPerUnitCents: 30, sku: 'SPA-16' })

    const sold = await write(managerA, 'POST', '/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind: 'sold',
      units: 120,
      customer: 'Corner Bar',
      reason: '',
    })
    expect(sold.statusCode, sold.body).toBe(201)
    const broken = await write(managerA, 'POST', '/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind: 'broken',
      units: 600,
      customer: '',
      reason: 'Dropped',
    })
    expect(broken.statusCode).toBe(409)
    const negative = await write(managerA, 'POST', '/api/inventory/finished-goods/movements', {
      id: crypto.randomUUID(),
      packageId,
      kind: 'broken',
      units: -1,
      customer: '',
      reason: '',
    })
    expect(negative.statusCode).toBe(400)
    expect(issuesOf(negative)[0].path).toBe('data.units')
    expect(
      (
        await write(brewerA, 'POST', '/api/inventory/finished-goods/movements', {
          id: crypto.randomUUID(),
          packageId,
          kind: 'returned',
          units: 1,
          returnOf: crypto.randomUUID(),
          customer: '',
          reason: '',
        })
      ).statusCode,
    ).toBe(403)
    const after = dataOf<FinishedGood[]>(await call(managerA, 'GET', '/api/inventory/finished-goods'))
    expect(after.find((g) => g.packageId === packageId)).toMatchObject({
      onHand: 380,
      valueCents: 380 * 30,
    })
    const cost = dataOf<BatchCost>(await call(managerA, 'GET', `/api/inventory/batches/${batchId}/cost`))
    expect(cost).toMatchObject({ ingredientCents: 10_000, materialCents: 5000, totalCents: 15_000 })
    expect(cost.perOption).toEqual([expect.objectContaining({ packageId, units: 500, costPerUnitCents: 30 })])

    // Settings → Roles keeps costs for Managers (viewCosts): a Brewer reads the same stock and units, every
    // money field null, and no batch cost.
    const money = /"(valueCents|unitCostCents|totalCostCents|costCents|costPerUnitCents)":-?\d/
    const brewerGoods = await call(brewerA, 'GET', '/api/inventory/finished-goods')
    expect(dataOf<FinishedGood[]>(brewerGoods).find((g) => g.packageId === packageId)).toMatchObject({
      onHand: 380,
      costPerUnitCents: null,
      valueCents: null,
    })
    expect(brewerGoods.body).not.toMatch(money)
    const brewerItems = await call(brewerA, 'GET', '/api/inventory/items')
    expect(await itemOf(malt, brewerA)).toMatchObject({ onHand: 0, valueCents: null })
    expect((await itemOf(cans, brewerA)).onHand).toBe(500)
    expect(brewerItems.body).not.toMatch(money)
    const brewerDetail = await call(brewerA, 'GET', `/api/inventory/items/${cans}`)
    expect(dataOf<InventoryItemDetail>(brewerDetail).lots[0]).toMatchObject({
      lotCode: 'GW-1',
      unitCostCents: null,
      totalCostCents: null,
      valueCents: null,
    })
    expect(brewerDetail.body).not.toMatch(money)
    const refused = await call(brewerA, 'GET', `/api/inventory/batches/${batchId}/cost`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
  })

  it('previews opening stock without writing, then imports it whole, refusing a file with bad lines', async () => {
    const csv =
      'item,category,unit,quantity,received,unit cost\nImport Wheat,fermentable,kg,40,2026-01-02,1.20\nImport Lids,packaging,each,1000,2026-01-02,0.02'
    const before = dataOf<InventoryItem[]>(await call(adminA, 'GET', '/api/inventory/items')).length
    const preview = await call(managerA, 'POST', '/api/inventory/import/preview', {
      csv: `${csv}\nBad,hop,kg,-1,2026-01-02,1`,
    })
    expect(preview.statusCode).toBe(200)
    expect(dataOf<{ errors: unknown[] }>(preview).errors).toEqual([
      { line: 4, field: 'quantity', message: 'The quantity must be above 0' },
    ])
    expect(dataOf<{ rows: unknown[] }>(preview).rows).toHaveLength(2)
    expect(dataOf<InventoryItem[]>(await call(adminA, 'GET', '/api/inventory/items')).length).toBe(before)
    const refused = await write(managerA, 'POST', '/api/inventory/import', {
      csv: `${csv}\nBad,hop,kg,-1,2026-01-02,1`,
    })
    expect(refused.statusCode).toBe(400)
    expect(issuesOf(refused)[0].path).toBe('data.csv.line4.quantity')
    expect(dataOf<InventoryItem[]>(await call(adminA, 'GET', '/api/inventory/items')).length).toBe(before)
    expect((await call(brewerA, 'POST', '/api/inventory/import/preview', { csv })).statusCode).toBe(403)
    const imported = await write(managerA, 'POST', '/api/inventory/import', { csv })
    expect(imported.statusCode, imported.body).toBe(201)
    expect(dataOf<Json>(imported)).toEqual({ lots: 2, itemsCreated: 2 })
    const items = dataOf<InventoryItem[]>(await call(adminA, 'GET', '/api/inventory/items'))
    expect(items.find((i) => i.name === 'Import Wheat')).toMatchObject({ onHand: 40, valueCents: 4800 })
  })

  it('raises a par-level alert through the job into the bell and the mail, once, and resolves it', async () => {
    const itemId = await newItem({ name: 'Par Malt', parLevel: 50 })
    await receive(itemId, { quantity: 40 })
    const parLevels = () =>
      t.app.jobs
        .definition<{ entityId?: string }>('inventory.par-levels')
        .run({ entityId: entityA }, { id: 'test' })
    await parLevels()
    const alerts = dataOf<InventoryAlert[]>(await call(brewerA, 'GET', '/api/inventory/alerts'))
    expect(alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ itemId, itemName: 'Par Malt', available: 40, parLevel: 50 }),
      ]),
    )
    // The shell's bell shows it, and the Managers (the default alert roles) got a mail.
    const bell = () =>
      call(brewerA, 'GET', '/api/cellar/alerts').then(
        (response) => dataOf<{ alerts: CellarAlert[] }>(response).alerts,
      )
    const ours = (await bell()).filter((alert) => alert.message.startsWith('Par Malt:'))
    expect(ours).toEqual([
      expect.objectContaining({
        kind: 'below-par',
        message: 'Par Malt: 40 kg available, under its par level of 50 kg',
        acknowledgedAt: null,
      }),
    ])
    const [manager] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, managerA))
    const mail = await readOutbox(t.outboxDir, manager.email)
    expect(mail.at(-1)).toMatchObject({ subject: 'Stock alert: Below par level' })
    expect(mail.at(-1)?.text).toContain('Par Malt: 40 kg available')
    expect(mail.at(-1)?.text).toContain('/secure/inventory')

    // Again, and after a Brewer acknowledged it in the bell: nothing new while it stays under par.
    expect(await service.evaluateParLevels(entityA)).toEqual(new Map())
    const ack = await call(
      brewerA,
      'POST',
      `/api/cellar/alerts/${ours[0].id}/acknowledge`,
      makeEnvelope('alert', {}),
    )
    expect(ack.statusCode, ack.body).toBe(200)
    expect(await service.evaluateParLevels(entityA)).toEqual(new Map())
    expect(
      dataOf<InventoryAlert[]>(await call(brewerA, 'GET', '/api/inventory/alerts')).some(
        (a) => a.itemId === itemId,
      ),
    ).toBe(true)
    await receive(itemId, { quantity: 20 })
    await parLevels()
    const after = dataOf<InventoryAlert[]>(await call(brewerA, 'GET', '/api/inventory/alerts'))
    expect(after.some((alert) => alert.itemId === itemId)).toBe(false)
    expect((await bell()).find((alert) => alert.id === ours[0].id)).toMatchObject({
      resolvedAt: expect.any(String) as unknown,
    })
    // Under par again later: a new alert.
    const spilled = await write(managerA, 'POST', `/api/inventory/items/${itemId}/adjustments`, {
      id: crypto.randomUUID(),
      direction: 'remove',
      quantity: 30,
      unit: 'kg',
      lotId: null,
      reason: 'Spilled',
    })
    expect(spilled.statusCode, spilled.body).toBe(201)
    await parLevels()
    expect((await bell()).filter((alert) => alert.message.startsWith('Par Malt:'))).toHaveLength(2)
    expect(dataOf<InventoryAlert[]>(await call(adminB, 'GET', '/api/inventory/alerts'))).toEqual([])
  })

  it("never shows another brewery's items, and answers 404 for its batches", async () => {
    const itemId = await newItem({ name: 'Secret Malt' })
    const list = dataOf<InventoryItem[]>(await call(adminB, 'GET', '/api/inventory/items'))
    expect(list.some((i) => i.id === itemId)).toBe(false)
    const { batchId } = await seedBatch(testDb.db, entityA, { recipe: seedRecipe({}) })
    expect((await call(adminB, 'GET', `/api/inventory/batches/${batchId}/cost`)).statusCode).toBe(404)
    expect(
      (await call(adminB, 'POST', `/api/batches/${batchId}/brew-day`, makeEnvelope('batch', {}))).statusCode,
    ).toBe(404)
  })
})
