import { z } from 'zod'
import { roundRecipeStats } from '../brewing/display.ts'
import type { RecipeStats } from '../brewing/stats.ts'
import specialtyData from '../data/styles-specialty.json' with { type: 'json' }
import stylesData from '../data/styles.json' with { type: 'json' }

/** A [min, max] range with min ≤ max. */
export const RangeSchema = z
  .tuple([z.number().finite(), z.number().finite()])
  .refine(([min, max]) => min <= max, 'The minimum is above the maximum')
export type Range = z.infer<typeof RangeSchema>

/**
 * A beer style (BJCP 2021, data/styles.json) with its data-file fields and the spec's `*_range` names for
 * the same ranges (docs/product/02-products.md §3). `Recipe.style` stores the `id`.
 */
export const StyleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  category: z.string(),
  family: z.string().optional(),
  bjcpCode: z.string(),
  guide: z.string(),
  og: RangeSchema,
  fg: RangeSchema,
  abv: RangeSchema,
  ibu: RangeSchema,
  srm: RangeSchema,
  og_range: RangeSchema,
  fg_range: RangeSchema,
  abv_range: RangeSchema,
  ibu_range: RangeSchema,
  srm_range: RangeSchema,
  /** The style whose figures these are (Kellerbier variants). */
  statsFrom: z.string().optional(),
  parentStyle: z.string().optional(),
  /** Named sub-ranges, e.g. Saison's Table/Standard/Super ABV. */
  variants: z
    .array(z.object({ name: z.string(), abv: RangeSchema.optional(), srm: RangeSchema.optional() }))
    .optional(),
})
export type Style = z.infer<typeof StyleSchema>

type StyleRecord = Omit<Style, `${string}_range`>

/** Orders by name, ignoring case (docs/product/02-products.md §3). */
export function compareNames(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'en')
}

/** Every style with numeric ranges, sorted by name case-insensitively. */
export const STYLES: readonly Style[] = (stylesData as StyleRecord[])
  .map((style) => ({
    ...style,
    og_range: style.og,
    fg_range: style.fg,
    abv_range: style.abv,
    ibu_range: style.ibu,
    srm_range: style.srm,
  }))
  .sort(compareNames)

const STYLES_BY_ID = new Map(STYLES.map((style) => [style.id, style]))

/** The style with this id, or undefined. */
export function findStyle(id: string | null | undefined): Style | undefined {
  return id ? STYLES_BY_ID.get(id) : undefined
}

/**
 * A BJCP 2021 style whose figures vary with its base style (data/styles-specialty.json: Fruit Beer, Specialty
 * IPA, Wood-Aged Beer, …). It can be chosen for a recipe, but has no ranges to compare against.
 */
export const SpecialtyStyleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  category: z.string(),
  bjcpCode: z.string(),
  guide: z.string(),
  statsVary: z.literal(true),
  /** Where the figures come from instead, e.g. Kellerbier's pale and amber variants. */
  note: z.string().optional(),
})
export type SpecialtyStyle = z.infer<typeof SpecialtyStyleSchema>

/** The specialty styles, sorted by name case-insensitively. */
export const SPECIALTY_STYLES: readonly SpecialtyStyle[] = (specialtyData as SpecialtyStyle[])
  .filter((style) => !STYLES_BY_ID.has(style.id))
  .sort(compareNames)

/** A style a recipe may name: one with ranges, or a specialty style whose figures vary. */
export type StyleChoice = Style | SpecialtyStyle

/** Every style a recipe may name (the ranged ones and the specialty ones), sorted by name. */
export const STYLE_CHOICES: readonly StyleChoice[] = [...STYLES, ...SPECIALTY_STYLES].sort(compareNames)

const CHOICES_BY_ID = new Map(STYLE_CHOICES.map((style) => [style.id, style]))

/** The style a recipe names, with or without ranges, or undefined. */
export function findStyleChoice(id: string | null | undefined): StyleChoice | undefined {
  return id ? CHOICES_BY_ID.get(id) : undefined
}

/** True for a style whose figures vary with its base style (no ranges). */
export function isSpecialtyStyle(style: StyleChoice | undefined): style is SpecialtyStyle {
  return style !== undefined && 'statsVary' in style
}

/** Where a figure sits against a style's range. */
export type RangePosition = 'below' | 'within' | 'above'
export type StyleComparison = Record<keyof RecipeStats, RangePosition>

/** Where a value sits against [min, max]. */
export function rangePosition(value: number, [min, max]: Range): RangePosition {
  return value < min ? 'below' : value > max ? 'above' : 'within'
}

// Figures are compared as shown (rounded for display), so an ABV shown as 4.300 is within a range from 4.3.
/** For each calculated figure, whether it is below, within or above the style's range. */
export function compareToStyle(
  stats: RecipeStats,
  style: Pick<Style, 'og' | 'fg' | 'abv' | 'ibu' | 'srm'>,
): StyleComparison {
  const shown = roundRecipeStats(stats)
  return {
    originalGravity: rangePosition(shown.originalGravity, style.og),
    finalGravity: rangePosition(shown.finalGravity, style.fg),
    abv: rangePosition(shown.abv, style.abv),
    ibu: rangePosition(shown.ibu, style.ibu),
    srm: rangePosition(shown.srm, style.srm),
  }
}
