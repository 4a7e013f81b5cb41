// The neutral recipe both formats are read into and written from. Quantities are in BrewCommand's own
// units (the parser converts); `path` names where in the file each item came from, for the report.
import type { VolumeUnit, TimeUnit } from '../brewing/units.ts'
import type { Amount, HopAdditionType, MashStepType, OtherAdditionType } from '../recipes/recipe.schema.ts'

/** Something the reader could not use, and why; `path` is an XML element path or a JSON path. */
export type InterchangeProblem = { path: string; reason: string }

export type NeutralFermentable = {
  path: string
  name: string
  /** grain, adjunct, sugar, extract, dry extract (lower case, as the catalogue says). */
  kind: string
  amount: Amount
  /** °Lovibond. */
  lovibond?: number
  /** Extract as a fraction (BeerXML YIELD / 100). */
  extract?: number
  /** A catalogue id written by BrewCommand itself (vendor tag), tried before the name. */
  catalogueId?: string
  /** The brewer's measured values BrewCommand wrote beside a catalogue id (kept while another value is used). */
  measured?: MeasuredValues
}

/** Measured values of an ingredient line, by the ingredient field they stand for (alphaAcids, …). */
export type MeasuredValues = Record<string, number>

export type NeutralHop = {
  path: string
  name: string
  alphaAcids?: number
  amount: Amount
  additionType: HopAdditionType
  time: { value: number; unit: TimeUnit } | null
  catalogueId?: string
  measured?: MeasuredValues
}

export type NeutralMisc = {
  path: string
  name: string
  kind: string
  amount: Amount
  additionType: OtherAdditionType
  additionTime: number | null
  fermentable?: boolean
  notes: string
  catalogueId?: string
}

export type NeutralYeast = {
  path: string
  name: string
  kind?: string
  laboratory?: string
  productId?: string
  /** Percent. */
  attenuation?: number
  flocculation?: string
  catalogueId?: string
  measured?: MeasuredValues
}

export type NeutralStep = {
  path: string
  name: string
  type: MashStepType
  temperature: string
  durationMins: string
  targetpH: string
  brewersNotes: string
}

export type NeutralRecipe = {
  path: string
  name: string
  notes: string
  /** The style as the file names it; `guide` is the file's style guide (BJCP 1999, BJCP 2021, …). */
  style: { name?: string; code?: string; id?: string; guide?: string }
  batch: { quantity: number; unit: VolumeUnit }
  boilTime: number
  whirlpoolTime: number
  mashThickness: number
  fermentables: NeutralFermentable[]
  hops: NeutralHop[]
  miscs: NeutralMisc[]
  yeast: NeutralYeast | null
  steps: NeutralStep[]
  /** Parts of this recipe that were left out, and notes on what was assumed. */
  skipped: InterchangeProblem[]
  notices: InterchangeProblem[]
}

/** What reading a whole file gives: the recipes it could read and what it could not. */
export type NeutralFile = {
  recipes: NeutralRecipe[]
  /** Whole recipes or parts of the file that could not be read. */
  problems: InterchangeProblem[]
}
