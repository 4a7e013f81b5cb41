// The cold crash temperature (issue 34, ADR 340): the cold crash task suggests the recipe's temperature, else the
// brewery's default (cellar settings), else the standard 34 °F; the person may set another, and the server
// refuses one outside a fridge's range (14–68 °F, −10–20 °C) with a message naming the field.
import type { CellarTask, CellarTasks } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { batchCellarSteps } from '../../db/schema/cellar.ts'
import {
  paleRecipe,
  startProductionApp,
  type ErrorBody,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

type Json = Record<string, unknown>
const today = () => new Date().toISOString().slice(0, 10)
const RANGE = 'A cold crash is between 14 and 68 °F (−10 and 20 °C)'

describe.each(TEST_DATABASES)('the cold crash temperature on %s', (kind) => {
  let p: ProductionApp
  let a: Members

  beforeAll(async () => {
    p = await startProductionApp(kind)
  })
  beforeEach(async () => {
    a = await p.brewery()
  })
  afterAll(async () => p?.close())

  /** A batch of a recipe (with `recipe` merged in) brewed into a fermenter: its cold crash task is open. */
  async function brewed(recipe: Json = {}) {
    const productId = crypto.randomUUID()
    const made = { ...paleRecipe(productId), ...recipe }
    const product = await p.write(a.Admin, 'POST', '/api/products', 'product', {
      id: productId,
      name: 'Crash Pale',
      description: '',
      recipes: [made],
    })
    expect(product.statusCode, product.body).toBe(201)
    const fv = crypto.randomUUID()
    const vessel = await p.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', {
      id: fv,
      name: 'Crash FV',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    expect(vessel.statusCode, vessel.body).toBe(201)
    const brewhouseId = await p.brewhouse(a, 'Crash brewhouse')
    const id = crypto.randomUUID()
    const planned = await p.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id,
      productId,
      recipeId: made.id,
      brewhouseId,
      plannedBrewDate: today(),
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(planned.statusCode, planned.body).toBe(201)
    expect((await p.write(a.Brewer, 'POST', `/api/batches/${id}/brew-day`, 'batch', {})).statusCode).toBe(201)
    const finished = await p.write(a.Brewer, 'POST', `/api/batches/${id}/brew-day/finish`, 'batch', {
      fermenterId: fv,
      acceptCleaningWarning: true,
    })
    expect(finished.statusCode, finished.body).toBe(200)
    return id
  }

  const crashTask = async (batchId: string): Promise<CellarTask> => {
    const response = await p.call(a.Brewer, 'GET', '/api/cellar/tasks')
    expect(response.statusCode, response.body).toBe(200)
    const task = response
      .json<{ data: CellarTasks }>()
      .data.tasks.find((t) => t.batchId === batchId && t.kind === 'cold-crash')
    expect(task).toBeDefined()
    return task!
  }

  const settings = (coldCrashTemperature: unknown) =>
    p.write(a.Admin, 'PUT', '/api/cellar/settings', 'cellar-settings', {
      cleanWindowHours: 24,
      sanitiseWindowHours: 4,
      alertRoles: ['Admin'],
      coldCrashTemperature,
    })

  it('suggests 34 °F when neither the recipe nor the brewery says a temperature', async () => {
    const batchId = await brewed()
    expect((await crashTask(batchId)).crash).toEqual({
      temperature: { value: 34, unit: 'F' },
      from: 'standard',
    })
    const saved = await p.call(a.Brewer, 'GET', '/api/cellar/settings')
    expect(saved.json<{ data: Json }>().data.coldCrashTemperature).toBeNull()
  })

  it("suggests the brewery's default once it is saved, and the recipe's own over it", async () => {
    const saved = await settings({ value: 0, unit: 'C' })
    expect(saved.statusCode, saved.body).toBe(200)
    const read = await p.call(a.Brewer, 'GET', '/api/cellar/settings')
    expect(read.json<{ data: Json }>().data.coldCrashTemperature).toEqual({ value: 0, unit: 'C' })

    const plain = await brewed()
    expect((await crashTask(plain)).crash).toEqual({ temperature: { value: 0, unit: 'C' }, from: 'brewery' })
    const own = await brewed({ coldCrashTemperature: { value: 31, unit: 'F' } })
    expect((await crashTask(own)).crash).toEqual({ temperature: { value: 31, unit: 'F' }, from: 'recipe' })
  })

  it('records the temperature the person set, not the suggestion', async () => {
    const batchId = await brewed()
    const id = crypto.randomUUID()
    const done = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
      id,
      batchId,
      temperature: { value: 30.5, unit: 'F' },
    })
    expect(done.statusCode, done.body).toBe(201)
    const [step] = await p.testDb.db.select().from(batchCellarSteps).where(eq(batchCellarSteps.id, id))
    expect(step.temperature).toEqual({ value: 30.5, unit: 'F' })
  })

  it('refuses a temperature outside a fridge’s range, or none, with a clear message naming the field', async () => {
    const batchId = await brewed()
    for (const [temperature, path, message] of [
      [{ value: 90, unit: 'F' }, 'data.temperature.value', RANGE],
      [{ value: 13.9, unit: 'F' }, 'data.temperature.value', RANGE],
      [{ value: 21, unit: 'C' }, 'data.temperature.value', RANGE],
      [{ value: -11, unit: 'C' }, 'data.temperature.value', RANGE],
      [{ unit: 'F' }, 'data.temperature.value', 'Enter the temperature'],
      [{ value: 34, unit: 'K' }, 'data.temperature.unit', 'The unit is F or C'],
    ] as const) {
      const response = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
        id: crypto.randomUUID(),
        batchId,
        temperature,
      })
      expect(response.statusCode, JSON.stringify(temperature)).toBe(400)
      expect(response.json<ErrorBody>().error.issues).toContainEqual({ path, message })
    }
    // The edges are a cold crash.
    for (const temperature of [
      { value: 14, unit: 'F' },
      { value: -10, unit: 'C' },
    ]) {
      const response = await p.write(a.Brewer, 'POST', '/api/cellar/tasks/cold-crash', 'cellar-task', {
        id: crypto.randomUUID(),
        batchId: await brewed(),
        temperature,
      })
      expect(response.statusCode, response.body).toBe(201)
    }
  })

  it('refuses a brewery default outside the range, naming the field, and keeps the one saved', async () => {
    expect((await settings({ value: 2, unit: 'C' })).statusCode).toBe(200)
    const bad = await settings({ value: 25, unit: 'C' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ErrorBody>().error.issues).toContainEqual({
      path: 'data.coldCrashTemperature.value',
      message: RANGE,
    })
    const read = await p.call(a.Brewer, 'GET', '/api/cellar/settings')
    expect(read.json<{ data: Json }>().data.coldCrashTemperature).toEqual({ value: 2, unit: 'C' })
  })
})
