import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements } from '../../db/schema/production.ts'
import { seedCellar } from '../../testing/cellar-seed.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Cellar To Form Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

// The cellar's own writes (its vocabulary of kinds and TTB classes) land on the TTB lines: brew day's brewed
// event (seeded as brew day leaves it), then a sample, a loss, a dump and a transfer through the cellar's API.
describe.each(TEST_DATABASES)('the TTB lines from the cellar’s ledger on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let admin: string
  let entityId: string

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(
          t.idp.keys.privateJwks.keys[0],
          { sub: admin },
          { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
        )}`,
      },
    })

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    admin = crypto.randomUUID()
    const response = await call(
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    entityId = response.json<{ data: { entityId: string } }>().data.entityId
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('counts the brew as produced, the sample as consumed, the loss and the dump, and not the transfer', async () => {
    const seed = await seedCellar(testDb.db, entityId, { volumeBbl: 10, brewedHoursAgo: 0 })
    const move = async (data: Record<string, unknown>) => {
      const response = await call(
        'POST',
        '/api/cellar/liquid-events',
        makeEnvelope('liquid-event', { id: crypto.randomUUID(), ...data }),
      )
      expect(response.statusCode, response.body).toBe(201)
    }
    await move({
      kind: 'sampled',
      purpose: 'tasting',
      fromVesselId: seed.fermenterId,
      volumeBbl: 0.1,
      reason: 'QA',
    })
    await move({ kind: 'lost', fromVesselId: seed.fermenterId, volumeBbl: 0.5, reason: 'Trub' })
    await move({
      kind: 'transferred',
      fromVesselId: seed.fermenterId,
      toVesselId: seed.briteId,
      volumeBbl: 9,
      acceptCleaningWarning: true,
    })
    await move({ kind: 'dumped', fromVesselId: seed.briteId, volumeBbl: 0.25, reason: 'Oxidised' })

    const month = new Date().toISOString().slice(0, 7)
    const report = await call('GET', `/api/reports/ttb/5130-9?month=${month}`)
    expect(report.statusCode, report.body).toBe(200)
    const { data } = report.json<{
      data: { lines: { key: string; barrels: string }[]; unclassified: string[] }
    }>()
    expect(Object.fromEntries(data.lines.map((line) => [line.key, line.barrels]))).toMatchObject({
      onHandStart: '0.00',
      produced: '10.00',
      consumedOnPremises: '0.10',
      losses: '0.50',
      destroyed: '0.25',
      onHandEnd: '9.15',
    })
    expect(data.unclassified).toEqual([])
  })

  it('gives a brew’s efficiency from its measurements into the fermenter', async () => {
    // 500 lb at 80 % extract: 46 × 0.8 × 500 = 18,400 points; 40 points × 300 gal measured = 65.2 %.
    const grain = {
      id: crypto.randomUUID(),
      ingredient: { extractFgMin: 0.8 },
      amount: { value: 500, unit: 'Pounds' },
    }
    const seed = await seedCellar(testDb.db, entityId, {
      volumeBbl: 10,
      brewedHoursAgo: 0,
      recipe: { grainBill: [grain] } as never,
    })
    await testDb.db.insert(measurements).values([
      {
        id: crypto.randomUUID(),
        entityId,
        batchId: seed.batchId,
        point: 'into-fermenter',
        quantity: 'gravity',
        value: 1.04,
        unit: 'SG',
        instrument: 'hydrometer',
        gravity: 1.04,
      },
      {
        id: crypto.randomUUID(),
        entityId,
        batchId: seed.batchId,
        point: 'into-fermenter',
        quantity: 'volume',
        value: 300,
        unit: 'GAL',
        instrument: 'meter',
        gallons: 300,
      },
    ])
    const month = new Date().toISOString().slice(0, 7)
    const response = await call('GET', `/api/reports/efficiency?from=${month}&to=${month}`)
    expect(response.statusCode, response.body).toBe(200)
    const rows = response.json<{
      data: { rows: { batchId: string; plannedPercent: number; achievedPercent: number }[] }
    }>().data.rows
    expect(rows.find((row) => row.batchId === seed.batchId)).toMatchObject({
      plannedPercent: 75,
      achievedPercent: 65.2,
    })
  })
})
