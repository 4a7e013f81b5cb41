import { roundRecipeStats } from '../brewing/display.ts'
import { silentLogger } from '../brewing/logger.ts'
import { calculateRecipeStats } from '../brewing/stats.ts'
import type { Catalog } from '../catalog/catalog.ts'
import type { ErrorIssue } from '../errors.ts'
import { findStyleChoice } from '../styles/styles.ts'
import type { Recipe } from './recipe.schema.ts'

// What the server checks on a recipe beyond its shape (ADR 020, ADR 101): every ingredient is a catalogue
// item (with the catalogue's calculation fields, or the brewer's measured ones it carries) or a complete custom
// item, mash steps are numbered 1..n, ids are unique, and the figures are the
// engine's, never the browser's.

/** The catalogue looked up by id, per list. */
export type CatalogIndex = {
  yeast: Map<string, Catalog['yeast'][number]>
  fermentables: Map<string, Catalog['fermentables'][number]>
  hops: Map<string, Catalog['hops'][number]>
  otherIngredients: Map<string, Catalog['otherIngredients'][number]>
}

/** Indexes a catalogue by id, once per catalogue. */
export function indexCatalog(catalog: Catalog): CatalogIndex {
  return {
    yeast: new Map(catalog.yeast.map((item) => [item.id, item])),
    fermentables: new Map(catalog.fermentables.map((item) => [item.id, item])),
    hops: new Map(catalog.hops.map((item) => [item.id, item])),
    otherIngredients: new Map(catalog.otherIngredients.map((item) => [item.id, item])),
  }
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value)
const hasName = (item: Record<string, unknown>) => typeof item.name === 'string' && item.name.trim() !== ''

/**
 * The value a catalogue ingredient's line uses for `field`: the brewer's measured value when the line uses
 * it (the line's value equals the one it carries in `measured`), else the catalogue's (ADR 140).
 */
function valueInUse(
  ingredient: { measured?: Record<string, number | undefined> } & Record<string, unknown>,
  field: string,
  catalogue: number,
): number {
  const measured = ingredient.measured?.[field]
  return isFiniteNumber(measured) && ingredient[field] === measured ? measured : catalogue
}

/** The result of checking a recipe: the recipe as it will be stored, or the problems found. */
export type RecipeCheck = { ok: true; recipe: Recipe } | { ok: false; issues: ErrorIssue[] }

/**
 * Checks a recipe (already valid against RecipeSchema) against the catalogue and returns it ready to
 * store: catalogue ingredients carry the catalogue's own calculation fields, and the calculated figures
 * are recomputed with calculateRecipeStats and rounded as the screen shows them. `path` prefixes issue
 * paths (e.g. `data` or `data.recipes.0`).
 */
export function checkRecipe(recipe: Recipe, catalog: CatalogIndex, path = 'data'): RecipeCheck {
  const issues: ErrorIssue[] = []
  const issue = (where: string, message: string) => issues.push({ path: `${path}.${where}`, message })

  const grainBill = recipe.grainBill.map((entry, i) => {
    const item = catalog.fermentables.get(entry.ingredient.id)
    if (item) {
      return {
        ...entry,
        ingredient: {
          ...entry.ingredient,
          extractFgMin: valueInUse(entry.ingredient, 'extractFgMin', item.extractFgMin),
          lovibond: valueInUse(entry.ingredient, 'lovibond', item.lovibond),
        },
      }
    }
    const { extractFgMin, lovibond } = entry.ingredient
    if (!hasName(entry.ingredient) || !isFiniteNumber(extractFgMin) || !isFiniteNumber(lovibond)) {
      issue(
        `grainBill.${i}.ingredient`,
        'Not a catalogue grain; a custom grain needs a name, extractFgMin and lovibond',
      )
    }
    return entry
  })

  const hopsBill = recipe.hopsBill.map((entry, i) => {
    const item = catalog.hops.get(entry.ingredient.id)
    if (item)
      return {
        ...entry,
        ingredient: {
          ...entry.ingredient,
          alphaAcids: valueInUse(entry.ingredient, 'alphaAcids', item.alphaAcids),
        },
      }
    if (!hasName(entry.ingredient) || !isFiniteNumber(entry.ingredient.alphaAcids)) {
      issue(`hopsBill.${i}.ingredient`, 'Not a catalogue hop; a custom hop needs a name and alphaAcids')
    }
    return entry
  })

  const otherIngredients = recipe.otherIngredients.map((entry, i) => {
    const item = catalog.otherIngredients.get(entry.ingredient.id)
    if (item) return { ...entry, ingredient: { ...entry.ingredient, fermentable: item.fermentable } }
    if (!hasName(entry.ingredient) || typeof entry.ingredient.fermentable !== 'boolean') {
      issue(
        `otherIngredients.${i}.ingredient`,
        'Not a catalogue ingredient; a custom ingredient needs a name and fermentable',
      )
    }
    return entry
  })

  // An empty id is "no yeast chosen yet" (a new recipe); the screen asks for one before saving.
  let yeast = recipe.yeast
  if (yeast && yeast.id !== '') {
    const item = catalog.yeast.get(yeast.id)
    if (item) yeast = { ...yeast, attenuation: valueInUse(yeast, 'attenuation', item.attenuation) }
    else if (!hasName(yeast))
      issue('yeast', 'Not a catalogue yeast; a custom yeast needs a name and attenuation')
  }

  if (recipe.style !== '' && !findStyleChoice(recipe.style)) {
    issue('style', 'Not a known style; choose one of the style list or none')
  }

  const orders = recipe.process.map((step) => step.order).sort((a, b) => a - b)
  if (orders.some((order, i) => order !== i + 1)) {
    issue('process', `Mash step orders must be 1 to ${recipe.process.length}, each once`)
  }

  const seen = new Set<string>()
  const lists = [
    ['grainBill', recipe.grainBill],
    ['hopsBill', recipe.hopsBill],
    ['otherIngredients', recipe.otherIngredients],
    ['process', recipe.process],
  ] as const
  for (const [name, list] of lists) {
    list.forEach((entry, i) => {
      if (seen.has(entry.id)) issue(`${name}.${i}.id`, 'This id is used twice in the recipe')
      seen.add(entry.id)
    })
  }

  if (issues.length > 0) return { ok: false, issues }
  const checked: Recipe = { ...recipe, grainBill, hopsBill, otherIngredients, yeast }
  return { ok: true, recipe: withCalculatedStats(checked) }
}

/** The recipe with its figures from calculateRecipeStats (efficiency 70), rounded as displayed. */
export function withCalculatedStats(recipe: Recipe): Recipe {
  const stats = roundRecipeStats(calculateRecipeStats(recipe, { logger: silentLogger }))
  return { ...recipe, ...stats }
}
