import { describe, expect, it } from 'vitest'
import { roundRecipeStats } from '../brewing/display.ts'
import { silentLogger } from '../brewing/logger.ts'
import { calculateRecipeStats } from '../brewing/stats.ts'
import {
  buildCatalog,
  FERMENTABLES,
  HOPS,
  OTHER_INGREDIENTS,
  toRecipeYeast,
  YEASTS,
} from '../catalog/catalog.ts'
import { checkRecipe, indexCatalog } from './recipe-check.ts'
import { newRecipe, type Recipe } from './recipe.schema.ts'

const catalog = indexCatalog(buildCatalog())
const find = <T extends { id: string }>(list: readonly T[], id: string) => list.find((i) => i.id === id)!

function recipe(overrides: Partial<Recipe> = {}): Recipe {
  const twoRow = FERMENTABLES.find((f) => f.name.includes('2-Row'))!
  const cascade = find(HOPS, 'cascade')
  return {
    ...newRecipe(crypto.randomUUID()),
    yield: { quantity: 10, unit: 'GAL' },
    yeast: toRecipeYeast(find(YEASTS, 'wyeast-1056-american-ale')),
    grainBill: [{ id: crypto.randomUUID(), ingredient: { ...twoRow }, amount: { value: 9, unit: 'Pounds' } }],
    hopsBill: [
      {
        id: crypto.randomUUID(),
        ingredient: { ...cascade },
        amount: { value: 1, unit: 'Ounces' },
        additionType: 'Boil',
        time: { value: 60, unit: 'Minutes' },
      },
    ],
    ...overrides,
  }
}

describe('checkRecipe', () => {
  it('stores the engine’s figures, rounded as shown, whatever the browser sent', () => {
    const sent = { ...recipe(), originalGravity: 1.2, finalGravity: 1.1, abv: 99, ibu: 500, srm: 39 }
    const result = checkRecipe(sent, catalog)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const expected = roundRecipeStats(calculateRecipeStats(sent, { logger: silentLogger }))
    expect(result.recipe).toMatchObject(expected)
    expect(result.recipe.originalGravity).toBeGreaterThan(1.02)
    expect(result.recipe.ibu).toBeGreaterThan(10)
  })

  it('uses the catalogue’s own calculation fields for catalogue items', () => {
    const sent = recipe()
    sent.grainBill[0].ingredient.extractFgMin = 1
    sent.grainBill[0].ingredient.lovibond = 500
    sent.hopsBill[0].ingredient.alphaAcids = 99
    sent.yeast = { ...sent.yeast!, attenuation: 0 }
    const result = checkRecipe(sent, catalog)
    if (!result.ok) throw new Error('expected ok')
    const twoRow = FERMENTABLES.find((f) => f.id === sent.grainBill[0].ingredient.id)!
    expect(result.recipe.grainBill[0].ingredient).toMatchObject({
      extractFgMin: twoRow.extractFgMin,
      lovibond: twoRow.lovibond,
    })
    expect(result.recipe.hopsBill[0].ingredient.alphaAcids).toBe(find(HOPS, 'cascade').alphaAcids)
    expect(result.recipe.yeast?.attenuation).toBe(75)
  })

  it('keeps the brewer’s measured values a catalogue line carries and uses, and nothing else (ADR 140)', () => {
    const sent = recipe()
    sent.grainBill[0].ingredient = {
      ...sent.grainBill[0].ingredient,
      extractFgMin: 0.81,
      lovibond: 2.2,
      measured: { extractFgMin: 0.81, lovibond: 2.2 },
    }
    sent.hopsBill[0].ingredient = {
      ...sent.hopsBill[0].ingredient,
      alphaAcids: 5.5,
      measured: { alphaAcids: 5.5 },
    }
    sent.yeast = { ...sent.yeast!, attenuation: 81, measured: { attenuation: 81 } }
    const kept = checkRecipe(sent, catalog)
    if (!kept.ok) throw new Error('expected ok')
    expect(kept.recipe.grainBill[0].ingredient).toMatchObject({ extractFgMin: 0.81, lovibond: 2.2 })
    expect(kept.recipe.hopsBill[0].ingredient).toMatchObject({
      alphaAcids: 5.5,
      measured: { alphaAcids: 5.5 },
    })
    expect(kept.recipe.yeast?.attenuation).toBe(81)
    expect(kept.recipe.ibu).toBe(
      roundRecipeStats(calculateRecipeStats(kept.recipe, { logger: silentLogger })).ibu,
    )

    // A value that is neither the measured one nor the catalogue's becomes the catalogue's.
    sent.hopsBill[0].ingredient = { ...sent.hopsBill[0].ingredient, alphaAcids: 99 }
    const other = checkRecipe(sent, catalog)
    if (!other.ok) throw new Error('expected ok')
    expect(other.recipe.hopsBill[0].ingredient).toMatchObject({
      alphaAcids: find(HOPS, 'cascade').alphaAcids,
      measured: { alphaAcids: 5.5 },
    })
  })

  it('accepts complete custom items and refuses incomplete ones, naming each', () => {
    const custom = recipe({
      grainBill: [
        {
          id: crypto.randomUUID(),
          ingredient: { id: 'house-malt', type: 'grain', name: 'House Malt', extractFgMin: 0.8, lovibond: 3 },
          amount: { value: 5, unit: 'Pounds' },
        },
      ],
      otherIngredients: [
        {
          id: crypto.randomUUID(),
          ingredient: { id: 'house-honey', type: 'sugar', name: 'Wildflower Honey', fermentable: true },
          amount: { value: 1, unit: 'Pounds' },
          additionType: 'Boil',
          additionTime: 10,
          brewersNotes: '',
        },
      ],
    })
    expect(checkRecipe(custom, catalog).ok).toBe(true)

    const incomplete = recipe({
      grainBill: [
        {
          id: crypto.randomUUID(),
          ingredient: { id: 'nope', type: 'grain', name: 'Nope' },
          amount: { value: 5, unit: 'Pounds' },
        },
      ],
      hopsBill: [
        {
          id: crypto.randomUUID(),
          ingredient: { id: 'mystery', type: 'hop' },
          amount: { value: 1, unit: 'Ounces' },
          additionType: 'Dry Hop',
          time: { value: 3, unit: 'Days' },
        },
      ],
      otherIngredients: [
        {
          id: crypto.randomUUID(),
          ingredient: { id: 'stuff', type: 'other', name: 'Stuff' },
          amount: { value: 1, unit: 'Grams' },
          additionType: 'Mash',
          brewersNotes: '',
        },
      ],
      yeast: { type: 'ale', id: 'unknown-yeast', name: '', attenuation: 70, flocculation: 'Low' },
    })
    const result = checkRecipe(incomplete, catalog, 'data.recipes.0')
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.path)).toEqual([
      'data.recipes.0.grainBill.0.ingredient',
      'data.recipes.0.hopsBill.0.ingredient',
      'data.recipes.0.otherIngredients.0.ingredient',
      'data.recipes.0.yeast',
    ])
  })

  it('takes fermentable from the catalogue for other ingredients', () => {
    const honey = OTHER_INGREDIENTS.find((o) => o.fermentable)!
    const sent = recipe({
      otherIngredients: [
        {
          id: crypto.randomUUID(),
          ingredient: { ...honey, fermentable: false },
          amount: { value: 1, unit: 'Pounds' },
          additionType: 'Boil',
          brewersNotes: '',
        },
      ],
    })
    const result = checkRecipe(sent, catalog)
    if (!result.ok) throw new Error('expected ok')
    expect(result.recipe.otherIngredients[0].ingredient.fermentable).toBe(true)
  })

  it('allows a recipe with no yeast chosen yet', () => {
    expect(checkRecipe(newRecipe(crypto.randomUUID()), catalog).ok).toBe(true)
  })

  it.each([
    [[1, 2, 3], true],
    [[2, 1, 3], true],
    [[1, 1, 2], false],
    [[1, 3], false],
    [[0, 1], false],
  ])('mash step orders %j are accepted: %s', (orders, ok) => {
    const process = orders.map((order) => ({
      id: crypto.randomUUID(),
      order,
      type: 'infusion-mash' as const,
      temperature: '152',
      durationMins: '60',
      targetpH: '',
      brewersNotes: '',
    }))
    const result = checkRecipe(recipe({ process }), catalog)
    expect(result.ok).toBe(ok)
    if (!result.ok)
      expect(result.issues[0]).toEqual({
        path: 'data.process',
        message: `Mash step orders must be 1 to ${orders.length}, each once`,
      })
  })

  it('accepts no style, a style with ranges or a specialty style, and refuses an unknown one', () => {
    for (const style of ['', 'american-ipa', 'fruit-beer']) {
      expect(checkRecipe(recipe({ style }), catalog).ok).toBe(true)
    }
    expect(checkRecipe(recipe({ style: 'no-such-style' }), catalog)).toEqual({
      ok: false,
      issues: [{ path: 'data.style', message: 'Not a known style; choose one of the style list or none' }],
    })
  })

  it('refuses an id used twice in one recipe', () => {
    const sent = recipe()
    sent.hopsBill[0].id = sent.grainBill[0].id
    const result = checkRecipe(sent, catalog)
    expect(result.ok).toBe(false)
    if (!result.ok)
      expect(result.issues).toEqual([
        { path: 'data.hopsBill.0.id', message: 'This id is used twice in the recipe' },
      ])
  })
})
