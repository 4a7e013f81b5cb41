import type { Batch, BatchSummary } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batches, batchSequences } from '../../db/schema/production.ts'
import {
  brewhouseConstants,
  startProductionApp,
  type ErrorBody,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

describe.each(TEST_DATABASES)('batches API on %s', (kind) => {
  let s: ProductionApp
  let a: Members
  let b: Members
  let product: Awaited<ReturnType<ProductionApp['product']>>
  let brewhouseId: string

  const plan = (sub: string, overrides: Record<string, unknown> = {}) =>
    s.write(sub, 'POST', '/api/batches', 'batch', {
      id: crypto.randomUUID(),
      productId: product.id,
      recipeId: product.recipe.id,
      brewhouseId,
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 5, unit: 'BBL' },
      ...overrides,
    })
  const issues = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.issues ?? []
  const read = async (sub: string, id: string) => {
    const response = await s.call(sub, 'GET', `/api/batches/${id}`)
    expect(response.statusCode).toBe(200)
    return response.json<{ data: Batch }>().data
  }

  beforeAll(async () => {
    s = await startProductionApp(kind)
    a = await s.brewery()
    b = await s.brewery()
    product = await s.product(a)
    brewhouseId = await s.brewhouse(a)
  })
  afterAll(async () => {
    await s?.close()
  })

  it("plans a batch with the brewery's next number of the year, the recipe frozen and the version in force", async () => {
    const first = await plan(a.Manager, { plannedBrewDate: '2031-03-02' })
    expect(first.statusCode).toBe(201)
    const batch = first.json<{ data: Batch }>().data
    expect(batch).toMatchObject({
      number: '2031-001',
      status: 'planned',
      productId: product.id,
      productName: 'Pale Ale',
      recipeId: product.recipe.id,
      plannedBrewDate: '2031-03-02',
      targetVolumeBbl: 5,
      targetVolumeUnit: 'BBL',
      fermenterId: null,
      brewDayStartedAt: null,
      brewDayFinishedAt: null,
      brewhouse: { id: brewhouseId, name: 'Ten barrel', version: 1 },
    })
    expect(batch.brewhouse.constants).toMatchObject(brewhouseConstants())
    expect(batch.recipeSnapshot.grainBill[0].amount).toEqual({ value: 10, unit: 'Pounds' })
    expect(Math.abs(Date.parse(batch.serverTime) - Date.now())).toBeLessThan(60_000)

    const second = (await plan(a.Admin, { plannedBrewDate: '2031-06-01' })).json<{ data: Batch }>().data
    expect(second.number).toBe('2031-002')
    // Another year starts at 1; another brewery has its own numbers.
    expect(
      (await plan(a.Manager, { plannedBrewDate: '2032-01-05' })).json<{ data: Batch }>().data.number,
    ).toBe('2032-001')
    const [sequence] = await s.testDb.db
      .select()
      .from(batchSequences)
      .where(and(eq(batchSequences.entityId, a.entityId), eq(batchSequences.year, 2031)))
    expect(sequence.last).toBe(2)
  })

  it('stores a volume planned in gallons as barrels, and answers it in the unit planned', async () => {
    const response = await plan(a.Manager, { targetVolume: { quantity: 155, unit: 'GAL' } })
    const batch = response.json<{ data: Batch }>().data
    expect(batch).toMatchObject({ targetVolumeBbl: 5, targetVolumeUnit: 'GAL' })
    const [row] = await s.testDb.db.select().from(batches).where(eq(batches.id, batch.id))
    expect(row.targetVolumeBbl).toBe('5.00000')
  })

  it('freezes the recipe as stored: the body cannot bring one, and later edits of the recipe and brewhouse never reach it', async () => {
    const id = crypto.randomUUID()
    const forged = { ...product.recipe, grainBill: [] }
    expect((await plan(a.Manager, { id, recipeSnapshot: forged })).statusCode).toBe(201)

    const edited = { ...product.recipe, boilTime: 90, grainBill: [] }
    const put = await s.write(
      a.Brewer,
      'PUT',
      `/api/products/${product.id}/recipes/${product.recipe.id}`,
      'recipe',
      edited,
    )
    expect(put.statusCode).toBe(200)
    const put2 = await s.write(a.Admin, 'PUT', `/api/equipment/brewhouses/${brewhouseId}`, 'brewhouse', {
      ...brewhouseConstants(),
      brewhouseEfficiency: 60,
    })
    expect(put2.statusCode).toBe(200)

    const batch = await read(a.Brewer, id)
    expect(batch.recipeSnapshot.boilTime).toBe(60)
    expect(batch.recipeSnapshot.grainBill).toHaveLength(1)
    expect(batch.brewhouse).toMatchObject({ version: 1, constants: { brewhouseEfficiency: 75 } })
    // A batch planned now takes the recipe and the version as they are now.
    const later = (await plan(a.Manager)).json<{ data: Batch }>().data
    expect(later.recipeSnapshot.boilTime).toBe(90)
    expect(later.brewhouse).toMatchObject({ version: 2, constants: { brewhouseEfficiency: 60 } })
    // Put the recipe back for the other cases.
    await s.write(
      a.Brewer,
      'PUT',
      `/api/products/${product.id}/recipes/${product.recipe.id}`,
      'recipe',
      product.recipe,
    )
  })

  it('refuses bad plans with a 4xx naming the field', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ plannedBrewDate: '2026-02-30' }, 400, 'data.plannedBrewDate'],
      [{ plannedBrewDate: 'next week' }, 400, 'data.plannedBrewDate'],
      [{ targetVolume: { quantity: 0, unit: 'BBL' } }, 400, 'data.targetVolume.quantity'],
      [{ targetVolume: { quantity: 5, unit: 'HL' } }, 400, 'data.targetVolume.unit'],
      // Above the brewhouse's 310 gal.
      [{ targetVolume: { quantity: 11, unit: 'BBL' } }, 400, 'data.targetVolume.quantity'],
      [{ brewhouseId: 'not-an-id' }, 400, 'data.brewhouseId'],
      [{ brewhouseId: crypto.randomUUID() }, 404, 'data.brewhouseId'],
      [{ recipeId: crypto.randomUUID() }, 404, 'data.recipeId'],
    ]
    for (const [change, status, path] of cases) {
      const response = await plan(a.Manager, change)
      expect(response.statusCode, path).toBe(status)
      expect(issues(response).map((issue) => issue.path)).toContain(path)
    }
    const filter = await s.call(a.Brewer, 'GET', '/api/batches?status=brewing,boiling')
    expect(filter.statusCode).toBe(400)
    expect(issues(filter).map((issue) => issue.path)).toContain('status')
  })

  it('lets a Manager plan and a Brewer only read (403); another brewery gets 404', async () => {
    const refused = await plan(a.Brewer)
    expect(refused.statusCode).toBe(403)
    expect(refused.json<ErrorBody>().error.code).toBe('FORBIDDEN')

    const id = crypto.randomUUID()
    expect((await plan(a.Manager, { id })).statusCode).toBe(201)
    expect((await read(a.Brewer, id)).id).toBe(id)
    expect((await s.call(b.Admin, 'GET', `/api/batches/${id}`)).statusCode).toBe(404)
    const change = await s.write(b.Admin, 'PUT', `/api/batches/${id}`, 'batch', {
      plannedBrewDate: '2027-01-01',
    })
    expect(change.statusCode).toBe(404)
    // Brewery B cannot brew brewery A's recipe, nor on its brewhouse.
    const foreign = await s.write(b.Admin, 'POST', '/api/batches', 'batch', {
      id: crypto.randomUUID(),
      productId: product.id,
      recipeId: product.recipe.id,
      brewhouseId,
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(foreign.statusCode).toBe(404)
    const list = (await s.call(b.Admin, 'GET', '/api/batches')).json<{ data: BatchSummary[] }>().data
    expect(list).toEqual([])
  })

  it('lists batches with a status filter, without their snapshots', async () => {
    const id = crypto.randomUUID()
    await plan(a.Manager, { id })
    await s.testDb.db.update(batches).set({ status: 'fermenting' }).where(eq(batches.id, id))
    const all = (await s.call(a.Brewer, 'GET', '/api/batches')).json<{ data: BatchSummary[] }>().data
    expect(all.map((batch) => batch.id)).toContain(id)
    expect(all[0]).not.toHaveProperty('recipeSnapshot')
    const fermenting = (await s.call(a.Brewer, 'GET', '/api/batches?status=fermenting')).json<{
      data: BatchSummary[]
    }>().data
    expect(fermenting.map((batch) => batch.id)).toEqual([id])
    const planned = (await s.call(a.Brewer, 'GET', '/api/batches?status=planned,brewing')).json<{
      data: BatchSummary[]
    }>().data
    expect(planned.every((batch) => batch.status === 'planned')).toBe(true)
    expect(planned.map((batch) => batch.id)).not.toContain(id)
  })

  it('changes the date, volume and brewhouse of a planned batch, and refuses once it is brewing (409)', async () => {
    const id = crypto.randomUUID()
    await plan(a.Manager, { id })
    const other = await s.brewhouse(a, 'Pilot')
    const response = await s.write(a.Manager, 'PUT', `/api/batches/${id}`, 'batch', {
      plannedBrewDate: '2026-12-24',
      targetVolume: { quantity: 248, unit: 'GAL' },
      brewhouseId: other,
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<{ data: Batch }>().data).toMatchObject({
      plannedBrewDate: '2026-12-24',
      targetVolumeBbl: 8,
      targetVolumeUnit: 'GAL',
      brewhouse: { id: other, name: 'Pilot', version: 1 },
    })
    const brewer = await s.write(a.Brewer, 'PUT', `/api/batches/${id}`, 'batch', {
      plannedBrewDate: '2027-01-01',
    })
    expect(brewer.statusCode).toBe(403)
    const tooBig = await s.write(a.Manager, 'PUT', `/api/batches/${id}`, 'batch', {
      targetVolume: { quantity: 20, unit: 'BBL' },
    })
    expect(tooBig.statusCode).toBe(400)
    expect(issues(tooBig).map((issue) => issue.path)).toContain('data.targetVolume.quantity')

    await s.testDb.db.update(batches).set({ status: 'brewing' }).where(eq(batches.id, id))
    const late = await s.write(a.Manager, 'PUT', `/api/batches/${id}`, 'batch', {
      plannedBrewDate: '2027-01-01',
    })
    expect(late.statusCode).toBe(409)
    expect((await read(a.Manager, id)).plannedBrewDate).toBe('2026-12-24')
  })
})
