import { makeEnvelope, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { freePort } from '../testing/free-port.ts'
import { signUpAndSignIn } from '../testing/oidc-client.ts'
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

  it('closes a socket on instance B when its session ends on instance A (refresh token revoked)', async () => {
    const session = await signUpAndSignIn(a.idp.settings)
    const headers = { authorization: `Bearer ${session.tokens.access_token}` }
    const onboarded = await a.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers,
      payload: makeEnvelope('OnboardingRequest', { user, entity: { ...BUSINESS, name: 'Twin Ends' } }),
    })
    expect(onboarded.statusCode).toBe(201)
    const onB = io(urlB, {
      auth: { token: session.tokens.access_token },
      transports: ['websocket'],
      reconnection: false,
    })
    await new Promise<void>((resolve, reject) => {
      onB.on('connect', resolve)
      onB.on('connect_error', reject)
    })
    const closed = new Promise<string>((resolve) => onB.once('disconnect', resolve))
    const revoked = await fetch(`${a.idp.settings.issuer}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: session.tokens.refresh_token,
        token_type_hint: 'refresh_token',
        client_id: a.idp.settings.clientId,
      }).toString(),
    })
    expect(revoked.status).toBe(200)
    expect(await closed).toBe('io server disconnect')
  })
})
