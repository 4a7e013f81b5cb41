// Issue 13: imported recipes are created through the existing product routes. This checks that the
// server stores what the import preview shows: catalogue matches, custom (unmatched) ingredients with
// the file's own values, and the same figures; and that a Brewer may import (DESIGN permission table).
import { readFileSync } from 'node:fs'
import {
  makeEnvelope,
  productObjectUri,
  readRecipeFile,
  recipeFromDraft,
  roundRecipeStats,
} from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mintJwt } from '../../testing/tokens.ts'
import { users } from '../../db/schema/users.ts'
import { createTestApp, createTestDb, type TestApp, type TestDb } from '../../testing/identity-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'

const BUSINESS = {
  name: 'Import Co',
  address: '1 Mash Lane',
  city: 'Portland',
  state: 'OR',
  zip: '97201',
  phone: '(503) 555-0101',
  ein: '12-3456789',
  type: 'Brewery',
}
const user = { givenName: '', familyName: '', emailAddress: '', emailVerified: false, idpIdentifier: '' }
const fixture = (name: string) =>
  new Uint8Array(
    readFileSync(new URL(`../../../../../packages/domain/src/interchange/fixtures/${name}`, import.meta.url)),
  )

describe.each(TEST_DATABASES)('recipe import through the products API on %s', (kind) => {
  let testDb: TestDb
  let t: TestApp
  let admin: string
  let brewer: string

  const call = async (sub: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: {
        authorization: `Bearer ${await mintJwt(
          t.idp.keys.privateJwks.keys[0],
          { sub },
          { issuer: t.idp.settings.issuer, audience: t.idp.settings.audience },
        )}`,
      },
    })

  beforeAll(async () => {
    testDb = await createTestDb(kind)
    t = await createTestApp({ db: testDb })
    admin = crypto.randomUUID()
    const onboarded = await call(
      admin,
      'POST',
      '/api/onboarding',
      makeEnvelope('OnboardingRequest', { user, entity: BUSINESS }),
    )
    const entityId = onboarded.json<{ data: { entityId: string } }>().data.entityId
    brewer = crypto.randomUUID()
    await testDb.db
      .insert(users)
      .values({ idpIdentifier: brewer, entityId, role: 'Brewer', email: `${brewer}@example.com` })
  })
  afterAll(async () => {
    await t?.app.close()
    await testDb?.client.close()
  })

  it('a Brewer creates one product per imported recipe, custom ingredients and figures kept', async () => {
    const report = readRecipeFile('beersmith.xml', fixture('beersmith-three-recipes.xml'))
    expect(report.recipes).toHaveLength(3)
    for (const imported of report.recipes) {
      const id = crypto.randomUUID()
      const recipe = recipeFromDraft(imported.recipe, id)
      const response = await call(
        brewer,
        'POST',
        '/api/products',
        makeEnvelope(
          'product',
          { id, name: imported.name, description: imported.description, recipes: [recipe] },
          { objectUri: productObjectUri(id) },
        ),
      )
      expect(response.statusCode, response.body).toBe(201)
      const stored = response.json<{ data: { name: string; recipes: (typeof recipe)[] } }>().data
      expect(stored.name).toBe(imported.name)
      expect(stored.recipes[0].grainBill.map((g) => g.ingredient)).toEqual(
        recipe.grainBill.map((g) => g.ingredient),
      )
      expect(stored.recipes[0].yeast).toEqual(recipe.yeast)
      const { originalGravity, finalGravity, abv, ibu, srm } = stored.recipes[0]
      expect({ originalGravity, finalGravity, abv, ibu, srm }).toEqual(roundRecipeStats(imported.stats))
    }
    const saison = report.recipes[2]
    expect(saison.unmatched.map((u) => u.name)).toContain('Mystery Heritage Malt')
  })

  it('adds an imported recipe to an existing product', async () => {
    const productId = crypto.randomUUID()
    const created = await call(
      brewer,
      'POST',
      '/api/products',
      makeEnvelope('product', { id: productId, name: 'Existing', description: '', recipes: [] }),
    )
    expect(created.statusCode).toBe(201)
    const [imported] = readRecipeFile('brewfather.json', fixture('brewfather.json')).recipes
    const recipe = recipeFromDraft(imported.recipe, productId)
    const response = await call(
      brewer,
      'POST',
      `/api/products/${productId}/recipes`,
      makeEnvelope('recipe', recipe, { objectUri: productObjectUri(productId, 'recipes', recipe.id) }),
    )
    expect(response.statusCode, response.body).toBe(201)
    const product = (await call(brewer, 'GET', `/api/products/${productId}`)).json<{
      data: { recipes: { id: string; hopsBill: unknown[] }[] }
    }>().data
    expect(product.recipes.map((r) => r.id)).toEqual([recipe.id])
    expect(product.recipes[0].hopsBill).toHaveLength(3)
  })
})
