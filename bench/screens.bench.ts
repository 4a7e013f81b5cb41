// The screens at production scale (issue 40): a brewery seeded with history (apps/server/src/seed, a month by
// default: 40 vessels, 100 devices, 200 stock items with their lots, batches with their fermentation readings)
// served by the server process with a production build of the web app; signed in as the seed's Admin, each
// screen — the tank board, the schedule, inventory, reporting, a batch page whose chart has the most readings —
// and the products page (the yardstick, in the same run) is loaded cold in headless Chromium: the JavaScript it
// fetched until the network was idle (bytes over the wire, as Chromium received them) and its Largest
// Contentful Paint (median of BENCH_RUNS loads, the screens in turn after one unmeasured load). Targets: ≤ 250 KB of JS, LCP ≤ 1.5 × the products page's.
//
// The seed takes minutes: BENCH_SEED_DIR names a PGlite data folder to seed once and reuse (an already seeded
// one is read as it is); without it the seed goes to a temporary folder. BENCH_SEED_SCALE (week|month|year).
// Then the fermentation chart's read of a year (support/year-of-readings.ts): one device's 35,040 readings in
// one batch (a brewery of its own in a temporary PGlite folder), the batch's fermentation read as any client
// reads it (the route's default) and as the batch page's chart asks (`points`), response time (median of 5) and
// bytes. BENCH_SCREENS=inventory,reporting,year measures only the screens named by a word of their name (and the
// products page, the yardstick).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, asc, count, desc, eq, isNotNull } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { openDatabase } from '../apps/server/src/db/client.ts'
import { accounts } from '../apps/server/src/db/schema/identity.ts'
import { readings } from '../apps/server/src/db/schema/cellar.ts'
import { inventoryItems } from '../apps/server/src/db/schema/inventory.ts'
import { batches } from '../apps/server/src/db/schema/production.ts'
import { products } from '../apps/server/src/db/schema/products.ts'
import { users } from '../apps/server/src/db/schema/users.ts'
import { issueTestTokens } from '../apps/server/src/testing/tokens.ts'
import { launch, REPO_ROOT, type Store } from './support/server.ts'
import { buildWeb, launchChromium, newContext } from './support/web.ts'
import { measureYearOfReadings } from './support/year-of-readings.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const JS_KB = 250
const LCP_RATIO = 1.5
const SCALE = process.env.BENCH_SEED_SCALE ?? 'month'
const ADMIN_EMAIL = 'admin@seed.brewcommand.example'

type Row = { name: string; target: string; [figure: string]: unknown }
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

/** What the screens need from the seeded brewery: its Admin, a product and an item to wait for, the batch. */
async function readSeed(store: Store & { kind: 'pglite' }) {
  const database = await openDatabase(store)
  try {
    const { db } = database
    const [account] = await db.select().from(accounts).where(eq(accounts.email, ADMIN_EMAIL))
    if (!account) return null
    const [user] = await db.select().from(users).where(eq(users.idpIdentifier, account.id))
    if (!user?.entityId) return null
    const entityId = user.entityId
    const [product] = await db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.entityId, entityId))
      .orderBy(asc(products.name))
      .limit(1)
    const [item] = await db
      .select({ name: inventoryItems.name })
      .from(inventoryItems)
      .where(eq(inventoryItems.entityId, entityId))
      .orderBy(asc(inventoryItems.name))
      .limit(1)
    const [batch] = await db
      .select({ id: readings.batchId, readings: count() })
      .from(readings)
      .where(and(eq(readings.entityId, entityId), isNotNull(readings.batchId)))
      .groupBy(readings.batchId)
      .orderBy(desc(count()))
      .limit(1)
    const [number] = batch?.id
      ? await db.select({ number: batches.number }).from(batches).where(eq(batches.id, batch.id))
      : []
    return {
      sub: account.id,
      email: account.email,
      entityId,
      product: product?.name ?? '',
      item: item?.name ?? '',
      batch: batch?.id ? { id: batch.id, readings: batch.readings, number: number?.number ?? '' } : null,
    }
  } finally {
    await database.close()
  }
}

/** The seeded brewery's folder: BENCH_SEED_DIR when it holds one, else seeded now (there or in a temporary one). */
async function seededStore() {
  const dataDir = process.env.BENCH_SEED_DIR ?? mkdtempSync(path.join(tmpdir(), 'brewcommand-screens-'))
  mkdirSync(dataDir, { recursive: true })
  const store = { kind: 'pglite' as const, dataDir }
  if (existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    const seed = await readSeed(store)
    if (seed) return { store, seed, seededNow: false }
  }
  console.log(`Seeding a ${SCALE} into ${dataDir} (minutes; BENCH_SEED_DIR keeps it for the next run)…`)
  const began = Date.now()
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--scale', SCALE], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (run.status !== 0) throw new Error(`the seed failed (exit ${run.status})`)
  console.log(`Seeded in ${((Date.now() - began) / 1000).toFixed(0)} s`)
  const seed = await readSeed(store)
  if (!seed) throw new Error(`no seeded brewery in ${dataDir} after the seed ran`)
  return { store, seed, seededNow: true }
}

const dist = buildWeb()
const { store, seed } = await seededStore()
if (!seed.batch) throw new Error('the seeded brewery has no batch with readings')
const { server, issuer } = await launch(store, { webDist: dist })
const admin = await issueTestTokens(issuer, {
  sub: seed.sub,
  email: seed.email,
  given_name: 'Seed',
  family_name: 'Admin',
})

/** One cold load in a fresh context: the JS it fetched until the network was idle, and its LCP. */
async function load(browser: Browser, route: string, ready: string) {
  const context = await newContext(browser, issuer, admin)
  const page = await context.newPage()
  const scripts = new Set<string>()
  const wire: Promise<number>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.endsWith('.js')) return
    scripts.add(path.basename(url.pathname))
    wire.push(
      response
        .finished()
        .then(async () => (await response.request().sizes()).responseBodySize)
        .catch(() => 0),
    )
  })
  await page.goto(`${server.url}${route}`, { waitUntil: 'load', timeout: 180_000 })
  await page.locator(`${ready} >> visible=true`).first().waitFor({ timeout: 60_000 })
  await page.waitForLoadState('networkidle', { timeout: 180_000 })
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve(last), 500)
      }),
  )
  const bytes = (await Promise.all(wire)).reduce((sum, size) => sum + size, 0)
  await context.close()
  return { lcp, bytes, scripts: [...scripts] }
}

const quote = (text: string) => JSON.stringify(text)
const screens = [
  { name: 'products page (yardstick)', route: '/secure/products', ready: `text=${quote(seed.product)}` },
  { name: 'tank board (40 vessels)', route: '/secure/operations/cellar', ready: 'ul[aria-label="Tanks"] li' },
  {
    name: 'schedule',
    route: '/secure/operations/schedule',
    ready: 'text="FV-01"',
  },
  { name: 'inventory (200 items)', route: '/secure/inventory', ready: `text=${quote(seed.item)}` },
  { name: 'reporting', route: '/secure/reporting', ready: 'main table tbody tr' },
  {
    name: `batch page (${seed.batch.readings} readings)`,
    route: `/secure/operations/batches/${seed.batch.id}`,
    ready: 'figure[aria-label^="Gravity and temperature"]',
  },
]

// BENCH_SCREENS=board,batch measures those (by a word of their name) beside the products page only.
const only = (process.env.BENCH_SCREENS ?? '').split(',').filter(Boolean)
const measured = screens.filter(
  (screen, index) => index === 0 || only.length === 0 || only.some((word) => screen.name.includes(word)),
)

const rows: Row[] = []
const browser = await launchChromium()
try {
  // One load unmeasured (the server's and the machine's first-load costs), then the screens in turn, round after
  // round, so a moment of load on this shared machine falls on all of them alike.
  await load(browser, measured[0].route, measured[0].ready)
  const runs = measured.map(() => [] as Awaited<ReturnType<typeof load>>[])
  for (let i = 0; i < RUNS; i++)
    for (const [index, screen] of measured.entries())
      runs[index].push(await load(browser, screen.route, screen.ready))
  const yardstick = median(runs[0].map((r) => r.lcp))
  for (const [index, screen] of measured.entries()) {
    const mine = runs[index]
    const lcp = Math.round(median(mine.map((r) => r.lcp)))
    const jsKb = kb(median(mine.map((r) => r.bytes)))
    const ratio = Math.round((lcp / yardstick) * 100) / 100
    rows.push({
      name: `screens ${screen.name}`,
      target: `JS ≤ ${JS_KB} KB over the wire, LCP ≤ ${LCP_RATIO} × the products page's`,
      js_wire_kb: jsKb,
      chunks: mine[0].scripts.length,
      lcp_ms: lcp,
      lcp_runs: mine.map((r) => Math.round(r.lcp)).join('/'),
      lcp_ratio: ratio,
      met: jsKb <= JS_KB && ratio <= LCP_RATIO,
      files: mine[0].scripts.map((file) => file.replace(/-[\w-]{8}\.js$/, '')).join('; '),
    })
    console.log(`${screen.name}: ${jsKb} KB, LCP ${lcp} ms (${ratio} ×)`)
  }
} finally {
  await browser.close()
  await server.stop()
}

if (only.length === 0 || only.includes('year')) rows.push(...(await measureYearOfReadings()))

const when = new Date().toISOString()
for (const row of rows) row.measuredAt = when
console.table(rows.map(({ target: _t, measuredAt: _m, files: _f, ...row }) => row))
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
writeFileSync(path.join(import.meta.dirname, 'results', 'screens.json'), `${JSON.stringify(rows, null, 2)}\n`)
process.exit(0)
