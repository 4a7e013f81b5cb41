import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ROUTE_MATRIX } from '../security/route-matrix.ts'

// Every GET route the web app names has a contract fixture (docs/decisions/256-contract-fixtures-from-the-server.md,
// issue 41): the paths written in apps/web/src (outside its tests) are read from the source, each one the server
// answers to GET must match the url of a fixture in apps/web/src/testing/contract-fixtures/, which
// contract-fixtures.test.ts writes and the web's contract test feeds to the hook. A new hook without its fixture
// fails here. Paths built from a helper (`${usersPath(id)}/…`) are out of sight; the web's contract test still
// checks that each hook in its list asks for its fixture's route.

const HERE = path.dirname(fileURLToPath(import.meta.url))
const WEB_SRC = path.resolve(HERE, '../../../web/src')
const FIXTURES = path.join(WEB_SRC, 'testing/contract-fixtures')

/** GET routes whose answer is no JSON body a hook parses: files, pages and probes (the web links or downloads them). */
const NOT_READ_AS_JSON: Record<string, string> = {
  '/api/health': 'a probe for load balancers',
  '/api/docs': 'the API reference page, a link',
  '/api/docs/static/:file': "the reference page's files",
  '/api/openapi.json': 'the OpenAPI document, for integrators',
  '/api/calendar/:feedToken.ics': "a calendar app's feed",
  '/api/sales/invoices/:invoiceId/pdf': 'a PDF download',
  '/api/sales/credit-notes/:creditNoteId/pdf': 'a PDF download',
  '/api/sales/customers/:customerId/statement': 'a PDF download (the customer statement)',
  '/api/kegs/labels': 'a PDF sheet of QR labels',
  '/api/accounting/exports/:provider/:dataset': 'a CSV download (an import layout of QuickBooks or Xero)',
}
const isDownload = (route: string) =>
  route in NOT_READ_AS_JSON || route.endsWith('.csv') || route.endsWith('.pdf')

/** The web's source files, its tests and test support left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(file)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : []
  })
}

const PLACEHOLDER = '¤'

/**
 * The `/api/…` paths a text writes in quotes or backticks, each `${…}` as a placeholder, up to the query; a
 * trailing slash is dropped.
 */
export function apiPathsIn(text: string): string[] {
  const found: string[] = []
  for (let at = text.indexOf('/api/'); at !== -1; at = text.indexOf('/api/', at + 1)) {
    if (!['"', "'", '`'].includes(text[at - 1])) continue
    let shown = ''
    let i = at
    while (i < text.length && !`'"\`?# \n`.includes(text[i])) {
      if (text[i] === '$' && text[i + 1] === '{') {
        let depth = 0
        i += 1
        do {
          if (text[i] === '{') depth += 1
          else if (text[i] === '}') depth -= 1
          i += 1
        } while (depth > 0 && i < text.length)
        shown += PLACEHOLDER
      } else {
        shown += text[i]
        i += 1
      }
    }
    found.push(shown.replace(/\/+$/, ''))
  }
  return found
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A segment as a pattern: the web's placeholders and the route's `:parameters` stand for anything but `/`. */
const segmentPattern = (segment: string) =>
  new RegExp(
    `^${segment
      .split(/(¤|:[A-Za-z]+)/)
      .map((part) => (part === PLACEHOLDER || part.startsWith(':') ? '[^/]+' : escape(part)))
      .join('')}$`,
  )
const sample = (segment: string) => segment.replace(/¤|:[A-Za-z]+/g, 'x')

/** Whether a web path and a route (or a fixture's path) can name the same thing, segment by segment. */
export function sameRoute(webPath: string, route: string): boolean {
  const a = webPath.split('/')
  const b = route.split('/')
  return (
    a.length === b.length &&
    a.every(
      (segment, index) =>
        segmentPattern(segment).test(sample(b[index])) || segmentPattern(b[index]).test(sample(segment)),
    )
  )
}

const ROUTES = Object.keys(ROUTE_MATRIX).map((key) => {
  const [method, route] = key.split(' ')
  return { method, route }
})

/** The GET routes a web path may name; a path written out whole names its own route, not a `:parameter`. */
function getRoutesOf(webPath: string): string[] {
  const exact = ROUTES.filter(({ route }) => route === webPath)
  const candidates = exact.length > 0 ? exact : ROUTES.filter(({ route }) => sameRoute(webPath, route))
  return candidates.filter(({ method }) => method === 'GET').map(({ route }) => route)
}

const FIXTURE_PATHS = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map((name) => {
    const { url } = JSON.parse(readFileSync(path.join(FIXTURES, name), 'utf8')) as { url: string }
    return new URL(url, 'http://localhost').pathname
  })

describe('contract fixtures: every GET path the web names has one', () => {
  it('reads paths the way the web writes them', () => {
    expect(
      apiPathsIn(
        "api.get(`/api/sales/customers/${id ?? ''}`, S); fetch('/api/config'); `/api/reports/${t}.csv?${q}`; '/api/batches/${b}/'",
      ).map((p) => p.replaceAll(PLACEHOLDER, '*')),
    ).toEqual(['/api/sales/customers/*', '/api/config', '/api/reports/*.csv', '/api/batches/*'])
    expect(sameRoute('/api/reports/ttb/¤/lines/¤', '/api/reports/ttb/5130-26/lines/:line')).toBe(true)
    expect(sameRoute('/api/batches/¤', '/api/batches/:batchId/brew-day')).toBe(false)
    expect(sameRoute('/api/calendar/¤.ics', '/api/calendar/:feedToken.ics')).toBe(true)
  })

  it('finds a fixture for each GET route path in apps/web/src', () => {
    const missing: string[] = []
    let reads = 0
    for (const file of sourceFiles(WEB_SRC)) {
      for (const webPath of new Set(apiPathsIn(readFileSync(file, 'utf8')))) {
        const routes = getRoutesOf(webPath)
        // A path the server answers only to writes, or a file the web downloads.
        if (routes.length === 0 || routes.every(isDownload)) continue
        reads += 1
        if (!FIXTURE_PATHS.some((fixture) => sameRoute(webPath, fixture)))
          missing.push(
            `${path.relative(WEB_SRC, file)}: ${webPath.replaceAll(PLACEHOLDER, '${…}')} (GET ${routes.join(', ')})`,
          )
      }
    }
    expect(reads).toBeGreaterThan(40)
    expect(
      missing,
      'add the route to ROUTES in contract-fixtures.test.ts and its hook to apps/web/src/app/contract.test.tsx',
    ).toEqual([])
  })
})
