import {
  buildCatalog,
  catalogueIndex,
  compactProducts,
  FERMENTABLES,
  HOPS,
  newRecipe,
  type Product,
} from '@brewcommand/domain'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forgetCatalogue } from './catalogue-refs.ts'
import { getBootstrap } from './get-bootstrap.ts'

const ENTITY = '11111111-1111-4111-8111-111111111111'
const CATALOG_TAG = '"catalogue-1"'
const catalog = buildCatalog()

function product(): Product {
  const id = crypto.randomUUID()
  return {
    id,
    entityId: ENTITY,
    name: 'Hazy Days',
    description: '',
    recipes: [
      {
        ...newRecipe(id),
        grainBill: [
          {
            id: crypto.randomUUID(),
            ingredient: { ...FERMENTABLES[2] },
            amount: { value: 9, unit: 'Pounds' },
          },
          {
            id: crypto.randomUUID(),
            ingredient: { id: 'house', type: 'grain', name: 'House', extractFgMin: 0.7, lovibond: 3 },
            amount: { value: 1, unit: 'Pounds' },
          },
        ],
        hopsBill: [
          {
            id: crypto.randomUUID(),
            ingredient: { ...HOPS[7] },
            amount: { value: 1, unit: 'Ounces' },
            additionType: 'Boil',
            time: { value: 60, unit: 'Minutes' },
          },
        ],
      },
    ],
    files: [],
    packagingTypes: [],
    tastingNotes: [],
    attributes: [],
  }
}

const full = {
  user: { id: 'u', givenName: 'Ada', familyName: 'L', email: 'ada@example.com', emailVerified: true },
  entities: [{ entityId: ENTITY, role: 'Admin', products: [product(), product()], packagingTypes: [] }],
}
const compact = {
  ...full,
  entities: [
    {
      ...full.entities[0],
      products: compactProducts(full.entities[0].products, catalogueIndex(catalog)).products,
    },
  ],
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ data: body }), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  })

/** A server answering bootstrap in the form asked for, and the catalogue under `catalogTag`. */
function server(catalogTag = CATALOG_TAG) {
  return vi.fn((url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>
    if (url === '/api/catalog') return Promise.resolve(json(catalog, { etag: catalogTag }))
    return Promise.resolve(
      headers.accept.includes('ingredients=ref')
        ? json(compact, { 'catalog-etag': CATALOG_TAG })
        : json(full),
    )
  })
}

beforeEach(() => forgetCatalogue())
afterEach(() => vi.unstubAllGlobals())

describe('getBootstrap', () => {
  it('asks for lines by reference and expands them with the named catalogue to the full shapes', async () => {
    expect(JSON.stringify(compact)).toContain('ingredientRef')
    const fetch = server()
    vi.stubGlobal('fetch', fetch)
    const tokens = { accessToken: 'a', idToken: undefined }
    const loaded = await getBootstrap(tokens)

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(full))),
    )
    expect(loaded).toEqual(await getBootstrap(tokens))
    expect(JSON.stringify(loaded)).not.toContain('ingredientRef')
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/bootstrap', '/api/catalog'])
    expect((fetch.mock.calls[0][1].headers as Record<string, string>).accept).toBe(
      'application/json; ingredients=ref',
    )
  })

  it('keeps the catalogue for the visit: a second bootstrap does not fetch it again', async () => {
    const fetch = server()
    vi.stubGlobal('fetch', fetch)
    await getBootstrap({ accessToken: 'a', idToken: undefined })
    await getBootstrap({ accessToken: 'a', idToken: undefined })
    expect(fetch.mock.calls.filter(([url]) => url === '/api/catalog')).toHaveLength(1)
  })

  it('fetches no catalogue for an answer without references (an older server, custom items only)', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(full)))
    vi.stubGlobal('fetch', fetch)
    const loaded = await getBootstrap({ accessToken: 'a', idToken: undefined })
    expect(loaded.entities[0].products).toHaveLength(2)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('asks for the full shapes when the catalogue it gets is not the one named', async () => {
    const fetch = server('"another-catalogue"')
    vi.stubGlobal('fetch', fetch)
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const loaded = await getBootstrap({ accessToken: 'a', idToken: undefined })
    expect(loaded.entities[0].products[0].recipes[0].grainBill[0].ingredient).toEqual(FERMENTABLES[2])
    const calls = fetch.mock.calls.map(([url, init]) => [
      url,
      (init.headers as Record<string, string>).accept,
      init.cache,
    ])
    expect(calls).toEqual([
      ['/api/users/bootstrap', 'application/json; ingredients=ref', undefined],
      ['/api/catalog', 'application/json', 'default'],
      ['/api/catalog', 'application/json', 'no-cache'],
      ['/api/users/bootstrap', 'application/json', undefined],
    ])
  })
})
