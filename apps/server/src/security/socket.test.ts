// socket.io is the one way in that is not a Fastify route: its handshake faces the same nine bad
// tokens as the API (ADR 080), and a good token connects (so the refusals mean something).
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../testing/free-port.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import {
  createWorld,
  startSecurityApp,
  tokenAttacks,
  type SecurityApp,
  type World,
} from '../testing/security-harness.ts'

describe.each(TEST_DATABASES)('the socket.io handshake on %s', (kind) => {
  let s: SecurityApp
  let world: World
  let url: string
  const sockets: Socket[] = []

  /** Connects with `token` (or none); answers 'connected' or the refusal's message. */
  function handshake(token: string | undefined): Promise<string> {
    const socket = io(url, {
      ...(token === undefined ? {} : { auth: { token } }),
      transports: ['websocket'],
      reconnection: false,
      timeout: 10_000,
    })
    sockets.push(socket)
    return new Promise((resolve) => {
      socket.on('connect', () => resolve('connected'))
      socket.on('connect_error', (error) => resolve(`refused: ${error.message}`))
    })
  }

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    s = await startSecurityApp(kind, { publicUrl: url })
    await s.app.listen({ port, host: '127.0.0.1' })
    world = await createWorld(s)
  })
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect()
    await s?.close()
  })

  it('connects with a valid token and refuses each of the nine bad ones', async () => {
    expect(await handshake(await world.token(world.members.Brewer))).toBe('connected')
    const results: string[] = []
    for (const attack of await tokenAttacks(s.idp)) {
      const header = await attack.header(world.members.Admin)
      const outcome = await handshake(header?.replace(/^Bearer /, ''))
      results.push(`${attack.name}: ${outcome}`)
    }
    expect(
      results.filter((result) => !result.includes(': refused: ')),
      results.join('\n'),
    ).toEqual([])
  })
})
