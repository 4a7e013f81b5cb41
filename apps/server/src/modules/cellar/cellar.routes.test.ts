import { DEVICE_TOKEN_PATTERN, makeEnvelope } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devices, readings } from '../../db/schema/cellar.ts'
import { batches, vessels } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { seedCellar, seedVessel, type CellarSeed } from '../../testing/cellar-seed.ts'
import { createCellarRepository } from './cellar.repository.ts'
import { downsample } from './downsample.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { readOutbox } from '../../testing/mail.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Cellar Co',
  address: '1 Tank Row',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type Json = Record<string, unknown>

const ISPINDEL = {
  name: 'iSpindel000',
  ID: 1234567,
  token: '',
  angle: 64.5,
  temperature: 19.5,
  temp_units: 'C',
  battery: 4.07,
  gravity: 1.0452,
  interval: 900,
  RSSI: -72,
}

describe.each(TEST_DATABASES)('cellar API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string
  let brewerA: string
  let managerA: string
  let entityA: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
  const ingest = (deviceToken: string, payload: unknown, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `/api/ingest/${deviceToken}`,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers: { 'content-type': contentType },
    })
  async function brewery(sub: string) {
    const response = await call(
      sub,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    return response.json<{ data: { entityId: string } }>().data.entityId
  }
  async function member(entityId: string, role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }
  /** Registers a device; its token is the server's, in the first answer. */
  async function addDevice(vesselId: string | null, sub = adminA, extra: Json = {}) {
    const id = crypto.randomUUID()
    const envelope = makeEnvelope('device', {
      id,
      name: 'iSpindel blue',
      kind: 'ispindel',
      vesselId,
      ...extra,
    })
    const response = await call(sub, 'POST', '/api/cellar/devices', envelope)
    const deviceToken =
      response.statusCode === 201 ? response.json<{ data: { token: string } }>().data.token : ''
    return { id, token: deviceToken, response, envelope }
  }
  const move = (sub: string, data: Json) =>
    call(sub, 'POST', '/api/cellar/liquid-events', makeEnvelope('liquid-event', data))
  const clean = (vesselId: string, kind: string) =>
    call(
      brewerA,
      'POST',
      '/api/cellar/cleaning',
      makeEnvelope('cleaning', {
        id: crypto.randomUUID(),
        vesselId,
        kind,
        chemical: 'PBW',
        concentration: '2%',
        temperature: { value: 140, unit: 'F' },
        durationMinutes: 30,
        verification: 'ATP swab 12 RLU',
      }),
    )
  const fermentation = async (batchId: string) =>
    (await call(brewerA, 'GET', `/api/cellar/batches/${batchId}`)).json<{
      data: Json & { yield: Json; readings: Json[]; events: Json[]; readingCount: number }
    }>().data

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    entityA = await brewery(adminA)
    await brewery(adminB)
    brewerA = await member(entityA, 'Brewer')
    managerA = await member(entityA, 'Manager')
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  describe('devices and ingestion', () => {
    let seed: CellarSeed
    beforeAll(async () => {
      seed = await seedCellar(testDb.db, entityA)
    })

    it('lets an Admin register a device, makes its token and answers it once, keeping only its hash', async () => {
      expect((await addDevice(seed.fermenterId, managerA)).response.statusCode).toBe(403)
      const { id, token: deviceToken, response, envelope } = await addDevice(seed.fermenterId)
      expect(response.statusCode, response.body).toBe(201)
      expect(deviceToken).toMatch(DEVICE_TOKEN_PATTERN)
      expect(response.json()).toMatchObject({
        data: { id, kind: 'ispindel', vesselId: seed.fermenterId, tokenHint: deviceToken.slice(-4) },
      })
      const [row] = await testDb.db.select().from(devices).where(eq(devices.id, id))
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(await testDb.db.select().from(devices))).not.toContain(deviceToken)
      // A replay of the same write answers the stored first answer, which never held the token.
      const replay = await call(adminA, 'POST', '/api/cellar/devices', envelope)
      expect(replay.statusCode).toBe(201)
      expect(replay.json()).toMatchObject({ data: { id, tokenHint: deviceToken.slice(-4) } })
      expect(replay.body).not.toContain(deviceToken)
      const list = await call(brewerA, 'GET', '/api/cellar/devices')
      expect(list.json<{ data: Json[] }>().data.map((device) => device.id)).toContain(id)
      expect(list.body).not.toContain(deviceToken)
    })

    it('ignores a token the caller chooses, so registering tells nothing of another brewery’s devices', async () => {
      const own = await seedCellar(testDb.db, entityA)
      const weak = 'A'.repeat(43)
      const chosen = await addDevice(own.fermenterId, adminA, { token: weak })
      expect(chosen.response.statusCode).toBe(201)
      expect(chosen.token).not.toBe(weak)
      expect((await ingest(weak, ISPINDEL)).statusCode).toBe(401)
      // Brewery B sends brewery A's token: a device of its own with a token of its own, no 409.
      const theirs = await addDevice(null, adminB, { token: chosen.token })
      expect(theirs.response.statusCode, theirs.response.body).toBe(201)
      expect(theirs.token).not.toBe(chosen.token)
      const posted = await ingest(chosen.token, ISPINDEL)
      expect(posted.statusCode, posted.body).toBe(201)
      expect(posted.json()).toMatchObject({ data: { vesselId: own.fermenterId } })
    })

    it('takes an iSpindel post into the vessel and the batch in it, then shows it on the tank card and the chart', async () => {
      const { token: deviceToken } = await addDevice(seed.fermenterId)
      const response = await ingest(deviceToken, ISPINDEL)
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json()).toMatchObject({ data: { vesselId: seed.fermenterId, batchId: seed.batchId } })
      const board = (await call(brewerA, 'GET', '/api/cellar/tanks')).json<{ data: Json[] }>().data
      const card = board.find((tank) => (tank.vessel as Json).id === seed.fermenterId) as Json
      expect(card).toMatchObject({
        contentsBbl: 10,
        batch: { id: seed.batchId, number: seed.batchNumber, day: 4, expectedFg: 1.012 },
        latest: { gravitySg: 1.0452, temperatureC: 19.5 },
      })
      expect(card.attenuation as number).toBeCloseTo(((1.05 - 1.0452) / 0.05) * 100, 6)
      const batch = await fermentation(seed.batchId)
      expect(batch.readings).toEqual([
        expect.objectContaining({ gravitySg: 1.0452, source: 'device', deviceName: 'iSpindel blue' }),
      ])
    })

    it('answers 429 to a second post within 10 seconds, with Retry-After', async () => {
      const { token: deviceToken } = await addDevice(seed.fermenterId)
      expect((await ingest(deviceToken, { gravity: 1.04, temperature: 18.5 })).statusCode).toBe(201)
      const again = await ingest(deviceToken, { gravity: 1.04, temperature: 18.5 })
      expect(again.statusCode).toBe(429)
      expect(again.headers['retry-after']).toBe('10')
      expect(again.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } })
    })

    it('reads the Brewfather stream and a plain body; refuses bad bodies naming the field', async () => {
      const brewfather = await addDevice(seed.fermenterId)
      const response = await ingest(brewfather.token, {
        name: 'Red',
        temp: 68,
        temp_unit: 'F',
        gravity: 10.5,
        gravity_unit: 'P',
        ph: 4.4,
        comment: 'Tilt',
      })
      expect(response.statusCode, response.body).toBe(201)
      const [stored] = await testDb.db
        .select()
        .from(readings)
        .where(eq(readings.id, response.json<{ data: { id: string } }>().data.id))
      expect(stored.temperatureC).toBeCloseTo(20, 6)
      expect(stored.gravitySg).toBeCloseTo(1.042, 3)
      expect(stored.ph).toBe(4.4)

      const bad = await addDevice(seed.fermenterId)
      for (const [body, field] of [
        [{ temp: 'warm', temp_unit: 'C', gravity: 1.01 }, 'temp'],
        [{ temp: 20, temp_unit: 'C', gravity: 1.01, gravity_unit: 'X' }, 'gravity_unit'],
        [{ ...ISPINDEL, gravity: 'heavy' }, 'gravity'],
        [{}, 'gravity'],
        [[1, 2], 'body'],
      ] as const) {
        const refused = await ingest(bad.token, body)
        expect(refused.statusCode, JSON.stringify(body)).toBe(400)
        expect(refused.json()).toMatchObject({
          error: { code: 'VALIDATION_FAILED', issues: [{ path: field }] },
        })
      }
      expect((await ingest(bad.token, '{"gravity": 1.0')).statusCode).toBe(400)
      // The refused posts took no slot: a good one still goes in.
      expect((await ingest(bad.token, { gravity: 1.012, temperature: 18.5 })).statusCode).toBe(201)
    })

    it('answers 401 to an unknown or revoked token', async () => {
      expect((await ingest('B'.repeat(43), ISPINDEL)).statusCode).toBe(401)
      expect((await ingest('short', ISPINDEL)).statusCode).toBe(401)
      const { id, token: deviceToken } = await addDevice(seed.fermenterId)
      expect((await call(brewerA, 'DELETE', `/api/cellar/devices/${id}`)).statusCode).toBe(403)
      expect((await call(adminB, 'DELETE', `/api/cellar/devices/${id}`)).statusCode).toBe(404)
      expect((await call(adminA, 'DELETE', `/api/cellar/devices/${id}`)).statusCode).toBe(204)
      const refused = await ingest(deviceToken, ISPINDEL)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
    })

    it('refuses a device in a vessel of another brewery', async () => {
      const { response } = await addDevice(seed.fermenterId, adminB)
      expect(response.statusCode).toBe(404)
    })
  })

  describe('manual readings', () => {
    it('records °Plato and °F as SG and °C, for a Brewer', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const response = await call(
        brewerA,
        'POST',
        '/api/cellar/readings',
        makeEnvelope('reading', {
          id: crypto.randomUUID(),
          vesselId: seed.fermenterId,
          gravity: { value: 4, unit: 'Plato' },
          temperature: { value: 66.2, unit: 'F' },
          ph: 4.3,
          note: 'Sample tastes clean',
        }),
      )
      expect(response.statusCode, response.body).toBe(201)
      const data = response.json<{ data: { gravitySg: number; temperatureC: number; batchId: string } }>()
        .data
      expect(data.gravitySg).toBeCloseTo(1.0157, 3)
      expect(data.temperatureC).toBeCloseTo(19, 6)
      expect(data.batchId).toBe(seed.batchId)
    })

    it('names the field of a refused reading', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const send = (data: Json) =>
        call(
          brewerA,
          'POST',
          '/api/cellar/readings',
          makeEnvelope('reading', { id: crypto.randomUUID(), vesselId: seed.fermenterId, ...data }),
        )
      const none = await send({})
      expect(none.statusCode).toBe(400)
      expect(JSON.stringify(none.json())).toContain('data.gravity')
      const high = await send({ gravity: { value: 1.5, unit: 'SG' } })
      expect(high.statusCode).toBe(400)
      expect(JSON.stringify(high.json())).toContain('data.gravity.value')
      const unit = await send({ temperature: { value: 20, unit: 'K' } })
      expect(JSON.stringify(unit.json())).toContain('data.temperature.unit')
      const foreign = await call(
        adminB,
        'POST',
        '/api/cellar/readings',
        makeEnvelope('reading', { id: crypto.randomUUID(), vesselId: seed.fermenterId, ph: 4 }),
      )
      expect(foreign.statusCode).toBe(404)
    })
  })

  describe('the fermentation chart', () => {
    it('downsamples each device to `points` on the server, keeps hand readings, lists the newest; refuses bad points', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const { id: deviceId } = await addDevice(seed.fermenterId)
      const t0 = Date.now() - 48 * 3_600_000
      const row = (i: number, gravitySg: number, temperatureC: number, device: boolean) => ({
        id: crypto.randomUUID(),
        entityId: entityA,
        vesselId: seed.fermenterId,
        batchId: seed.batchId,
        deviceId: device ? deviceId : null,
        source: device ? 'device' : 'manual',
        takenAt: new Date(t0 + i * 15 * 60_000),
        gravitySg,
        temperatureC,
      })
      // 24 readings of the device, gravity falling 0.001 each, temperature 19 and 19.5 in turn; then 3 by hand.
      const rows = [
        ...Array.from({ length: 24 }, (_, i) =>
          row(i, Number((1.05 - i * 0.001).toFixed(3)), i % 2 ? 19.5 : 19, true),
        ),
        ...[30, 31, 32].map((i) => row(i, 1.02, 18, false)),
      ]
      await createCellarRepository(testDb.db).insertReadings(rows)

      const whole = await fermentation(seed.batchId)
      expect(whole.readings).toHaveLength(27)
      expect(whole.readingCount).toBe(27)

      // points=10 → (10 − 2) / 4 = 2 buckets of the device's 24: [0,12) keeps 0 (highest gravity, lowest
      // temperature), 1 (highest temperature) and 11 (lowest gravity); [12,24) keeps 12, 13 and 23; the three
      // hand readings (fewer than 10) all stay.
      const chart = (await call(brewerA, 'GET', `/api/cellar/batches/${seed.batchId}?points=10`)).json<{
        data: { readings: Json[]; readingCount: number; latestReadings: Json[] }
      }>().data
      expect(chart.readings.map((r) => r.gravitySg)).toEqual([
        1.05, 1.049, 1.039, 1.038, 1.037, 1.027, 1.02, 1.02, 1.02,
      ])
      expect(chart.readings.map((r) => r.takenAt)).toEqual(
        [0, 1, 11, 12, 13, 23, 30, 31, 32].map((i) => new Date(t0 + i * 15 * 60_000).toISOString()),
      )
      expect(chart.readings[0]).toMatchObject({ deviceName: 'iSpindel blue', source: 'device' })
      expect(chart.readingCount).toBe(27)
      expect(chart.latestReadings).toHaveLength(27)
      expect(chart.latestReadings[0]).toMatchObject({
        source: 'manual',
        takenAt: rows[26].takenAt.toISOString(),
      })
      expect(chart.latestReadings.at(-1)).toMatchObject({ takenAt: rows[0].takenAt.toISOString() })

      // The database's choice is downsample.ts's, reading for reading: 600 more readings of two devices with ties,
      // gaps (null values) and repeated values, asked for at 14 and 50 points per device.
      const other = (await addDevice(seed.fermenterId)).id
      let state = 7
      const next = () => (state = (state * 48271) % 2147483647) / 2147483647
      const more = Array.from({ length: 600 }, (_, i) => ({
        ...row(
          100 + i,
          Number((1.01 + Math.round(next() * 40) / 1000).toFixed(3)),
          Math.round(next() * 8) + 15,
          true,
        ),
        deviceId: i % 3 === 0 ? other : deviceId,
        gravitySg: i % 7 === 0 ? null : Number((1.01 + Math.round(next() * 40) / 1000).toFixed(3)),
        temperatureC: i % 11 === 0 ? null : Math.round(next() * 8) + 15,
      }))
      await createCellarRepository(testDb.db).insertReadings(more)
      const all = [...rows, ...more].toSorted(
        (a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.id.localeCompare(b.id),
      )
      for (const points of [14, 50]) {
        const expected = downsample(
          all.map((r) => ({
            id: r.id,
            series: r.deviceId ?? 'by hand',
            gravity: r.gravitySg,
            temperature: r.temperatureC,
          })),
          points,
        ).map((r) => r.id)
        const answer = (
          await call(brewerA, 'GET', `/api/cellar/batches/${seed.batchId}?points=${points}`)
        ).json<{
          data: { readings: Json[]; readingCount: number }
        }>().data
        expect(answer.readingCount).toBe(627)
        expect(answer.readings.map((r) => r.id)).toEqual(expected)
      }

      for (const bad of ['abc', '9', '5001', '12.5']) {
        const refused = await call(brewerA, 'GET', `/api/cellar/batches/${seed.batchId}?points=${bad}`)
        expect(refused.statusCode, bad).toBe(400)
        expect(refused.body).toContain('points')
      }
      expect((await call(adminB, 'GET', `/api/cellar/batches/${seed.batchId}?points=10`)).statusCode).toBe(
        404,
      )
    }, 120_000)
  })

  describe('the liquid ledger', () => {
    it('transfers to a brite tank (warning, then accepted), packages kegs and cans, and the yield reconciles', async () => {
      const seed = await seedCellar(testDb.db, entityA, { volumeBbl: 10 })
      const sample = await move(brewerA, {
        id: crypto.randomUUID(),
        kind: 'sampled',
        purpose: 'lab',
        fromVesselId: seed.fermenterId,
        volumeBbl: 0.02,
      })
      expect(sample.statusCode, sample.body).toBe(201)
      const transfer = {
        id: crypto.randomUUID(),
        kind: 'transferred',
        fromVesselId: seed.fermenterId,
        toVesselId: seed.briteId,
        volumeBbl: 9.5,
      }
      const warned = await move(brewerA, transfer)
      expect(warned.statusCode).toBe(409)
      expect(warned.json()).toMatchObject({
        error: {
          code: 'CLEANING_WARNING',
          issues: [{ path: 'data.acceptCleaningWarning' }, { path: 'data.acceptCleaningWarning' }],
        },
      })
      const accepted = await move(brewerA, { ...transfer, acceptCleaningWarning: true })
      expect(accepted.statusCode, accepted.body).toBe(201)
      expect(accepted.json()).toMatchObject({
        data: {
          kind: 'transferred',
          volumeBbl: 9.5,
          details: { cleaningWarning: { acceptedBy: expect.any(String) as unknown } },
        },
      })
      const loss = await move(brewerA, {
        id: crypto.randomUUID(),
        kind: 'lost',
        fromVesselId: seed.fermenterId,
        volumeBbl: 0.48,
        reason: 'Trub and yeast',
      })
      expect(loss.statusCode, loss.body).toBe(201)
      const [fermenter] = await testDb.db.select().from(vessels).where(eq(vessels.id, seed.fermenterId))
      expect(fermenter.state).toBe('dirty')

      const run = (sub: string, lines: Json[]) =>
        call(
          sub,
          'POST',
          '/api/cellar/packaging-runs',
          makeEnvelope('liquid-event', { id: crypto.randomUUID(), fromVesselId: seed.briteId, lines }),
        )
      const kegsAndCans = [
        { id: crypto.randomUUID(), packageId: seed.packages.half, units: 6 },
        { id: crypto.randomUUID(), packageId: seed.packages.sixth, units: 12 },
        { id: crypto.randomUUID(), packageId: seed.packages.cans, units: 1000 },
      ]
      expect((await run(brewerA, kegsAndCans)).statusCode).toBe(403)
      const growler = await run(managerA, [
        { id: crypto.randomUUID(), packageId: seed.packages.growler, units: 10 },
      ])
      expect(growler.statusCode).toBe(400)
      expect(JSON.stringify(growler.json())).toContain('data.lines.0.barrelsPerUnit')
      const packaged = await run(managerA, kegsAndCans)
      expect(packaged.statusCode, packaged.body).toBe(201)
      const events = packaged.json<{ data: Json[] }>().data
      expect(events.map((event) => event.volumeBbl)).toEqual([3, 2, 4.03226])
      expect(events[2]).toMatchObject({
        kind: 'packaged',
        ttbClass: 'packaged',
        details: { sku: 'SP-16', upc: '036000291452', units: 1000, packageType: '16oz Cans' },
      })

      const batch = await fermentation(seed.batchId)
      expect(batch.yield).toMatchObject({
        intoFermenterBbl: 10,
        sampledBbl: 0.02,
        lostBbl: 0.48,
        packagedBbl: 9.03226,
        inVesselsBbl: 0.46774,
        reconciles: true,
        differenceBbl: 0,
      })
      const [row] = await testDb.db.select().from(batches).where(eq(batches.id, seed.batchId))
      expect(row.status).toBe('packaging')

      // The rest of the brite tank: more than it holds is refused; exactly what it holds completes the batch.
      const more = await run(managerA, [{ id: crypto.randomUUID(), packageId: seed.packages.half, units: 1 }])
      expect(more.statusCode).toBe(409)
      const rest = await run(managerA, [
        { id: crypto.randomUUID(), packageId: seed.packages.growler, units: 1, barrelsPerUnit: 0.46774 },
      ])
      expect(rest.statusCode, rest.body).toBe(201)
      const [done] = await testDb.db.select().from(batches).where(eq(batches.id, seed.batchId))
      expect(done.status).toBe('completed')
    })

    it('transfers without a warning into a vessel cleaned and sanitised in time', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      expect((await clean(seed.briteId, 'cip')).statusCode).toBe(201)
      expect((await clean(seed.briteId, 'sanitise')).statusCode).toBe(201)
      const response = await move(brewerA, {
        id: crypto.randomUUID(),
        kind: 'transferred',
        fromVesselId: seed.fermenterId,
        toVesselId: seed.briteId,
        volumeBbl: 10,
      })
      expect(response.statusCode, response.body).toBe(201)
      expect(response.json<{ data: Json }>().data.details).toBeNull()
      // A vessel holding beer is not cleaned.
      const refused = await clean(seed.briteId, 'clean')
      expect(refused.statusCode).toBe(409)
    })

    it('corrects a loss with a new event that supersedes it, once', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const lossId = crypto.randomUUID()
      expect(
        (
          await move(brewerA, {
            id: lossId,
            kind: 'lost',
            fromVesselId: seed.fermenterId,
            volumeBbl: 2,
            reason: 'Leak',
          })
        ).statusCode,
      ).toBe(201)
      const fix = {
        id: crypto.randomUUID(),
        kind: 'lost',
        fromVesselId: seed.fermenterId,
        volumeBbl: 0.5,
        reason: 'Leak, measured',
        supersedesId: lossId,
      }
      expect((await move(brewerA, fix)).statusCode).toBe(201)
      const batch = await fermentation(seed.batchId)
      expect(batch.yield).toMatchObject({ lostBbl: 0.5, inVesselsBbl: 9.5, reconciles: true })
      expect(batch.events.find((event) => event.id === lossId)).toMatchObject({ supersededBy: fix.id })
      const twice = await move(brewerA, { ...fix, id: crypto.randomUUID() })
      expect(twice.statusCode).toBe(409)
      const otherKind = await move(brewerA, {
        ...fix,
        id: crypto.randomUUID(),
        kind: 'sampled',
        purpose: 'lab',
        supersedesId: fix.id,
      })
      expect(otherKind.statusCode).toBe(400)
    })

    it('names the field of a refused movement', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const base = { id: crypto.randomUUID(), fromVesselId: seed.fermenterId, volumeBbl: 1 }
      const cases: [Json, string, number][] = [
        [{ ...base, kind: 'lost' }, 'data.reason', 400],
        [{ ...base, kind: 'dumped', reason: '   ' }, 'data.reason', 400],
        [{ ...base, kind: 'transferred' }, 'data.toVesselId', 400],
        [{ ...base, kind: 'transferred', toVesselId: seed.fermenterId }, 'data.toVesselId', 400],
        [{ ...base, kind: 'sampled', purpose: 'tasting', volumeBbl: -1 }, 'data.volumeBbl', 400],
        [{ ...base, kind: 'sampled', purpose: 'tasting', volumeBbl: 0 }, 'data.volumeBbl', 400],
        [{ ...base, kind: 'poured' }, 'data.kind', 400],
        [{ ...base, kind: 'sampled' }, 'data.purpose', 400],
        [{ ...base, kind: 'lost', reason: 'Leak', purpose: 'lab' }, 'data.purpose', 400],
        [{ ...base, kind: 'sampled', purpose: 'tasting', volumeBbl: 11 }, 'data.volumeBbl', 409],
        [
          { ...base, kind: 'sampled', purpose: 'tasting', fromVesselId: crypto.randomUUID() },
          'data.fromVesselId',
          404,
        ],
      ]
      for (const [data, field, status] of cases) {
        const response = await move(brewerA, data)
        expect(response.statusCode, JSON.stringify(data)).toBe(status)
        expect(JSON.stringify(response.json()), JSON.stringify(data)).toContain(field)
      }
      const other = await seedVessel(testDb.db, entityA, { name: 'Busy', kind: 'brite-tank' })
      const busy = await seedCellar(testDb.db, entityA)
      await move(brewerA, {
        id: crypto.randomUUID(),
        kind: 'transferred',
        fromVesselId: busy.fermenterId,
        toVesselId: other,
        volumeBbl: 1,
        acceptCleaningWarning: true,
      })
      const blend = await move(brewerA, {
        ...base,
        kind: 'transferred',
        toVesselId: other,
        acceptCleaningWarning: true,
      })
      expect(blend.statusCode).toBe(409)
      expect(blend.json<{ error: { message: string } }>().error.message).toContain(busy.batchNumber)
    })
  })

  describe('alerts and settings', () => {
    it('raises FG reached and out-of-band temperature on the job, mails the chosen roles, and takes an acknowledgement', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const put = (sub: string, data: Json) =>
        call(sub, 'PUT', '/api/cellar/settings', makeEnvelope('cellar-settings', data))
      expect(
        (await put(managerA, { cleanWindowHours: 24, sanitiseWindowHours: 4, alertRoles: ['Brewer'] }))
          .statusCode,
      ).toBe(403)
      const bad = await put(adminA, { cleanWindowHours: 0, sanitiseWindowHours: 4, alertRoles: [] })
      expect(JSON.stringify(bad.json())).toContain('data.cleanWindowHours')
      expect(
        (await put(adminA, { cleanWindowHours: 24, sanitiseWindowHours: 4, alertRoles: ['Brewer'] }))
          .statusCode,
      ).toBe(200)
      const reading = (data: Json) =>
        call(
          brewerA,
          'POST',
          '/api/cellar/readings',
          makeEnvelope('reading', { id: crypto.randomUUID(), vesselId: seed.fermenterId, ...data }),
        )
      expect(
        (await reading({ gravity: { value: 1.011, unit: 'SG' }, temperature: { value: 80, unit: 'F' } }))
          .statusCode,
      ).toBe(201)
      await t.app.jobs
        .definition<{ entityId?: string }>('cellar.alerts')
        .run({ entityId: entityA }, { id: 'test' })
      const list = (await call(brewerA, 'GET', '/api/cellar/alerts')).json<{
        data: { alerts: Json[]; unread: number }
      }>().data
      const ours = list.alerts.filter((alert) => alert.batchId === seed.batchId)
      expect(ours.map((alert) => alert.kind).sort()).toEqual(['fg-reached', 'temperature-out-of-band'])
      expect(list.unread).toBeGreaterThanOrEqual(2)
      const [brewer] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, brewerA))
      const mail = await readOutbox(t.outboxDir, brewer.email)
      expect(mail.at(-1)?.text).toContain('Expected FG reached')

      // Run again: nothing new.
      await t.app.jobs
        .definition<{ entityId?: string }>('cellar.alerts')
        .run({ entityId: entityA }, { id: 'test' })
      const again = (await call(brewerA, 'GET', '/api/cellar/alerts')).json<{ data: { alerts: Json[] } }>()
        .data
      expect(again.alerts.filter((alert) => alert.batchId === seed.batchId)).toHaveLength(2)

      const id = ours[0].id as string
      const ack = (sub: string) =>
        call(sub, 'POST', `/api/cellar/alerts/${id}/acknowledge`, makeEnvelope('alert', {}))
      expect((await ack(adminB)).statusCode).toBe(404)
      const acknowledged = await ack(brewerA)
      expect(acknowledged.statusCode).toBe(200)
      expect(acknowledged.json()).toMatchObject({
        data: { acknowledgedBy: brewer.id, acknowledgedAt: expect.any(String) as unknown },
      })
      const dashboard = (await call(brewerA, 'GET', '/api/cellar/dashboard')).json<{
        data: { unreadAlerts: number; tanksNeedingAttention: Json[] }
      }>().data
      expect(dashboard.unreadAlerts).toBe(list.unread - 1)
      expect(dashboard.tanksNeedingAttention.some((tank) => tank.vesselId === seed.fermenterId)).toBe(true)
    })

    it('judges a batch on its latest readings, however many it has logged (not its oldest 5,000)', async () => {
      // Seven and a half weeks of a thermometer every 15 minutes in the band (18.0 °C; the yeast's band is 15.0–22.2 °C), then one
      // at 26.7 °C now: the rules must see the newest reading, so the temperature alert is raised.
      const seed = await seedCellar(testDb.db, entityA)
      const now = Date.now()
      const history = Array.from({ length: 5_040 }, (_, i) => ({
        id: crypto.randomUUID(),
        entityId: entityA,
        vesselId: seed.fermenterId,
        batchId: seed.batchId,
        source: 'manual',
        takenAt: new Date(now - (5_040 - i) * 15 * 60_000 - 60_000),
        temperatureC: 18,
      }))
      for (let i = 0; i < history.length; i += 1_000)
        await testDb.db.insert(readings).values(history.slice(i, i + 1_000))
      await testDb.db.insert(readings).values({
        id: crypto.randomUUID(),
        entityId: entityA,
        vesselId: seed.fermenterId,
        batchId: seed.batchId,
        source: 'manual',
        takenAt: new Date(now),
        temperatureC: 26.7,
      })
      await t.app.jobs
        .definition<{ entityId?: string }>('cellar.alerts')
        .run({ entityId: entityA }, { id: 'test' })
      const alerts = (await call(brewerA, 'GET', '/api/cellar/alerts'))
        .json<{ data: { alerts: Json[] } }>()
        .data.alerts.filter((alert) => alert.batchId === seed.batchId)
      expect(alerts.map((alert) => alert.kind)).toEqual(['temperature-out-of-band'])
      expect(alerts[0].message).toContain('Temperature 26.7 °C is outside 15.0–22.2 °C')
    })

    it('mails each temperature excursion: the alert ends when the beer is back in its band, the next one is new', async () => {
      // The seeded batch's yeast ferments at 59–72 °F: 15.0–22.2 °C. 80 °F is 26.7 °C; 66 °F is 18.9 °C.
      const seed = await seedCellar(testDb.db, entityA)
      const [brewer] = await testDb.db.select().from(users).where(eq(users.idpIdentifier, brewerA))
      const settings = makeEnvelope('cellar-settings', {
        cleanWindowHours: 24,
        sanitiseWindowHours: 4,
        alertRoles: ['Brewer'],
      })
      expect((await call(adminA, 'PUT', '/api/cellar/settings', settings)).statusCode).toBe(200)
      const mailsBefore = (await readOutbox(t.outboxDir, brewer.email)).length
      const temperature = async (fahrenheit: number) => {
        const posted = await call(
          brewerA,
          'POST',
          '/api/cellar/readings',
          makeEnvelope('reading', {
            id: crypto.randomUUID(),
            vesselId: seed.fermenterId,
            temperature: { value: fahrenheit, unit: 'F' },
          }),
        )
        expect(posted.statusCode, posted.body).toBe(201)
        // Readings a few milliseconds apart: the rules read the latest by time.
        await new Promise((resolve) => setTimeout(resolve, 5))
        await t.app.jobs
          .definition<{ entityId?: string }>('cellar.alerts')
          .run({ entityId: entityA }, { id: 'test' })
      }
      const temperatureAlerts = async () =>
        (await call(brewerA, 'GET', '/api/cellar/alerts'))
          .json<{ data: { alerts: Json[] } }>()
          .data.alerts.filter(
            (alert) => alert.batchId === seed.batchId && alert.kind === 'temperature-out-of-band',
          )
      // Other batches of the brewery may share a mail: these are the ones naming this batch's temperature.
      const mails = async () =>
        (await readOutbox(t.outboxDir, brewer.email))
          .slice(mailsBefore)
          .filter((mail) => mail.text.includes(`Temperature out of range: ${seed.batchNumber}`))

      await temperature(80)
      expect(await temperatureAlerts()).toHaveLength(1)
      expect(await mails()).toHaveLength(1)
      expect((await mails())[0].text).toContain('Temperature 26.7 °C is outside 15.0–22.2 °C')

      await temperature(66)
      const [ended] = await temperatureAlerts()
      expect(ended.resolvedAt).toEqual(expect.any(String))
      expect(await mails()).toHaveLength(1)

      await temperature(81)
      expect(await temperatureAlerts()).toHaveLength(2)
      const sent = await mails()
      expect(sent).toHaveLength(2)
      expect(sent[1].text).toContain('Temperature 27.2 °C is outside 15.0–22.2 °C')
    })

    it('calls a device silent after 2 hours', async () => {
      const seed = await seedCellar(testDb.db, entityA)
      const { id, token: deviceToken } = await addDevice(seed.fermenterId)
      expect((await ingest(deviceToken, { gravity: 1.03, temperature: 18 })).statusCode).toBe(201)
      await testDb.db
        .update(devices)
        .set({ lastSeenAt: new Date(Date.now() - 3 * 3_600_000) })
        .where(eq(devices.id, id))
      await t.app.jobs
        .definition<{ entityId?: string }>('cellar.alerts')
        .run({ entityId: entityA }, { id: 'test' })
      const list = (await call(brewerA, 'GET', '/api/cellar/alerts')).json<{ data: { alerts: Json[] } }>()
        .data
      expect(list.alerts.filter((alert) => alert.deviceId === id).map((alert) => alert.kind)).toEqual([
        'device-silent',
      ])
    })
  })
})
