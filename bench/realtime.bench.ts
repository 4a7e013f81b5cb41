// Real-time latency: 200 socket clients of one brewery, 1,000 writes through the API; for every client,
// the time from the write's HTTP response to its dataModified event. The server, the 200 clients and the
// writer run in three processes (clocks compared through performance.timeOrigin). One instance on the
// embedded database, and two instances behind Redis (clients on B, writes to A) on DATABASE_URL and
// REDIS_URL, or on a PostgreSQL and a Redis of its own when those are not set.
import { spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { makeEnvelope, type DataModifiedEvent } from '@brewcommand/domain'
import { io, type Socket } from 'socket.io-client'
import { buildApp } from '../apps/server/src/app.ts'
import { mintJwt } from '../apps/server/src/testing/tokens.ts'
import { loadConfig } from '../apps/server/src/config.ts'
import { openDatabase, type Database } from '../apps/server/src/db/client.ts'
import { freePort } from '../apps/server/src/testing/free-port.ts'
import {
  MissingBinaryError,
  startPostgres,
  startRedis,
  type TempPostgres,
  type TempRedis,
} from './support/services.ts'
import { payTestCheckout } from './support/server.ts'

const CLIENTS = 200
const WRITES = 1000
const CONCURRENCY = 4
const BUSINESS = {
  name: 'Bench Brewing',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const now = () => performance.timeOrigin + performance.now()

/** Child: 200 clients; prints READY, then every arrival as JSON when all came (or after 60 s). */
async function clientsProcess(url: string, token: string) {
  const arrivals: [string, number][] = []
  const sockets: Socket[] = []
  for (let i = 0; i < CLIENTS; i++) {
    const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false })
    socket.on('dataModified', (event: DataModifiedEvent) => {
      if (typeof event.payload.data.name === 'string') arrivals.push([event.payload.data.name, now()])
    })
    sockets.push(socket)
  }
  await Promise.all(
    sockets.map((s) =>
      s.connected ? Promise.resolve() : new Promise<void>((resolve) => s.once('connect', () => resolve())),
    ),
  )
  console.log('READY')
  const deadline = Date.now() + 120_000
  while (arrivals.length < CLIENTS * WRITES && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50))
  for (const s of sockets) s.disconnect()
  // A large line on a pipe: exit only once it is written.
  process.stdout.write(`${JSON.stringify(arrivals)}\n`, () => process.exit(0))
}

/** Child: the writes; prints when each answer came, and the seconds they took. */
async function writerProcess(url: string, token: string, productId: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const answeredAt: [string, number][] = []
  let next = 0
  const worker = async () => {
    while (next < WRITES) {
      const name = `v${++next}`
      const response = await fetch(`${url}/api/products/${productId}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(makeEnvelope('product', { name })),
      })
      answeredAt.push([name, now()])
      if (!response.ok) throw new Error(`write answered ${response.status}`)
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  process.stdout.write(
    `${JSON.stringify({ seconds: (performance.now() - started) / 1000, answeredAt })}\n`,
    () => process.exit(0),
  )
}

function child(args: string[]) {
  const proc = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: proc.stdout })
  const queue: string[] = []
  const waiters: ((line: string) => void)[] = []
  lines.on('line', (line) => {
    const waiter = waiters.shift()
    if (waiter) waiter(line)
    else queue.push(line)
  })
  return {
    nextLine: () =>
      new Promise<string>((resolve) => (queue.length ? resolve(queue.shift()!) : waiters.push(resolve))),
  }
}

async function start(database: Database, publicUrl: string, port: number, redisUrl?: string) {
  const config = loadConfig({
    PUBLIC_URL: publicUrl,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'brewcommand-bench-')),
    WEB_DIST: '/nonexistent',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  })
  const app = await buildApp({ config, database })
  await app.listen({ port, host: '127.0.0.1' })
  return app
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

async function run(label: string, database: Database, redisUrl?: string) {
  const [portA, portB] = [await freePort(), await freePort()]
  const publicUrl = `http://127.0.0.1:${portA}`
  const a = await start(database, publicUrl, portA, redisUrl)
  const b = redisUrl ? await start(database, publicUrl, portB, redisUrl) : a
  const clientsUrl = redisUrl ? `http://127.0.0.1:${portB}` : publicUrl
  const idp = a.builtInIdp!
  const token = await mintJwt(
    idp.keys.privateJwks.keys[0],
    { sub: crypto.randomUUID() },
    { issuer: idp.settings.issuer, audience: idp.settings.audience },
  )
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  await fetch(`${publicUrl}/api/onboarding`, {
    method: 'POST',
    headers,
    body: JSON.stringify(makeEnvelope('OnboardingRequest', { user, entity: BUSINESS })),
  })
  await payTestCheckout(publicUrl, headers)
  const productId = crypto.randomUUID()
  await fetch(`${publicUrl}/api/products`, {
    method: 'POST',
    headers,
    body: JSON.stringify(makeEnvelope('product', { id: productId, name: 'v0' })),
  })

  const clients = child(['clients', clientsUrl, token])
  if ((await clients.nextLine()) !== 'READY') throw new Error('clients did not connect')
  const writer = child(['writer', publicUrl, token, productId])
  const written = JSON.parse(await writer.nextLine()) as { seconds: number; answeredAt: [string, number][] }
  const arrivals = JSON.parse(await clients.nextLine()) as [string, number][]
  const answeredAt = new Map(written.answeredAt)
  // An event can beat the writer's response (both leave the server together): that counts as 0 ms.
  const latencies = arrivals
    .map(([name, at]) => Math.max(0, at - (answeredAt.get(name) ?? at)))
    .sort((x, y) => x - y)
  await a.close()
  if (b !== a) await b.close()
  return {
    name: `realtime-${label}`,
    target: label === 'one-instance' ? 'p99 < 50 ms' : 'p99 < 100 ms',
    clients: CLIENTS,
    writes: WRITES,
    delivered: arrivals.length,
    writes_per_s: Math.round(WRITES / written.seconds),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    max_ms: Number((latencies.at(-1) ?? 0).toFixed(2)),
    measuredAt: new Date().toISOString(),
  }
}

const [mode, ...args] = process.argv.slice(2)
if (mode === 'clients') await clientsProcess(args[0], args[1])
else if (mode === 'writer') await writerProcess(args[0], args[1], args[2])
else {
  const results = []
  const embedded = await openDatabase({
    kind: 'pglite',
    dataDir: mkdtempSync(path.join(tmpdir(), 'brewcommand-bench-db-')),
  })
  results.push(await run('one-instance', embedded))
  await embedded.close()
  // Two instances behind Redis: on DATABASE_URL and REDIS_URL when both are set, otherwise on a
  // PostgreSQL and a Redis of this run's own (skipped, saying why, when their binaries are missing).
  let services: { pg: TempPostgres; redis: TempRedis } | undefined
  try {
    if (!(process.env.DATABASE_URL && process.env.REDIS_URL))
      services = { pg: await startPostgres(), redis: await startRedis() }
  } catch (error) {
    if (!(error instanceof MissingBinaryError)) throw error
    console.error(`Two-instance run skipped: ${error.message}`)
  }
  const databaseUrl = services?.pg.url ?? process.env.DATABASE_URL
  const redisUrl = services?.redis.url ?? process.env.REDIS_URL
  if (databaseUrl && redisUrl) {
    const shared = await openDatabase({ kind: 'postgres', url: databaseUrl })
    results.push(await run('two-instances-redis', shared, redisUrl))
    await shared.close()
  }
  await services?.pg.destroy()
  await services?.redis.destroy()
  console.table(results)
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'realtime.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  )
  process.exit(0)
}
