// From the neutral recipe to a BrewCommand recipe (matching the catalogue) and back.
import { silentLogger } from '../brewing/logger.ts'
import { roundRecipeStats } from '../brewing/display.ts'
import { calculateRecipeStats, type RecipeStats } from '../brewing/stats.ts'
import { FERMENTABLE_TYPES, toRecipeYeast } from '../catalog/catalog.ts'
import {
  type GrainEntry,
  type HopEntry,
  type OtherEntry,
  type Recipe,
  type YeastRef,
  DEFAULT_YEAST_FLOCCULATION,
  MASH_STEP_TYPES,
  noYeast,
  type MashStep,
} from '../recipes/recipe.schema.ts'
import { findStyle } from '../styles/styles.ts'
import {
  matchFermentable,
  matchHop,
  matchOtherIngredient,
  matchStyle,
  matchYeast,
  normaliseName,
  isOurStyleGuide,
  STYLE_GUIDE,
} from './matching.ts'
import type { InterchangeProblem, NeutralRecipe } from './model.ts'
import { mashThicknessOf } from '../production/equipment.schema.ts'

/** The recipe parts an import creates; ids and the product are given when it is confirmed. */
export type RecipeDraft = Omit<Recipe, 'id' | 'productId'>

/** An ingredient that is not in the catalogue and is kept with the file's own properties. */
export type UnmatchedIngredient = {
  kind: 'fermentable' | 'hop' | 'other' | 'yeast' | 'style'
  name: string
  path: string
  /** Why it is not matched, when that needs saying (a style of another guide with no sure match). */
  reason?: string
}

/** One recipe of a file, ready to preview and to create. */
export type ImportedRecipe = {
  name: string
  description: string
  recipe: RecipeDraft
  /** The figures the recipe will show (unrounded). */
  stats: RecipeStats
  /** Catalogue matches, by kind: how many of the file's ingredients were found in the catalogue. */
  matched: number
  unmatched: UnmatchedIngredient[]
  /** Parts of the recipe that were left out, with why. */
  skipped: InterchangeProblem[]
  /** What was assumed or chosen while reading (e.g. the catalogue's alpha acids used). */
  notices: InterchangeProblem[]
}

/** The id a custom (unmatched) ingredient gets: stable for the same name, never a catalogue id. */
export function customId(name: string): string {
  return `custom-${normaliseName(name).slice(0, 180) || 'ingredient'}`
}

const CUSTOM_PREFIX = 'custom-'
/** True for an ingredient id made by customId. */
export const isCustomId = (id: string) => id.startsWith(CUSTOM_PREFIX)

// The recipe shapes' limits (recipe.schema.ts, product.schema.ts): longer texts are cut, larger numbers capped.
const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value)
const MAX_QUANTITY = 1_000_000
const capAmount = <T extends { value: number }>(amount: T): T =>
  amount.value > MAX_QUANTITY ? { ...amount, value: MAX_QUANTITY } : amount
const MAX_ENTRIES = 200
const MAX_STEPS = 100

const differs = (a: number | undefined, b: number, tolerance: number) =>
  a !== undefined && Math.abs(a - b) > tolerance

const MEASURED_LABELS: Record<string, string> = {
  extractFgMin: 'yield',
  lovibond: 'colour',
  alphaAcids: 'alpha acids',
  attenuation: 'attenuation',
}

/**
 * A catalogue ingredient line's measured values (ADR 140): for each field, [the file's value, the
 * catalogue's, the tolerance]. A file value beyond the tolerance is used and carried in `measured`; a value
 * BrewCommand wrote in `measured` (the brewer chose the catalogue's value but kept the measured one) is
 * carried as it is.
 */
function measuredValues(
  fields: Record<string, [number | undefined, number, number]>,
  written: Record<string, number> | undefined,
) {
  const inUse: Record<string, number> = {}
  const kept: Record<string, number> = {}
  const differsList: string[] = []
  for (const [field, [file, catalogue, tolerance]] of Object.entries(fields)) {
    const carried = written?.[field]
    if (differs(file, catalogue, tolerance) || (carried !== undefined && file === carried)) {
      inUse[field] = file as number
      differsList.push(MEASURED_LABELS[field] ?? field)
    }
    if (carried !== undefined) kept[field] = carried
    else if (differs(file, catalogue, tolerance)) kept[field] = file as number
  }
  return {
    inUse,
    carried: Object.keys(kept).length ? { measured: kept } : {},
    differs: written ? [] : differsList,
  }
}

export type ImportOptions = {
  /** The brewery's brewhouse mash thickness (qt/lb), for a recipe whose file gives none (else 1.25). */
  mashThicknessQuartsPerPound?: number
}

/**
 * A neutral recipe as a BrewCommand recipe draft, matching each ingredient to the catalogue by name. A file
 * without infusion amounts gets a mash thickness (the brewhouse's, else 1.25 qt/lb) and a notice saying so, so
 * its batches plan strike water (issue 34, defect 4).
 */
export function buildImportedRecipe(input: NeutralRecipe, options: ImportOptions = {}): ImportedRecipe {
  const unmatched: UnmatchedIngredient[] = []
  const notices = [...input.notices]
  const skipped = [...input.skipped]
  let matched = 0
  const limit = <T extends { path: string }>(list: T[], max: number, what: string): T[] => {
    for (const extra of list.slice(max))
      skipped.push({ path: extra.path, reason: `Only ${max} ${what} fit in a recipe` })
    return list.slice(0, max)
  }
  const neutral: NeutralRecipe = {
    ...input,
    name: cut(input.name, 200),
    notes: cut(input.notes, 5000),
    batch: { ...input.batch, quantity: Math.min(input.batch.quantity, MAX_QUANTITY) },
    boilTime: Math.min(input.boilTime, MAX_QUANTITY),
    whirlpoolTime: Math.min(input.whirlpoolTime, MAX_QUANTITY),
    mashThickness: Math.min(input.mashThickness, MAX_QUANTITY),
    fermentables: limit(input.fermentables, MAX_ENTRIES, 'fermentables').map((f) => ({
      ...f,
      name: cut(f.name, 200),
      amount: capAmount(f.amount),
      ...(f.lovibond === undefined ? {} : { lovibond: Math.min(f.lovibond, 1000) }),
    })),
    hops: limit(input.hops, MAX_ENTRIES, 'hops').map((h) => ({
      ...h,
      name: cut(h.name, 200),
      amount: capAmount(h.amount),
      time: h.time ? capAmount(h.time) : null,
    })),
    miscs: limit(input.miscs, MAX_ENTRIES, 'other ingredients').map((m) => ({
      ...m,
      name: cut(m.name, 200),
      kind: cut(m.kind, 100),
      amount: capAmount(m.amount),
      additionTime: m.additionTime === null ? null : Math.min(m.additionTime, MAX_QUANTITY),
      notes: cut(m.notes, 2000),
    })),
    yeast: input.yeast
      ? {
          ...input.yeast,
          name: cut(input.yeast.name, 200),
          kind: input.yeast.kind?.slice(0, 100),
          flocculation: input.yeast.flocculation?.slice(0, 50),
        }
      : null,
    steps: limit(input.steps, MAX_STEPS, 'mash steps').map((step) => ({
      ...step,
      temperature: cut(step.temperature, 40),
      durationMins: cut(step.durationMins, 40),
      targetpH: cut(step.targetpH, 40),
      brewersNotes: cut(step.brewersNotes, 2000),
    })),
  }

  const grainBill: GrainEntry[] = neutral.fermentables.map((f) => {
    const item = matchFermentable(f.name, f.catalogueId)
    if (item) {
      matched += 1
      // The file's yield and colour are what the brewer's malt gives; they stay, beside the catalogue link.
      const measured = measuredValues(
        { extractFgMin: [f.extract, item.extractFgMin, 0.005], lovibond: [f.lovibond, item.lovibond, 0.5] },
        f.measured,
      )
      if (measured.differs.length) {
        notices.push({
          path: f.path,
          reason: `${f.name} is the catalogue's ${item.name}; the file's ${measured.differs.join(' and ')} are kept (the catalogue's can be chosen in the recipe)`,
        })
      }
      return {
        id: crypto.randomUUID(),
        ingredient: { ...structuredClone(item), ...measured.inUse, ...measured.carried },
        amount: f.amount,
      }
    }
    unmatched.push({ kind: 'fermentable', name: f.name, path: f.path })
    const type = (FERMENTABLE_TYPES as readonly string[]).includes(f.kind) ? f.kind : 'grain'
    return {
      id: crypto.randomUUID(),
      ingredient: {
        id: f.catalogueId ?? customId(f.name),
        type,
        name: f.name,
        extractFgMin: f.extract ?? 0,
        lovibond: f.lovibond ?? 0,
      },
      amount: f.amount,
    }
  })

  const hopsBill: HopEntry[] = neutral.hops.map((h) => {
    const item = matchHop(h.name, h.catalogueId)
    const base = { id: crypto.randomUUID(), amount: h.amount, additionType: h.additionType, time: h.time }
    if (item) {
      matched += 1
      const measured = measuredValues({ alphaAcids: [h.alphaAcids, item.alphaAcids, 0.05] }, h.measured)
      if (measured.differs.length) {
        notices.push({
          path: h.path,
          reason: `${h.name}: the file's ${h.alphaAcids} % alpha acids are kept (the catalogue's ${item.alphaAcids} % can be chosen in the recipe)`,
        })
      }
      return { ...base, ingredient: { ...structuredClone(item), ...measured.inUse, ...measured.carried } }
    }
    unmatched.push({ kind: 'hop', name: h.name, path: h.path })
    return {
      ...base,
      ingredient: {
        id: h.catalogueId ?? customId(h.name),
        type: 'hop',
        name: h.name,
        alphaAcids: h.alphaAcids ?? 0,
      },
    }
  })

  const otherIngredients: OtherEntry[] = neutral.miscs.map((m) => {
    const item = matchOtherIngredient(m.name, m.catalogueId)
    const base = {
      id: crypto.randomUUID(),
      amount: m.amount,
      additionType: m.additionType,
      additionTime: m.additionTime,
      brewersNotes: m.notes,
    }
    if (item) {
      matched += 1
      return { ...base, ingredient: structuredClone(item) }
    }
    unmatched.push({ kind: 'other', name: m.name, path: m.path })
    return {
      ...base,
      ingredient: {
        id: m.catalogueId ?? customId(m.name),
        type: m.kind || 'other',
        name: m.name,
        fermentable: m.fermentable ?? false,
      },
    }
  })

  // No yeast in the file: the recipe starts with none chosen, as a new recipe does.
  let yeast: YeastRef | null = noYeast()
  if (neutral.yeast) {
    const y = neutral.yeast
    const item = matchYeast(y, y.catalogueId)
    if (item) {
      matched += 1
      const measured = measuredValues(
        {
          attenuation: [
            y.attenuation === undefined ? undefined : Math.min(100, Math.max(0, y.attenuation)),
            item.attenuation,
            0.5,
          ],
        },
        y.measured,
      )
      yeast = { ...toRecipeYeast(item), ...measured.inUse, ...measured.carried }
      if (measured.differs.length) {
        notices.push({
          path: y.path,
          reason: `${y.name}: the file's ${y.attenuation} % attenuation is kept (the catalogue's ${item.attenuation} % can be chosen in the recipe)`,
        })
      }
    } else {
      unmatched.push({ kind: 'yeast', name: y.name, path: y.path })
      yeast = {
        type: y.kind || 'ale',
        id: y.catalogueId ?? customId(y.name),
        name: y.name,
        attenuation: Math.min(100, Math.max(0, y.attenuation ?? 0)),
        flocculation: y.flocculation || DEFAULT_YEAST_FLOCCULATION,
        tolerance: null,
      }
    }
  }

  let style = ''
  const fileStyle = neutral.style
  if (fileStyle.name || fileStyle.code || fileStyle.id) {
    const found = matchStyle(fileStyle)
    const named = [
      fileStyle.name,
      fileStyle.guide || fileStyle.code
        ? `(${[fileStyle.guide, fileStyle.code].filter(Boolean).join(' ')})`
        : '',
    ]
      .filter(Boolean)
      .join(' ')
    if (found) {
      style = found.id
      if (
        !fileStyle.id &&
        !isOurStyleGuide(fileStyle.guide) &&
        normaliseName(found.name) !== normaliseName(fileStyle.name ?? '')
      )
        notices.push({
          path: `${neutral.path}/STYLE`,
          reason: `The file's style ${named} is read as the ${STYLE_GUIDE} style ${found.name}`,
        })
    } else {
      unmatched.push({
        kind: 'style',
        name: [fileStyle.code, fileStyle.name].filter(Boolean).join(' ') || fileStyle.id || '',
        path: `${neutral.path}/STYLE`,
        reason: `The file's style ${named || fileStyle.id} has no sure match among the ${STYLE_GUIDE} styles; the recipe has no style until one is chosen`,
      })
    }
  }

  const process: MashStep[] = neutral.steps.map((step, index) => ({
    id: crypto.randomUUID(),
    order: index + 1,
    type: step.type,
    temperature: step.temperature,
    durationMins: step.durationMins,
    targetpH: step.targetpH,
    brewersNotes: step.brewersNotes,
  }))

  const draft: RecipeDraft = {
    yield: neutral.batch,
    grainBill,
    hopsBill,
    otherIngredients,
    process,
    yeast,
    style,
    ibu: 0,
    abv: 0,
    srm: 0,
    originalGravity: 1,
    finalGravity: 1,
    boilTime: neutral.boilTime,
    whirlpoolTime: neutral.whirlpoolTime,
    mashThickness: mashThicknessOf(neutral.mashThickness, options.mashThicknessQuartsPerPound),
  }
  if (!(neutral.mashThickness > 0))
    notices.push({
      path: neutral.path,
      reason: `The file gives no mash thickness: ${draft.mashThickness} qt/lb is used (${
        options.mashThicknessQuartsPerPound && options.mashThicknessQuartsPerPound > 0
          ? "the brewhouse's"
          : 'a common thickness'
      }); change it in the recipe if you mash thicker or thinner.`,
    })
  const stats = calculateRecipeStats(draft, { logger: silentLogger })
  return {
    name: neutral.name,
    description: neutral.notes,
    recipe: { ...draft, ...roundRecipeStats(stats) },
    stats,
    matched,
    unmatched,
    skipped,
    notices,
  }
}

/** A draft as a recipe of a product, with fresh ids for the recipe and each entry. */
export function recipeFromDraft(
  draft: RecipeDraft,
  productId: string,
  id: string = crypto.randomUUID(),
): Recipe {
  const fresh = <T extends { id: string }>(entries: T[]) =>
    entries.map((e) => ({ ...e, id: crypto.randomUUID() }))
  return {
    ...structuredClone(draft),
    id,
    productId,
    grainBill: fresh(draft.grainBill),
    hopsBill: fresh(draft.hopsBill),
    otherIngredients: fresh(draft.otherIngredients),
    process: fresh(draft.process),
  }
}

/** The style's name and BJCP code for an export; empty when the recipe has none. */
export function styleForExport(recipe: Pick<Recipe, 'style'>) {
  const style = findStyle(recipe.style)
  return style
    ? {
        id: style.id,
        name: style.name,
        code: style.bjcpCode,
        guide: style.guide,
        category: style.category,
        style,
      }
    : undefined
}

/** An ingredient's name for a file: its name, or its id when it has none. */
export function ingredientName(ingredient: { id: string; name?: unknown }): string {
  return typeof ingredient.name === 'string' && ingredient.name.trim() ? ingredient.name : ingredient.id
}

/** The label of a mash step type (for names in exported files). */
export const mashStepLabel = (step: Pick<MashStep, 'type'>) => MASH_STEP_TYPES[step.type]
