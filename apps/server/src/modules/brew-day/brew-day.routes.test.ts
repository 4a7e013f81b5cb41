import { makeEnvelope, refractometerFermentingGravity, type BrewDay } from '@brewcommand/domain'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brewSteps, liquidEvents, vesselOccupancies, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedBatch, seedVessel } from '../../testing/production-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Kettle Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const NO_PROFILE = {
  givenName: '',
  familyName: '',
  emailAddress: '',
  emailVerified: false,
  idpIdentifier: '',
}

type Answer = { data: BrewDay; warnings?: string[] }
type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } }

describe.each(TEST_DATABASES)('brew day API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let brewerA: string
  let entityA: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, ...headers },
    })
  const post = (sub: string, url: string, type: string, data: object = {}, headers = {}) =>
    call(sub, 'POST', url, makeEnvelope(type, data), headers)
  const day = (batchId: string) => `/api/batches/${batchId}/brew-day`
  const step = (batchId: string, key: string, verb: string) =>
    `${day(batchId)}/steps/${encodeURIComponent(key)}/${verb}`

  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user: NO_PROFILE, entity: BUSINESS }),
    )
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ data: { entityId: string } }>().data.entityId
  }

  /** A planned batch of brewery A, started (or not), with its step keys. */
  async function batch({ started = true } = {}) {
    const seeded = await seedBatch(testDb.db, entityA)
    const mashKey = `mash:${seeded.recipe.process[0].id}`
    const mashHopKey = `hop:${seeded.recipe.hopsBill[1].id}`
    if (started) expect((await post(brewerA, day(seeded.id), 'batch')).statusCode).toBe(201)
    return { ...seeded, mashKey, mashHopKey }
  }
  const stepOf = (brewDay: BrewDay, key: string) => brewDay.steps.find((s) => s.key === key)!

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    brewerA = crypto.randomUUID()
    await testDb.db.insert(users).values({
      idpIdentifier: brewerA,
      entityId: entityA,
      role: 'Brewer',
      givenName: 'Bea',
      familyName: 'Brewer',
      email: `${brewerA}@example.com`,
    })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('reads a planned batch with no steps yet, with the expected figures and the server time', async () => {
    const { id } = await batch({ started: false })
    const before = Date.now()
    const response = await call(brewerA, 'GET', day(id))
    expect(response.statusCode, response.body).toBe(200)
    const brewDay = response.json<Answer>().data
    expect(brewDay).toMatchObject({ batchId: id, status: 'planned', steps: [], brewDayStartedAt: null })
    expect(Date.parse(brewDay.serverTime)).toBeGreaterThanOrEqual(before - 1000)
    // 46 × 0.8 × 400 lb at the default brewhouse's 75 % into 310 gallons
    expect(brewDay.expected.originalGravity).toBeCloseTo(1 + ((14_720 / 310) * 0.75) / 1000, 9)
  })

  it('starts brew day from the snapshot: the timeline is stored and the batch is brewing; never twice', async () => {
    const { id, mashKey } = await batch({ started: false })
    const response = await post(brewerA, day(id), 'batch')
    expect(response.statusCode, response.body).toBe(201)
    const brewDay = response.json<Answer>().data
    expect(brewDay.status).toBe('brewing')
    expect(brewDay.brewDayStartedAt).not.toBeNull()
    expect(brewDay.steps.map((s) => s.key)).toContain(mashKey)
    expect(brewDay.steps[0]).toMatchObject({ key: 'strike-water', position: 1, kind: 'confirm' })
    const rows = await testDb.db.select().from(brewSteps).where(eq(brewSteps.batchId, id))
    expect(rows).toHaveLength(brewDay.steps.length)

    const again = await post(brewerA, day(id), 'batch')
    expect(again.statusCode).toBe(409)
    expect(again.json<ErrorBody>().error.message).toMatch(/already started/)
  })

  it('stores when a step started on the server clock, and who started it', async () => {
    const { id } = await batch()
    const before = Date.now()
    const response = await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    expect(response.statusCode, response.body).toBe(200)
    const strike = stepOf(response.json<Answer>().data, 'strike-water')
    expect(Date.parse(strike.startedAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(strike.startedBy).toMatchObject({ name: 'Bea Brewer' })
    // Start and Complete answer from the rows they hold (ADR 401): the brew day as it reads back after.
    const read = async () => ({
      ...(await call(brewerA, 'GET', day(id))).json<Answer>().data,
      serverTime: '',
    })
    expect({ ...response.json<Answer>().data, serverTime: '' }).toEqual(await read())
    const completed = await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')
    expect(completed.statusCode, completed.body).toBe(200)
    expect({ ...completed.json<Answer>().data, serverTime: '' }).toEqual(await read())
  })

  it('refuses invalid transitions with 409 and a clear message', async () => {
    const { id, mashKey } = await batch()
    const complete = await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')
    expect(complete.statusCode).toBe(409)
    expect(complete.json<ErrorBody>().error.message).toBe('“Heat strike water” has not started yet.')

    expect((await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')).statusCode).toBe(200)
    const twice = await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    expect(twice.statusCode).toBe(409)
    expect(twice.json<ErrorBody>().error.message).toBe('“Heat strike water” has already started.')
    const other = await post(brewerA, step(id, mashKey, 'start'), 'brew-step')
    expect(other.statusCode).toBe(409)
    expect(other.json<ErrorBody>().error.message).toBe('Finish “Heat strike water” first.')
    const extend = await post(brewerA, step(id, 'strike-water', 'extend'), 'brew-step', { minutes: 5 })
    expect(extend.statusCode).toBe(409)
    expect(extend.json<ErrorBody>().error.message).toMatch(/no timer/)

    expect((await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')).statusCode).toBe(200)
    const startDone = await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    expect(startDone.statusCode).toBe(409)
    expect(startDone.json<ErrorBody>().error.message).toBe('“Heat strike water” is already done.')

    const unknown = await post(brewerA, step(id, 'boil-over', 'start'), 'brew-step')
    expect(unknown.statusCode).toBe(404)
  })

  it('refuses step writes before brew day started', async () => {
    const { id } = await batch({ started: false })
    const response = await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    expect(response.statusCode).toBe(409)
    expect(response.json<ErrorBody>().error.message).toBe('Start Brew Day first.')
  })

  it('ends a step early and extends a timer; the extension clears its acknowledgement', async () => {
    const { id, mashKey } = await batch()
    await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    const early = await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')
    expect(stepOf(early.json<Answer>().data, 'strike-water').completedAt).not.toBeNull()
    await post(brewerA, step(id, mashKey, 'start'), 'brew-step')
    const extended = await post(brewerA, step(id, mashKey, 'extend'), 'brew-step', { minutes: 5 })
    expect(extended.statusCode, extended.body).toBe(200)
    expect(stepOf(extended.json<Answer>().data, mashKey).extendedMinutes).toBe(5)
    const more = await post(brewerA, step(id, mashKey, 'extend'), 'brew-step', { minutes: 10 })
    expect(stepOf(more.json<Answer>().data, mashKey).extendedMinutes).toBe(15)
  })

  it('acknowledges a due alarm with who and when; an alarm not due yet is a 409', async () => {
    const { id, mashKey, mashHopKey } = await batch()
    await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    // The mash hop falls due when the mash starts: not before.
    const early = await post(brewerA, step(id, mashHopKey, 'acknowledge'), 'brew-step')
    expect(early.statusCode).toBe(409)
    expect(early.json<ErrorBody>().error.message).toBe('Nothing is due on “Add Saaz” yet.')
    const notDue = await post(brewerA, step(id, mashKey, 'acknowledge'), 'brew-step')
    expect(notDue.statusCode).toBe(409)

    await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')
    await post(brewerA, step(id, mashKey, 'start'), 'brew-step')
    const before = Date.now()
    const ack = await post(adminA, step(id, mashHopKey, 'acknowledge'), 'brew-step')
    expect(ack.statusCode, ack.body).toBe(200)
    const hop = stepOf(ack.json<Answer>().data, mashHopKey)
    expect(Date.parse(hop.acknowledgedAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(hop.acknowledgedBy).not.toBeNull()
    // A second acknowledgement (another device) changes nothing.
    const again = await post(brewerA, step(id, mashHopKey, 'acknowledge'), 'brew-step')
    expect(again.statusCode).toBe(200)
    expect(stepOf(again.json<Answer>().data, mashHopKey).acknowledgedAt).toBe(hop.acknowledgedAt)
  })

  it('confirms an addition with the amount used, once; the amount is checked', async () => {
    const { id, mashKey, mashHopKey } = await batch()
    const tooSoon = await post(brewerA, step(id, mashHopKey, 'confirm'), 'brew-step', {
      actual: { value: 1, unit: 'Pounds' },
    })
    expect(tooSoon.statusCode).toBe(409)
    await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    await post(brewerA, step(id, 'strike-water', 'complete'), 'brew-step')
    await post(brewerA, step(id, mashKey, 'start'), 'brew-step')
    const bad = await post(brewerA, step(id, mashHopKey, 'confirm'), 'brew-step', {
      actual: { value: -1, unit: 'Pounds' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain('data.actual.value')
    const response = await post(brewerA, step(id, mashHopKey, 'confirm'), 'brew-step', {
      actual: { value: 1.1, unit: 'Pounds' },
      note: 'a little extra',
    })
    expect(response.statusCode, response.body).toBe(200)
    const hop = stepOf(response.json<Answer>().data, mashHopKey)
    expect(hop.actual).toEqual({ amount: { value: 1.1, unit: 'Pounds' }, note: 'a little extra' })
    expect(hop.completedBy).toMatchObject({ name: 'Bea Brewer' })
    const twice = await post(brewerA, step(id, mashHopKey, 'confirm'), 'brew-step', {
      actual: { value: 1, unit: 'Pounds' },
    })
    expect(twice.statusCode).toBe(409)
    const complete = await post(brewerA, step(id, mashHopKey, 'complete'), 'brew-step')
    expect(complete.statusCode).toBe(409)
  })

  it('stores measurements with the hydrometer corrected and the refractometer converted', async () => {
    const { id } = await batch()
    const hydrometer = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'original-gravity',
      quantity: 'gravity',
      value: 1.05,
      unit: 'SG',
      sampleTemperature: { value: 100, unit: 'F' },
      instrument: 'hydrometer',
    })
    expect(hydrometer.statusCode, hydrometer.body).toBe(201)
    const [og] = hydrometer.json<Answer>().data.measurements
    expect(og.value).toBe(1.05)
    expect(og.gravity).toBeCloseTo(1.056, 3)
    expect(og.takenBy).toMatchObject({ name: 'Bea Brewer' })

    const refractometer = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'pre-boil',
      quantity: 'gravity',
      value: 12,
      unit: 'Brix',
      instrument: 'refractometer',
    })
    const brix = refractometer.json<Answer>().data.measurements.find((m) => m.unit === 'Brix')!
    // 12 °Brix ÷ 1.04 = 11.54 °Plato ≈ 1.0465
    expect(brix.gravity).toBeCloseTo(1.0465, 3)

    const volume = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'into-fermenter',
      quantity: 'volume',
      value: 9.5,
      unit: 'BBL',
      instrument: 'meter',
    })
    expect(volume.json<Answer>().data.measurements.find((m) => m.quantity === 'volume')!.gallons).toBe(294.5)
  })

  it("corrects a refractometer's reading for alcohol once the batch ferments", async () => {
    const { id } = await batch()
    const refractometer = (point: string, value: number) =>
      post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
        id: crypto.randomUUID(),
        point,
        quantity: 'gravity',
        value,
        unit: 'Brix',
        instrument: 'refractometer',
      })
    expect((await refractometer('original-gravity', 12)).statusCode).toBe(201)
    const fermenter = await seedVessel(testDb.db, entityA, { name: 'FV Refractometer' })
    expect(
      (
        await post(brewerA, `${day(id)}/finish`, 'batch', {
          fermenterId: fermenter,
          acceptCleaningWarning: true,
        })
      ).statusCode,
    ).toBe(200)
    const response = await refractometer('final-gravity', 6)
    expect(response.statusCode, response.body).toBe(201)
    const fg = response.json<Answer>().data.measurements.find((m) => m.point === 'final-gravity')!
    expect(fg.gravity).toBeCloseTo(refractometerFermentingGravity(12, 6), 9)
    // Read as unfermented wort it would be far higher: the alcohol correction was applied.
    expect(fg.gravity!).toBeLessThan(1.015)
  })

  it('refuses a bad measurement naming the field', async () => {
    const { id } = await batch()
    const base = {
      id: crypto.randomUUID(),
      point: 'original-gravity',
      quantity: 'gravity',
      value: 1.05,
      unit: 'SG',
      instrument: 'hydrometer',
    }
    const cases: [object, string][] = [
      [{ value: 3 }, 'data.value'],
      [{ unit: 'GAL' }, 'data.unit'],
      [{ point: 'mid-boil' }, 'data.point'],
      [{ instrument: 'refractometer' }, 'data.unit'],
      [{ id: 'nope' }, 'data.id'],
    ]
    for (const [change, path] of cases) {
      const response = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
        ...base,
        ...change,
      })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain(path)
    }
    const extend = await post(brewerA, step(id, 'boil', 'extend'), 'brew-step', { minutes: 0 })
    expect(extend.statusCode).toBe(400)
    expect(extend.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain('data.minutes')
    const finish = await post(brewerA, `${day(id)}/finish`, 'batch', { fermenterId: 'FV1' })
    expect(finish.statusCode).toBe(400)
    expect(finish.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain('data.fermenterId')
  })

  it('finishes into a free fermenter: in use, fermenting, an occupancy and a brewed event of the measured volume', async () => {
    const { id, number, mashHopKey } = await batch()
    const fermenter = await seedVessel(testDb.db, entityA, { name: 'FV Finish', workingBbl: 9 })
    await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'into-fermenter',
      quantity: 'volume',
      value: 310,
      unit: 'GAL',
      instrument: 'meter',
    })
    const read = (await call(brewerA, 'GET', day(id))).json<Answer>().data
    expect(read.fermenters.find((f) => f.id === fermenter)).toMatchObject({
      name: 'FV Finish',
      available: true,
      cleaningWarnings: [
        'FV Finish was not cleaned in the last 24 hours',
        'FV Finish was not sanitised in the last 4 hours',
      ],
    })

    // Never cleaned: filling it warns, and nothing changes until the person accepts.
    const warned = await post(brewerA, `${day(id)}/finish`, 'batch', { fermenterId: fermenter })
    expect(warned.statusCode).toBe(409)
    expect(warned.json<ErrorBody>().error).toMatchObject({ code: 'CLEANING_WARNING' })
    expect(warned.json<ErrorBody>().error.issues?.map((i) => i.path)).toContain('data.acceptCleaningWarning')
    expect((await call(brewerA, 'GET', day(id))).json<Answer>().data.status).toBe('brewing')
    const notBoolean = await post(brewerA, `${day(id)}/finish`, 'batch', {
      fermenterId: fermenter,
      acceptCleaningWarning: 'yes',
    })
    expect(notBoolean.statusCode).toBe(400)

    const response = await post(brewerA, `${day(id)}/finish`, 'batch', {
      fermenterId: fermenter,
      acceptCleaningWarning: true,
    })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<Answer>()
    expect(answer.data).toMatchObject({ status: 'fermenting', fermenterId: fermenter })
    expect(answer.data.brewDayFinishedAt).not.toBeNull()
    // 10 BBL into a fermenter that works at 9: a warning, not a refusal.
    expect(answer.warnings).toEqual(['10.00 BBL is more than the working capacity of FV Finish (9.00 BBL).'])
    const [vessel] = await testDb.db.select().from(vessels).where(eq(vessels.id, fermenter))
    expect(vessel.state).toBe('in-use')
    const occupancies = await testDb.db
      .select()
      .from(vesselOccupancies)
      .where(and(eq(vesselOccupancies.batchId, id), eq(vesselOccupancies.vesselId, fermenter)))
    expect(occupancies).toHaveLength(1)
    expect(occupancies[0]).toMatchObject({ stage: 'fermentation', actualEnd: null })
    expect(occupancies[0].actualStart).not.toBeNull()
    const events = await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.batchId, id))
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ kind: 'brewed', toVesselId: fermenter, ttbClass: 'produced' })
    // The acceptance is recorded on the filling event: who and when.
    const accepted = (
      events[0].details as { cleaningWarning?: { acceptedBy?: unknown; acceptedAt?: unknown } }
    ).cleaningWarning
    expect(typeof accepted?.acceptedBy).toBe('string')
    expect(typeof accepted?.acceptedAt).toBe('string')
    expect(Number(events[0].volumeBbl)).toBe(10)

    const twice = await post(brewerA, `${day(id)}/finish`, 'batch', { fermenterId: fermenter })
    expect(twice.statusCode).toBe(409)
    expect(twice.json<ErrorBody>().error.message).toBe(`Brew day of batch ${number} has already finished.`)

    // Brew day is closed: steps, additions and brew-day measurements are refused in words; a final gravity is not.
    const closed = `Brew day of batch ${number} is finished: its steps and additions can no longer change. Record a dry hop from the cellar's tasks.`
    const startAgain = await post(brewerA, step(id, 'strike-water', 'start'), 'brew-step')
    expect(startAgain.statusCode).toBe(409)
    expect(startAgain.json<ErrorBody>().error.message).toBe(closed)
    const confirmLate = await post(brewerA, step(id, mashHopKey, 'confirm'), 'brew-step', {
      actual: { value: 1, unit: 'Ounces' },
    })
    expect(confirmLate.statusCode).toBe(409)
    expect(confirmLate.json<ErrorBody>().error.message).toBe(closed)
    const lateOg = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'original-gravity',
      quantity: 'gravity',
      value: 1.05,
      unit: 'SG',
      instrument: 'hydrometer',
    })
    expect(lateOg.statusCode).toBe(409)
    expect(lateOg.json<ErrorBody>().error.message).toBe(
      `Brew day of batch ${number} is finished: an original gravity measurement can no longer be added. Record a final gravity or another reading instead.`,
    )
    const fg = await post(brewerA, `/api/batches/${id}/measurements`, 'measurement', {
      id: crypto.randomUUID(),
      point: 'final-gravity',
      quantity: 'gravity',
      value: 1.01,
      unit: 'SG',
      instrument: 'hydrometer',
    })
    expect(fg.statusCode, fg.body).toBe(201)

    // The vessel now holds this batch: the next batch is refused, naming the vessel and the batch in it.
    const next = await batch()
    const taken = await post(brewerA, `${day(next.id)}/finish`, 'batch', { fermenterId: fermenter })
    expect(taken.statusCode).toBe(409)
    expect(taken.json<ErrorBody>().error.message).toBe(`FV Finish is in use (batch ${number}).`)
    const nextRead = (await call(brewerA, 'GET', day(next.id))).json<Answer>().data
    expect(nextRead.fermenters.find((f) => f.id === fermenter)!.available).toBe(false)
  })

  it('refuses a fermenter out of service or not a fermenter, naming it', async () => {
    const { id } = await batch()
    const broken = await seedVessel(testDb.db, entityA, { name: 'FV Broken', state: 'out-of-service' })
    const outOfService = await post(brewerA, `${day(id)}/finish`, 'batch', { fermenterId: broken })
    expect(outOfService.statusCode).toBe(409)
    expect(outOfService.json<ErrorBody>().error.message).toBe('FV Broken is out of service.')
    const kettle = await seedVessel(testDb.db, entityA, { name: 'Kettle 1', kind: 'kettle' })
    const notFermenter = await post(brewerA, `${day(id)}/finish`, 'batch', { fermenterId: kettle })
    expect(notFermenter.statusCode).toBe(400)
    expect(notFermenter.json<ErrorBody>().error.issues?.map((i) => i.path)).toEqual(['data.fermenterId'])
    const before = await batch({ started: false })
    const planned = await post(brewerA, `${day(before.id)}/finish`, 'batch', { fermenterId: broken })
    expect(planned.statusCode).toBe(409)
    expect(planned.json<ErrorBody>().error.message).toBe('Start Brew Day first.')
  })

  it("is another brewery's 404, and a replayed key changes nothing", async () => {
    const { id } = await batch()
    expect((await call(adminB, 'GET', day(id))).statusCode).toBe(404)
    expect((await post(adminB, step(id, 'strike-water', 'start'), 'brew-step')).statusCode).toBe(404)
    const foreign = await seedVessel(testDb.db, entityA, { name: 'FV A' })
    const [entityB] = await testDb.db
      .select({ entityId: users.entityId })
      .from(users)
      .where(eq(users.idpIdentifier, adminB))
    const theirs = await seedBatch(testDb.db, entityB.entityId!)
    await post(adminB, day(theirs.id), 'batch')
    const cross = await post(adminB, `${day(theirs.id)}/finish`, 'batch', { fermenterId: foreign })
    expect(cross.statusCode).toBe(400)

    // The queue sends the same envelope again (a lost answer): the first answer, and no second start.
    const envelope = makeEnvelope('brew-step', {})
    const headers = { 'idempotency-key': envelope.metadata.correlationIdentifier }
    const first = await call(brewerA, 'POST', step(id, 'strike-water', 'start'), envelope, headers)
    const replay = await call(brewerA, 'POST', step(id, 'strike-water', 'start'), envelope, headers)
    expect(first.statusCode).toBe(200)
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toEqual(first.json())
  })
})
