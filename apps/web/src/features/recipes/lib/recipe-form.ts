import {
  calculateRecipeStats,
  silentLogger,
  toRecipeYeast,
  VOLUME_UNITS,
  type VolumeUnit,
  type Recipe,
  type RecipeStats,
  type Yeast,
  type YeastRef,
} from '@brewcommand/domain'
import { z } from 'zod'
import { numberText, toNumber } from './parse.ts'

/** The recipe form's messages, word for word (docs/product/02-products.md §5). */
export const RECIPE_FORM_MESSAGES = {
  productName: 'Product Name is required.',
  batchSize: 'Batch size is required.',
  batchSizeNumber: 'Batch size must be a number, 0 or more.',
  units: 'Units are required.',
  yeast: 'Yeast strain is required.',
} as const

/** The summary fields as the form holds them (text, converted to numbers on save). */
export type RecipeFormValues = {
  productName: string
  yieldQuantity: string
  /** BBL or GAL; '' until chosen. */
  yieldUnit: string
  yeastId: string
  style: string
  boilTime: string
  whirlpoolTime: string
  mashThickness: string
}

const isVolumeUnit = (unit: string): unit is VolumeUnit => (VOLUME_UNITS as readonly string[]).includes(unit)

/** The form's rules; Product Name only counts at onboarding. */
export function recipeFormSchema(isOnboarding: boolean) {
  return z
    .object({
      productName: z.string(),
      yieldQuantity: z
        .string()
        .trim()
        .min(1, RECIPE_FORM_MESSAGES.batchSize)
        .refine(
          (text) => Number.isFinite(Number(text)) && Number(text) >= 0,
          RECIPE_FORM_MESSAGES.batchSizeNumber,
        ),
      yieldUnit: z.string().refine(isVolumeUnit, RECIPE_FORM_MESSAGES.units),
      yeastId: z.string().min(1, RECIPE_FORM_MESSAGES.yeast),
      style: z.string(),
      boilTime: z.string(),
      whirlpoolTime: z.string(),
      mashThickness: z.string(),
    })
    .superRefine((values, ctx) => {
      if (isOnboarding && values.productName.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['productName'], message: RECIPE_FORM_MESSAGES.productName })
    })
}

/** The form's starting values for a recipe. A new recipe's batch size starts empty (ADR 021). */
export function formValuesOf(recipe: Recipe, isNew: boolean): RecipeFormValues {
  return {
    productName: '',
    yieldQuantity: isNew && recipe.yield.quantity === 0 ? '' : numberText(recipe.yield.quantity),
    yieldUnit: recipe.yield.unit,
    yeastId: recipe.yeast?.id ?? '',
    style: recipe.style,
    boilTime: numberText(recipe.boilTime),
    whirlpoolTime: numberText(recipe.whirlpoolTime),
    mashThickness: numberText(recipe.mashThickness),
  }
}

/** The chosen yeast: the catalogue strain, or the recipe's own when it is not in the catalogue. */
export function yeastFor(
  id: string,
  catalogue: readonly Yeast[] | undefined,
  current: YeastRef | null,
): YeastRef | null {
  if (!id) return current && current.id === '' ? current : null
  const strain = catalogue?.find((yeast) => yeast.id === id)
  // A line that carries the brewer's measured attenuation (an import, ADR 101) keeps it and its choice.
  if (strain) return current?.id === id && current.measured ? current : toRecipeYeast(strain)
  return current && current.id === id ? current : null
}

/** The recipe the form and tables describe; numbers converted, figures not yet recalculated. */
export function recipeFrom(
  base: Recipe,
  values: RecipeFormValues,
  yeasts: readonly Yeast[] | undefined,
): Recipe {
  return {
    ...base,
    yield: {
      quantity: toNumber(values.yieldQuantity),
      unit: isVolumeUnit(values.yieldUnit) ? values.yieldUnit : base.yield.unit,
    },
    yeast: yeastFor(values.yeastId, yeasts, base.yeast),
    style: values.style,
    boilTime: toNumber(values.boilTime),
    whirlpoolTime: toNumber(values.whirlpoolTime),
    mashThickness: toNumber(values.mashThickness),
  }
}

/** The engine's figures for a recipe (efficiency 70, docs/product/02-products.md §4), quietly for every keystroke. */
export function statsOf(recipe: Recipe): RecipeStats {
  return calculateRecipeStats(recipe, { logger: silentLogger })
}
