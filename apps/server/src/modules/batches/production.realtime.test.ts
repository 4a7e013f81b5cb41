import {
  batchObjectUri,
  BatchSummarySchema,
  brewhouseObjectUri,
  BrewhouseDetailSchema,
  DEFAULT_BREWHOUSE_CONSTANTS,
  FERMENTABLES,
  makeEnvelope,
  newRecipe,
  vesselObjectUri,
  VesselReadSchema,
  type DataModifiedEvent,
  type EnvelopeType,
} from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../testing/free-port.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { mintJwt } from '../../testing/tokens.ts'

const BUSINESS = {
  name: 'Live Production Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

// What the web app's production screens merge (apps/web/src/lib/production/use-production-sync.ts): each
// broadcast of an equipment or batch write in the shape the domain's read schemas parse.
describe('equipment and batch writes in real time', () => {
  let testDb: TestDb
  let t: TestApp
  let url: string
  const sockets: Socket[] = []
  const admin = crypto.randomUUID()
  const stranger = crypto.randomUUID()
  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const write = async (method: 'POST' | 'DELETE', path: string, type?: EnvelopeType, data?: object) =>
    t.app.inject({
      method,
      url: path,
      ...(type && data ? { payload: makeEnvelope(type, data) } : {}),
      headers: { authorization: `Bearer ${await token(admin)}` },
    })
  async function connect(sub: string): Promise<Socket> {
    const socket = io(url, {
      auth: { token: await token(sub) },
      transports: ['websocket'],
      reconnection: false,
    })
    sockets.push(socket)
    return new Promise((resolve, reject) => {
      socket.on('connect', () => resolve(socket))
      socket.on('connect_error', reject)
    })
  }
  const nextEvent = (socket: Socket) =>
    new Promise<DataModifiedEvent>((resolve) =>
      socket.once('dataModified', (event: DataModifiedEvent) => resolve(event)),
    )

  beforeAll(async () => {
    testDb = await createTestDb()
    const port = await freePort()
    t = await createTestApp({ db: testDb, publicUrl: `http://127.0.0.1:${port}` })
    await t.app.listen({ port, host: '127.0.0.1' })
    url = `http://127.0.0.1:${port}`
    for (const sub of [admin, stranger])
      await t.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
        headers: { authorization: `Bearer ${await token(sub)}` },
      })
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await t?.app.close()
    await testDb?.client.close()
  })

  it('sends brewhouses and vessels whole, a batch in its list shape, and nothing to another brewery', async () => {
    const colleague = await connect(admin)
    const outsider = await connect(stranger)
    const outsiderEvents: DataModifiedEvent[] = []
    outsider.on('dataModified', (event: DataModifiedEvent) => outsiderEvents.push(event))

    const brewhouseId = crypto.randomUUID()
    let heard = nextEvent(colleague)
    await write('POST', '/api/equipment/brewhouses', 'brewhouse', {
      id: brewhouseId,
      name: 'Live ten',
      ...DEFAULT_BREWHOUSE_CONSTANTS,
    })
    let event = await heard
    expect(event.payload.objectUri).toBe(brewhouseObjectUri(brewhouseId))
    expect(BrewhouseDetailSchema.parse(event.payload.data)).toMatchObject({ name: 'Live ten', version: 1 })

    const vesselId = crypto.randomUUID()
    heard = nextEvent(colleague)
    await write('POST', '/api/equipment/vessels', 'vessel', {
      id: vesselId,
      name: 'FV-live',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    })
    event = await heard
    expect(event.payload.objectUri).toBe(vesselObjectUri(vesselId))
    expect(VesselReadSchema.parse(event.payload.data)).toMatchObject({ name: 'FV-live', capacityBbl: 12 })

    const productId = crypto.randomUUID()
    const recipe = {
      ...newRecipe(productId),
      yield: { quantity: 5, unit: 'BBL' as const },
      grainBill: [
        {
          id: crypto.randomUUID(),
          ingredient: { ...FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')! },
          amount: { value: 10, unit: 'Pounds' as const },
        },
      ],
    }
    heard = nextEvent(colleague)
    await write('POST', '/api/products', 'product', { id: productId, name: 'Live Pale', recipes: [recipe] })
    await heard
    const batchId = crypto.randomUUID()
    heard = nextEvent(colleague)
    const planned = await write('POST', '/api/batches', 'batch', {
      id: batchId,
      productId,
      recipeId: recipe.id,
      brewhouseId,
      plannedBrewDate: '2026-12-01',
      targetVolume: { quantity: 5, unit: 'BBL' },
    })
    expect(planned.statusCode).toBe(201)
    event = await heard
    expect(event.payload.objectUri).toBe(batchObjectUri(batchId))
    expect(BatchSummarySchema.parse(event.payload.data)).toMatchObject({
      number: '2026-001',
      status: 'planned',
    })
    expect(event.payload.data).not.toHaveProperty('recipeSnapshot')

    // Plan Batch booked the fermenter for the batch (the schedule): removing it archives it.
    heard = nextEvent(colleague)
    await write('DELETE', `/api/equipment/vessels/${vesselId}`)
    event = await heard
    expect(event.payload).toEqual({
      objectUri: vesselObjectUri(vesselId),
      data: { id: vesselId, archived: true },
    })

    heard = nextEvent(colleague)
    await write('DELETE', `/api/equipment/brewhouses/${brewhouseId}`)
    event = await heard
    expect(event.payload.data).toEqual({ id: brewhouseId, archived: true })
    expect(outsiderEvents).toEqual([])
  })
})
