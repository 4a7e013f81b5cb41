// Figures over a folder of real recipe files (ADR 140): what the import keeps of each file, and whether our
// BeerJSON exports of what it read are valid against the published schema. Used by corpus.test.ts, which
// runs it on `<repository root>/../shared/interchange-real` when that folder is there.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { exportBeerJson, parseBeerJson } from './beerjson.ts'
import { decodeXmlBytes, exportBeerXml, parseBeerXml } from './beerxml.ts'
import { isCustomId, recipeFromDraft } from './build.ts'
import { readRecipeFile, type ImportReport } from './import.ts'
import { matchStyle, normaliseName } from './matching.ts'
import type { NeutralRecipe } from './model.ts'
import { temperatureTextToCelsius } from './values.ts'
import { findStyleChoice } from '../styles/styles.ts'
import { YEASTS } from '../catalog/catalog.ts'

const PRODUCT = '00000000-0000-4000-8000-000000000001'

export type FileFigures = {
  file: string
  readable: boolean
  recipes: number
  fermentables: number
  hops: number
  others: number
  steps: number
  /** Fermentables whose extract is 0 (no yield could be read). */
  extractZero: string[]
  /** Mash steps whose temperature text holds no temperature. */
  stepsWithoutTemperature: string[]
  /** Recipes whose style was matched to a style of another name. */
  styleMismatches: string[]
  /** Yeasts matched to a catalogue yeast whose product id or laboratory contradicts the file's. */
  yeastMismatches: string[]
  /** Ingredient lines whose measured value was replaced by the catalogue's. */
  overridden: number
  report: ImportReport
}

/** The file as the readers see it (decoded, before any catalogue matching). */
function neutralOf(file: string, bytes: Uint8Array, format: ImportReport['format']): NeutralRecipe[] {
  if (format === 'beerxml') return parseBeerXml(decodeXmlBytes(bytes).replace(/^\uFEFF/, ''), 1000).recipes
  if (format === 'beerjson')
    return parseBeerJson(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''), 1000).recipes
  return []
}

const sameOrInside = (a: string, b: string) => a === b || a.includes(b) || b.includes(a)

/** Whether a line's value in use is not the file's measured value (beyond the tolerance the import uses). */
const overriddenValue = (file: number | undefined, inUse: unknown, tolerance: number) =>
  file !== undefined && typeof inUse === 'number' && Math.abs(file - inUse) > tolerance

export function fileFigures(folder: string, file: string): FileFigures {
  const bytes = new Uint8Array(readFileSync(join(folder, file)))
  const report = readRecipeFile(file, bytes)
  const neutral = neutralOf(file, bytes, report.format)
  const figures: FileFigures = {
    file,
    readable: report.recipes.length > 0,
    recipes: report.recipes.length,
    fermentables: 0,
    hops: 0,
    others: 0,
    steps: 0,
    extractZero: [],
    stepsWithoutTemperature: [],
    styleMismatches: [],
    yeastMismatches: [],
    overridden: 0,
    report,
  }
  report.recipes.forEach((imported) => {
    const r = imported.recipe
    const source = neutral.find((n) => n.name.slice(0, 200) === imported.name)
    figures.fermentables += r.grainBill.length
    figures.hops += r.hopsBill.length
    figures.others += r.otherIngredients.length
    figures.steps += r.process.length
    for (const g of r.grainBill)
      if (!g.ingredient.extractFgMin)
        figures.extractZero.push(`${imported.name}: ${String(g.ingredient.name)}`)
    for (const s of r.process)
      if (temperatureTextToCelsius(s.temperature) === undefined)
        figures.stepsWithoutTemperature.push(`${imported.name}: "${s.temperature}"`)
    if (!source) return
    const style = findStyleChoice(r.style)
    const fileStyle = source.style
    // A style of another name is a mis-match unless it is the file's style under its BJCP 2021 name.
    const renamed = matchStyle({ name: fileStyle.name, guide: fileStyle.guide })?.id === style?.id
    if (style && fileStyle.name && normaliseName(style.name) !== normaliseName(fileStyle.name) && !renamed)
      figures.styleMismatches.push(
        `${imported.name}: ${fileStyle.guide ?? '?'} ${fileStyle.code ?? ''} "${fileStyle.name}" → ${style.name}`,
      )
    const catalogueYeast = YEASTS.find((y) => y.id === r.yeast?.id)
    if (catalogueYeast && source.yeast) {
      const id = normaliseName(source.yeast.productId ?? '')
      const theirs = normaliseName(catalogueYeast.productId)
      if (id.length >= 2 && !sameOrInside(id, theirs))
        figures.yeastMismatches.push(
          `${imported.name}: ${source.yeast.laboratory ?? ''} ${source.yeast.productId ?? ''} ${source.yeast.name} → ${catalogueYeast.name}`,
        )
    }
    // Lines linked to the catalogue whose value in use is not what the file measured.
    r.grainBill.forEach((g, j) => {
      const f = source.fermentables[j]
      if (isCustomId(g.ingredient.id) || !f) return
      if (
        overriddenValue(f.extract, g.ingredient.extractFgMin, 0.005) ||
        overriddenValue(f.lovibond, g.ingredient.lovibond, 0.5)
      )
        figures.overridden += 1
    })
    r.hopsBill.forEach((h, j) => {
      const f = source.hops[j]
      if (!isCustomId(h.ingredient.id) && f && overriddenValue(f.alphaAcids, h.ingredient.alphaAcids, 0.05))
        figures.overridden += 1
    })
    if (
      r.yeast &&
      !isCustomId(r.yeast.id) &&
      overriddenValue(source.yeast?.attenuation, r.yeast.attenuation, 0.5)
    )
      figures.overridden += 1
  })
  return figures
}

/** Every file of the folder, in name order. */
export function corpusFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => /\.(xml|json)$/i.test(f))
    .sort()
}

/** Our exports of a file's recipes, in both formats. */
export function exportsOf(report: ImportReport) {
  const entries = report.recipes.map((r) => ({
    name: r.name,
    description: r.description,
    recipe: recipeFromDraft(r.recipe, PRODUCT),
  }))
  return { entries, beerJson: exportBeerJson(entries), beerXml: exportBeerXml(entries) }
}
