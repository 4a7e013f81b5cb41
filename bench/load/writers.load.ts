// 200 concurrent writers for 60 s (LOAD_SECONDS) of mixed writes against the server process on a
// PostgreSQL of its own: not one 5xx, and what the database holds equals the acknowledged writes
// (none lost, none duplicated).
import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { recipeWith } from '../support/fixtures.ts'
import { launch, newBrewery, type ServerProcess } from '../support/server.ts'
import { startPostgres, type TempPostgres } from '../support/services.ts'
import { query, send, type Headers, type Outcome } from './support.ts'

const WRITERS = 200
const BREWERIES = 10
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)

let pg: TempPostgres
let server: ServerProcess
let url: string
let breweries: { headers: Headers }[] = []

beforeAll(async () => {
  pg = await startPostgres()
  const started = await launch({ kind: 'postgres', url: pg.url })
  server = started.server
  url = server.url
  breweries = await Promise.all(Array.from({ length: BREWERIES }, () => newBrewery(url, started.issuer)))
})
afterAll(async () => {
  await server?.stop()
  await pg?.destroy()
})

type Ledger = {
  notes: Set<string>
  deletedNotes: Set<string>
  attributes: Set<string>
  recipes: Set<string>
  products: Set<string>
  /** Each writer's own product and the last name the server acknowledged for it. */
  names: Map<string, string>
  statuses: Map<number, number>
  errors: string[]
}

async function writer(index: number, headers: Headers, until: number, ledger: Ledger) {
  const own = crypto.randomUUID()
  const created = await send(
    url,
    headers,
    'POST',
    '/api/products',
    makeEnvelope('product', { id: own, name: `Writer ${index}` }),
  )
  if (!('status' in created) || created.status !== 201)
    throw new Error(`writer ${index} could not start: ${JSON.stringify(created)}`)
  ledger.products.add(own)
  ledger.names.set(own, `Writer ${index}`)
  const myNotes: string[] = []
  let n = 0
  const record = (outcome: Outcome, onOk: () => void) => {
    if ('error' in outcome) ledger.errors.push(outcome.error)
    else {
      ledger.statuses.set(outcome.status, (ledger.statuses.get(outcome.status) ?? 0) + 1)
      if (outcome.status >= 200 && outcome.status < 300) onOk()
    }
  }
  while (Date.now() < until) {
    n++
    const dice = Math.random()
    if (dice < 0.3) {
      const id = crypto.randomUUID()
      const note = makeEnvelope('product:tastingNote', { id, category: 'Aroma', notes: `Note ${index}.${n}` })
      record(await send(url, headers, 'POST', `/api/products/${own}/tastingNotes`, note), () => {
        ledger.notes.add(id)
        myNotes.push(id)
      })
    } else if (dice < 0.5) {
      const id = crypto.randomUUID()
      const attribute = makeEnvelope('product:attribute', { id, attribute: 'Color', value: `Amber ${n}` })
      record(await send(url, headers, 'POST', `/api/products/${own}/attributes`, attribute), () =>
        ledger.attributes.add(id),
      )
    } else if (dice < 0.75) {
      const name = `Writer ${index} v${n}`
      record(await send(url, headers, 'PUT', `/api/products/${own}`, makeEnvelope('product', { name })), () =>
        ledger.names.set(own, name),
      )
    } else if (dice < 0.85) {
      const id = crypto.randomUUID()
      record(
        await send(
          url,
          headers,
          'POST',
          '/api/products',
          makeEnvelope('product', { id, name: `Extra ${index}.${n}` }),
        ),
        () => ledger.products.add(id),
      )
    } else if (dice < 0.95 && myNotes.length > 0) {
      const id = myNotes.shift()!
      record(await send(url, headers, 'DELETE', `/api/products/${own}/tastingNotes/${id}`), () =>
        ledger.deletedNotes.add(id),
      )
    } else {
      const recipe = recipeWith(own, 8, n)
      record(
        await send(url, headers, 'POST', `/api/products/${own}/recipes`, makeEnvelope('recipe', recipe)),
        () => ledger.recipes.add(recipe.id),
      )
    }
  }
}

it(`${WRITERS} concurrent writers for ${SECONDS} s: zero 5xx, and the rows equal the acknowledged writes`, async () => {
  const ledger: Ledger = {
    notes: new Set(),
    deletedNotes: new Set(),
    attributes: new Set(),
    recipes: new Set(),
    products: new Set(),
    names: new Map(),
    statuses: new Map(),
    errors: [],
  }
  const until = Date.now() + SECONDS * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: WRITERS }, (_, i) => writer(i, breweries[i % BREWERIES].headers, until, ledger)),
  )
  const seconds = (performance.now() - started) / 1000
  const total = [...ledger.statuses.values()].reduce((a, b) => a + b, 0)
  console.log(
    `${total} writes in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s) by ${WRITERS} writers; ` +
      `statuses ${JSON.stringify(Object.fromEntries(ledger.statuses))}; network errors ${ledger.errors.length}`,
  )

  const fiveHundreds = [...ledger.statuses].filter(([status]) => status >= 500)
  expect(fiveHundreds).toEqual([])
  expect(ledger.errors).toEqual([])
  // Every write is valid: anything but a 2xx is a fault too.
  expect([...ledger.statuses.keys()].every((s) => s >= 200 && s < 300)).toBe(true)

  const ids = async (table: string) =>
    new Set((await query<{ id: string }>(pg.url, `select id::text as id from ${table}`)).map((r) => r.id))
  const expectedNotes = new Set([...ledger.notes].filter((id) => !ledger.deletedNotes.has(id)))
  expect(await ids('tasting_notes')).toEqual(expectedNotes)
  expect(await ids('product_attributes')).toEqual(ledger.attributes)
  expect(await ids('recipes')).toEqual(ledger.recipes)
  expect(await ids('products')).toEqual(ledger.products)
  const names = await query<{ id: string; name: string }>(pg.url, 'select id::text as id, name from products')
  const stored = new Map(names.map((r) => [r.id, r.name]))
  for (const [id, name] of ledger.names) expect(stored.get(id)).toBe(name)
  // Positions within a product stay unique: no write ran twice.
  const clashes = await query(
    pg.url,
    'select product_id, position from tasting_notes group by product_id, position having count(*) > 1',
  )
  expect(clashes).toEqual([])
})
