import { dayIn, makeEnvelope } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { cutDaysInUtc } from '../../testing/time-zone.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liquidEvents } from '../../db/schema/production.ts'
import { users } from '../../db/schema/users.ts'
import { seedCellar, seedVessel } from '../../testing/cellar-seed.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { seedClosedPeriod } from '../../testing/ledger-seed.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { mintJwt } from '../../testing/tokens.ts'

// The cellar's side of the one ledger (the ledger contract; ADRs 230–232): samples by purpose, bulk removals and
// receipts in bond, and dates that hold on every cellar write. seedCellar brews 10 bbl into a fermenter 72 hours
// ago (brew day began 78 hours ago).

const BUSINESS = {
  name: 'Ledger Cellar Co',
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
type Refusal = { error: { code: string; message: string; issues: { path: string; message: string }[] } }
const refusal = (response: { json<T>(): T }) => response.json<Refusal>().error
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()

describe.each(TEST_DATABASES)('the cellar on the ledger (%s)', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let admin: string
  let brewer: string
  let manager: string
  let entityId: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const post = async (sub: string, url: string, data: Json) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: makeEnvelope('liquid-event', data),
      headers: { authorization: `Bearer ${await token(sub)}` },
    })
  const move = (sub: string, data: Json) => post(sub, '/api/cellar/liquid-events', data)
  const stored = async (id: string) => {
    const [row] = await testDb.db.select().from(liquidEvents).where(eq(liquidEvents.id, id))
    return row
  }
  async function member(role: 'Brewer' | 'Manager') {
    const sub = crypto.randomUUID()
    await testDb.db.insert(users).values({ idpIdentifier: sub, entityId, role, email: `${sub}@example.com` })
    return sub
  }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    admin = crypto.randomUUID()
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
      headers: { authorization: `Bearer ${await token(admin)}` },
    })
    entityId = response.json<{ data: { entityId: string } }>().data.entityId
    // Onboarding gives an Oregon brewery Pacific time (ADR 260); the closed day below is a UTC day.
    await cutDaysInUtc(testDb.db, entityId)
    brewer = await member('Brewer')
    manager = await member('Manager')
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('books a lab sample without tax (research, testing) and a tasting as consumed on premises', async () => {
    const seed = await seedCellar(testDb.db, entityId)
    const lab = {
      id: crypto.randomUUID(),
      kind: 'sampled',
      purpose: 'lab',
      fromVesselId: seed.fermenterId,
      volumeBbl: 0.01,
    }
    expect((await move(brewer, lab)).statusCode).toBe(201)
    expect(await stored(lab.id)).toMatchObject({
      ttbClass: 'removed-without-tax',
      details: { purpose: 'lab', taxFreeReason: 'research-testing' },
    })
    const tasting = { ...lab, id: crypto.randomUUID(), purpose: 'tasting' }
    expect((await move(brewer, tasting)).statusCode).toBe(201)
    expect(await stored(tasting.id)).toMatchObject({
      ttbClass: 'consumed-on-premises',
      details: { purpose: 'tasting' },
    })
  })

  it('refuses a date before the brew, in the future, or before the vessel held the beer', async () => {
    const seed = await seedCellar(testDb.db, entityId)
    const loss = { kind: 'lost', reason: 'Leak', fromVesselId: seed.fermenterId, volumeBbl: 0.5 }
    const early = await move(brewer, { ...loss, id: crypto.randomUUID(), occurredAt: hoursAgo(100) })
    expect(early.statusCode).toBe(400)
    expect(refusal(early).message).toContain(`Batch ${seed.batchNumber} was brewed on`)
    expect(refusal(early).issues).toEqual([{ path: 'data.occurredAt', message: 'Before the beer existed' }])
    const late = await move(brewer, {
      ...loss,
      id: crypto.randomUUID(),
      occurredAt: new Date(Date.now() + 3_600_000).toISOString(),
    })
    expect(late.statusCode).toBe(400)
    expect(refusal(late).message).toBe('An event cannot be dated in the future.')
    // Brew day began 78 h ago, the wort reached the fermenter 72 h ago: a loss 75 h ago would leave it negative.
    const beforeFill = await move(brewer, { ...loss, id: crypto.randomUUID(), occurredAt: hoursAgo(75) })
    expect(beforeFill.statusCode).toBe(409)
    expect(refusal(beforeFill).message).toContain('would be short by 0.50 bbl')
    // A transfer dated before a later-recorded loss cannot leave an earlier instant negative either.
    const transfer = {
      id: crypto.randomUUID(),
      kind: 'transferred',
      fromVesselId: seed.fermenterId,
      toVesselId: seed.briteId,
      volumeBbl: 10,
      acceptCleaningWarning: true,
      occurredAt: hoursAgo(10),
    }
    expect((await move(brewer, transfer)).statusCode).toBe(201)
    const lossBefore = await move(brewer, { ...loss, id: crypto.randomUUID(), occurredAt: hoursAgo(20) })
    expect(lossBefore.statusCode).toBe(409)
  })

  it('refuses an event in a closed period naming it, then books it as a prior-period adjustment', async () => {
    const seed = await seedCellar(testDb.db, entityId, { brewedHoursAgo: 24 * 40 })
    const lossAt = new Date(Date.now() - 24 * 35 * 3_600_000)
    const day = dayIn(lossAt, 'UTC')
    await seedClosedPeriod(testDb.db, entityId, {
      report: '5130.26',
      period: 'TEST-P',
      fromDate: day,
      toDate: day,
    })
    const loss = {
      id: crypto.randomUUID(),
      kind: 'lost',
      reason: 'Leak',
      fromVesselId: seed.fermenterId,
      volumeBbl: 0.25,
      occurredAt: lossAt.toISOString(),
    }
    const refused = await move(brewer, loss)
    expect(refused.statusCode).toBe(409)
    expect(refusal(refused).message).toBe(
      `${day} is in TEST-P (TTB F 5130.26), which is closed. Book it as a prior-period adjustment in the open period, or change the date.`,
    )
    const booked = await move(brewer, { ...loss, priorPeriodAdjustment: true })
    expect(booked.statusCode, booked.body).toBe(201)
    const row = await stored(loss.id)
    expect(row.occurredAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(row.details).toMatchObject({
      priorPeriodAdjustment: {
        originalOccurredAt: lossAt.toISOString(),
        remark: `Prior-period adjustment: occurred ${day}, in closed period TEST-P (TTB F 5130.26)`,
      },
    })
  })

  it('removes a tank in bulk, taxpaid or without tax (Manager, not Brewer)', async () => {
    const seed = await seedCellar(testDb.db, entityId)
    const removal = {
      id: crypto.randomUUID(),
      fromVesselId: seed.fermenterId,
      volumeBbl: 3,
      taxpaid: true,
      customer: 'Taproom',
    }
    expect((await post(brewer, '/api/cellar/bulk-removals', removal)).statusCode).toBe(403)
    const sold = await post(manager, '/api/cellar/bulk-removals', removal)
    expect(sold.statusCode, sold.body).toBe(201)
    expect(await stored(removal.id)).toMatchObject({
      kind: 'removed',
      ttbClass: 'removed-taxpaid',
      fromVesselId: seed.fermenterId,
      volumeBbl: '3.00000',
      details: { source: 'bulk', customer: 'Taproom' },
    })
    const noReason = await post(manager, '/api/cellar/bulk-removals', {
      ...removal,
      id: crypto.randomUUID(),
      taxpaid: false,
    })
    expect(noReason.statusCode).toBe(400)
    expect(refusal(noReason).issues[0].path).toBe('data.taxFreeReason')
    const exported = { ...removal, id: crypto.randomUUID(), taxpaid: false, taxFreeReason: 'export' }
    expect((await post(manager, '/api/cellar/bulk-removals', exported)).statusCode).toBe(201)
    expect(await stored(exported.id)).toMatchObject({
      ttbClass: 'removed-without-tax',
      details: { taxFreeReason: 'export' },
    })
    const tooMuch = await post(manager, '/api/cellar/bulk-removals', {
      ...removal,
      id: crypto.randomUUID(),
      volumeBbl: 5,
    })
    expect(tooMuch.statusCode).toBe(409)
  })

  it('receives bulk beer in bond into an empty vessel as part of a batch', async () => {
    const seed = await seedCellar(testDb.db, entityId)
    const tank = await seedVessel(testDb.db, entityId, {
      name: `RT-${crypto.randomUUID().slice(0, 4)}`,
      kind: 'brite-tank',
      state: 'sanitised',
    })
    const receipt = {
      id: crypto.randomUUID(),
      toVesselId: tank,
      batchId: seed.batchId,
      volumeBbl: 4,
      fromBrewery: 'Sister Brewing',
      acceptCleaningWarning: true,
    }
    expect((await post(brewer, '/api/cellar/bulk-receipts', receipt)).statusCode).toBe(403)
    const received = await post(manager, '/api/cellar/bulk-receipts', receipt)
    expect(received.statusCode, received.body).toBe(201)
    expect(await stored(receipt.id)).toMatchObject({
      kind: 'received',
      ttbClass: 'received-in-bond',
      toVesselId: tank,
      details: { source: 'bulk', fromBrewery: 'Sister Brewing' },
    })
    const other = await seedCellar(testDb.db, entityId)
    const mixed = await post(manager, '/api/cellar/bulk-receipts', {
      ...receipt,
      id: crypto.randomUUID(),
      batchId: other.batchId,
    })
    expect(mixed.statusCode).toBe(409)
    expect(refusal(mixed).message).toContain('holds batch')
  })
})
