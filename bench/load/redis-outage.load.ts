// Redis is stopped under two instances (A and B) sharing one PostgreSQL: each instance keeps syncing
// its own socket clients and reports Redis unavailable; when Redis returns both reconnect by
// themselves and a write made through A reaches a client of B again.
import { makeEnvelope, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '../../apps/server/src/testing/free-port.ts'
import { newBrewery, prepareIssuer, ServerProcess } from '../support/server.ts'
import { startPostgres, startRedis, type TempPostgres, type TempRedis } from '../support/services.ts'
import { send, waitFor } from './support.ts'

let pg: TempPostgres
let redis: TempRedis
let a: ServerProcess
let b: ServerProcess
let headers: Record<string, string>
let token: string
let productId: string
const sockets: Socket[] = []

beforeAll(async () => {
  pg = await startPostgres()
  redis = await startRedis()
  const [portA, portB] = [await freePort(), await freePort()]
  const publicUrl = `http://127.0.0.1:${portA}`
  const store = { kind: 'postgres', url: pg.url } as const
  const issuer = await prepareIssuer(store, publicUrl)
  a = new ServerProcess({ store, port: portA, publicUrl, redisUrl: redis.url })
  b = new ServerProcess({ store, port: portB, publicUrl, redisUrl: redis.url })
  await a.start()
  await b.start()
  const brewery = await newBrewery(a.url, issuer)
  headers = brewery.headers
  token = brewery.accessToken
  productId = crypto.randomUUID()
  await send(a.url, headers, 'POST', '/api/products', makeEnvelope('product', { id: productId, name: 'v0' }))
})
afterAll(async () => {
  for (const socket of sockets) socket.disconnect()
  await a?.stop()
  await b?.stop()
  await redis?.destroy()
  await pg?.destroy()
})

function connect(url: string): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'] })
  sockets.push(socket)
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })
}

/** Resolves with true once `socket` sees the product renamed to `name`, false after `ms`. */
function sees(socket: Socket, name: string, ms = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off('dataModified', listener)
      resolve(false)
    }, ms)
    const listener = (event: DataModifiedEvent) => {
      if (event.payload.data.name !== name) return
      clearTimeout(timer)
      socket.off('dataModified', listener)
      resolve(true)
    }
    socket.on('dataModified', listener)
  })
}

const rename = (url: string, name: string) =>
  send(url, headers, 'PUT', `/api/products/${productId}`, makeEnvelope('product', { name }))

type Health = { code: number; status: string; database: string; redis: string }
const health = async (url: string): Promise<Health> => {
  const response = await fetch(`${url}/api/health`)
  const { data } = (await response.json()) as { data: Omit<Health, 'code'> }
  return { code: response.status, ...data }
}

it('keeps syncing its own clients while Redis is down and reconnects when it returns', async () => {
  const onA = await connect(a.url)
  const onB = await connect(b.url)

  // With Redis: a write through A reaches the clients of both instances.
  let seenA = sees(onA, 'before')
  let seenB = sees(onB, 'before')
  expect(await rename(a.url, 'before')).toEqual({ status: 200 })
  expect([await seenA, await seenB]).toEqual([true, true])
  expect(await health(a.url)).toEqual({ code: 200, status: 'ok', database: 'ok', redis: 'ok' })

  await redis.stop()
  await waitFor(
    'A to notice Redis is gone',
    async () => ((await health(a.url)).redis === 'unavailable' ? true : undefined),
    10_000,
  )
  // Degraded but serving: 200, so a load balancer keeps the instance.
  expect(await health(a.url)).toEqual({ code: 200, status: 'degraded', database: 'ok', redis: 'unavailable' })

  // Without Redis: each instance still syncs its own clients, new ones included.
  const lateOnA = await connect(a.url)
  seenA = sees(onA, 'during')
  const seenLate = sees(lateOnA, 'during')
  const started = performance.now()
  expect(await rename(a.url, 'during')).toEqual({ status: 200 })
  expect([await seenA, await seenLate]).toEqual([true, true])
  const localMs = performance.now() - started
  seenB = sees(onB, 'during on B')
  expect(await rename(b.url, 'during on B')).toEqual({ status: 200 })
  expect(await seenB).toBe(true)

  // Redis returns: both instances reconnect on their own and events cross between them again.
  await redis.start()
  const returned = performance.now()
  for (const server of [a, b])
    await waitFor(
      'Redis to be ok again',
      async () => ((await health(server.url)).redis === 'ok' ? true : undefined),
      15_000,
      100,
    )
  const reconnectMs = performance.now() - returned
  seenB = sees(onB, 'after')
  seenA = sees(onA, 'after')
  expect(await rename(a.url, 'after')).toEqual({ status: 200 })
  expect([await seenA, await seenB]).toEqual([true, true])
  console.log(
    `Redis down: own clients synced in ${localMs.toFixed(0)} ms; both instances reconnected ${reconnectMs.toFixed(0)} ms after Redis returned`,
  )
  expect(a.running && b.running).toBe(true)
})
