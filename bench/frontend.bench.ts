// Front end: the production build's gzip size per chunk, the JavaScript the landing page and the app's
// first page (the products page, signed in) load, and their Largest Contentful Paint in headless
// Chromium (PerformanceObserver, median of 5 cold loads on loopback). The build goes to a temporary
// folder (apps/web/dist, which the e2e suite serves, is left alone) unless FRONTEND_DIST points at one.
// The JS figure is the bytes over the wire: each script's encoded body as Chromium received it from
// the server (which sends the build's precompressed .br/.gz per Accept-Encoding); the gzip-6 sum of
// the same files is kept beside it. Targets: landing ≤ 120 KB of JS, app initial ≤ 250 KB, LCP < 1 s.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { launch, newBrewery, pgliteStore, seedProducts } from './support/server.ts'
import { buildWeb, launchChromium, newContext } from './support/web.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const LANDING_KB = 120
const APP_KB = 250
const LCP_MS = 1000

type Row = { name: string; target: string; [figure: string]: unknown }

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const dist = buildWeb()
const assets = path.join(dist, 'assets')
const gzipOf = new Map(
  readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const raw = readFileSync(path.join(assets, name))
      return [name, { raw: raw.length, gzip: gzipSync(raw).length }] as const
    }),
)
const chunks = [...gzipOf].sort((a, b) => b[1].gzip - a[1].gzip)

const { server, issuer } = await launch(pgliteStore(), { webDist: dist })
const brewery = await newBrewery(server.url, issuer)
await seedProducts(server.url, brewery.headers, { count: 100, recipes: 3, lines: 12 })

/** One cold load in a fresh context: the JS files it fetched and its LCP. */
async function load(browser: Browser, route: string, signedIn: boolean, ready: string) {
  const context = await newContext(browser, issuer, signedIn ? brewery : undefined)
  const page = await context.newPage()
  const scripts = new Set<string>()
  const wire: Promise<{ bytes: number; encoding: string }>[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return
    scripts.add(path.basename(url.pathname))
    wire.push(
      response.finished().then(async () => ({
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'none',
      })),
    )
  })
  await page.goto(`${server.url}${route}`, { waitUntil: 'load' })
  await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 30_000 })
  await page.waitForLoadState('networkidle')
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
  const received = await Promise.all(wire)
  await context.close()
  const js = [...scripts].reduce((sum, name) => sum + (gzipOf.get(name)?.gzip ?? 0), 0)
  const wireBytes = received.reduce((sum, r) => sum + r.bytes, 0)
  const encodings = [...new Set(received.map((r) => r.encoding))].join('+')
  return { lcp, js, wireBytes, encodings, scripts: [...scripts] }
}

const rows: Row[] = []
const browser = await launchChromium()
try {
  for (const { name, route, signedIn, ready, budget } of [
    { name: 'landing page', route: '/', signedIn: false, ready: 'BrewCommand', budget: LANDING_KB },
    {
      name: 'products page (app initial)',
      route: '/secure/products',
      signedIn: true,
      ready: 'Beer 0',
      budget: APP_KB,
    },
  ]) {
    const runs = []
    for (let i = 0; i < RUNS; i++) runs.push(await load(browser, route, signedIn, ready))
    const js = runs[0].js
    const lcp = Math.round(median(runs.map((r) => r.lcp)))
    rows.push({
      name: `frontend ${name}`,
      target: `JS ≤ ${budget} KB over the wire, LCP < ${LCP_MS} ms`,
      js_wire_kb: kb(runs[0].wireBytes),
      encoding: runs[0].encodings,
      js_gzip_kb: kb(js),
      chunks: runs[0].scripts.length,
      lcp_ms: lcp,
      met: kb(runs[0].wireBytes) <= budget && lcp < LCP_MS,
      files: runs[0].scripts
        .map((file) => [file, gzipOf.get(file)?.gzip ?? 0] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([file, size]) => `${file.replace(/-[\w-]{8}\.js$/, '')} ${kb(size)}`)
        .join('; '),
    })
  }
} finally {
  await browser.close()
  await server.stop()
}

const when = new Date().toISOString()
for (const row of rows) row.measuredAt = when
rows.push({
  name: `frontend build: ${chunks.length} JS chunks, ${kb(chunks.reduce((sum, [, size]) => sum + size.gzip, 0))} KB gzip in all; the largest (KB)`,
  target: '',
  chunks: chunks
    .slice(0, 8)
    .map(([name, size]) => `${name.replace(/-[\w-]{8}\.js$/, '')} ${kb(size.gzip)}`)
    .join('; '),
  files: chunks.map(([name, size]) => `${name} ${kb(size.gzip)}`).join('; '),
  measuredAt: when,
})
console.table(rows.map(({ target: _t, measuredAt: _m, files: _f, ...row }) => row))
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true })
writeFileSync(
  path.join(import.meta.dirname, 'results', 'frontend.json'),
  `${JSON.stringify(rows, null, 2)}\n`,
)
process.exit(0)
