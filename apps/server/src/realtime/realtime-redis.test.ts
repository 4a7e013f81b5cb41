import { makeEnvelope, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { freePort } from '../testing/free-port.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'

const BUSINESS = {
  name: 'Twin Taps',
  address: '2 Mash Lane',
  city: 'Bend',
  state: 'OR',
  zip: '97701',
  phone: '(541) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const redisUrl = process.env.REDIS_URL

// Two API instances on one PostgreSQL and one Redis, as behind a load balancer.
describe.runIf(redisUrl && process.env.DATABASE_URL)('real-time across two server instances (Redis)', () => {
  let testDb: TestDb
  let a: TestApp
  let b: TestApp
  let urlB: string
  let socket: Socket | undefined

  beforeAll(async () => {
    testDb = await createTestDb('postgres')
    const [portA, portB] = [await freePort(), await freePort()]
    const publicUrl = `http://127.0.0.1:${portA}`
    a = await createTestApp({ db: testDb, publicUrl, redisUrl: redisUrl! })
    b = await createTestApp({ db: testDb, publicUrl, redisUrl: redisUrl! })
    await a.app.listen({ port: portA, host: '127.0.0.1' })
    await b.app.listen({ port: portB, host: '127.0.0.1' })
    urlB = `http://127.0.0.1:${portB}`
  })
  afterAll(async () => {
    socket?.disconnect()
    await a?.app.close()
    await b?.app.close()
    await testDb?.client.close()
  })

  it('delivers a write made through instance A to a socket connected to instance B', async () => {
    const sub = crypto.randomUUID()
    const token = await mintJwt(
      a.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: a.idp.settings.issuer, audience: a.idp.settings.audience },
    )
    const headers = { authorization: `Bearer ${token}` }
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/onboarding',
          headers,
          payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
        })
      ).statusCode,
    ).toBe(201)

    socket = io(urlB, { auth: { token }, transports: ['websocket'], reconnection: false })
    await new Promise<void>((resolve, reject) => {
      socket!.on('connect', resolve)
      socket!.on('connect_error', reject)
    })
    const received = new Promise<DataModifiedEvent>((resolve) => socket!.once('dataModified', resolve))
    const id = crypto.randomUUID()
    const write = await a.app.inject({
      method: 'POST',
      url: '/api/products',
      headers,
      payload: makeEnvelope('product', { id, name: 'Across' }),
    })
    expect(write.statusCode).toBe(201)
    const event = await received
    expect(event.payload).toMatchObject({
      objectUri: `brewcommand://products/${id}`,
      data: { id, name: 'Across' },
    })
  })
})
