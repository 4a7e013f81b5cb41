import { makeEnvelope, SOCKET_AUTH_ERRORS, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { freePort } from '../testing/free-port.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'

const BUSINESS = {
  name: 'Hoppy Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

describe('real-time sync over socket.io', () => {
  let testDb: TestDb
  let t: TestApp
  let url: string
  const sockets: Socket[] = []
  let adminA: string
  let adminB: string

  const token = (sub: string, audience?: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: audience ?? t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    socketId = '',
  ) =>
    t.app.inject({
      method,
      url: path,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, 'x-socket-id': socketId },
    })

  function connect(auth: Record<string, unknown>): Promise<Socket> {
    const socket = io(url, { auth, transports: ['websocket'], reconnection: false })
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
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    for (const sub of [adminA, adminB])
      await call(
        sub,
        'POST',
        '/api/onboarding',
        makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
      )
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await t?.app.close()
    await testDb?.client.close()
  })

  it('refuses a handshake without a token, or with an invalid one, with the spec texts', async () => {
    await expect(connect({})).rejects.toThrow(SOCKET_AUTH_ERRORS.missing)
    await expect(connect({ token: 'not-a-jwt' })).rejects.toThrow(SOCKET_AUTH_ERRORS.invalid)
    await expect(connect({ token: await token(adminA, 'https://wrong.example') })).rejects.toThrow(
      SOCKET_AUTH_ERRORS.invalid,
    )
    // A valid token of someone without a brewery has no room to join.
    await expect(connect({ token: await token(crypto.randomUUID()) })).rejects.toThrow(
      SOCKET_AUTH_ERRORS.invalid,
    )
  })

  it("broadcasts every write to the writer's brewery only, with whole arrays and the writer's socket id", async () => {
    const writer = await connect({ token: await token(adminA) })
    const colleague = await connect({ token: await token(adminA) })
    const stranger = await connect({ token: await token(adminB) })
    const strangerEvents: DataModifiedEvent[] = []
    stranger.on('dataModified', (event: DataModifiedEvent) => strangerEvents.push(event))

    const id = crypto.randomUUID()
    let seen = nextEvent(colleague)
    await call(
      adminA,
      'POST',
      '/api/products',
      makeEnvelope('product', { id, name: 'Live Lager' }),
      writer.id,
    )
    let event = await seen
    expect(event).toMatchObject({
      sourceSocketId: writer.id,
      payload: { objectUri: `brewcommand://products/${id}`, data: { id, name: 'Live Lager', recipes: [] } },
    })

    seen = nextEvent(colleague)
    await call(
      adminA,
      'PUT',
      `/api/products/${id}`,
      makeEnvelope('product', { name: 'Live Lager II' }),
      writer.id,
    )
    expect((await seen).payload.data).toEqual({ id, name: 'Live Lager II' })

    const note = { id: crypto.randomUUID(), category: 'Aroma', notes: 'Bread' }
    seen = nextEvent(colleague)
    await call(adminA, 'POST', `/api/products/${id}/tastingNotes`, makeEnvelope('product:tastingNote', note))
    event = await seen
    expect(event.payload.data).toEqual({ id, tastingNotes: [note] })
    expect(event.sourceSocketId).toBe('')

    seen = nextEvent(colleague)
    await call(adminA, 'DELETE', `/api/products/${id}`)
    expect((await seen).payload.data).toEqual({ id, deleted: true })

    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(strangerEvents).toEqual([])
  })
})

describe('real-time when Redis is unavailable at start', () => {
  it('still syncs the clients of this instance', async () => {
    const testDb = await createTestDb()
    const port = await freePort()
    // Nothing listens on port 1: the instance gives up on Redis after a few seconds and runs alone.
    const t = await createTestApp({
      db: testDb,
      publicUrl: `http://127.0.0.1:${port}`,
      redisUrl: 'redis://127.0.0.1:1',
    })
    await t.app.listen({ port, host: '127.0.0.1' })
    const sub = crypto.randomUUID()
    const token = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    const headers = { authorization: `Bearer ${token}` }
    await t.app.inject({
      method: 'POST',
      url: '/api/onboarding',
      headers,
      payload: makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    })
    const socket = io(`http://127.0.0.1:${port}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    })
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve)
        socket.on('connect_error', reject)
      })
      const received = new Promise<DataModifiedEvent>((resolve) => socket.once('dataModified', resolve))
      const id = crypto.randomUUID()
      await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers,
        payload: makeEnvelope('product', { id, name: 'Solo' }),
      })
      expect((await received).payload.data).toMatchObject({ id, name: 'Solo' })
    } finally {
      socket.disconnect()
      await t.app.close()
      await testDb.client.close()
    }
  })
})
