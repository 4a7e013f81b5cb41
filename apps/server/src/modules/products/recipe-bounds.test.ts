import { FERMENTABLES, makeEnvelope, newRecipe, type Recipe } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Bounds Co',
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

/** `{"deeper":{"deeper":…"leaf"…}}` as JSON text (JSON.stringify itself gives up on deep objects). */
const nested = (depth: number) => `${'{"deeper":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`

describe.each(TEST_DATABASES)('unknown fields of recipe lines on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  const admin = crypto.randomUUID()
  let productId: string
  const bearer = async () =>
    `Bearer ${await mintJwt(t.idp.keys.privateJwks.keys[0], { sub: admin }, { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience })}`
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { authorization: await bearer() } })
  const withGrain = (ingredient: Record<string, unknown>): Recipe => ({
    ...newRecipe(productId),
    yield: { quantity: 5, unit: 'GAL' },
    grainBill: [
      {
        id: crypto.randomUUID(),
        ingredient: ingredient as Recipe['grainBill'][number]['ingredient'],
        amount: { value: 9, unit: 'Pounds' },
      },
    ],
  })
  const post = (recipe: Recipe) =>
    call('POST', `/api/products/${productId}/recipes`, makeEnvelope('recipe', recipe))
  const custom = { id: 'my-malt', type: 'grain', name: 'My Malt', extractFgMin: 0.78, lovibond: 3 }

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    await call('POST', '/api/onboarding', makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }))
    productId = crypto.randomUUID()
    const created = await call(
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Bounds' }),
    )
    expect(created.statusCode).toBe(201)
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('refuses a deeply nested custom ingredient with a 400 naming the field', async () => {
    for (const depth of [5, 20, 5000]) {
      const text = JSON.stringify(makeEnvelope('recipe', withGrain({ ...custom, origin: '<nested>' })))
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/products/${productId}/recipes`,
        payload: text.replace('"<nested>"', nested(depth)),
        headers: { 'content-type': 'application/json', authorization: await bearer() },
      })
      expect(response.statusCode, `depth ${depth}`).toBe(400)
      const body = response.json<ErrorBody>()
      expect(body.error.code).toBe('VALIDATION_FAILED')
      expect(body.error.issues?.[0]).toEqual({
        path: 'data.grainBill.0.ingredient.origin',
        message: 'Nested at most 4 levels deep',
      })
    }
  })

  it('bounds the number of fields, the length of a text and the total size, each a 400 naming the field', async () => {
    const many = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`f${i}`, i]))
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [
        { ...custom, ...many },
        { path: 'data.grainBill.0.ingredient', message: 'At most 60 fields in one ingredient' },
      ],
      [
        { ...custom, notes: 'x'.repeat(10_001) },
        { path: 'data.grainBill.0.ingredient.notes', message: 'Text of at most 10000 characters' },
      ],
      [
        { ...custom, a: 'x'.repeat(9000), b: 'x'.repeat(9000), c: 'x'.repeat(9000), d: 'x'.repeat(9000) },
        { path: 'data.grainBill.0.ingredient.d', message: 'Extra fields of at most 32768 characters in all' },
      ],
    ]
    for (const [ingredient, issue] of cases) {
      const response = await post(withGrain(ingredient))
      expect(response.statusCode, issue.message).toBe(400)
      expect(response.json<ErrorBody>().error.issues).toEqual([issue])
    }
    const yeast = await post({
      ...withGrain(custom),
      yeast: {
        type: 'yeast',
        id: 'my-yeast',
        name: 'Mine',
        attenuation: 75,
        flocculation: 'Low',
        lab: { a: { b: { c: { d: { e: 1 } } } } },
      },
    })
    expect(yeast.statusCode).toBe(400)
    expect(yeast.json<ErrorBody>().error.issues?.[0].path).toBe('data.yeast.lab')
  })

  it('still stores catalogue items with their own fields and a custom item with a few of its own', async () => {
    const pale = FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!
    expect((await post(withGrain({ ...pale }))).statusCode).toBe(201)
    const mine = {
      ...custom,
      origin: { country: 'DE', maltster: { name: 'Weyermann' } },
      notes: 'n'.repeat(2000),
    }
    const response = await post(withGrain(mine))
    expect(response.statusCode).toBe(201)
    expect(response.json<{ data: Recipe }>().data.grainBill[0].ingredient).toMatchObject(mine)
  })
})
