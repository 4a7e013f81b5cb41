// A fermentation chart of a whole year (issue 40): one device's readings every 15 minutes for 365 days (35,040)
// in one batch of a brewery of its own (a temporary PGlite folder, written before the server starts), and the
// batch's fermentation read over HTTP from the server process — as any client reads it (the route's default)
// and as the batch page's chart asks for it (`points`) — response time (median of 5 after a warm-up) and
// bytes (JSON, and brotli as the server sends it). Run alone: `npx tsx bench/support/year-of-readings.ts`.
import http from 'node:http'
import { openDatabase } from '../../apps/server/src/db/client.ts'
import { entities } from '../../apps/server/src/db/schema/entities.ts'
import { users } from '../../apps/server/src/db/schema/users.ts'
import { createCellarRepository } from '../../apps/server/src/modules/cellar/cellar.repository.ts'
import { addDevice } from '../../apps/server/src/modules/cellar/devices.ts'
import { seedCellar } from '../../apps/server/src/testing/cellar-seed.ts'
import { issueTestTokens } from '../../apps/server/src/testing/tokens.ts'
import { launch, pgliteStore } from './server.ts'

const READINGS = 365 * 96
const EVERY_MS = 15 * 60_000
/** What the batch page's chart asks for (apps/web cellar-api.ts, CHART_POINTS). */
const CHART_POINTS = 400

type Row = { name: string; target: string; [figure: string]: unknown }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** One GET without decompressing: status, the body's bytes on the wire, the decoded JSON's length, time. */
function get(url: string, headers: Record<string, string>, encoding: string) {
  return new Promise<{ status: number; wire: number; ms: number; count: number }>((resolve, reject) => {
    const began = performance.now()
    const request = http.get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (response) => {
      const parts: Buffer[] = []
      response.on('data', (part: Buffer) => parts.push(part))
      response.on('end', () => {
        const ms = performance.now() - began
        const body = Buffer.concat(parts)
        let count = -1
        if (encoding === 'identity' && response.statusCode === 200)
          count = (JSON.parse(body.toString()) as { data: { readings: unknown[] } }).data.readings.length
        resolve({ status: response.statusCode ?? 0, wire: body.length, ms, count })
      })
    })
    request.on('error', reject)
  })
}

export async function measureYearOfReadings(): Promise<Row[]> {
  const store = pgliteStore()
  const sub = crypto.randomUUID()
  const database = await openDatabase(store)
  let batchId: string
  const began = performance.now()
  try {
    const db = database.db
    const [entity] = await db
      .insert(entities)
      .values({
        name: 'Year Brewing',
        address: '1 Mash Lane',
        city: 'Bend',
        state: 'OR',
        zip: '97701',
        phone: '(541) 555-0101',
        ein: '12-3456789',
        subscriptionPlan: 'monthly',
        subscriptionStatus: 'active',
      })
      .returning({ id: entities.id })
    const [user] = await db
      .insert(users)
      .values({ idpIdentifier: sub, entityId: entity.id, role: 'Admin', email: `${sub}@bench.example` })
      .returning({ id: users.id })
    const seed = await seedCellar(db, entity.id, { brewedHoursAgo: 366 * 24 })
    batchId = seed.batchId
    const tenant = { entityId: entity.id, userId: user.id, sub, role: 'Admin' as const }
    const { device } = await addDevice(db, tenant, {
      id: crypto.randomUUID(),
      name: 'FV iSpindel',
      kind: 'ispindel',
      vesselId: seed.fermenterId,
    })
    const repo = createCellarRepository(db)
    const first = Date.now() - READINGS * EVERY_MS
    for (let start = 0; start < READINGS; start += 2000) {
      const rows = Array.from({ length: Math.min(2000, READINGS - start) }, (_, k) => {
        const i = start + k
        const days = (i * EVERY_MS) / 86_400_000
        return {
          id: crypto.randomUUID(),
          entityId: entity.id,
          vesselId: seed.fermenterId,
          batchId: seed.batchId,
          deviceId: device.id,
          source: 'device',
          takenAt: new Date(first + i * EVERY_MS),
          gravitySg: Number((1.012 + 0.04 * Math.exp(-days / 2.5) + Math.sin(i) * 0.0003).toFixed(4)),
          temperatureC: Number((19 + Math.sin(i / 96) * 1.5 + Math.cos(i * 7) * 0.2).toFixed(2)),
          battery: 4.1,
        }
      })
      await repo.insertReadings(rows)
    }
  } finally {
    await database.close()
  }
  console.log(`year of readings: ${READINGS} written in ${((performance.now() - began) / 1000).toFixed(0)} s`)

  const { server, issuer } = await launch(store)
  const rows: Row[] = []
  try {
    const { headers } = await issueTestTokens(issuer, { sub })
    const base = `${server.url}/api/cellar/batches/${batchId}`
    for (const [label, url] of [
      ['the route as any client reads it', base],
      [`as the chart asks (points=${CHART_POINTS})`, `${base}?points=${CHART_POINTS}`],
    ] as const) {
      const raw = await get(url, headers, 'identity')
      if (raw.status !== 200) throw new Error(`${url} answered ${raw.status}`)
      const brotli = await get(url, headers, 'br')
      const times: number[] = []
      for (let i = 0; i < 5; i++) times.push((await get(url, headers, 'br')).ms)
      rows.push({
        name: `screens fermentation of a year (${READINGS} readings of one device): ${label}`,
        target: 'responsive: downsampled on the server',
        readings_sent: raw.count,
        json_kb: Math.round(raw.wire / 1024),
        br_kb: Math.round(brotli.wire / 1024),
        median_ms: Math.round(median(times)),
      })
      console.log(rows.at(-1))
    }
  } finally {
    await server.stop()
  }
  return rows
}

if (import.meta.filename === process.argv[1]) {
  console.table(await measureYearOfReadings())
  process.exit(0)
}
