import {
  CATALOG_ETAG_HEADER,
  catalogueIndex,
  expandProducts,
  FERMENTABLES,
  HOPS,
  INGREDIENT_REFS_ACCEPT,
  makeEnvelope,
  newRecipe,
  OTHER_INGREDIENTS,
  type Catalog,
  type Recipe,
} from '@brewcommand/domain'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../testing/identity-harness.ts'
import { TEST_DATABASES } from '../testing/test-app.ts'
import { wantsIngredientRefs } from './catalogue-refs.ts'

const BUSINESS = {
  name: 'Refs Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }

/** Catalogue lines in all three bills, a custom item, an edited one and one with a measured value. */
function recipeFor(productId: string): Recipe {
  const line = () => ({ id: crypto.randomUUID(), amount: { value: 1, unit: 'Pounds' as const } })
  return {
    ...newRecipe(productId),
    grainBill: [
      { ...line(), ingredient: { ...FERMENTABLES[0] } },
      { ...line(), ingredient: { ...FERMENTABLES[5] } },
      {
        ...line(),
        ingredient: { id: 'house-malt', type: 'grain', name: 'House Malt', extractFgMin: 0.7, lovibond: 4 },
      },
    ],
    hopsBill: [
      { ...line(), ingredient: { ...HOPS[3] }, additionType: 'Boil', time: { value: 60, unit: 'Minutes' } },
      {
        ...line(),
        ingredient: { ...HOPS[4], alphaAcids: HOPS[4].alphaAcids + 1, measured: { alphaAcids: 9 } },
        additionType: 'Dry Hop',
        time: { value: 3, unit: 'Days' },
      },
    ],
    otherIngredients: [
      {
        ...line(),
        ingredient: { ...OTHER_INGREDIENTS[2] },
        additionType: 'Boil',
        additionTime: 5,
        brewersNotes: '',
      },
      {
        ...line(),
        ingredient: { ...OTHER_INGREDIENTS[3], name: 'Renamed by the brewer' },
        additionType: 'Mash',
        additionTime: null,
        brewersNotes: '',
      },
    ],
  }
}

type Line = { ingredient?: { id: string }; ingredientRef?: string }
type RecipeBody = { grainBill: Line[]; hopsBill: Line[]; otherIngredients: Line[] }
type ProductBody = { id: string; recipes: RecipeBody[] }
const lines = (products: ProductBody[]) =>
  products.flatMap((p) => p.recipes.flatMap((r) => [...r.grainBill, ...r.hopsBill, ...r.otherIngredients]))

describe.each(TEST_DATABASES)('product lines by catalogue reference on %s', (kind) => {
  let db: TestDb
  let t: TestApp
  let admin: string
  let catalog: Catalog
  let catalogTag: string

  const get = async (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${await mintJwt(
          t.idp.keys.privateJwks.keys[0],
          { sub: admin },
          { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
        )}`,
        ...headers,
      },
    })

  beforeAll(async () => {
    db = await createTestDb(kind)
    t = await createTestApp({ db })
    admin = crypto.randomUUID()
    const token = await mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub: admin },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}` } })
    await post('/api/onboarding', makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }))
    for (const name of ['With recipes', 'Another']) {
      const id = crypto.randomUUID()
      const created = await post(
        '/api/products',
        makeEnvelope('product', { id, name, recipes: [recipeFor(id)] }),
      )
      expect(created.statusCode, created.body).toBe(201)
      const second = await post(`/api/products/${id}/recipes`, makeEnvelope('recipe', recipeFor(id)))
      expect(second.statusCode, second.body).toBe(201)
    }
    const bare = await post(
      '/api/products',
      makeEnvelope('product', { id: crypto.randomUUID(), name: 'No recipe' }),
    )
    expect(bare.statusCode, bare.body).toBe(201)
    const response = await get('/api/catalog')
    catalog = response.json<{ data: Catalog }>().data
    catalogTag = response.headers.etag as string
  })
  afterAll(async () => {
    await t?.app.close()
    await db?.client.close()
  })

  it('sends the full shapes to a client that does not ask, as before', async () => {
    for (const accept of [undefined, 'application/json', '*/*', 'application/json; ingredients=full']) {
      const response = await get('/api/products', accept ? { accept } : {})
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(response.headers[CATALOG_ETAG_HEADER]).toBeUndefined()
      expect(response.body).not.toContain('ingredientRef')
      expect(lines(response.json<{ data: ProductBody[] }>().data).every((l) => l.ingredient)).toBe(true)
    }
  })

  it('sends catalogue items by reference when asked, and custom or edited items whole', async () => {
    const full = await get('/api/products')
    const compact = await get('/api/products', { accept: INGREDIENT_REFS_ACCEPT })
    expect(compact.statusCode).toBe(200)
    expect(compact.headers['content-type']).toBe('application/json; charset=utf-8; ingredients=ref')
    expect(compact.headers.vary).toMatch(/^accept, accept-encoding$/i)
    // The references point into the catalogue GET /api/catalog answers (its ETag).
    expect(compact.headers[CATALOG_ETAG_HEADER]).toBe(catalogTag)
    expect(compact.headers.etag).not.toBe(full.headers.etag)
    expect(compact.rawPayload.length).toBeLessThan(full.rawPayload.length)

    const sent = lines(compact.json<{ data: ProductBody[] }>().data)
    // Per recipe: 2 malts, 1 hop, 1 other ingredient by reference; the house malt, the edited hop and
    // the renamed other ingredient whole. Two products × two recipes.
    expect(sent.filter((l) => l.ingredientRef && !l.ingredient)).toHaveLength(16)
    expect(sent.filter((l) => l.ingredient && !l.ingredientRef).map((l) => l.ingredient!.id)).toEqual(
      Array.from({ length: 4 }, () => ['house-malt', HOPS[4].id, OTHER_INGREDIENTS[3].id]).flat(),
    )
  })

  it('expands, with the catalogue the client loads, to exactly the full shapes', async () => {
    const full = (await get('/api/products')).json<{ data: unknown[] }>().data
    const compact = (await get('/api/products', { accept: INGREDIENT_REFS_ACCEPT })).json<{
      data: unknown[]
    }>().data
    expect(expandProducts(compact, catalogueIndex(catalog))).toEqual(full)
  })

  it('bootstrap: the same two forms, each with its own ETag, compressed alike', async () => {
    const full = await get('/api/users/bootstrap')
    const compact = await get('/api/users/bootstrap', {
      accept: INGREDIENT_REFS_ACCEPT,
      'accept-encoding': 'br',
    })
    expect(compact.headers['content-encoding']).toBe('br')
    expect(compact.headers[CATALOG_ETAG_HEADER]).toBe(catalogTag)
    expect(full.headers[CATALOG_ETAG_HEADER]).toBeUndefined()
    type Boot = { data: { entities: { products: unknown[] }[] } }
    const body = JSON.parse(brotliDecompressSync(compact.rawPayload).toString()) as Boot
    const products = body.data.entities[0].products
    expect(JSON.stringify(products)).toContain('ingredientRef')
    expect(expandProducts(products, catalogueIndex(catalog))).toEqual(
      full.json<Boot>().data.entities[0].products,
    )
    // Each form revalidates against its own ETag only.
    const etag = compact.headers.etag as string
    expect(etag).not.toBe(full.headers.etag)
    const again = await get('/api/users/bootstrap', { accept: INGREDIENT_REFS_ACCEPT, 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.headers[CATALOG_ETAG_HEADER]).toBe(catalogTag)
    expect((await get('/api/users/bootstrap', { 'if-none-match': etag })).statusCode).toBe(200)
  })
})

describe('wantsIngredientRefs', () => {
  it('is true only for application/json with ingredients=ref', () => {
    expect(wantsIngredientRefs(INGREDIENT_REFS_ACCEPT)).toBe(true)
    expect(wantsIngredientRefs('text/html, application/json;ingredients="ref";q=0.9')).toBe(true)
    expect(wantsIngredientRefs(['text/html', 'Application/JSON; Ingredients=REF'])).toBe(true)
    expect(wantsIngredientRefs('application/json')).toBe(false)
    expect(wantsIngredientRefs('application/json; ingredients=full')).toBe(false)
    expect(wantsIngredientRefs('text/plain; ingredients=ref')).toBe(false)
    expect(wantsIngredientRefs('*/*')).toBe(false)
    expect(wantsIngredientRefs(undefined)).toBe(false)
  })
})
