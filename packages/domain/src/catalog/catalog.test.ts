import { describe, expect, it } from 'vitest'
import { calculateRecipeStats } from '../brewing/stats.ts'
import { silentLogger } from '../brewing/logger.ts'
import {
  GrainEntrySchema,
  HopEntrySchema,
  OtherEntrySchema,
  RecipeSchema,
  newRecipe,
} from '../recipes/recipe.schema.ts'
import {
  buildCatalog,
  CatalogSchema,
  FERMENTABLES,
  FermentableSchema,
  HOPS,
  HopSchema,
  OTHER_INGREDIENTS,
  OtherIngredientSchema,
  toRecipeYeast,
  YEASTS,
  YeastSchema,
} from './catalog.ts'

describe('the catalogue seed data', () => {
  it.each([
    ['fermentables', FERMENTABLES, FermentableSchema, 174],
    ['hops', HOPS, HopSchema, 194],
    ['yeasts', YEASTS, YeastSchema, 150],
    ['other ingredients', OTHER_INGREDIENTS, OtherIngredientSchema, 84],
  ] as const)('every one of the %s is valid, with a unique id and a type', (_, items, schema, count) => {
    expect(items).toHaveLength(count)
    for (const item of items) {
      expect(schema.strict().parse(item)).toEqual(item)
      expect(item.type).toBeTruthy()
    }
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length)
  })

  it('gives hops the type hop and yeasts their kind and tolerance', () => {
    expect(new Set(HOPS.map((h) => h.type))).toEqual(new Set(['hop']))
    const us05 = YEASTS.find((y) => y.id === 'fermentis-safale-us-05')
    expect(us05).toMatchObject({ type: 'ale', attenuation: 80, alcoholTolerance: 11, tolerance: 11 })
    for (const yeast of YEASTS) expect(yeast.tolerance).toBe(yeast.alcoholTolerance)
  })

  it('keeps the data-file fields the calculations need', () => {
    expect(FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')).toMatchObject({
      extractFgMin: 0.79,
      lovibond: 2,
    })
    expect(HOPS.find((h) => h.id === 'citra')).toMatchObject({ alphaAcids: 12.5 })
    expect(OTHER_INGREDIENTS.find((o) => o.id === 'honey')).toMatchObject({ fermentable: true })
  })
})

describe('buildCatalog', () => {
  it('builds the GET /api/catalog payload that CatalogSchema accepts', () => {
    const catalog = buildCatalog()
    expect(Object.keys(catalog).sort()).toEqual(['fermentables', 'hops', 'otherIngredients', 'yeast'])
    expect(CatalogSchema.parse(catalog)).toEqual(catalog)
    expect(catalog.yeast).toHaveLength(YEASTS.length)
  })

  it('hands out copies, so a caller cannot change the seed data', () => {
    const catalog = buildCatalog()
    catalog.hops[0].alphaAcids = 99
    catalog.hops.pop()
    expect(HOPS[0].alphaAcids).not.toBe(99)
    expect(buildCatalog().hops).toHaveLength(HOPS.length)
  })

  it('refuses an item of an unknown kind', () => {
    const catalog = buildCatalog()
    const broken = { ...catalog, hops: [{ ...catalog.hops[0], type: 'grain' }] }
    expect(CatalogSchema.safeParse(broken).success).toBe(false)
  })
})

describe('catalogue items in a recipe', () => {
  it('fit the recipe entry shapes and give figures', () => {
    const yeast = YEASTS.find((y) => y.id === 'fermentis-safale-us-05')!
    const recipe = {
      ...newRecipe(crypto.randomUUID()),
      yield: { quantity: 5, unit: 'GAL' as const },
      yeast: toRecipeYeast(yeast),
      boilTime: 60,
      grainBill: [
        {
          id: crypto.randomUUID(),
          ingredient: FERMENTABLES.find((f) => f.id === 'pale-2-row-malt')!,
          amount: { value: 10, unit: 'Pounds' as const },
        },
      ],
      hopsBill: [
        {
          id: crypto.randomUUID(),
          ingredient: HOPS.find((h) => h.id === 'cascade')!,
          amount: { value: 1, unit: 'Ounces' as const },
          additionType: 'Boil' as const,
          time: { value: 60, unit: 'Minutes' as const },
        },
      ],
      otherIngredients: [
        {
          id: crypto.randomUUID(),
          ingredient: OTHER_INGREDIENTS.find((o) => o.id === 'honey')!,
          amount: { value: 1, unit: 'Pounds' as const },
          additionType: 'Primary' as const,
          additionTime: 3,
          brewersNotes: '',
        },
      ],
    }
    expect(RecipeSchema.parse(recipe)).toEqual(recipe)
    expect(GrainEntrySchema.safeParse(recipe.grainBill[0]).success).toBe(true)
    expect(HopEntrySchema.safeParse(recipe.hopsBill[0]).success).toBe(true)
    expect(OtherEntrySchema.safeParse(recipe.otherIngredients[0]).success).toBe(true)
    // points = 46 × 0.79 × 10 + 46 × 1 = 409.4; OG = 1 + (409.4 / 5 × 0.7) / 1000 = 1.057316
    const stats = calculateRecipeStats(recipe, { logger: silentLogger })
    expect(stats.originalGravity).toBeCloseTo(1.057316, 9)
    // FG = 1 + 0.057316 × 0.2 = 1.0114632
    expect(stats.finalGravity).toBeCloseTo(1.0114632, 9)
  })

  it('toRecipeYeast copies the strain and falls back to Very Low flocculation and no tolerance', () => {
    const s33 = YEASTS.find((y) => y.flocculation === undefined)!
    expect(toRecipeYeast(s33)).toEqual({
      type: s33.type,
      id: s33.id,
      name: s33.name,
      attenuation: s33.attenuation,
      flocculation: 'Very Low',
      tolerance: s33.tolerance ?? null,
    })
    const us05 = YEASTS.find((y) => y.id === 'fermentis-safale-us-05')!
    expect(toRecipeYeast(us05)).toMatchObject({ flocculation: 'Medium', tolerance: 11 })
  })
})
