import { makeEnvelope, type FirstWeek } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startProductionApp,
  type ErrorBody,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

describe.each(TEST_DATABASES)('the first week API on %s', (kind) => {
  let s: ProductionApp
  let a: Members
  let b: Members
  const weekOf = async (sub: string) =>
    (await s.call(sub, 'GET', '/api/first-week')).json<{ data: FirstWeek }>().data

  beforeAll(async () => {
    s = await startProductionApp(kind)
    a = await s.brewery()
    b = await s.brewery()
  })
  afterAll(async () => {
    await s?.close()
  })

  it('ticks each step from the brewery’s own records, and only its own', async () => {
    expect(await weekOf(a.Brewer)).toEqual({
      steps: { brewhouse: false, vessels: false, recipe: false, batch: false, brewDay: false },
      dismissedAt: null,
    })
    await s.brewhouse(a)
    const vessel = await s.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', {
      id: crypto.randomUUID(),
      name: 'FV1',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    expect(vessel.statusCode).toBe(201)
    await s.product(a)
    expect((await weekOf(a.Manager)).steps).toEqual({
      brewhouse: true,
      vessels: true,
      recipe: true,
      batch: false,
      brewDay: false,
    })
    // Brewery B has none of A's records.
    expect((await weekOf(b.Admin)).steps.brewhouse).toBe(false)
  })

  it('puts the path away for the person who dismissed it only, once, idempotently', async () => {
    const first = await s.write(a.Brewer, 'PUT', '/api/first-week/dismissal', 'first-week', {
      dismissed: true,
    })
    expect(first.statusCode).toBe(200)
    const at = first.json<{ data: { dismissedAt: string } }>().data.dismissedAt
    expect((await weekOf(a.Brewer)).dismissedAt).toBe(at)
    expect((await weekOf(a.Manager)).dismissedAt).toBeNull()
    // Again: the first instant stays.
    await s.write(a.Brewer, 'PUT', '/api/first-week/dismissal', 'first-week', { dismissed: true })
    expect((await weekOf(a.Brewer)).dismissedAt).toBe(at)
  })

  it('refuses a dismissal that is not one, naming the field, and stores nothing', async () => {
    const response = await s.call(
      a.Manager,
      'PUT',
      '/api/first-week/dismissal',
      makeEnvelope('first-week', { dismissed: false }),
    )
    expect(response.statusCode).toBe(400)
    expect(JSON.stringify(response.json<ErrorBody>().error)).toContain('dismissed')
    expect((await weekOf(a.Manager)).dismissedAt).toBeNull()
  })
})
