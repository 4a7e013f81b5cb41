import { makeEnvelope, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { freePort } from '../../testing/free-port.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
const BUSINESS = {
  name: 'Live Media Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

describe('media writes in real time', () => {
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

  it("sends the product's whole files array, with signed links, to the brewery only", async () => {
    const writer = await connect(admin)
    const colleague = await connect(admin)
    const outsider = await connect(stranger)
    const outsiderEvents: DataModifiedEvent[] = []
    outsider.on('dataModified', (event: DataModifiedEvent) => outsiderEvents.push(event))

    const productId = crypto.randomUUID()
    let seen = nextEvent(colleague)
    await call(admin, 'POST', '/api/products', makeEnvelope('product', { id: productId, name: 'Live Label' }))
    await seen
    const bootstrap = await t.app.inject({
      method: 'GET',
      url: '/api/users/bootstrap',
      headers: { authorization: `Bearer ${await token(admin)}` },
    })
    const entityId = bootstrap.json<{ data: { entities: { entityId: string }[] } }>().data.entities[0]
      .entityId
    const location = await call(admin, 'POST', '/api/media/upload', {
      fileName: 'label.png',
      fileType: 'image/png',
      entityId,
      productId,
    })
    const { uploadUrl, s3Key } = location.json<{ uploadUrl: string; s3Key: string }>()
    expect(
      (await fetch(uploadUrl, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status,
    ).toBe(200)

    const id = crypto.randomUUID()
    seen = nextEvent(colleague)
    await call(
      admin,
      'POST',
      `/api/products/${productId}/files`,
      makeEnvelope('product:file', {
        id,
        name: 'label.png',
        description: '',
        s3Key,
        fileType: 'image/png',
        size: PNG.length,
      }),
      writer.id,
    )
    const event = await seen
    expect(event.sourceSocketId).toBe(writer.id)
    expect(event.payload.objectUri).toBe(`brewcommand://products/${productId}`)
    const files = (event.payload.data as unknown as { files: { id: string; url: string }[] }).files
    expect(files).toEqual([expect.objectContaining({ id, name: 'label.png', s3Key, size: PNG.length })])
    // The link works for the colleague's <img> as it is.
    expect((await fetch(files[0].url)).status).toBe(200)

    seen = nextEvent(colleague)
    await call(admin, 'DELETE', `/api/products/${productId}/files/${id}`)
    expect((await seen).payload.data).toEqual({ id: productId, files: [] })
    expect(outsiderEvents).toEqual([])
  })
})
