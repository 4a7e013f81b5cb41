import { makeEnvelope, type BrewhouseDetail, type Vessel } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batches, brewhouses, brewhouseVersions, measurements } from '../../db/schema/production.ts'
import {
  brewhouseConstants,
  startProductionApp,
  type ErrorBody,
  type Members,
  type ProductionApp,
} from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const vessel = (overrides: Partial<Vessel> = {}) => ({
  id: crypto.randomUUID(),
  name: 'FV1',
  kind: 'fermenter',
  capacityBbl: 12,
  workingCapacityBbl: 10,
  state: 'clean',
  ...overrides,
})

describe.each(TEST_DATABASES)('equipment API on %s', (kind) => {
  let s: ProductionApp
  let a: Members
  let b: Members

  const brewhousesOf = async (sub: string) =>
    (await s.call(sub, 'GET', '/api/equipment/brewhouses')).json<{ data: BrewhouseDetail[] }>().data
  const vesselsOf = async (sub: string) =>
    (await s.call(sub, 'GET', '/api/equipment/vessels')).json<{ data: Vessel[] }>().data
  const issues = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.issues ?? []

  beforeAll(async () => {
    s = await startProductionApp(kind)
    a = await s.brewery()
    b = await s.brewery()
  })
  afterAll(async () => {
    await s?.close()
  })

  it('adds a brewhouse as version 1 in stored units, which every role reads', async () => {
    const id = crypto.randomUUID()
    const response = await s.write(a.Admin, 'POST', '/api/equipment/brewhouses', 'brewhouse', {
      id,
      ...brewhouseConstants('Pilot'),
      maxBatchGallons: 62,
    })
    expect(response.statusCode).toBe(201)
    const created = response.json<{ data: BrewhouseDetail }>().data
    expect(created).toMatchObject({ id, name: 'Pilot', version: 1, maxBatchGallons: 62 })
    expect(created.versions).toHaveLength(1)
    expect(created.versions[0]).toMatchObject({ version: 1, reason: 'created' })
    expect(created.calibration).toEqual({ measuredBrews: 0, proposals: [] })
    for (const sub of [a.Brewer, a.Manager]) expect((await brewhousesOf(sub)).map((h) => h.id)).toContain(id)
    expect((await brewhousesOf(b.Admin)).map((h) => h.id)).not.toContain(id)
  })

  it('saves an edit as the next version and keeps the history, newest first', async () => {
    const id = await s.brewhouse(a, 'Versioned')
    const response = await s.write(a.Admin, 'PUT', `/api/equipment/brewhouses/${id}`, 'brewhouse', {
      ...brewhouseConstants('Versioned'),
      brewhouseEfficiency: 68,
    })
    expect(response.statusCode).toBe(200)
    const edited = response.json<{ data: BrewhouseDetail }>().data
    expect(edited).toMatchObject({ version: 2, brewhouseEfficiency: 68 })
    expect(edited.versions.map((v) => [v.version, v.reason, v.constants.brewhouseEfficiency])).toEqual([
      [2, 'edited', 68],
      [1, 'created', 75],
    ])
    const [row] = await s.testDb.db.select().from(brewhouses).where(eq(brewhouses.id, id))
    expect(row.currentVersion).toBe(2)
  })

  it('refuses bad constants with 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ brewhouseEfficiency: 140 }, 'data.brewhouseEfficiency'],
      [{ boilOffGallonsPerHour: -1 }, 'data.boilOffGallonsPerHour'],
      [{ name: '  ' }, 'data.name'],
      [{ maxGrainPounds: 'lots' }, 'data.maxGrainPounds'],
    ]
    for (const [change, path] of cases) {
      const response = await s.write(a.Admin, 'POST', '/api/equipment/brewhouses', 'brewhouse', {
        id: crypto.randomUUID(),
        ...brewhouseConstants(),
        ...change,
      })
      expect(response.statusCode, path).toBe(400)
      expect(issues(response).map((issue) => issue.path)).toContain(path)
    }
  })

  it('adds, changes and lists vessels; a working capacity above the capacity is a 400 naming it', async () => {
    const fv = vessel({ name: 'FV7' })
    expect((await s.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', fv)).statusCode).toBe(201)
    const { id, ...input } = fv
    const changed = await s.write(a.Admin, 'PUT', `/api/equipment/vessels/${id}`, 'vessel', {
      ...input,
      state: 'sanitised',
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json<{ data: Vessel }>().data).toMatchObject({ id, state: 'sanitised', capacityBbl: 12 })
    expect((await vesselsOf(a.Brewer)).find((v) => v.id === id)).toMatchObject({ name: 'FV7' })

    const bad = await s.write(
      a.Admin,
      'POST',
      '/api/equipment/vessels',
      'vessel',
      vessel({ workingCapacityBbl: 13 }),
    )
    expect(bad.statusCode).toBe(400)
    expect(issues(bad)).toContainEqual({
      path: 'data.workingCapacityBbl',
      message: 'Working capacity cannot exceed the capacity',
    })
    const kindless = await s.write(
      a.Admin,
      'POST',
      '/api/equipment/vessels',
      'vessel',
      vessel({ kind: 'bucket' as never }),
    )
    expect(issues(kindless).map((issue) => issue.path)).toContain('data.kind')
  })

  it('lets only an Admin change equipment (403), and another brewery finds none of it (404)', async () => {
    for (const sub of [a.Brewer, a.Manager]) {
      const response = await s.write(sub, 'POST', '/api/equipment/vessels', 'vessel', vessel())
      expect(response.statusCode).toBe(403)
      expect(response.json<ErrorBody>().error.code).toBe('FORBIDDEN')
    }
    const id = await s.brewhouse(a)
    const edit = { ...brewhouseConstants(), brewhouseEfficiency: 50 }
    expect(
      (await s.write(a.Brewer, 'PUT', `/api/equipment/brewhouses/${id}`, 'brewhouse', edit)).statusCode,
    ).toBe(403)
    expect(
      (await s.write(b.Admin, 'PUT', `/api/equipment/brewhouses/${id}`, 'brewhouse', edit)).statusCode,
    ).toBe(404)
    expect((await s.call(b.Admin, 'DELETE', `/api/equipment/brewhouses/${id}`)).statusCode).toBe(404)
    const [row] = await s.testDb.db.select().from(brewhouses).where(eq(brewhouses.id, id))
    expect(row).toMatchObject({ currentVersion: 1, archivedAt: null })
  })

  it('deletes a vessel nothing refers to, and archives a brewhouse a batch was planned on', async () => {
    const fv = vessel()
    await s.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', fv)
    expect((await s.call(a.Admin, 'DELETE', `/api/equipment/vessels/${fv.id}`)).statusCode).toBe(204)
    expect((await vesselsOf(a.Admin)).map((v) => v.id)).not.toContain(fv.id)

    const used = await s.brewhouse(a, 'Used')
    const product = await s.product(a)
    const batchId = crypto.randomUUID()
    const planned = await s.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id: batchId,
      productId: product.id,
      recipeId: product.recipe.id,
      brewhouseId: used,
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(planned.statusCode).toBe(201)
    expect((await s.call(a.Admin, 'DELETE', `/api/equipment/brewhouses/${used}`)).statusCode).toBe(204)
    expect((await brewhousesOf(a.Admin)).map((h) => h.id)).not.toContain(used)
    const [row] = await s.testDb.db.select().from(brewhouses).where(eq(brewhouses.id, used))
    expect(row.archivedAt).not.toBeNull()
    // The batch still reads the version it was planned with.
    const batch = await s.call(a.Brewer, 'GET', `/api/batches/${batchId}`)
    expect(
      batch.json<{ data: { brewhouse: { id: string; version: number } } }>().data.brewhouse,
    ).toMatchObject({
      id: used,
      version: 1,
    })
    // An archived brewhouse takes no new batch.
    const again = await s.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id: crypto.randomUUID(),
      productId: product.id,
      recipeId: product.recipe.id,
      brewhouseId: used,
      plannedBrewDate: '2026-12-02',
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(again.statusCode).toBe(404)
    expect(issues(again).map((issue) => issue.path)).toContain('data.brewhouseId')
  })

  it('answers a replayed Add Vessel with its first answer and adds one vessel', async () => {
    const fv = vessel({ name: 'Replayed' })
    const headers = { 'idempotency-key': crypto.randomUUID() }
    const sent = makeEnvelope('vessel', fv)
    const first = await s.call(a.Admin, 'POST', '/api/equipment/vessels', sent, headers)
    const second = await s.call(a.Admin, 'POST', '/api/equipment/vessels', sent, headers)
    expect([first.statusCode, second.statusCode]).toEqual([201, 201])
    expect(second.json()).toEqual(first.json())
    expect((await vesselsOf(a.Admin)).filter((v) => v.name === 'Replayed')).toHaveLength(1)
  })

  it('proposes calibrated constants after three measured brews and saves the accepted ones as a version', async () => {
    const id = await s.brewhouse(a, 'Calibrated')
    const product = await s.product(a)
    // 10 lb of pale 2-row; each brew: 7 gal at 1.040 pre-boil, 5.8 gal post-boil, 5 gal at 1.046 into the fermenter.
    const numbers: string[] = []
    for (const day of [1, 2, 3]) {
      const batchId = crypto.randomUUID()
      const planned = await s.write(a.Manager, 'POST', '/api/batches', 'batch', {
        id: batchId,
        productId: product.id,
        recipeId: product.recipe.id,
        brewhouseId: id,
        plannedBrewDate: `2026-11-0${day}`,
        targetVolume: { quantity: 5, unit: 'GAL' },
      })
      numbers.push(planned.json<{ data: { number: string } }>().data.number)
      await s.testDb.db
        .update(batches)
        .set({ status: 'fermenting', brewDayFinishedAt: new Date(`2026-11-0${day}T18:00:00Z`) })
        .where(and(eq(batches.entityId, a.entityId), eq(batches.id, batchId)))
      const m = (point: string, quantity: string, figures: { gravity?: number; gallons?: number }) => ({
        id: crypto.randomUUID(),
        entityId: a.entityId,
        batchId,
        point,
        quantity,
        value: figures.gravity ?? figures.gallons ?? 0,
        unit: quantity === 'gravity' ? 'SG' : 'GAL',
        instrument: 'hydrometer',
        gravity: figures.gravity ?? null,
        gallons: figures.gallons ?? null,
      })
      await s.testDb.db
        .insert(measurements)
        .values([
          m('pre-boil', 'volume', { gallons: 7 }),
          m('pre-boil', 'gravity', { gravity: 1.04 }),
          m('post-boil', 'volume', { gallons: 5.8 }),
          m('original-gravity', 'gravity', { gravity: 1.046 }),
          m('into-fermenter', 'volume', { gallons: 5 }),
        ])
    }
    const detail = (await brewhousesOf(a.Brewer)).find((h) => h.id === id)!
    expect(detail.calibration.measuredBrews).toBe(3)
    const proposals = Object.fromEntries(detail.calibration.proposals.map((p) => [p.constant, p]))
    expect(proposals.boilOffGallonsPerHour).toMatchObject({ current: 15, proposed: 1.2 })
    expect(proposals.kettleLossGallons).toMatchObject({ current: 12, proposed: 0.8 })
    expect(proposals.brewhouseEfficiency.batches.map((batch) => batch.batchNumber)).toEqual(
      [...numbers].reverse(),
    )

    const url = `/api/equipment/brewhouses/${id}/calibrations`
    const accept = (version: number, proposed: number) =>
      s.write(a.Admin, 'POST', url, 'brewhouse', {
        version,
        proposals: [
          { constant: 'boilOffGallonsPerHour', proposed },
          { constant: 'kettleLossGallons', proposed: 0.8 },
        ],
      })
    const stale = await accept(1, 1.3)
    expect(stale.statusCode).toBe(409)
    expect(issues(stale).map((issue) => issue.path)).toContain('data.proposals.0.proposed')
    expect(
      (await s.write(a.Brewer, 'POST', url, 'brewhouse', { version: 1, proposals: [] })).statusCode,
    ).toBe(400)

    const accepted = await accept(1, 1.2)
    expect(accepted.statusCode).toBe(201)
    const saved = accepted.json<{ data: BrewhouseDetail }>().data
    // The chiller keeps its 2 gal; the kettle and trub take the rest of the measured 0.8 gal (none).
    expect(saved).toMatchObject({
      version: 2,
      boilOffGallonsPerHour: 1.2,
      kettleTrubLossGallons: 0,
      chillerLossGallons: 2,
    })
    expect(saved.versions[0]).toMatchObject({ reason: 'calibrated' })
    expect(saved.versions[0].proposals?.map((p) => p.constant)).toEqual([
      'boilOffGallonsPerHour',
      'kettleLossGallons',
    ])
    expect(saved.versions[0].proposals?.[0].batches).toHaveLength(3)
    // Accepting again against version 1 is stale now.
    expect((await accept(1, 1.2)).statusCode).toBe(409)
    const versions = await s.testDb.db
      .select()
      .from(brewhouseVersions)
      .where(eq(brewhouseVersions.brewhouseId, id))
    expect(versions).toHaveLength(2)
  })
})
