// Cellar tasks (issue 34 "Cellar tasks", ADR 263): the dry hop, cold crash, transfer and packaging a batch needs,
// worked out from its recipe and its bookings, done by one tap that records the event they describe.
//
// Dates by hand (the brewery's days cut in UTC here):
// - an ale brewed on day 0 is booked 14 days in its fermenter (day 0 → day 14) and 7 in the brite tank
//   (day 14 → day 21);
// - its dry hop of 3 days is due 3 days after brew day ended (now): day 3;
// - the cold crash is due COLD_CRASH_DAYS = 2 days before fermentation ends: day 14 − 2 = day 12;
// - the transfer to the booked brite tank is due when fermentation ends: day 14;
// - a cold crash recorded now ends fermentation 2 days from now, so the transfer moves up to day 2;
// - after the transfer (now) the brite booking moves to start now with its 7 days: packaging due day 7.
// - stock: 5 kg of Cascade received; a dry hop of 2 lb = 2 × 0.45359237 = 0.90718 kg, stored to four decimals:
//   0.9072 kg consumed from that lot.
import type { CellarTask, CellarTasks } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { batchCellarSteps } from '../../db/schema/cellar.ts'
import { stockMovements } from '../../db/schema/inventory.ts'
import { productPackages } from '../../db/schema/products.ts'
import { brewSteps, vesselOccupancies } from '../../db/schema/production.ts'
import {
  paleRecipe,
  startProductionApp,
  type ErrorBody,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

type Json = Record<string, unknown>
const DAY = 86_400_000
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

describe.each(TEST_DATABASES)('cellar tasks on %s', (kind) => {
  let p: ProductionApp
  let a: Members

  beforeAll(async () => {
    p = await startProductionApp(kind)
  })
  beforeEach(async () => {
    a = await p.brewery()
  })
  afterAll(async () => p?.close())

  const vessel = async (name: string, vesselKind = 'fermenter') => {
    const id = crypto.randomUUID()
    const response = await p.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', {
      id,
      name,
      kind: vesselKind,
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }
  const tasks = async (sub = a.Brewer) => {
    const response = await p.call(sub, 'GET', '/api/cellar/tasks')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: CellarTasks }>().data
  }
  const of = (list: CellarTask[], kind: CellarTask['kind']) => list.filter((t) => t.kind === kind)

  /** A product whose recipe has a 3-day dry hop of 2 lb Cascade; a brewhouse; a fermenter and a brite tank. */
  async function brewery(options: { brite?: boolean } = {}) {
    const productId = crypto.randomUUID()
    const hopId = crypto.randomUUID()
    const recipe = {
      ...paleRecipe(productId),
      hopsBill: [
        {
          id: hopId,
          ingredient: { id: 'cascade', type: 'hop', name: 'Cascade', alphaAcids: 5.5 },
          amount: { value: 2, unit: 'Pounds' },
          additionType: 'Dry Hop',
          time: { value: 3, unit: 'Days' },
        },
      ],
    }
    const made = await p.write(a.Admin, 'POST', '/api/products', 'product', {
      id: productId,
      name: 'Dry Hopped Pale',
      description: '',
      recipes: [recipe],
    })
    expect(made.statusCode, made.body).toBe(201)
    const fv = await vessel('Task FV1')
    const bt = options.brite === false ? null : await vessel('Task BT1', 'brite-tank')
    const brewhouseId = await p.brewhouse(a, 'Task brewhouse')
    return { productId, recipeId: recipe.id, hopId, fv, bt, brewhouseId }
  }

  async function brewed(b: Awaited<ReturnType<typeof brewery>>, extra: Json = {}) {
    const id = crypto.randomUUID()
    const planned = await p.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id,
      productId: b.productId,
      recipeId: b.recipeId,
      brewhouseId: b.brewhouseId,
      plannedBrewDate: day(0),
      targetVolume: { quantity: 5, unit: 'BBL' },
      ...extra,
    })
    expect(planned.statusCode, planned.body).toBe(201)
    const number = planned.json<{ data: { number: string } }>().data.number
    // Nothing is a cellar task before the beer is in the cellar.
    expect((await tasks()).tasks.filter((t) => t.batchId === id)).toEqual([])
    expect((await p.write(a.Brewer, 'POST', `/api/batches/${id}/brew-day`, 'batch', {})).statusCode).toBe(201)
    const finished = await p.write(a.Brewer, 'POST', `/api/batches/${id}/brew-day/finish`, 'batch', {
      fermenterId: b.fv,
      acceptCleaningWarning: true,
    })
    expect(finished.statusCode, finished.body).toBe(200)
    return { id, number }
  }

  it('lists the dry hop, cold crash and transfer of a brewed batch with their due dates and the booked brite tank', async () => {
    const b = await brewery()
    const batch = await brewed(b)
    const { today, tasks: list } = await tasks()
    expect(today).toBe(day(0))
    expect(list.map((t) => [t.kind, t.dueDate])).toEqual([
      ['dry-hop', day(3)],
      ['cold-crash', day(12)],
      ['transfer', day(14)],
    ])
    expect(of(list, 'dry-hop')[0]).toMatchObject({
      id: `dry-hop:${batch.id}:hop:${b.hopId}`,
      batchNumber: batch.number,
      title: 'Dry hop: add Cascade',
      stepKey: `hop:${b.hopId}`,
      amount: { value: 2, unit: 'Pounds' },
      vesselId: b.fv,
      vesselName: 'Task FV1',
      overdue: false,
    })
    expect(of(list, 'transfer')[0]).toMatchObject({
      title: 'Transfer to Task BT1',
      vesselId: b.fv,
      toVesselId: b.bt,
      toVesselName: 'Task BT1',
    })
    // Another brewery sees none of them.
    const other = await p.brewery()
    expect((await tasks(other.Brewer)).tasks).toEqual([])
  })

  it('dry hop: one tap records the addition on the batch and consumes the hop lot; the task is gone', async () => {
    const b = await brewery()
    const itemId = crypto.randomUUID()
    const item = await p.write(a.Manager, 'POST', '/api/inventory/items', 'stock', {
      id: itemId,
      name: 'Cascade',
      category: 'hop',
      ingredientId: 'cascade',
      unit: 'kg',
      parLevel: null,
      packageTypeId: null,
      perUnit: null,
    })
    expect(item.statusCode, item.body).toBe(201)
    const lotId = crypto.randomUUID()
    const lot = await p.write(a.Manager, 'POST', `/api/inventory/items/${itemId}/lots`, 'stock', {
      id: lotId,
      supplier: 'YCH',
      lotCode: 'C-1',
      receivedOn: day(-1),
      bestBefore: null,
      quantity: 5,
      unit: 'kg',
      unitCostCents: 2000,
      alphaAcid: 5.5,
      colorLovibond: null,
      extractPct: null,
    })
    expect(lot.statusCode, lot.body).toBe(201)
    const batch = await brewed(b)
    const stepKey = `hop:${b.hopId}`
    const done = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: batch.id,
      stepKey,
      actual: { value: 2, unit: 'Pounds' },
    })
    expect(done.statusCode, done.body).toBe(201)
    expect(done.json<{ data: Json }>().data).toEqual({
      taskId: `dry-hop:${batch.id}:${stepKey}`,
      batchId: batch.id,
    })
    const [step] = await p.testDb.db
      .select()
      .from(brewSteps)
      .where(and(eq(brewSteps.batchId, batch.id), eq(brewSteps.key, stepKey)))
    expect(step.completedAt).not.toBeNull()
    expect(step.actual).toEqual({ amount: { value: 2, unit: 'Pounds' }, note: '' })
    const consumed = await p.testDb.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.batchId, batch.id), eq(stockMovements.itemId, itemId)))
    expect(consumed.map((m) => [m.kind, m.lotId, Number(m.quantity)])).toEqual([['consumed', lotId, -0.9072]])
    expect(of((await tasks()).tasks, 'dry-hop')).toEqual([])

    // Once is enough; a step of brew day itself is not a cellar task; another brewery's batch is a 404.
    const again = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: batch.id,
      stepKey,
      actual: { value: 2, unit: 'Pounds' },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json<ErrorBody>().error.message).toBe(
      `“Dry hop: add Cascade” of batch ${batch.number} is already recorded.`,
    )
    const brewDayStep = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: batch.id,
      stepKey: 'strike-water',
      actual: { value: 1, unit: 'Pounds' },
    })
    expect(brewDayStep.statusCode).toBe(409)
    expect(brewDayStep.json<ErrorBody>().error.message).toMatch(/belongs to brew day, not to the cellar/)
    const other = await p.brewery()
    const foreign = await p.write(other.Admin, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: batch.id,
      stepKey,
      actual: { value: 2, unit: 'Pounds' },
    })
    expect(foreign.statusCode).toBe(404)
  })

  it('cold crash: one tap records the temperature on the batch and brings the transfer forward', async () => {
    const b = await brewery()
    const batch = await brewed(b)
    const id = crypto.randomUUID()
    const done = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
      id,
      batchId: batch.id,
      temperature: { value: 34, unit: 'F' },
    })
    expect(done.statusCode, done.body).toBe(201)
    const [step] = await p.testDb.db.select().from(batchCellarSteps).where(eq(batchCellarSteps.id, id))
    expect(step).toMatchObject({ kind: 'cold-crash', vesselId: b.fv, temperature: { value: 34, unit: 'F' } })
    const list = (await tasks()).tasks
    expect(of(list, 'cold-crash')).toEqual([])
    // Fermentation now ends 2 days after the crash: the transfer is due then.
    expect(of(list, 'transfer')[0].dueDate).toBe(day(2))

    const twice = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
      id: crypto.randomUUID(),
      batchId: batch.id,
      temperature: { value: 34, unit: 'F' },
    })
    expect(twice.statusCode).toBe(409)
    expect(twice.json<ErrorBody>().error.message).toBe(`Batch ${batch.number} is already cold crashed.`)
  })

  it('refuses a cold crash that is not one, naming the field', async () => {
    const b = await brewery()
    const batch = await brewed(b)
    for (const [temperature, path] of [
      [{ value: 90, unit: 'F' }, 'data.temperature.value'],
      [{ value: 1, unit: 'K' }, 'data.temperature.unit'],
      [{ value: 'cold', unit: 'F' }, 'data.temperature.value'],
    ] as const) {
      const response = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
        id: crypto.randomUUID(),
        batchId: batch.id,
        temperature,
      })
      expect(response.statusCode, JSON.stringify(temperature)).toBe(400)
      expect(response.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain(path)
    }
    const notUuid = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: 'FV1',
      stepKey: 'x',
      actual: { value: 1, unit: 'Pounds' },
    })
    expect(notUuid.statusCode).toBe(400)
  })

  it('transfer: the task carries the booked brite tank; after the transfer it is gone and packaging is due when the moved booking ends', async () => {
    const b = await brewery()
    const batch = await brewed(b)
    const moved = await p.write(a.Brewer, 'POST', '/api/cellar/liquid-events', 'liquid-event', {
      id: crypto.randomUUID(),
      kind: 'transferred',
      fromVesselId: b.fv,
      toVesselId: b.bt,
      volumeBbl: 4.8,
      acceptCleaningWarning: true,
      emptyTank: { lossId: crypto.randomUUID(), reason: 'Yeast cake' },
    })
    expect(moved.statusCode, moved.body).toBe(201)
    const list = (await tasks()).tasks.filter((t) => t.batchId === batch.id)
    // The crash was never tapped: once the beer has left the fermenter it is no longer asked for.
    expect(list.map((t) => [t.kind, t.dueDate, t.vesselName])).toEqual([
      ['dry-hop', day(3), 'Task BT1'],
      ['packaging', day(7), 'Task BT1'],
    ])
    const crash = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
      id: crypto.randomUUID(),
      batchId: batch.id,
      temperature: { value: 1, unit: 'C' },
    })
    expect(crash.statusCode).toBe(409)
    expect(crash.json<ErrorBody>().error.message).toBe(
      `Batch ${batch.number} has left its fermenter: a cold crash comes before the transfer.`,
    )
  })

  it('packaging: a batch that conditions in its fermenter is packaged from it; packaged, it has no task left', async () => {
    const b = await brewery({ brite: false })
    const batch = await brewed(b, { conditionInFermenter: true })
    const before = (await tasks()).tasks.map((t) => [t.kind, t.dueDate, t.vesselId])
    // 14 + 7 days in the fermenter: crash on day 19, package on day 21; no transfer.
    expect(before).toEqual([
      ['dry-hop', day(3), b.fv],
      ['cold-crash', day(19), b.fv],
      ['packaging', day(21), b.fv],
    ])
    const kegs = crypto.randomUUID()
    await p.testDb.db.insert(productPackages).values({
      id: kegs,
      entityId: a.entityId,
      productId: b.productId,
      type: '1/2 BBL Keg',
      typeId: 'half',
      sku: `K2-${kegs.slice(0, 4)}`,
      upc: '',
      position: 0,
    })
    const run = await p.write(a.Manager, 'POST', '/api/cellar/packaging-runs', 'liquid-event', {
      id: crypto.randomUUID(),
      fromVesselId: b.fv,
      lines: [{ id: crypto.randomUUID(), packageId: kegs, units: 10 }],
    })
    expect(run.statusCode, run.body).toBe(201)
    expect((await tasks()).tasks.filter((t) => t.batchId === batch.id)).toEqual([])
    const open = await p.testDb.db
      .select()
      .from(vesselOccupancies)
      .where(eq(vesselOccupancies.batchId, batch.id))
    for (const occupancy of open) expect(occupancy.actualEnd).not.toBeNull()
    // Completed: its dry hop can no longer be recorded.
    const late = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/dry-hop', 'cellar-task', {
      batchId: batch.id,
      stepKey: `hop:${b.hopId}`,
      actual: { value: 2, unit: 'Pounds' },
    })
    expect(late.statusCode).toBe(409)
    expect(late.json<ErrorBody>().error.message).toBe(
      `Batch ${batch.number} is completed: it has no cellar work left.`,
    )
  })
})
