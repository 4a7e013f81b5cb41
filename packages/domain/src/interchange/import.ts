// Reading a recipe file of either format into a preview: what will be created, what is unmatched,
// what was skipped and why. Nothing here creates anything; the screen does that on Confirm.
import { parseBeerJson } from './beerjson.ts'
import { decodeXmlBytes, parseBeerXml } from './beerxml.ts'
import { RecipeSchema } from '../recipes/recipe.schema.ts'
import { buildImportedRecipe, recipeFromDraft, type ImportedRecipe, type ImportOptions } from './build.ts'

const CHECK_ID = '00000000-0000-4000-8000-000000000000'
import type { InterchangeProblem, NeutralFile } from './model.ts'

/** Largest file read: 5 MB. */
export const INTERCHANGE_MAX_BYTES = 5 * 1024 * 1024
/** Most recipes read from one file. */
export const INTERCHANGE_MAX_RECIPES = 200

export type InterchangeFormat = 'beerxml' | 'beerjson'
export const INTERCHANGE_FORMAT_LABELS: Record<InterchangeFormat, string> = {
  beerxml: 'BeerXML 1.0',
  beerjson: 'BeerJSON 1.0',
}

/** What reading one file gives. `problems` are file-level: a file with recipes [] and problems is refused. */
export type ImportReport = {
  fileName: string
  format: InterchangeFormat | null
  recipes: ImportedRecipe[]
  problems: InterchangeProblem[]
}

/** The format from the name (.xml / .json) or, failing that, the first character of the text. */
export function detectFormat(fileName: string, text: string): InterchangeFormat | null {
  const lower = fileName.toLowerCase()
  if (lower.endsWith('.xml') || lower.endsWith('.beerxml')) return 'beerxml'
  if (lower.endsWith('.json') || lower.endsWith('.beerjson')) return 'beerjson'
  const first = text.replace(/^\uFEFF/, '').trimStart()[0]
  return first === '<' ? 'beerxml' : first === '{' ? 'beerjson' : null
}

/** The report for a file above 5 MB, made from its size alone (the browser need not read it). */
export function oversizedFileReport(fileName: string, size: number): ImportReport {
  return {
    fileName,
    format: null,
    recipes: [],
    problems: [
      {
        path: fileName,
        reason: `The file is ${(size / 1024 / 1024).toFixed(1)} MB; at most 5 MB can be imported`,
      },
    ],
  }
}

/**
 * Reads a BeerXML 1.0 or BeerJSON 1.0 file (bytes as read from disk, or text) into recipes ready to
 * preview. Files above 5 MB are refused unread; beyond 200 recipes the rest are listed as skipped.
 */
export function readRecipeFile(
  fileName: string,
  content: Uint8Array | string,
  options: ImportOptions = {},
): ImportReport {
  const size = typeof content === 'string' ? new TextEncoder().encode(content).byteLength : content.byteLength
  if (size > INTERCHANGE_MAX_BYTES) return oversizedFileReport(fileName, size)
  if (size === 0)
    return {
      fileName,
      format: null,
      recipes: [],
      problems: [{ path: fileName, reason: 'The file is empty' }],
    }
  const asText = typeof content === 'string' ? content : new TextDecoder('utf-8').decode(content)
  const format = detectFormat(fileName, asText)
  if (!format) {
    return {
      fileName,
      format,
      recipes: [],
      problems: [{ path: fileName, reason: 'Not a BeerXML (.xml) or BeerJSON (.json) file' }],
    }
  }
  let file: NeutralFile
  if (format === 'beerxml') {
    const xml = typeof content === 'string' ? content : decodeXmlBytes(content)
    file = parseBeerXml(xml.replace(/^\uFEFF/, ''), INTERCHANGE_MAX_RECIPES)
  } else {
    file = parseBeerJson(asText.replace(/^\uFEFF/, ''), INTERCHANGE_MAX_RECIPES)
  }
  // Every recipe is checked against the shape the API accepts, so Confirm never meets a 400.
  const problems = [...file.problems]
  const recipes: ImportedRecipe[] = []
  file.recipes.forEach((neutral) => {
    const imported = buildImportedRecipe(neutral, options)
    const checked = RecipeSchema.safeParse(recipeFromDraft(imported.recipe, CHECK_ID, CHECK_ID))
    if (checked.success) recipes.push(imported)
    else
      problems.push({
        path: neutral.path,
        reason: `${imported.name} cannot be stored: ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      })
  })
  return { fileName, format, recipes, problems }
}
