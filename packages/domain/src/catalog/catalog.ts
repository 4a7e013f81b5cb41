import { z } from 'zod'
import fermentablesData from '../data/fermentables.json' with { type: 'json' }
import hopsData from '../data/hops.json' with { type: 'json' }
import otherIngredientsData from '../data/otherIngredients.json' with { type: 'json' }
import yeastsData from '../data/yeasts.json' with { type: 'json' }
import { DEFAULT_YEAST_FLOCCULATION, OTHER_ADDITION_TYPES, type YeastRef } from '../recipes/recipe.schema.ts'
import { RangeSchema } from '../styles/styles.ts'

// The ingredient catalogue (docs/product/02-products.md §3, docs/architecture.md "Brewing calculations and
// reference data"). Items keep their data-file fields (data/SOURCES.md) and add what the recipe shapes need: a `type` on every item, `tolerance` on yeasts.

export const FERMENTABLE_TYPES = ['grain', 'adjunct', 'sugar', 'extract', 'dry extract'] as const
export const GRAIN_GROUPS = ['base', 'caramel', 'roasted', 'specialty', 'smoked', 'adjunct'] as const
export const HOP_PURPOSES = ['bittering', 'aroma', 'dual'] as const
export const YEAST_TYPES = [
  'ale',
  'lager',
  'wheat',
  'wine',
  'champagne',
  'kveik',
  'brett',
  'lacto',
  'mixed-culture',
] as const
export const YEAST_FORMS = ['liquid', 'dry'] as const
/** Yeast flocculation levels, lowest first. */
export const FLOCCULATION_LEVELS = [
  'Very Low',
  'Low',
  'Medium-Low',
  'Medium',
  'Medium-High',
  'High',
  'Very High',
] as const
export const OTHER_INGREDIENT_TYPES = [
  'spice',
  'fining',
  'water agent',
  'herb',
  'flavor',
  'other',
  'fruit',
  'sugar',
] as const

const id = z.string().min(1).max(200)
const name = z.string().min(1).max(200)
const nonNegative = z.number().finite().min(0)

/** A malt, adjunct, sugar or extract for the grain bill; `extractFgMin` is a fraction, `lovibond` in °L. */
export const FermentableSchema = z.object({
  id,
  name,
  type: z.enum(FERMENTABLE_TYPES),
  grainGroup: z.enum(GRAIN_GROUPS).optional(),
  supplier: z.string().optional(),
  origin: z.string().optional(),
  lovibond: nonNegative,
  extractFgMin: nonNegative.max(1),
  potentialPpg: nonNegative,
  diastaticPower: nonNegative.optional(),
  maxInBatchPct: nonNegative.max(100).optional(),
  /** false only for unfermentable sugars (lactose, maltodextrin). */
  fermentable: z.boolean().optional(),
})
export type Fermentable = z.infer<typeof FermentableSchema>

/** A hop variety; `alphaAcids` and `betaAcids` in % by weight. */
export const HopSchema = z.object({
  id,
  name,
  type: z.literal('hop'),
  origin: z.string(),
  alphaAcids: nonNegative.max(100),
  alphaRange: RangeSchema.optional(),
  betaAcids: nonNegative.max(100).optional(),
  betaRange: RangeSchema.optional(),
  purpose: z.enum(HOP_PURPOSES),
  aliases: z.array(z.string()).optional(),
})
export type Hop = z.infer<typeof HopSchema>

/** A yeast strain; `attenuation` is a percentage, `tolerance` (= `alcoholTolerance`) in % ABV. */
export const YeastSchema = z.object({
  id,
  name,
  type: z.enum(YEAST_TYPES),
  productName: z.string(),
  laboratory: z.string(),
  productId: z.string(),
  form: z.enum(YEAST_FORMS),
  attenuation: nonNegative.max(100),
  attenuationRange: RangeSchema.optional(),
  flocculation: z.enum(FLOCCULATION_LEVELS).optional(),
  temperatureRangeF: RangeSchema.optional(),
  alcoholTolerance: nonNegative.max(100).optional(),
  tolerance: nonNegative.max(100).optional(),
})
export type Yeast = z.infer<typeof YeastSchema>

/** Anything else: finings, water agents, spices, fruit, sugars; `use` is a typical addition type. */
export const OtherIngredientSchema = z.object({
  id,
  name,
  type: z.enum(OTHER_INGREDIENT_TYPES),
  fermentable: z.boolean(),
  use: z.enum(OTHER_ADDITION_TYPES),
  potentialPpg: nonNegative.optional(),
  lovibond: nonNegative.optional(),
  /** The matching fermentables.json item, for sugars listed in both. */
  fermentableId: z.string().optional(),
})
export type OtherIngredient = z.infer<typeof OtherIngredientSchema>

/** `GET /api/catalog` data (docs/product/02-products.md §7). */
export const CatalogSchema = z.object({
  yeast: z.array(YeastSchema),
  fermentables: z.array(FermentableSchema),
  hops: z.array(HopSchema),
  otherIngredients: z.array(OtherIngredientSchema),
})
export type Catalog = z.infer<typeof CatalogSchema>

// The JSON files' inferred types say `string` where the schemas say which strings; the catalogue test
// parses every item with its schema, so these casts are checked there.
/** Fermentables from data/fermentables.json, sorted by name. */
export const FERMENTABLES: readonly Fermentable[] = fermentablesData as Fermentable[]

/** Hops from data/hops.json, each with `type: 'hop'`. */
export const HOPS: readonly Hop[] = (hopsData as Omit<Hop, 'type'>[]).map((hop) => ({ ...hop, type: 'hop' }))

/** Yeasts from data/yeasts.json; `tolerance` repeats `alcoholTolerance` when it is known. */
export const YEASTS: readonly Yeast[] = (yeastsData as Omit<Yeast, 'tolerance'>[]).map((yeast) =>
  yeast.alcoholTolerance === undefined ? yeast : { ...yeast, tolerance: yeast.alcoholTolerance },
)

/** Other ingredients from data/otherIngredients.json. */
export const OTHER_INGREDIENTS: readonly OtherIngredient[] = otherIngredientsData as OtherIngredient[]

/** The catalogue payload `{ yeast, fermentables, hops, otherIngredients }`, fresh arrays of fresh items. */
export function buildCatalog(): Catalog {
  return {
    yeast: YEASTS.map((item) => structuredClone(item)),
    fermentables: FERMENTABLES.map((item) => structuredClone(item)),
    hops: HOPS.map((item) => structuredClone(item)),
    otherIngredients: OTHER_INGREDIENTS.map((item) => structuredClone(item)),
  }
}

/** The recipe's yeast for a catalogue strain (flocculation Very Low when unknown, tolerance null). */
export function toRecipeYeast(yeast: Yeast): YeastRef {
  return {
    type: yeast.type,
    id: yeast.id,
    name: yeast.name,
    attenuation: yeast.attenuation,
    flocculation: yeast.flocculation ?? DEFAULT_YEAST_FLOCCULATION,
    tolerance: yeast.tolerance ?? null,
  }
}
