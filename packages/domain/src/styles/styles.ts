import { z } from 'zod'
import { roundRecipeStats } from '../brewing/display.ts'
import type { RecipeStats } from '../brewing/stats.ts'
import stylesData from '../data/styles.json' with { type: 'json' }

/** A [min, max] range with min ≤ max. */
export const RangeSchema = z
  .tuple([z.number().finite(), z.number().finite()])
  .refine(([min, max]) => min <= max, 'The minimum is above the maximum')
export type Range = z.infer<typeof RangeSchema>

/**
 * A beer style (BJCP 2021, data/styles.json) with its data-file fields and the spec's `*_range` names for
 * the same ranges (spec 02 §3). `Recipe.style` stores the `id`.
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

/** Orders by name, ignoring case (spec 02 §3). */
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
