import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  brewhouseConstants,
  startProductionApp,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

type Bar = { batchId: string; vesselId: string; stage: string; start: string; end: string }

describe.each(TEST_DATABASES)('Plan Batch books the schedule on %s', (kind) => {
  let p: ProductionApp
  let a: Members

  beforeAll(async () => {
    p = await startProductionApp(kind)
    a = await p.brewery()
  })
  afterAll(async () => p?.close())

  const vessel = async (name: string, kind = 'fermenter') => {
    const id = crypto.randomUUID()
    const response = await p.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', {
      id,
      name,
      kind,
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }
  const plan = async (productId: string, recipeId: string, brewhouseId: string, plannedBrewDate: string) => {
    const id = crypto.randomUUID()
    const response = await p.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id,
      productId,
      recipeId,
      brewhouseId,
      plannedBrewDate,
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }

  it('books fermentation in the first free fermenter and conditioning in a brite tank; a batch finding none stays planned and unbooked', async () => {
    const fv = await vessel('FV-1')
    const bt = await vessel('BT-1', 'brite-tank')
    const brewhouseId = await p.brewhouse(a)
    const product = await p.product(a)
    const first = await plan(product.id, product.recipe.id, brewhouseId, '2027-02-01')
    const second = await plan(product.id, product.recipe.id, brewhouseId, '2027-02-05')

    const response = await p.call(a.Brewer, 'GET', '/api/schedule?from=2027-01-25&to=2027-03-15')
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json<{ data: { bars: Bar[]; unbooked: { batchId: string }[] } }>().data
    const firstBars = data.bars.filter((bar) => bar.batchId === first)
    expect(
      firstBars.map((bar) => [bar.stage, bar.vesselId, bar.start.slice(0, 10), bar.end.slice(0, 10)]).sort(),
    ).toEqual([
      ['conditioning', bt, '2027-02-15', '2027-02-22'],
      ['fermentation', fv, '2027-02-01', '2027-02-15'],
    ])
    // The only fermenter is taken: the second batch is planned all the same, waiting to be booked.
    expect(data.bars.some((bar) => bar.batchId === second)).toBe(false)
    expect(data.unbooked.map((b) => b.batchId)).toContain(second)
  })
  it('moves a planned batch’s bookings with Change Plan, and refuses a change that collides or outgrows its tank', async () => {
    // A brewhouse larger than the tanks, so the tank refuses the volume before the brewhouse would.
    const brewhouseId = crypto.randomUUID()
    const created = await p.write(a.Admin, 'POST', '/api/equipment/brewhouses', 'brewhouse', {
      id: brewhouseId,
      ...brewhouseConstants('Twenty barrel'),
      maxBatchGallons: 620,
      maxGrainPounds: 2000,
    })
    expect(created.statusCode, created.body).toBe(201)
    const product = await p.product(a)
    // Far from the other test's days: both go into the first fermenter, one after the other.
    const first = await plan(product.id, product.recipe.id, brewhouseId, '2028-03-01')
    const second = await plan(product.id, product.recipe.id, brewhouseId, '2028-04-01')
    const bars = async () =>
      (await p.call(a.Brewer, 'GET', '/api/schedule?from=2028-02-01&to=2028-06-01')).json<{
        data: { bars: Bar[] }
      }>().data.bars
    const fermentationOf = async (batchId: string) =>
      (await bars()).find((bar) => bar.batchId === batchId && bar.stage === 'fermentation')!
    const firstVessel = (await fermentationOf(first)).vesselId
    expect((await fermentationOf(second)).vesselId).toBe(firstVessel)

    const change = (id: string, data: object) =>
      p.write(a.Manager, 'PUT', `/api/batches/${id}`, 'batch', data)
    const moved = await change(second, { plannedBrewDate: '2028-04-10' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await fermentationOf(second)).start.slice(0, 10)).toBe('2028-04-10')

    const collides = await change(second, { plannedBrewDate: '2028-03-10' })
    expect(collides.statusCode).toBe(409)
    expect(collides.body).toMatch(/batch \d{4}-\d{3}/)
    expect((await fermentationOf(second)).start.slice(0, 10)).toBe('2028-04-10')

    const tooBig = await change(second, { targetVolume: { quantity: 10.5, unit: 'BBL' } })
    expect(tooBig.statusCode).toBe(409)
    expect(tooBig.body).toContain('above the working capacity')
  })
})
