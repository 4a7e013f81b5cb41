// A real week in a brewery (issue 34, defects 1, 2, 8 and 9; issue 33's "a completed or dumped batch releases
// what it no longer needs"): the cellar, the schedule and the batch agree with what happened.
//
// Figures by hand:
// - FV holds 0.1387 bbl, shown as 0.14 (two decimals). A loss of 0.14 is within half a shown digit (0.005) of
//   it: the loss books exactly 0.1387 and the tank is empty (0).
// - 5 bbl brewed; transfer 4.8 bbl to the brite tank with Empty the tank: the 0.2 bbl left is a loss.
//   Package 9 × 1/2 bbl kegs (4.5 bbl) from the brite tank with Empty the tank: 4.8 − 4.5 = 0.3 bbl loss; the
//   batch is completed (packaged 4.5 + lost 0.5 = 5 bbl brewed), the brite tank empty and dirty.
// - Ale: 14 days fermentation, 7 conditioning; brewed on day 0 → conditioning booked day 14 to day 21.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cleaningEvents } from '../../db/schema/cellar.ts'
import { productPackages } from '../../db/schema/products.ts'
import { batches, liquidEvents, vesselOccupancies, vessels } from '../../db/schema/production.ts'
import { seedCellar } from '../../testing/cellar-seed.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

type Json = Record<string, unknown>
const DAY = 86_400_000
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

describe.each(TEST_DATABASES)('a week in the cellar on %s', (kind) => {
  let p: ProductionApp
  let a: Members

  beforeAll(async () => {
    p = await startProductionApp(kind)
  })
  // A brewery of its own for each story, so no other story's tanks are free for its bookings.
  beforeEach(async () => {
    a = await p.brewery()
  })
  afterAll(async () => p?.close())

  const vessel = async (name: string, kind = 'fermenter', state = 'dirty') => {
    const id = crypto.randomUUID()
    const response = await p.write(a.Admin, 'POST', '/api/equipment/vessels', 'vessel', {
      id,
      name,
      kind,
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state,
    })
    expect(response.statusCode, response.body).toBe(201)
    return id
  }
  const move = (data: Json, sub = a.Brewer) =>
    p.write(sub, 'POST', '/api/cellar/liquid-events', 'liquid-event', data)
  const packageRun = (data: Json) =>
    p.write(a.Manager, 'POST', '/api/cellar/packaging-runs', 'liquid-event', data)
  const tank = async (vesselId: string) =>
    (await p.call(a.Brewer, 'GET', `/api/cellar/vessels/${vesselId}`)).json<{
      data: {
        contentsBbl: number
        vessel: { state: string }
        batch: Json | null
        lastCleanedAt: string | null
      }
    }>().data
  const batchRow = async (id: string) =>
    (await p.testDb.db.select().from(batches).where(eq(batches.id, id)))[0]
  const occupancies = (batchId: string) =>
    p.testDb.db.select().from(vesselOccupancies).where(eq(vesselOccupancies.batchId, batchId))
  const booking = async (batchId: string) =>
    (await p.call(a.Brewer, 'GET', `/api/schedule/batches/${batchId}`)).json<{
      data: { batchNumber: string; bookings: Json[]; notBooked: string | null }
    }>().data
  async function plan(
    productId: string,
    recipeId: string,
    brewhouseId: string,
    date: string,
    extra: Json = {},
  ) {
    const id = crypto.randomUUID()
    const response = await p.write(a.Manager, 'POST', '/api/batches', 'batch', {
      id,
      productId,
      recipeId,
      brewhouseId,
      plannedBrewDate: date,
      targetVolume: { quantity: 5, unit: 'BBL' },
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return { id, number: response.json<{ data: { number: string } }>().data.number }
  }
  async function brew(batchId: string, fermenterId: string) {
    const started = await p.write(a.Brewer, 'POST', `/api/batches/${batchId}/brew-day`, 'batch', {})
    expect(started.statusCode, started.body).toBe(201)
    const finished = await p.write(a.Brewer, 'POST', `/api/batches/${batchId}/brew-day/finish`, 'batch', {
      fermenterId,
      acceptCleaningWarning: true,
    })
    expect(finished.statusCode, finished.body).toBe(200)
  }
  async function halfKeg(productId: string) {
    const id = crypto.randomUUID()
    await p.testDb.db.insert(productPackages).values({
      id,
      entityId: a.entityId,
      productId,
      type: '1/2 BBL Keg',
      typeId: 'half',
      sku: `K2-${id.slice(0, 4)}`,
      upc: '',
      position: 0,
    })
    return id
  }

  it('takes a loss of what the tank shows as all of it: the tank is empty, its occupancy ends at the event, it needs cleaning, the batch moves on', async () => {
    const seed = await seedCellar(p.testDb.db, a.entityId, { volumeBbl: 0.1387 })
    const before = await tank(seed.fermenterId)
    expect(before.contentsBbl).toBe(0.1387)
    const occurredAt = new Date(Date.now() - 3_600_000).toISOString()
    const lossId = crypto.randomUUID()
    const response = await move({
      id: lossId,
      kind: 'lost',
      fromVesselId: seed.fermenterId,
      volumeBbl: 0.14,
      reason: 'Trub and yeast',
      occurredAt,
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json<{ data: { volumeBbl: number } }>().data.volumeBbl).toBe(0.1387)
    const after = await tank(seed.fermenterId)
    expect(after.contentsBbl).toBe(0)
    expect(after.batch).toBeNull()
    expect(after.vessel.state).toBe('dirty')
    const [occupancy] = await occupancies(seed.batchId)
    expect(occupancy.actualEnd?.toISOString()).toBe(occurredAt)
    expect((await batchRow(seed.batchId)).status).toBe('dumped')
  })

  it('refuses more than the shown rounding above what the tank holds', async () => {
    const seed = await seedCellar(p.testDb.db, a.entityId, { volumeBbl: 0.1387 })
    const response = await move({
      id: crypto.randomUUID(),
      kind: 'lost',
      fromVesselId: seed.fermenterId,
      volumeBbl: 0.15,
      reason: 'Spill',
    })
    expect(response.statusCode, response.body).toBe(409)
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/does not hold that much/)
  })

  it('runs the week: two batches planned (the second told which batch holds the brite tank), the first brewed, transferred and packaged with Empty the tank, its conditioning booking released, the second booked into the brite tank', async () => {
    const fv1 = await vessel('Week FV1')
    const fv2 = await vessel('Week FV2')
    const bt1 = await vessel('Week BT1', 'brite-tank')
    const brewhouseId = await p.brewhouse(a, 'Week brewhouse')
    const product = await p.product(a)
    const kegs = await halfKeg(product.id)
    const first = await plan(product.id, product.recipe.id, brewhouseId, day(0))
    const second = await plan(product.id, product.recipe.id, brewhouseId, day(1))

    // Plan Batch says what it booked, or why not.
    const firstBooking = await booking(first.id)
    expect(firstBooking.notBooked).toBeNull()
    expect(
      firstBooking.bookings.map((b) => [b.stage, b.vesselId, String(b.start).slice(0, 10)]).sort(),
    ).toEqual([
      ['conditioning', bt1, day(14)],
      ['fermentation', fv1, day(0)],
    ])
    const secondBooking = await booking(second.id)
    expect(secondBooking.bookings).toEqual([])
    expect(secondBooking.notBooked).toContain(`Week BT1 is booked for batch ${first.number}`)

    await brew(first.id, fv1)
    const transferred = await move({
      id: crypto.randomUUID(),
      kind: 'transferred',
      fromVesselId: fv1,
      toVesselId: bt1,
      volumeBbl: 4.8,
      acceptCleaningWarning: true,
      emptyTank: { lossId: crypto.randomUUID(), reason: 'Yeast cake' },
    })
    expect(transferred.statusCode, transferred.body).toBe(201)
    expect((await tank(fv1)).contentsBbl).toBe(0)
    expect((await tank(fv1)).vessel.state).toBe('dirty')
    expect((await batchRow(first.id)).status).toBe('conditioning')
    // The conditioning booking became the actual one: started now in BT1, no longer from day 14.
    const conditioning = (await occupancies(first.id)).find((o) => o.stage === 'conditioning')!
    expect(conditioning.vesselId).toBe(bt1)
    expect(conditioning.actualStart).not.toBeNull()

    const run = await packageRun({
      id: crypto.randomUUID(),
      fromVesselId: bt1,
      lines: [{ id: crypto.randomUUID(), packageId: kegs, units: 9 }],
      emptyTank: { lossId: crypto.randomUUID(), reason: 'Left below the outlet' },
    })
    expect(run.statusCode, run.body).toBe(201)
    const losses = await p.testDb.db
      .select()
      .from(liquidEvents)
      .where(and(eq(liquidEvents.batchId, first.id), eq(liquidEvents.kind, 'lost')))
    expect(losses.map((e) => [Number(e.volumeBbl), e.ttbClass, e.reason]).sort()).toEqual([
      [0.2, 'losses', 'Yeast cake'],
      [0.3, 'losses', 'Left below the outlet'],
    ])
    const bt = await tank(bt1)
    expect(bt.contentsBbl).toBe(0)
    expect(bt.vessel.state).toBe('dirty')
    expect((await batchRow(first.id)).status).toBe('completed')
    // Every occupancy of the batch has ended; nothing holds BT1 from day 14 to day 21 any more.
    for (const occupancy of await occupancies(first.id)) expect(occupancy.actualEnd).not.toBeNull()

    const booked = await p.write(a.Manager, 'POST', `/api/schedule/batches/${second.id}/book`, 'schedule', {})
    expect(booked.statusCode, booked.body).toBe(201)
    const secondNow = await booking(second.id)
    // FV1's fermentation ended when it was emptied today, so FV1 is the first free fermenter again.
    expect(secondNow.bookings.map((b) => [b.stage, b.vesselId]).sort()).toEqual([
      ['conditioning', bt1],
      ['fermentation', fv1],
    ])
    expect(fv2).not.toBe(fv1)
  })

  it('releases the future conditioning booking of a batch packaged straight from its fermenter', async () => {
    const fv = await vessel('Straight FV')
    await vessel('Straight BT', 'brite-tank')
    const brewhouseId = await p.brewhouse(a, 'Straight brewhouse')
    const product = await p.product(a)
    const kegs = await halfKeg(product.id)
    const batch = await plan(product.id, product.recipe.id, brewhouseId, day(0))
    expect((await occupancies(batch.id)).map((o) => o.stage).sort()).toEqual(['conditioning', 'fermentation'])
    await brew(batch.id, fv)
    const run = await packageRun({
      id: crypto.randomUUID(),
      fromVesselId: fv,
      lines: [{ id: crypto.randomUUID(), packageId: kegs, units: 10 }],
    })
    expect(run.statusCode, run.body).toBe(201)
    expect((await batchRow(batch.id)).status).toBe('completed')
    const left = await occupancies(batch.id)
    expect(left.map((o) => o.stage)).toEqual(['fermentation'])
    expect(left[0].actualEnd).not.toBeNull()
  })

  it('plans a batch that conditions in its fermenter without a brite booking', async () => {
    const fv = await vessel('Unibrewery FV')
    const brewhouseId = await p.brewhouse(a, 'Unibrewery brewhouse')
    const product = await p.product(a)
    const batch = await plan(product.id, product.recipe.id, brewhouseId, day(200), {
      conditionInFermenter: true,
    })
    const read = await booking(batch.id)
    expect(read.notBooked).toBeNull()
    // 14 days of fermentation and 7 of conditioning, both in the fermenter.
    expect(
      read.bookings.map((b) => [
        b.stage,
        b.vesselId,
        String(b.start).slice(0, 10),
        String(b.end).slice(0, 10),
      ]),
    ).toEqual([['fermentation', fv, day(200), day(221)]])
  })

  it('completes a batch by Complete Batch: a Manager, with a reason for what is left, which is written off; its bookings are released', async () => {
    const seed = await seedCellar(p.testDb.db, a.entityId, { volumeBbl: 2 })
    const url = `/api/cellar/batches/${seed.batchId}/complete`
    const brewer = await p.write(a.Brewer, 'POST', url, 'batch', {})
    expect(brewer.statusCode).toBe(403)
    const noReason = await p.write(a.Manager, 'POST', url, 'batch', {})
    expect(noReason.statusCode, noReason.body).toBe(400)
    expect(noReason.json<{ error: { message: string } }>().error.message).toContain(
      `still holds 2.00 bbl of batch ${seed.batchNumber}`,
    )
    const done = await p.write(a.Manager, 'POST', url, 'batch', { reason: 'Sour, not sold' })
    expect(done.statusCode, done.body).toBe(200)
    // Nothing was packaged: all of it was written off, so the batch is dumped.
    expect(done.json<{ data: { status: string } }>().data.status).toBe('dumped')
    expect((await tank(seed.fermenterId)).contentsBbl).toBe(0)
    expect((await tank(seed.fermenterId)).vessel.state).toBe('dirty')
    for (const occupancy of await occupancies(seed.batchId)) expect(occupancy.actualEnd).not.toBeNull()
    const again = await p.write(a.Manager, 'POST', url, 'batch', { reason: 'Again' })
    expect(again.statusCode).toBe(409)
  })

  it('records a cleaning when a vessel is set Clean or Sanitised by hand, so filling it needs no "Fill it anyway"', async () => {
    const fresh = await vessel('Fresh BT', 'brite-tank', 'sanitised')
    const kinds = await p.testDb.db
      .select({ kind: cleaningEvents.kind, recordedBy: cleaningEvents.recordedBy })
      .from(cleaningEvents)
      .where(eq(cleaningEvents.vesselId, fresh))
    expect(kinds.map((k) => k.kind).sort()).toEqual(['clean', 'sanitise'])
    expect((await tank(fresh)).lastCleanedAt).not.toBeNull()
    const seed = await seedCellar(p.testDb.db, a.entityId, { volumeBbl: 3 })
    const filled = await move({
      id: crypto.randomUUID(),
      kind: 'transferred',
      fromVesselId: seed.fermenterId,
      toVesselId: fresh,
      volumeBbl: 3,
    })
    expect(filled.statusCode, filled.body).toBe(201)

    // A dirty vessel set Clean by hand records a clean (and only that) by the Admin.
    const dirty = await vessel('Dirty BT', 'brite-tank', 'dirty')
    const [row] = await p.testDb.db.select().from(vessels).where(eq(vessels.id, dirty))
    const changed = await p.write(a.Admin, 'PUT', `/api/equipment/vessels/${dirty}`, 'vessel', {
      name: row.name,
      kind: row.kind,
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const cleanings = await p.testDb.db
      .select()
      .from(cleaningEvents)
      .where(eq(cleaningEvents.vesselId, dirty))
    expect(cleanings.map((c) => c.kind)).toEqual(['clean'])
  })
})
