import {
  calculateRecipeStats,
  FERMENTABLES,
  HOPS,
  makeEnvelope,
  newRecipe,
  roundRecipeStats,
  silentLogger,
  toRecipeYeast,
  YEASTS,
  type Recipe,
} from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Recipe Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
type ErrorBody = { error: { code: string; message: string; issues?: { path: string; message: string }[] } }

const item = <T extends { id: string }>(list: readonly T[], id: string) => list.find((i) => i.id === id)!

/** A realistic recipe: 10 gallons, 9 lb 2-row, 1 lb Crystal 40, Cascade at 60 minutes and dry hop, two steps. */
function pale(productId: string): Recipe {
  return {
    ...newRecipe(productId),
    yield: { quantity: 10, unit: 'GAL' },
    yeast: toRecipeYeast(item(YEASTS, 'wyeast-1056-american-ale')),
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...item(FERMENTABLES, 'pale-2-row-malt') },
        amount: { value: 9, unit: 'Pounds' },
      },
      {
        id: crypto.randomUUID(),
        ingredient: { ...item(FERMENTABLES, 'crystal-malt-40l') },
        amount: { value: 1, unit: 'Pounds' },
      },
    ],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...item(HOPS, 'cascade') },
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
      {
        id: crypto.randomUUID(),
        ingredient: { ...item(HOPS, 'cascade') },
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Dry Hop',
        time: { value: 3, unit: 'Days' },
      },
    ],
    process: [
      {
        id: crypto.randomUUID(),
        order: 1,
        type: 'infusion-mash',
        temperature: '152',
        durationMins: '60',
        targetpH: '5.4',
        brewersNotes: '',
      },
      {
        id: crypto.randomUUID(),
        order: 2,
        type: 'mash-out',
        temperature: '168',
        durationMins: '10',
        targetpH: '',
        brewersNotes: '',
      },
    ],
    boilTime: 60,
  }
}

describe.each(TEST_DATABASES)('recipe routes on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let adminA: string
  let adminB: string

  const token = (sub: string) =>
    mintJwt(
      t.idp.keys.privateJwks.keys[0],
      { sub },
      { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
    )
  const call = async (
    sub: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${await token(sub)}`, ...headers },
    })
  async function brewery(sub: string) {
    await call(sub, 'POST', '/api/onboarding', makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }))
  }
  async function product(sub = adminA) {
    const id = crypto.randomUUID()
    const response = await call(
      sub,
      'POST',
      '/api/products',
      makeEnvelope('product', { id, name: 'Pale', recipes: [] }),
    )
    expect(response.statusCode).toBe(201)
    return id
  }
  const stored = async (productId: string) =>
    (await call(adminA, 'GET', `/api/products/${productId}`)).json<{ data: { recipes: Recipe[] } }>().data
      .recipes
  const expectedStats = (recipe: Recipe) =>
    roundRecipeStats(calculateRecipeStats(recipe, { logger: silentLogger }))

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    adminA = crypto.randomUUID()
    adminB = crypto.randomUUID()
    await brewery(adminA)
    await brewery(adminB)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('stores and returns the figures calculated on the server, not the browser’s', async () => {
    const productId = await product()
    const recipe = { ...pale(productId), originalGravity: 1.2, finalGravity: 1.1, abv: 42, ibu: 400, srm: 39 }
    const response = await call(
      adminA,
      'POST',
      `/api/products/${productId}/recipes`,
      makeEnvelope('recipe', recipe),
    )
    expect(response.statusCode).toBe(201)
    const expected = expectedStats(recipe)
    expect(expected.originalGravity).toBeGreaterThan(1.02)
    expect(expected.ibu).toBeGreaterThan(5)
    expect(response.json<{ data: Recipe }>().data).toMatchObject(expected)
    expect((await stored(productId))[0]).toMatchObject({ id: recipe.id, ...expected })
  })

  it('stores an imported line’s measured values beside its catalogue link, and its figures with them (ADR 140)', async () => {
    const productId = await product()
    const recipe = pale(productId)
    const cascade = item(HOPS, 'cascade')
    recipe.hopsBill[0].ingredient = { ...cascade, alphaAcids: 5.5, measured: { alphaAcids: 5.5 } }
    recipe.grainBill[0].ingredient = {
      ...recipe.grainBill[0].ingredient,
      lovibond: 3.5,
      measured: { lovibond: 3.5 },
    }
    recipe.yeast = { ...recipe.yeast!, attenuation: 80, measured: { attenuation: 80 } }
    const response = await call(
      adminA,
      'POST',
      `/api/products/${productId}/recipes`,
      makeEnvelope('recipe', recipe),
    )
    expect(response.statusCode).toBe(201)
    const [saved] = await stored(productId)
    expect(saved.hopsBill[0].ingredient).toMatchObject({
      id: 'cascade',
      alphaAcids: 5.5,
      measured: { alphaAcids: 5.5 },
    })
    expect(saved.grainBill[0].ingredient).toMatchObject({ lovibond: 3.5, measured: { lovibond: 3.5 } })
    expect(saved.yeast).toMatchObject({ attenuation: 80, measured: { attenuation: 80 } })
    expect(saved).toMatchObject(expectedStats(recipe))
    expect(saved.ibu).toBeLessThan(expectedStats(pale(productId)).ibu)
  })

  it('recalculates on update and keeps the mash order sent', async () => {
    const productId = await product()
    const recipe = pale(productId)
    await call(adminA, 'POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
    const [first, second] = recipe.process
    const changed: Recipe = {
      ...recipe,
      yield: { quantity: 5, unit: 'GAL' },
      process: [
        { ...second, order: 1 },
        { ...first, order: 2 },
      ],
    }
    const response = await call(
      adminA,
      'PUT',
      `/api/products/${productId}/recipes/${recipe.id}`,
      makeEnvelope('recipe', changed),
    )
    expect(response.statusCode).toBe(200)
    const [saved] = await stored(productId)
    expect(saved).toMatchObject(expectedStats(changed))
    expect(saved.originalGravity).toBeGreaterThan(expectedStats(recipe).originalGravity)
    expect(saved.process.map((s) => [s.type, s.order])).toEqual([
      ['mash-out', 1],
      ['infusion-mash', 2],
    ])
  })

  it('computes the figures of the first recipe of a product created at onboarding', async () => {
    const id = crypto.randomUUID()
    const recipe = { ...pale(id), abv: 0 }
    const response = await call(
      adminA,
      'POST',
      '/api/products',
      makeEnvelope('product', { id, name: 'First', recipes: [recipe] }),
    )
    expect(response.statusCode).toBe(201)
    expect((await stored(id))[0]).toMatchObject(expectedStats(recipe))
  })

  it('refuses an onboarding product whose recipe has an unknown, incomplete ingredient, and stores nothing', async () => {
    const id = crypto.randomUUID()
    const recipe = pale(id)
    recipe.grainBill[0].ingredient = { id: 'made-up', type: 'grain', name: 'Made Up' }
    const response = await call(
      adminA,
      'POST',
      '/api/products',
      makeEnvelope('product', { id, name: 'Nope', recipes: [recipe] }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorBody>().error.issues).toEqual([
      {
        path: 'data.recipes.0.grainBill.0.ingredient',
        message: 'Not a catalogue grain; a custom grain needs a name, extractFgMin and lovibond',
      },
    ])
    expect((await call(adminA, 'GET', `/api/products/${id}`)).statusCode).toBe(404)
  })

  const invalid: [string, (r: Recipe) => unknown, string][] = [
    [
      'a negative amount',
      (r) => ({ ...r, grainBill: [{ ...r.grainBill[0], amount: { value: -1, unit: 'Pounds' } }] }),
      'data.grainBill.0.amount.value',
    ],
    [
      'an amount that is not a number',
      (r) => ({ ...r, hopsBill: [{ ...r.hopsBill[0], amount: { value: 'lots', unit: 'Ounces' } }] }),
      'data.hopsBill.0.amount.value',
    ],
    [
      'an unknown weight unit',
      (r) => ({ ...r, grainBill: [{ ...r.grainBill[0], amount: { value: 1, unit: 'Stone' } }] }),
      'data.grainBill.0.amount.unit',
    ],
    [
      'an unknown hop addition type',
      (r) => ({ ...r, hopsBill: [{ ...r.hopsBill[0], additionType: 'Sometime' }] }),
      'data.hopsBill.0.additionType',
    ],
    ['a negative batch size', (r) => ({ ...r, yield: { quantity: -5, unit: 'GAL' } }), 'data.yield.quantity'],
    ['an unknown batch unit', (r) => ({ ...r, yield: { quantity: 5, unit: 'Litres' } }), 'data.yield.unit'],
    [
      'a custom hop without alpha acids',
      (r) => ({
        ...r,
        hopsBill: [{ ...r.hopsBill[0], ingredient: { id: 'house', type: 'hop', name: 'House' } }],
      }),
      'data.hopsBill.0.ingredient',
    ],
    [
      'a custom other ingredient without fermentable',
      (r) => ({
        ...r,
        otherIngredients: [
          {
            id: crypto.randomUUID(),
            ingredient: { id: 'x', type: 'spice', name: 'X' },
            amount: { value: 1, unit: 'Grams' },
            additionType: 'Boil',
            additionTime: 5,
            brewersNotes: '',
          },
        ],
      }),
      'data.otherIngredients.0.ingredient',
    ],
    [
      'a measured alpha acid above 100 %',
      (r) => ({
        ...r,
        hopsBill: [
          { ...r.hopsBill[0], ingredient: { ...r.hopsBill[0].ingredient, measured: { alphaAcids: 140 } } },
        ],
      }),
      'data.hopsBill.0.ingredient.measured.alphaAcids',
    ],
    [
      'an unknown yeast without a name',
      (r) => ({ ...r, yeast: { ...r.yeast, id: 'mystery', name: '' } }),
      'data.yeast',
    ],
    [
      'mash steps numbered 1, 3',
      (r) => ({ ...r, process: [r.process[0], { ...r.process[1], order: 3 }] }),
      'data.process',
    ],
    [
      'mash steps numbered 1, 1',
      (r) => ({ ...r, process: [r.process[0], { ...r.process[1], order: 1 }] }),
      'data.process',
    ],
    [
      'an entry id used twice',
      (r) => ({ ...r, hopsBill: [r.hopsBill[0], { ...r.hopsBill[1], id: r.hopsBill[0].id }] }),
      'data.hopsBill.1.id',
    ],
    [
      'a step id that is not a UUID',
      (r) => ({ ...r, process: [{ ...r.process[0], id: 'step-1' }, r.process[1]] }),
      'data.process.0.id',
    ],
  ]
  it.each(invalid)(
    'refuses %s with a 400 naming the field, and stores nothing',
    async (_name, spoil, path) => {
      const productId = await product()
      const recipe = pale(productId)
      const post = await call(
        adminA,
        'POST',
        `/api/products/${productId}/recipes`,
        makeEnvelope('recipe', spoil(recipe)),
      )
      expect(post.statusCode).toBe(400)
      const body = post.json<ErrorBody>()
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.issues?.map((i) => i.path)).toContain(path)
      expect(await stored(productId)).toEqual([])
      // …and the same on an update of a stored recipe, which stays as it was.
      await call(adminA, 'POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
      const put = await call(
        adminA,
        'PUT',
        `/api/products/${productId}/recipes/${recipe.id}`,
        makeEnvelope('recipe', spoil(recipe)),
      )
      expect(put.statusCode).toBe(400)
      expect((await stored(productId))[0]).toMatchObject({
        grainBill: recipe.grainBill,
        process: recipe.process,
      })
    },
  )

  it('refuses a body recipe id that differs from the path, and a recipe of another product', async () => {
    const productId = await product()
    const recipe = pale(productId)
    await call(adminA, 'POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
    const otherId = crypto.randomUUID()
    const mismatch = await call(
      adminA,
      'PUT',
      `/api/products/${productId}/recipes/${otherId}`,
      makeEnvelope('recipe', recipe),
    )
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json<ErrorBody>().error.issues).toEqual([
      { path: 'data.id', message: 'Must be the recipe in the path' },
    ])
    const foreign = await call(
      adminA,
      'POST',
      `/api/products/${productId}/recipes`,
      makeEnvelope('recipe', pale(await product())),
    )
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json<ErrorBody>().error.issues?.[0].path).toBe('data.productId')
  })

  it('answers an unknown recipe with 404 and an id already used with 409', async () => {
    const productId = await product()
    const recipe = pale(productId)
    const missing = await call(
      adminA,
      'PUT',
      `/api/products/${productId}/recipes/${recipe.id}`,
      makeEnvelope('recipe', recipe),
    )
    expect(missing.statusCode).toBe(404)
    expect((await call(adminA, 'DELETE', `/api/products/${productId}/recipes/${recipe.id}`)).statusCode).toBe(
      404,
    )
    await call(adminA, 'POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
    const again = await call(
      adminA,
      'POST',
      `/api/products/${productId}/recipes`,
      makeEnvelope('recipe', recipe),
    )
    expect(again.statusCode).toBe(409)
  })

  it('replays a correlation identifier once, and refuses the same key with a different recipe', async () => {
    const productId = await product()
    const recipe = pale(productId)
    const envelope = makeEnvelope('recipe', recipe)
    const headers = { 'idempotency-key': envelope.metadata.correlationIdentifier }
    const first = await call(adminA, 'POST', `/api/products/${productId}/recipes`, envelope, headers)
    const second = await call(adminA, 'POST', `/api/products/${productId}/recipes`, envelope, headers)
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual(first.json())
    expect(await stored(productId)).toHaveLength(1)
    const different = { ...envelope, data: { ...recipe, boilTime: 90 } }
    expect(
      (await call(adminA, 'POST', `/api/products/${productId}/recipes`, different, headers)).statusCode,
    ).toBe(409)
  })

  it("gives another brewery 404 for a recipe's update and delete, and changes nothing", async () => {
    const productId = await product()
    const recipe = pale(productId)
    await call(adminA, 'POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
    const url = `/api/products/${productId}/recipes/${recipe.id}`
    expect(
      (await call(adminB, 'PUT', url, makeEnvelope('recipe', { ...recipe, boilTime: 5 }))).statusCode,
    ).toBe(404)
    expect((await call(adminB, 'DELETE', url)).statusCode).toBe(404)
    expect((await stored(productId))[0].boilTime).toBe(60)
  })
})
