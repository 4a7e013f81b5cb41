import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
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
})
