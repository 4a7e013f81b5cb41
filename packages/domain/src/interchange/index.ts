// Recipe interchange: BeerXML 1.0 and BeerJSON 1.0 import and export (ADR 070).
export {
  readRecipeFile,
  oversizedFileReport,
  detectFormat,
  INTERCHANGE_MAX_BYTES,
  INTERCHANGE_MAX_RECIPES,
  INTERCHANGE_FORMAT_LABELS,
  type ImportReport,
  type InterchangeFormat,
} from './import.ts'
export {
  buildImportedRecipe,
  recipeFromDraft,
  customId,
  isCustomId,
  type ImportedRecipe,
  type RecipeDraft,
  type UnmatchedIngredient,
} from './build.ts'
export type { InterchangeProblem } from './model.ts'
export { exportBeerXml } from './beerxml.ts'
export { exportBeerJson } from './beerjson.ts'
export {
  normaliseName,
  matchFermentable,
  matchHop,
  matchOtherIngredient,
  matchYeast,
  matchStyle,
} from './matching.ts'
