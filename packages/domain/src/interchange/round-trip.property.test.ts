import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roundRecipeStats } from '../brewing/display.ts'
import { silentLogger } from '../brewing/logger.ts'
import { calculateRecipeStats } from '../brewing/stats.ts'
import { VOLUME_UNITS, WEIGHT_UNITS } from '../brewing/units.ts'
import {
  FERMENTABLE_TYPES,
  FERMENTABLES,
  FLOCCULATION_LEVELS,
  HOPS,
  OTHER_INGREDIENT_TYPES,
  OTHER_INGREDIENTS,
  toRecipeYeast,
  YEAST_TYPES,
  YEASTS,
} from '../catalog/catalog.ts'
import {
  HOP_ADDITION_TYPES,
  HOP_TIME_UNITS,
  MASH_STEP_TYPES,
  newRecipe,
  noYeast,
  OTHER_ADDITION_TYPES,
  OTHER_TIME_UNITS,
  RecipeSchema,
  type MashStepType,
  type Recipe,
} from '../recipes/recipe.schema.ts'
import { STYLE_CHOICES } from '../styles/styles.ts'
import { exportBeerJson } from './beerjson.ts'
import { exportBeerXml } from './beerxml.ts'
import { customId } from './build.ts'
import { readRecipeFile } from './import.ts'

// Text as people type it: letters, digits, punctuation XML and JSON must escape, accents, inner spaces.
const CHARS = [...'abcXYZ019 &<>"\'é°ü,.-/#;()[]{}\\']
const text = fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 30 }).map((s) => s.trim())
const name = text.filter((s) => s.length > 0)
const decimal = (max: number, scale: number) => fc.integer({ min: 0, max: max * scale }).map((n) => n / scale)
const amount = fc.record({ value: decimal(500, 1000), unit: fc.constantFrom(...WEIGHT_UNITS) })
const uuid = fc.constant(null).map(() => crypto.randomUUID())

const grain = fc.record({
  id: uuid,
  ingredient: fc.oneof(
    fc
      .record({ item: fc.constantFrom(...FERMENTABLES), lovibond: fc.option(decimal(600, 10)) })
      .map(({ item, lovibond }) => {
        const ingredient = structuredClone(item) as Recipe['grainBill'][number]['ingredient']
        return lovibond === null || lovibond === item.lovibond
          ? ingredient
          : { ...ingredient, lovibond, measured: { lovibond } }
      }),
    fc
      .record({
        name,
        type: fc.constantFrom(...FERMENTABLE_TYPES),
        extractFgMin: decimal(1, 1000),
        lovibond: decimal(600, 10),
      })
      .map((c) => ({ id: customId(c.name), ...c })),
  ),
  amount,
})

const hop = fc
  .record({
    id: uuid,
    ingredient: fc.oneof(
      fc
        .record({ item: fc.constantFrom(...HOPS), measured: fc.option(decimal(25, 10)), uses: fc.boolean() })
        .map(({ item, measured, uses }) => {
          const ingredient = structuredClone(item) as Recipe['hopsBill'][number]['ingredient']
          // An imported line's measured alpha acids (ADR 140), in use or not.
          return measured === null || measured === item.alphaAcids
            ? ingredient
            : {
                ...ingredient,
                alphaAcids: uses ? measured : item.alphaAcids,
                measured: { alphaAcids: measured },
              }
        }),
      fc
        .record({ name, alphaAcids: decimal(25, 10) })
        .map((c) => ({ id: customId(c.name), type: 'hop', ...c })),
    ),
    amount,
    additionType: fc.constantFrom(...HOP_ADDITION_TYPES),
    minutes: fc.integer({ min: 0, max: 120 }),
    days: decimal(14, 10),
  })
  .map(({ minutes, days, ...entry }) => {
    const unit = HOP_TIME_UNITS[entry.additionType]
    return { ...entry, time: unit ? { value: unit === 'Days' ? days : minutes, unit } : null }
  })

const other = fc
  .record({
    id: uuid,
    ingredient: fc.oneof(
      fc
        .constantFrom(...OTHER_INGREDIENTS)
        .map((item) => structuredClone(item) as Recipe['otherIngredients'][number]['ingredient']),
      fc
        .record({ name, type: fc.constantFrom(...OTHER_INGREDIENT_TYPES), fermentable: fc.boolean() })
        .map((c) => ({ id: customId(c.name), ...c })),
    ),
    amount,
    additionType: fc.constantFrom(...OTHER_ADDITION_TYPES),
    time: decimal(120, 10),
    brewersNotes: text,
  })
  .map(({ time, ...entry }) => ({
    ...entry,
    additionTime: OTHER_TIME_UNITS[entry.additionType] ? time : null,
  }))

const yeast = fc.oneof(
  fc.constant(noYeast()),
  fc.constantFrom(...YEASTS).map(toRecipeYeast),
  fc
    .record({
      name,
      type: fc.constantFrom(...YEAST_TYPES),
      attenuation: fc.integer({ min: 0, max: 100 }),
      flocculation: fc.constantFrom(...FLOCCULATION_LEVELS),
    })
    .map((y) => ({ ...y, id: customId(y.name), tolerance: null })),
)

const step = fc.record({
  id: uuid,
  type: fc.constantFrom(...(Object.keys(MASH_STEP_TYPES) as MashStepType[])),
  temperature: text,
  durationMins: text,
  targetpH: text,
  brewersNotes: text,
})

const recipeArb = fc
  .record({
    quantity: decimal(100, 100),
    unit: fc.constantFrom(...VOLUME_UNITS),
    grainBill: fc.array(grain, { maxLength: 5 }),
    hopsBill: fc.array(hop, { maxLength: 5 }),
    otherIngredients: fc.array(other, { maxLength: 4 }),
    process: fc.array(step, { maxLength: 4 }),
    yeast,
    style: fc.oneof(fc.constant(''), fc.constantFrom(...STYLE_CHOICES.map((s) => s.id))),
    boilTime: fc.integer({ min: 0, max: 120 }),
    whirlpoolTime: fc.integer({ min: 0, max: 60 }),
    // Above 0: a recipe without a thickness is imported at 1.25 qt/lb by design (issue 34, defect 4).
    mashThickness: decimal(3, 100).filter((qtPerLb) => qtPerLb > 0),
    productName: name,
    description: text,
  })
  .map(({ quantity, unit, process, productName, description, ...parts }) => {
    const base: Recipe = {
      ...newRecipe(crypto.randomUUID()),
      ...parts,
      yield: { quantity, unit },
      process: process.map((s, i) => ({ ...s, order: i + 1 })),
    }
    const recipe = { ...base, ...roundRecipeStats(calculateRecipeStats(base, { logger: silentLogger })) }
    return { name: productName, description, recipe: RecipeSchema.parse(recipe) }
  })

/** A recipe without the ids a new import gives fresh. */
function comparable(recipe: Omit<Recipe, 'id' | 'productId'> & Partial<Pick<Recipe, 'id' | 'productId'>>) {
  const strip = <T extends { id: string }>(entries: T[]) => entries.map(({ id: _id, ...rest }) => rest)
  const { id: _id, productId: _productId, ...rest } = recipe
  return {
    ...rest,
    grainBill: strip(rest.grainBill),
    hopsBill: strip(rest.hopsBill),
    otherIngredients: strip(rest.otherIngredients),
    process: strip(rest.process),
  }
}

describe.each([
  ['BeerXML', 'recipes.xml', exportBeerXml],
  ['BeerJSON', 'recipes.json', exportBeerJson],
] as const)('%s round trip', (_format, fileName, exportFile) => {
  it('export → import gives the same recipe and the same figures', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { minLength: 1, maxLength: 3 }), (entries) => {
        const report = readRecipeFile(fileName, exportFile(entries))
        expect(report.problems).toEqual([])
        expect(report.recipes).toHaveLength(entries.length)
        report.recipes.forEach((imported, i) => {
          const original = entries[i]
          expect(imported.skipped).toEqual([])
          expect(imported.name).toBe(original.name)
          expect(imported.description).toBe(original.description)
          expect(comparable(imported.recipe)).toEqual(comparable(original.recipe))
          expect(imported.stats).toEqual(calculateRecipeStats(original.recipe, { logger: silentLogger }))
        })
      }),
      { numRuns: 100 },
    )
  }, 60_000)
})
