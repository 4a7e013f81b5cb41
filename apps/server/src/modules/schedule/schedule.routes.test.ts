import { DAY_MS, makeEnvelope, newRecipe } from '@brewcommand/domain'
import { cutDaysInUtc } from '../../testing/time-zone.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyRecords } from '../../db/schema/idempotency.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedBatch, seedBrewhouse, seedOccupancy, seedVessel } from '../../testing/schedule-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Tank Time Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Json = Record<string, unknown>

const day = (offset: number) => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + offset * DAY_MS)
const date = (offset: number) => day(offset).toISOString().slice(0, 10)

describe.each(TEST_DATABASES)('schedule API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let managerA: string
  let brewerA: string
  let entityA: string
  let brewhouse: { brewhouseId: string; brewhouseVersionId: string }

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: sub ? { authorization: `Bearer ${await token(sub)}` } : {},
    })
  const envelope = (data: Json) => makeEnvelope('schedule', data)
  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    const entityId = response.json<{ data: { entityId: string } }>().data.entityId
    // Onboarding gives an Oregon brewery Pacific time (ADR 260); these tests cut days in UTC until they choose.
    await cutDaysInUtc(testDb.db, entityId)
    return entityId
  }
  async function member(entityId: string, role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  const book = (batchId: string, data: Json = {}, sub = managerA) =>
    call(sub, 'POST', `/api/schedule/batches/${batchId}/book`, envelope(data))
  const acceptShift = (occupancyId: string) =>
    call(managerA, 'POST', '/api/schedule/shifts/accept', envelope({ occupancyId }))
  const read = async (from = date(-30), to = date(90), sub = brewerA) => {
    const response = await call(sub, 'GET', `/api/schedule?from=${from}&to=${to}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: Json & { bars: Json[]; shifts: Json[]; days: Json[]; vessels: Json[] } }>()
      .data
  }

  /** A batch brewed 16 days ago, still in `vesselId` two days past its planned end. */
  async function overdueBatchIn(vesselId: string) {
    const late = await seedBatch(testDb.db, entityA, brewhouse, {
      plannedBrewDate: date(-16),
      status: 'fermenting',
    })
    await seedOccupancy(testDb.db, entityA, {
      batchId: late.id,
      vesselId,
      plannedStart: day(-16),
      plannedEnd: day(-2),
      actualStart: day(-16),
    })
    return late
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    managerA = await member(entityA, 'Manager')
    brewerA = await member(entityA, 'Brewer')
    brewhouse = await seedBrewhouse(testDb.db, entityA)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('books a batch into the first free fermenter and a brite tank, and refuses a second one at the same time naming the first', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Book', workingCapacityBbl: 10, position: 1 })
    const bt = await seedVessel(testDb.db, entityA, {
      name: 'BT-Book',
      kind: 'brite-tank',
      workingCapacityBbl: 10,
      position: 2,
    })
    const first = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(100) })
    const second = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(105) })

    const booked = await book(first.id, { fermenterId: fv.id })
    expect(booked.statusCode, booked.body).toBe(201)
    expect(booked.json<{ data: Json }>().data).toMatchObject({
      fermentation: { vesselId: fv.id },
      conditioning: { vesselId: bt.id },
      fermentationDays: 14,
      conditioningDays: 7,
      packagingDate: date(121),
    })

    const refused = await book(second.id, { fermenterId: fv.id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ error: { message: string } }>().error.message).toContain(`batch ${first.number}`)

    const again = await book(first.id)
    expect(again.statusCode).toBe(409)
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      `Batch ${first.number} is already booked.`,
    )

    const schedule = await read(date(90), date(140))
    expect(
      schedule.bars
        .filter((b) => b.batchId === first.id)
        .map((b) => b.stage)
        .sort(),
    ).toEqual(['conditioning', 'fermentation'])
    expect(schedule.days).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ batchNumber: first.number, stage: 'brew', date: date(100) }),
        expect.objectContaining({ batchNumber: first.number, stage: 'packaging', date: date(121) }),
      ]),
    )
  })

  it('uses lager days for a lager yeast, and refuses volume above the working capacity and a vessel out of service', async () => {
    const small = await seedVessel(testDb.db, entityA, { name: 'FV-Small', workingCapacityBbl: 3 })
    const broken = await seedVessel(testDb.db, entityA, { name: 'FV-Broken', state: 'out-of-service' })
    const lager = await seedBatch(testDb.db, entityA, brewhouse, {
      plannedBrewDate: date(200),
      recipe: { style: '', yeast: { type: 'lager' } },
    })
    const tooBig = await book(lager.id, { fermenterId: small.id })
    expect(tooBig.statusCode).toBe(409)
    expect(tooBig.json<{ error: { message: string } }>().error.message).toBe(
      '7 bbl is above the working capacity of FV-Small (3 bbl).',
    )
    const out = await book(lager.id, { fermenterId: broken.id })
    expect(out.statusCode).toBe(409)
    expect(out.json<{ error: { message: string } }>().error.message).toBe('FV-Broken is out of service.')
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Lager', workingCapacityBbl: 20 })
    const ok = await book(lager.id, { fermenterId: fv.id })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(ok.json<{ data: Json }>().data).toMatchObject({ fermentationDays: 28, conditioningDays: 21 })
  })

  it('moves a booking to free days, refuses an overlap (with the cleaning time) naming the other batch, and moves the brew day with it', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Move', workingCapacityBbl: 10 })
    const a = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(300) })
    const b = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(330) })
    await seedOccupancy(testDb.db, entityA, {
      batchId: a.id,
      vesselId: fv.id,
      plannedStart: day(300),
      plannedEnd: day(314),
    })
    const bId = await seedOccupancy(testDb.db, entityA, {
      batchId: b.id,
      vesselId: fv.id,
      plannedStart: day(330),
      plannedEnd: day(344),
    })
    const move = (start: string, end: string, sub = managerA, vesselId = fv.id) =>
      call(sub, 'PUT', `/api/schedule/occupancies/${bId}`, envelope({ vesselId, start, end }))

    const overlap = await move(date(310), date(324))
    expect(overlap.statusCode).toBe(409)
    expect(overlap.json<{ error: { message: string } }>().error.message).toContain(`batch ${a.number}`)
    // Touching the other batch's end leaves no cleaning time: refused too.
    expect((await move(date(314), date(328))).statusCode).toBe(409)

    const moved = await move(date(315), date(329))
    expect(moved.statusCode, moved.body).toBe(200)
    const schedule = await read(date(290), date(340))
    expect(schedule.bars.find((bar) => bar.id === bId)).toMatchObject({ start: day(315).toISOString() })
    expect(schedule.days).toEqual(
      expect.arrayContaining([expect.objectContaining({ batchId: b.id, stage: 'brew', date: date(315) })]),
    )

    // A Brewer sees the schedule but may not move it.
    const brewer = await move(date(316), date(330), brewerA)
    expect(brewer.statusCode).toBe(403)
    // Another brewery's member gets 404 for this booking.
    expect((await move(date(316), date(330), adminB)).statusCode).toBe(404)
  })

  it('reserves the brewery’s cleaning time between bookings: none at 0 hours, and refuses a negative setting', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Gap', workingCapacityBbl: 10 })
    const a = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(600) })
    const b = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(620) })
    await seedOccupancy(testDb.db, entityA, {
      batchId: a.id,
      vesselId: fv.id,
      plannedStart: day(600),
      plannedEnd: day(614),
    })
    const bId = await seedOccupancy(testDb.db, entityA, {
      batchId: b.id,
      vesselId: fv.id,
      plannedStart: day(620),
      plannedEnd: day(630),
    })
    const touch = () =>
      call(
        managerA,
        'PUT',
        `/api/schedule/occupancies/${bId}`,
        envelope({ vesselId: fv.id, start: date(614), end: date(624) }),
      )
    expect((await touch()).statusCode).toBe(409)
    const settings = (hours: number, sub = managerA) =>
      call(sub, 'PUT', '/api/schedule/settings', envelope({ cleaningGapHours: hours }))
    expect((await settings(0, brewerA)).statusCode).toBe(403)
    const negative = await settings(-1)
    expect(negative.statusCode).toBe(400)
    expect(negative.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues).toEqual([
      expect.objectContaining({ path: 'data.cleaningGapHours', message: 'Cleaning time cannot be negative' }),
    ])
    expect((await settings(0)).statusCode).toBe(200)
    expect((await read()).cleaningGapHours).toBe(0)
    expect((await touch()).statusCode).toBe(200)
    expect((await settings(4)).statusCode).toBe(200)
  })

  it('answers 400 naming the field for bad dates and an end before the start', async () => {
    const id = crypto.randomUUID()
    const vesselId = crypto.randomUUID()
    const endFirst = await call(
      managerA,
      'PUT',
      `/api/schedule/occupancies/${id}`,
      envelope({ vesselId, start: date(5), end: date(1) }),
    )
    expect(endFirst.statusCode).toBe(400)
    expect(endFirst.json<{ error: { issues: { path: string; message: string }[] } }>().error.issues).toEqual([
      expect.objectContaining({ path: 'data.end', message: 'End must be after the start' }),
    ])
    const badDate = await call(
      managerA,
      'PUT',
      `/api/schedule/occupancies/${id}`,
      envelope({ vesselId, start: '2026-02-30', end: date(1) }),
    )
    expect(badDate.statusCode).toBe(400)
    expect(badDate.body).toContain('Start: that date does not exist')
    const range = await call(brewerA, 'GET', `/api/schedule?from=${date(5)}&to=${date(1)}`)
    expect(range.statusCode).toBe(400)
    expect(range.body).toContain('To must be after From')
    const durations = await call(
      managerA,
      'PUT',
      `/api/schedule/batches/${id}/durations`,
      envelope({ fermentationDays: 0, conditioningDays: 3 }),
    )
    expect(durations.statusCode).toBe(400)
    expect(durations.body).toContain('Fermentation days must be at least 1')
  })

  it('grows an overdue batch to now, proposes shifting the later booking, and moves it only when accepted', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Late', workingCapacityBbl: 10 })
    const late = await overdueBatchIn(fv.id)
    const next = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(0) })
    const nextId = await seedOccupancy(testDb.db, entityA, {
      batchId: next.id,
      vesselId: fv.id,
      plannedStart: day(0),
      plannedEnd: day(14),
    })
    const schedule = await read(date(-20), date(20))
    const grown = schedule.bars.find((bar) => bar.batchId === late.id)!
    expect(grown.grown).toBe(true)
    expect(Date.parse(grown.end as string)).toBeGreaterThan(day(0).getTime())
    const shift = schedule.shifts.find((s) => s.occupancyId === nextId)
    expect(shift).toMatchObject({ batchNumber: next.number, causedByBatchNumber: late.number })
    // Nothing moved yet.
    expect(schedule.bars.find((bar) => bar.id === nextId)).toMatchObject({ start: day(0).toISOString() })

    const accepted = await acceptShift(nextId)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const after = await read(date(-20), date(20))
    expect(after.shifts.find((s) => s.occupancyId === nextId)).toBeUndefined()
    expect(after.bars.find((bar) => bar.id === nextId)!.start).toBe((shift!.to as Json).start)
    const twice = await acceptShift(nextId)
    expect(twice.statusCode).toBe(409)
  })

  it('proposes moving an overdue batch’s conditioning in the brite tank, and moves it when accepted (ADR 223)', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Late-BT', workingCapacityBbl: 10 })
    const bt = await seedVessel(testDb.db, entityA, {
      name: 'BT-Late',
      kind: 'brite-tank',
      workingCapacityBbl: 10,
    })
    const late = await overdueBatchIn(fv.id)
    const conditioningId = await seedOccupancy(testDb.db, entityA, {
      batchId: late.id,
      vesselId: bt.id,
      stage: 'conditioning',
      plannedStart: day(-2),
      plannedEnd: day(5),
    })
    const schedule = await read(date(-20), date(20))
    const shift = schedule.shifts.find((s) => s.occupancyId === conditioningId)
    expect(shift).toMatchObject({
      batchNumber: late.number,
      vesselId: bt.id,
      stage: 'conditioning',
      cause: 'fermentation',
      causedByBatchNumber: late.number,
      // Straight from the fermenter grown to the end of today, keeping its 7 days.
      to: { start: day(1).toISOString(), end: day(8).toISOString() },
    })

    const accepted = await acceptShift(conditioningId)
    expect(accepted.statusCode, accepted.body).toBe(200)
    const after = await read(date(-20), date(20))
    expect(after.shifts.find((s) => s.occupancyId === conditioningId)).toBeUndefined()
    expect(after.bars.find((bar) => bar.id === conditioningId)).toMatchObject({
      start: day(1).toISOString(),
      end: day(8).toISOString(),
    })
  })

  it('sets a batch’s own stage durations and lays its bookings out again', async () => {
    await seedVessel(testDb.db, entityA, { name: 'FV-Dur', workingCapacityBbl: 10, position: -1 })
    const batch = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(500) })
    expect((await book(batch.id)).statusCode).toBe(201)
    const response = await call(
      managerA,
      'PUT',
      `/api/schedule/batches/${batch.id}/durations`,
      envelope({ fermentationDays: 10, conditioningDays: 3 }),
    )
    expect(response.statusCode, response.body).toBe(200)
    const schedule = await read(date(495), date(520))
    const fermentation = schedule.bars.find((b) => b.batchId === batch.id && b.stage === 'fermentation')!
    expect(fermentation.end).toBe(day(510).toISOString())
    const conditioning = schedule.bars.find((b) => b.batchId === batch.id && b.stage === 'conditioning')
    if (conditioning)
      expect(conditioning).toMatchObject({ start: day(510).toISOString(), end: day(513).toISOString() })
  })

  it('answers "can we brew this?" with the first day a fermenter and a brite tank are free', async () => {
    const productId = crypto.randomUUID()
    const recipe = { ...newRecipe(productId), yield: { quantity: 8, unit: 'BBL' } }
    const created = await call(
      adminA,
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Capacity IPA', description: '', recipes: [recipe] }),
    )
    expect(created.statusCode, created.body).toBe(201)
    const response = await call(
      brewerA,
      'GET',
      `/api/schedule/capacity?productId=${productId}&date=${date(700)}`,
    )
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<{ data: Json & { slot: Json | null } }>().data
    expect(answer).toMatchObject({ productName: 'Capacity IPA', volumeBbl: 8, fermentationDays: 14 })
    expect(answer.slot).toMatchObject({ brewDate: date(700) })
    const unknown = await call(
      brewerA,
      'GET',
      `/api/schedule/capacity?productId=${crypto.randomUUID()}&date=${date(1)}`,
    )
    expect(unknown.statusCode).toBe(404)
    const bad = await call(brewerA, 'GET', `/api/schedule/capacity?productId=x&date=tomorrow`)
    expect(bad.statusCode).toBe(400)
  })

  it('serves a private iCalendar feed from a secret address, revocable and regenerable by a Manager', async () => {
    expect((await call(brewerA, 'POST', '/api/schedule/feed')).statusCode).toBe(403)
    const made = await call(managerA, 'POST', '/api/schedule/feed')
    expect(made.statusCode, made.body).toBe(201)
    const url = new URL(made.json<{ data: { url: string } }>().data.url)
    expect(url.pathname).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const feed = await call(null, 'GET', url.pathname)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toContain('text/calendar')
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(feed.body).toContain('SUMMARY:Brew day: ')
    expect(feed.body).toContain('SUMMARY:Transfer: ')
    expect((await read()).feed).toMatchObject({ active: true })

    // A new address ends the old one; revoking ends any.
    const again = await call(managerA, 'POST', '/api/schedule/feed')
    const second = new URL(again.json<{ data: { url: string } }>().data.url).pathname
    expect((await call(null, 'GET', url.pathname)).statusCode).toBe(404)
    expect((await call(null, 'GET', second)).statusCode).toBe(200)
    expect((await call(managerA, 'DELETE', '/api/schedule/feed')).statusCode).toBe(204)
    expect((await call(null, 'GET', second)).statusCode).toBe(404)
    expect((await read()).feed).toMatchObject({ active: false })
  })

  it('shows the feed address once: the idempotency row and a replay hold its date, never its secret', async () => {
    const key = crypto.randomUUID()
    const post = async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/schedule/feed',
        headers: { authorization: `Bearer ${await token(managerA)}`, 'idempotency-key': key },
      })
    const made = await post()
    expect(made.statusCode, made.body).toBe(201)
    const { url, createdAt } = made.json<{ data: { url: string; createdAt: string } }>().data
    const secret = /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)![1]
    const stored = await testDb.db.select().from(idempotencyRecords)
    expect(JSON.stringify(stored)).toContain(createdAt)
    expect(JSON.stringify(stored)).not.toContain(secret)
    const replay = await post()
    expect(replay.statusCode).toBe(201)
    expect(replay.json()).toEqual({ data: { createdAt } })
    // The replay made no new address: the first one still answers.
    expect((await call(null, 'GET', new URL(url).pathname)).statusCode).toBe(200)
    expect((await call(managerA, 'DELETE', '/api/schedule/feed')).statusCode).toBe(204)
  })

  it('lets only one of two concurrent bookings of the same days win', async () => {
    const fv = await seedVessel(testDb.db, entityA, { name: 'FV-Race', workingCapacityBbl: 10 })
    const parked = await seedVessel(testDb.db, entityA, { name: 'FV-Parked', workingCapacityBbl: 10 })
    const ids: string[] = []
    for (const offset of [800, 850]) {
      const batch = await seedBatch(testDb.db, entityA, brewhouse, { plannedBrewDate: date(offset) })
      ids.push(
        await seedOccupancy(testDb.db, entityA, {
          batchId: batch.id,
          vesselId: parked.id,
          plannedStart: day(offset),
          plannedEnd: day(offset + 14),
        }),
      )
    }
    const results = await Promise.all(
      ids.map((id) =>
        call(
          managerA,
          'PUT',
          `/api/schedule/occupancies/${id}`,
          envelope({ vesselId: fv.id, start: date(900), end: date(914) }),
        ),
      ),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
  })
})
