// BeerXML 1.0 (beerxml.com): reading the files real tools write, and writing files BrewCommand reads back
// to the same recipe. Parsed with fast-xml-parser with entity processing off; a DOCTYPE (the only way
// to declare entities, external or not) is refused before parsing, so no entity is ever expanded.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import {
  MASH_STEP_TYPES,
  OTHER_TIME_UNITS,
  type HopAdditionType,
  type MashStepType,
  type OtherAdditionType,
  type Recipe,
} from '../recipes/recipe.schema.ts'
import { ingredientName, mashStepLabel, styleForExport } from './build.ts'
import type {
  InterchangeProblem,
  NeutralFermentable,
  NeutralFile,
  NeutralHop,
  NeutralMisc,
  NeutralRecipe,
  NeutralStep,
  NeutralYeast,
} from './model.ts'
import {
  amountToKg,
  batchToLitres,
  ebcToLovibond,
  kgToAmount,
  litresToBatch,
  parseBoolean,
  parseDisplayAmount,
  parseDisplayBatch,
  parseNumber,
  parseText,
  roundTo,
  temperatureTextToCelsius,
  tidy,
} from './values.ts'

type Node = Record<string, unknown>

const LIST_TAGS = new Set([
  'RECIPE',
  'HOP',
  'FERMENTABLE',
  'MISC',
  'YEAST',
  'WATER',
  'MASH_STEP',
  'EQUIPMENT',
  'STYLE',
])

/** Replaces the five XML entities and character references (no others exist without a DOCTYPE). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name === 'amp') return '&'
    if (name === 'lt') return '<'
    if (name === 'gt') return '>'
    if (name === 'quot') return '"'
    if (name === 'apos') return "'"
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

function decodeTree(value: unknown): unknown {
  if (typeof value === 'string') return decodeEntities(value)
  if (Array.isArray(value)) return value.map(decodeTree)
  if (value && typeof value === 'object') {
    const out: Node = {}
    for (const [key, child] of Object.entries(value)) out[key] = decodeTree(child)
    return out
  }
  return value
}

const isNode = (value: unknown): value is Node =>
  !!value && typeof value === 'object' && !Array.isArray(value)

/** The children `item` of a list element such as <HOPS><HOP/>…</HOPS>; [] when absent or empty. */
function children(node: Node, list: string, item: string): Node[] {
  const container = node[list]
  if (!isNode(container)) return []
  const items = container[item]
  return (Array.isArray(items) ? items : items === undefined ? [] : [items]).filter(isNode)
}

const has = (node: Node, tag: string) => Object.prototype.hasOwnProperty.call(node, tag)

/** The BREWCOMMAND_MEASURED tag: the brewer's measured values BrewCommand wrote, as JSON; {} otherwise. */
function measuredTag(node: Node, fields: string[]): { measured?: Record<string, number> } {
  let data: unknown
  try {
    data = JSON.parse(parseText(node.BREWCOMMAND_MEASURED) || 'null')
  } catch {
    return {}
  }
  if (!data || typeof data !== 'object') return {}
  const values = Object.fromEntries(
    fields
      .map((field) => [field, (data as Record<string, unknown>)[field]] as const)
      .filter(
        (entry): entry is readonly [string, number] =>
          typeof entry[1] === 'number' && Number.isFinite(entry[1]),
      ),
  )
  return Object.keys(values).length ? { measured: values } : {}
}
const text = (node: Node, tag: string) => parseText(node[tag])
const number = (node: Node, tag: string) => parseNumber(node[tag])

/** Bytes or text as text, honouring the XML declaration's encoding (BeerSmith writes ISO-8859-1). */
export function decodeXmlBytes(input: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(input.subarray(0, 200))
  const declared = /encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(input)
  } catch {
    return new TextDecoder('utf-8').decode(input)
  }
}

const FERMENTABLE_KINDS: Record<string, string> = {
  grain: 'grain',
  sugar: 'sugar',
  extract: 'extract',
  'dry extract': 'dry extract',
  dryextract: 'dry extract',
  adjunct: 'adjunct',
}

const HOP_USES: Record<string, HopAdditionType> = {
  boil: 'Boil',
  'first wort': 'First Wort',
  firstwort: 'First Wort',
  aroma: 'Whirlpool',
  whirlpool: 'Whirlpool',
  'dry hop': 'Dry Hop',
  dryhop: 'Dry Hop',
  mash: 'Mash',
  'hop back': 'Hop Back',
  hopback: 'Hop Back',
}

const MISC_USES: Record<string, OtherAdditionType> = {
  boil: 'Boil',
  mash: 'Mash',
  primary: 'Primary',
  secondary: 'Secondary',
  bottling: 'Bright',
  bright: 'Bright',
  clt: 'CLT',
  hlt: 'HLT',
  sparge: 'HLT',
}

/** A mash step's type from its name (and BeerXML/BeerJSON type), for tools that do not write ours. */
export function guessStepType(name: string, kind: string, mashSteps: number): MashStepType {
  const n = `${name} ${kind}`.toLowerCase()
  if (/mash\s*-?\s*out/.test(n)) return 'mash-out'
  if (/vorlauf|recirc/.test(n)) return 'vorlauf'
  if (/batch\s*sparge/.test(n)) return 'batch-sparge'
  if (/sparge/.test(n)) return 'fly-sparge'
  if (/lauter|drain/.test(n)) return 'lautering'
  if (/boil/.test(n)) return 'ramp-to-boil'
  return mashSteps <= 1 ? 'infusion-mash' : 'step-mash'
}

type Reader = {
  problems: InterchangeProblem[]
  skip: (path: string, reason: string) => void
  note: (path: string, reason: string) => void
}

function readAmount(node: Node, path: string, reader: Reader) {
  const kg = number(node, 'AMOUNT')
  const exact = parseDisplayAmount(text(node, 'BREWCOMMAND_AMOUNT') || undefined, kg)
  if (exact) return exact
  if (kg === undefined || kg < 0) {
    reader.skip(
      `${path}/AMOUNT`,
      has(node, 'AMOUNT') ? `AMOUNT "${text(node, 'AMOUNT')}" is not a number` : 'AMOUNT is missing',
    )
    return undefined
  }
  return parseDisplayAmount(text(node, 'DISPLAY_AMOUNT') || undefined, kg) ?? kgToAmount(kg)
}

function readFermentable(node: Node, path: string, reader: Reader): NeutralFermentable | undefined {
  const name = text(node, 'NAME')
  if (!name) return void reader.skip(`${path}/NAME`, 'The fermentable has no NAME')
  const amount = readAmount(node, path, reader)
  if (!amount) return undefined
  // COLOR is °Lovibond in BeerXML; some tools write EBC there and say so in DISPLAY_COLOR.
  let lovibond = number(node, 'COLOR')
  const display = /^\s*([\d.,]+)\s*(ebc|srm|°?l|lovibond)\s*$/i.exec(text(node, 'DISPLAY_COLOR'))
  if (display) {
    const shown = parseNumber(display[1])
    if (
      shown !== undefined &&
      /ebc/i.test(display[2]) &&
      (lovibond === undefined || Math.abs(lovibond - shown) < 0.01)
    ) {
      lovibond = ebcToLovibond(shown)
      reader.note(`${path}/COLOR`, `${name}: colour ${shown} EBC converted to ${lovibond} °L`)
    }
  }
  const yieldPct = number(node, 'YIELD')
  const kind = FERMENTABLE_KINDS[text(node, 'TYPE').toLowerCase()] ?? 'grain'
  return {
    path,
    name,
    kind,
    amount,
    ...(lovibond === undefined ? {} : { lovibond: Math.max(0, lovibond) }),
    ...(yieldPct === undefined ? {} : { extract: Math.min(1, Math.max(0, tidy(yieldPct / 100))) }),
    ...(text(node, 'BREWCOMMAND_ID') ? { catalogueId: text(node, 'BREWCOMMAND_ID') } : {}),
    ...measuredTag(node, ['extractFgMin', 'lovibond']),
  }
}

function readHop(node: Node, path: string, reader: Reader): NeutralHop | undefined {
  const name = text(node, 'NAME')
  if (!name) return void reader.skip(`${path}/NAME`, 'The hop has no NAME')
  const amount = readAmount(node, path, reader)
  if (!amount) return undefined
  const use = text(node, 'BREWCOMMAND_USE') || text(node, 'USE')
  const additionType = HOP_USES[use.toLowerCase()]
  if (!additionType)
    return void reader.skip(`${path}/USE`, `USE "${use}" is not Boil, First Wort, Aroma, Dry Hop or Mash`)
  const minutes = number(node, 'TIME') ?? 0
  const time =
    additionType === 'Boil'
      ? { value: Math.max(0, minutes), unit: 'Minutes' as const }
      : additionType === 'Dry Hop'
        ? { value: tidy(Math.max(0, minutes) / 1440), unit: 'Days' as const }
        : null
  const alpha = number(node, 'ALPHA')
  return {
    path,
    name,
    amount,
    additionType,
    time,
    ...(alpha === undefined ? {} : { alphaAcids: Math.min(100, Math.max(0, alpha)) }),
    ...(text(node, 'BREWCOMMAND_ID') ? { catalogueId: text(node, 'BREWCOMMAND_ID') } : {}),
    ...measuredTag(node, ['alphaAcids']),
  }
}

function readMisc(node: Node, path: string, reader: Reader): NeutralMisc | undefined {
  const name = text(node, 'NAME')
  if (!name) return void reader.skip(`${path}/NAME`, 'The misc has no NAME')
  const amount = readAmount(node, path, reader)
  if (!amount) return undefined
  if (parseBoolean(node.AMOUNT_IS_WEIGHT) === false && !text(node, 'BREWCOMMAND_AMOUNT')) {
    reader.note(`${path}/AMOUNT`, `${name}: the amount is a volume; taken as 1 kg per litre`)
  }
  const use = text(node, 'BREWCOMMAND_USE') || text(node, 'USE')
  const additionType = MISC_USES[use.toLowerCase()] ?? 'Boil'
  if (!MISC_USES[use.toLowerCase()]) reader.note(`${path}/USE`, `${name}: USE "${use}" read as Boil`)
  const minutes = number(node, 'TIME')
  const unit = OTHER_TIME_UNITS[additionType]
  const additionTime =
    minutes === undefined || !unit
      ? null
      : unit === 'Days'
        ? tidy(Math.max(0, minutes) / 1440)
        : Math.max(0, minutes)
  const fermentable = parseBoolean(node.BREWCOMMAND_FERMENTABLE)
  return {
    path,
    name,
    kind: (text(node, 'BREWCOMMAND_TYPE') || text(node, 'TYPE') || 'other').toLowerCase(),
    amount,
    additionType,
    additionTime,
    ...(fermentable === undefined ? {} : { fermentable }),
    notes: text(node, 'NOTES'),
    ...(text(node, 'BREWCOMMAND_ID') ? { catalogueId: text(node, 'BREWCOMMAND_ID') } : {}),
  }
}

function readYeast(node: Node, path: string, reader: Reader): NeutralYeast | undefined {
  const name = text(node, 'NAME')
  if (!name) return void reader.skip(`${path}/NAME`, 'The yeast has no NAME')
  const attenuation = number(node, 'ATTENUATION')
  return {
    path,
    name,
    kind: (text(node, 'BREWCOMMAND_TYPE') || text(node, 'TYPE')).toLowerCase() || undefined,
    laboratory: text(node, 'LABORATORY') || undefined,
    productId: text(node, 'PRODUCT_ID') || undefined,
    ...(attenuation === undefined ? {} : { attenuation }),
    flocculation: text(node, 'FLOCCULATION') || undefined,
    ...(text(node, 'BREWCOMMAND_ID') ? { catalogueId: text(node, 'BREWCOMMAND_ID') } : {}),
    ...measuredTag(node, ['attenuation']),
  }
}

/**
 * A step's temperature text: DISPLAY_STEP_TEMP when it is a temperature that agrees with STEP_TEMP (it keeps
 * the brewer's unit, "152 °F"), else STEP_TEMP in °C. BeerSmith's widely copied sample writes the placeholder
 * text "DISPLAY_STEP_TEMP" there; a display value is never trusted over the real STEP_TEMP.
 */
function stepTemperature(display: string, celsius: number | undefined): string {
  const shown = display ? temperatureTextToCelsius(display) : undefined
  if (shown !== undefined && (celsius === undefined || Math.abs(shown - celsius) <= 0.5)) return display
  if (celsius === undefined) return /^DISPLAY_/i.test(display) ? '' : display
  return `${roundTo(celsius, 1)} °C`
}

function readStep(node: Node, path: string, mashSteps: number): NeutralStep {
  const name = text(node, 'NAME')
  const ours = text(node, 'BREWCOMMAND_TYPE')
  const celsius = number(node, 'STEP_TEMP')
  const minutes = number(node, 'STEP_TIME')
  return {
    path,
    name,
    type: (ours && ours in MASH_STEP_TYPES
      ? ours
      : guessStepType(name, text(node, 'TYPE'), mashSteps)) as MashStepType,
    temperature: has(node, 'BREWCOMMAND_TEMPERATURE')
      ? text(node, 'BREWCOMMAND_TEMPERATURE')
      : stepTemperature(text(node, 'DISPLAY_STEP_TEMP'), celsius),
    durationMins: has(node, 'BREWCOMMAND_DURATION')
      ? text(node, 'BREWCOMMAND_DURATION')
      : minutes === undefined
        ? ''
        : String(minutes),
    targetpH: text(node, 'BREWCOMMAND_PH'),
    brewersNotes: text(node, 'DESCRIPTION') || text(node, 'NOTES'),
  }
}

function readRecipe(node: Node, path: string, index: number): NeutralRecipe {
  const skipped: InterchangeProblem[] = []
  const notices: InterchangeProblem[] = []
  const reader: Reader = {
    problems: skipped,
    skip: (where, reason) => void skipped.push({ path: where, reason }),
    note: (where, reason) => void notices.push({ path: where, reason }),
  }
  let name = text(node, 'NAME')
  if (!name) {
    name = `Imported recipe ${index + 1}`
    reader.note(`${path}/NAME`, `The recipe has no NAME; it is called ${name}`)
  }
  const read = <T>(list: string, item: string, fn: (n: Node, p: string) => T | undefined): T[] =>
    children(node, list, item)
      .map((child, i) => fn(child, `${path}/${list}/${item}[${i + 1}]`))
      .filter((x): x is T => x !== undefined)

  const fermentables = read('FERMENTABLES', 'FERMENTABLE', (n, p) => readFermentable(n, p, reader))
  const hops = read('HOPS', 'HOP', (n, p) => readHop(n, p, reader))
  const miscs = read('MISCS', 'MISC', (n, p) => readMisc(n, p, reader))
  const yeasts = read('YEASTS', 'YEAST', (n, p) => readYeast(n, p, reader))
  if (yeasts.length > 1) {
    reader.note(
      `${path}/YEASTS`,
      `The recipe has ${yeasts.length} yeasts; the first, ${yeasts[0].name}, is used`,
    )
  }
  const mash = isNode(node.MASH) ? node.MASH : {}
  const stepNodes = children(mash, 'MASH_STEPS', 'MASH_STEP')
  const mashLike = stepNodes.filter((s) => !/out|sparge|lauter|vorlauf|boil/i.test(text(s, 'NAME'))).length
  const steps = stepNodes.map((s, i) => readStep(s, `${path}/MASH/MASH_STEPS/MASH_STEP[${i + 1}]`, mashLike))

  const litres = number(node, 'BATCH_SIZE')
  const batch =
    parseDisplayBatch(text(node, 'BREWCOMMAND_BATCH') || undefined, litres) ??
    parseDisplayBatch(text(node, 'DISPLAY_BATCH_SIZE') || undefined, litres) ??
    litresToBatch(litres ?? 0)
  if (litres === undefined)
    reader.note(`${path}/BATCH_SIZE`, 'BATCH_SIZE is missing or not a number; the batch is 0')

  // Aroma (whirlpool) hops steep for their TIME; the recipe has one whirlpool time for all of them.
  const aromaTimes = children(node, 'HOPS', 'HOP')
    .filter((h) => text(h, 'USE').toLowerCase() === 'aroma' && !text(h, 'BREWCOMMAND_USE'))
    .map((h) => number(h, 'TIME') ?? 0)
  const whirlpool =
    number(node, 'BREWCOMMAND_WHIRLPOOL_TIME') ?? (aromaTimes.length ? Math.max(...aromaTimes) : 0)

  const style = isNode(node.STYLE)
    ? node.STYLE
    : Array.isArray(node.STYLE) && isNode(node.STYLE[0])
      ? node.STYLE[0]
      : undefined
  const category = style ? text(style, 'CATEGORY_NUMBER') : ''
  const letter = style ? text(style, 'STYLE_LETTER') : ''
  return {
    path,
    name,
    notes: text(node, 'NOTES'),
    style: {
      ...(style && text(style, 'NAME') ? { name: text(style, 'NAME') } : {}),
      ...(category ? { code: `${category}${letter}` } : {}),
      ...(style && text(style, 'STYLE_GUIDE') ? { guide: text(style, 'STYLE_GUIDE') } : {}),
      ...(text(node, 'BREWCOMMAND_STYLE') ? { id: text(node, 'BREWCOMMAND_STYLE') } : {}),
    },
    batch,
    boilTime: Math.max(0, number(node, 'BOIL_TIME') ?? 0),
    whirlpoolTime: Math.max(0, whirlpool),
    mashThickness: Math.max(0, number(node, 'BREWCOMMAND_MASH_THICKNESS') ?? 0),
    fermentables,
    hops,
    miscs,
    yeast: yeasts[0] ?? null,
    steps,
    skipped,
    notices,
  }
}

const parser = new XMLParser({
  ignoreAttributes: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  transformTagName: (tag) => tag.toUpperCase(),
  isArray: (tag) => LIST_TAGS.has(tag.toUpperCase()),
})

/** Where the recipes are: <RECIPES><RECIPE>…, a bare <RECIPE> root, or either one level down. */
function findRecipes(root: Node): { nodes: Node[]; path: string } | undefined {
  if (Array.isArray(root.RECIPE)) return { nodes: root.RECIPE.filter(isNode), path: 'RECIPE' }
  if (isNode(root.RECIPES)) {
    const list = root.RECIPES.RECIPE
    return { nodes: Array.isArray(list) ? list.filter(isNode) : [], path: 'RECIPES/RECIPE' }
  }
  for (const [tag, child] of Object.entries(root)) {
    if (!isNode(child)) continue
    const inner = findRecipes(child)
    if (inner) return { nodes: inner.nodes, path: `${tag}/${inner.path}` }
  }
  return undefined
}

/** Reads a BeerXML 1.0 document; problems name the element path (1-based indices) and the reason. */
export function parseBeerXml(xml: string, maxRecipes: number): NeutralFile {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    return {
      recipes: [],
      problems: [
        {
          path: '/',
          reason:
            'The file declares a DOCTYPE or entities; these are refused for safety (no external entities are read)',
        },
      ],
    }
  }
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    return {
      recipes: [],
      problems: [
        {
          path: `line ${valid.err.line}, column ${valid.err.col}`,
          reason: `Not well-formed XML: ${valid.err.msg}`,
        },
      ],
    }
  }
  let root: Node
  try {
    root = decodeTree(parser.parse(xml)) as Node
  } catch (error) {
    return {
      recipes: [],
      problems: [{ path: '/', reason: `The XML could not be read: ${(error as Error).message}` }],
    }
  }
  const found = findRecipes(root)
  if (!found || found.nodes.length === 0) {
    return {
      recipes: [],
      problems: [{ path: '/', reason: 'No <RECIPE> element was found; this is not a BeerXML recipe file' }],
    }
  }
  const problems: InterchangeProblem[] = []
  if (found.nodes.length > maxRecipes) {
    problems.push({
      path: `${found.path}[${maxRecipes + 1}]`,
      reason: `The file holds ${found.nodes.length} recipes; only the first ${maxRecipes} are imported`,
    })
  }
  const recipes = found.nodes
    .slice(0, maxRecipes)
    .map((node, i) => readRecipe(node, `${found.path}[${i + 1}]`, i))
  return { recipes, problems }
}

// Writing ----------------------------------------------------------------------------------------------

function escapeXml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\r', '&#13;')
}

const tag = (name: string, value: string | number | boolean, indent: string) =>
  `${indent}<${name}>${escapeXml(typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value))}</${name}>`

const UNIT_WORD = { Pounds: 'lb', Ounces: 'oz', Grams: 'g', Kilograms: 'kg' } as const
const amountText = (amount: { value: number; unit: keyof typeof UNIT_WORD }) =>
  `${amount.value} ${UNIT_WORD[amount.unit]}`

const XML_HOP_USE: Record<HopAdditionType, string> = {
  Boil: 'Boil',
  'First Wort': 'First Wort',
  Whirlpool: 'Aroma',
  'Hop Back': 'Aroma',
  'Dry Hop': 'Dry Hop',
  Mash: 'Mash',
}
const XML_MISC_USE: Record<OtherAdditionType, string> = {
  CLT: 'Mash',
  HLT: 'Mash',
  Mash: 'Mash',
  Boil: 'Boil',
  Primary: 'Primary',
  Secondary: 'Secondary',
  Bright: 'Bottling',
}
const XML_MISC_TYPES = ['spice', 'fining', 'water agent', 'herb', 'flavor', 'other']
const XML_YEAST_TYPES = ['ale', 'lager', 'wheat', 'wine', 'champagne']
const capitalise = (word: string) => word.replace(/\b[a-z]/g, (c) => c.toUpperCase())

/** BREWCOMMAND_MEASURED for a catalogue line that carries the brewer's measured values. */
const measuredXml = (ingredient: { measured?: unknown }, indent: string) =>
  ingredient.measured && typeof ingredient.measured === 'object' && Object.keys(ingredient.measured).length
    ? [tag('BREWCOMMAND_MEASURED', JSON.stringify(ingredient.measured), indent)]
    : []

/** One recipe as a BeerXML <RECIPE>, with BREWCOMMAND_* tags for what BeerXML cannot say. */
function recipeXml(name: string, description: string, recipe: Recipe): string {
  const i2 = '  '.repeat(2)
  const i3 = '  '.repeat(3)
  const i4 = '  '.repeat(4)
  const lines: string[] = ['  <RECIPE>']
  const add = (...more: string[]) => lines.push(...more)
  const hasGrain = recipe.grainBill.some((g) => ['grain', 'adjunct'].includes(String(g.ingredient.type)))
  const hasExtract = recipe.grainBill.some((g) =>
    ['extract', 'dry extract'].includes(String(g.ingredient.type)),
  )
  add(
    tag('NAME', name, i2),
    tag('VERSION', 1, i2),
    tag('TYPE', hasExtract ? (hasGrain ? 'Partial Mash' : 'Extract') : 'All Grain', i2),
    tag('BREWER', '', i2),
  )
  const style = styleForExport(recipe)
  if (style) {
    const code = /^(\d+)([A-Z]?)$/i.exec(style.code)
    add(
      `${i2}<STYLE>`,
      tag('NAME', style.name, i3),
      tag('VERSION', 1, i3),
      tag('CATEGORY', style.category, i3),
      tag('CATEGORY_NUMBER', code ? code[1] : style.code, i3),
      tag('STYLE_LETTER', code ? code[2] : '', i3),
      tag('STYLE_GUIDE', style.guide, i3),
      tag('TYPE', 'Ale', i3),
      tag('OG_MIN', style.style.og[0], i3),
      tag('OG_MAX', style.style.og[1], i3),
      tag('FG_MIN', style.style.fg[0], i3),
      tag('FG_MAX', style.style.fg[1], i3),
      tag('IBU_MIN', style.style.ibu[0], i3),
      tag('IBU_MAX', style.style.ibu[1], i3),
      tag('COLOR_MIN', style.style.srm[0], i3),
      tag('COLOR_MAX', style.style.srm[1], i3),
      `${i2}</STYLE>`,
    )
  }
  const batchText = `${recipe.yield.quantity} ${recipe.yield.unit === 'BBL' ? 'bbl' : 'gal'}`
  add(
    tag('BATCH_SIZE', batchToLitres(recipe.yield), i2),
    tag('DISPLAY_BATCH_SIZE', batchText, i2),
    tag('BREWCOMMAND_BATCH', batchText, i2),
    tag('BOIL_SIZE', batchToLitres(recipe.yield), i2),
    tag('BOIL_TIME', recipe.boilTime, i2),
    tag('EFFICIENCY', 70, i2),
    tag('BREWCOMMAND_WHIRLPOOL_TIME', recipe.whirlpoolTime, i2),
    tag('BREWCOMMAND_MASH_THICKNESS', recipe.mashThickness, i2),
  )
  if (recipe.style) add(tag('BREWCOMMAND_STYLE', recipe.style, i2))

  add(`${i2}<FERMENTABLES>`)
  for (const grain of recipe.grainBill) {
    const ing = grain.ingredient
    const extract = Number(ing.extractFgMin ?? 0)
    add(
      `${i3}<FERMENTABLE>`,
      tag('NAME', ingredientName(ing), i4),
      tag('VERSION', 1, i4),
      tag('TYPE', capitalise(String(ing.type || 'grain')), i4),
      tag('AMOUNT', amountToKg(grain.amount), i4),
      tag('DISPLAY_AMOUNT', amountText(grain.amount), i4),
      tag('BREWCOMMAND_AMOUNT', amountText(grain.amount), i4),
      tag('YIELD', tidy(extract * 100), i4),
      tag('COLOR', Number(ing.lovibond ?? 0), i4),
      tag('ADD_AFTER_BOIL', false, i4),
      tag('BREWCOMMAND_ID', ing.id, i4),
      ...measuredXml(ing, i4),
      `${i3}</FERMENTABLE>`,
    )
  }
  add(`${i2}</FERMENTABLES>`, `${i2}<HOPS>`)
  for (const hop of recipe.hopsBill) {
    const ing = hop.ingredient
    const minutes =
      hop.additionType === 'Boil'
        ? (hop.time?.value ?? 0) * (hop.time?.unit === 'Days' ? 1440 : 1)
        : hop.additionType === 'Dry Hop'
          ? tidy((hop.time?.value ?? 0) * (hop.time?.unit === 'Minutes' ? 1 : 1440))
          : hop.additionType === 'First Wort'
            ? recipe.boilTime
            : hop.additionType === 'Whirlpool'
              ? recipe.whirlpoolTime
              : 0
    add(
      `${i3}<HOP>`,
      tag('NAME', ingredientName(ing), i4),
      tag('VERSION', 1, i4),
      tag('ALPHA', Number(ing.alphaAcids ?? 0), i4),
      tag('AMOUNT', amountToKg(hop.amount), i4),
      tag('DISPLAY_AMOUNT', amountText(hop.amount), i4),
      tag('BREWCOMMAND_AMOUNT', amountText(hop.amount), i4),
      tag('USE', XML_HOP_USE[hop.additionType], i4),
      tag('BREWCOMMAND_USE', hop.additionType, i4),
      tag('TIME', minutes, i4),
      tag('FORM', 'Pellet', i4),
      tag('BREWCOMMAND_ID', ing.id, i4),
      ...measuredXml(ing, i4),
      `${i3}</HOP>`,
    )
  }
  add(`${i2}</HOPS>`, `${i2}<MISCS>`)
  for (const other of recipe.otherIngredients) {
    const ing = other.ingredient
    const type = String(ing.type ?? 'other').toLowerCase()
    const unit = OTHER_TIME_UNITS[other.additionType]
    const time = other.additionTime ?? 0
    add(
      `${i3}<MISC>`,
      tag('NAME', ingredientName(ing), i4),
      tag('VERSION', 1, i4),
      tag('TYPE', capitalise(XML_MISC_TYPES.includes(type) ? type : 'other'), i4),
      tag('BREWCOMMAND_TYPE', type, i4),
      tag('USE', XML_MISC_USE[other.additionType], i4),
      tag('BREWCOMMAND_USE', other.additionType, i4),
      tag('TIME', unit === 'Days' ? tidy(time * 1440) : time, i4),
      tag('AMOUNT', amountToKg(other.amount), i4),
      tag('AMOUNT_IS_WEIGHT', true, i4),
      tag('DISPLAY_AMOUNT', amountText(other.amount), i4),
      tag('BREWCOMMAND_AMOUNT', amountText(other.amount), i4),
      tag('BREWCOMMAND_FERMENTABLE', ing.fermentable === true, i4),
      tag('NOTES', other.brewersNotes, i4),
      tag('BREWCOMMAND_ID', ing.id, i4),
      `${i3}</MISC>`,
    )
  }
  add(`${i2}</MISCS>`, `${i2}<YEASTS>`)
  if (recipe.yeast && recipe.yeast.name) {
    const y = recipe.yeast
    const type = String(y.type || 'ale').toLowerCase()
    add(
      `${i3}<YEAST>`,
      tag('NAME', y.name, i4),
      tag('VERSION', 1, i4),
      tag('TYPE', capitalise(XML_YEAST_TYPES.includes(type) ? type : 'ale'), i4),
      tag('BREWCOMMAND_TYPE', type, i4),
      tag('FORM', 'Liquid', i4),
      tag('AMOUNT', 0, i4),
      tag('ATTENUATION', y.attenuation, i4),
      tag('FLOCCULATION', y.flocculation, i4),
      ...(typeof y.laboratory === 'string' ? [tag('LABORATORY', y.laboratory, i4)] : []),
      ...(typeof y.productId === 'string' ? [tag('PRODUCT_ID', y.productId, i4)] : []),
      tag('BREWCOMMAND_ID', y.id, i4),
      ...measuredXml(y, i4),
      `${i3}</YEAST>`,
    )
  }
  add(`${i2}</YEASTS>`, `${i2}<WATERS/>`, `${i2}<MASH>`, tag('NAME', 'Mash', i3), tag('VERSION', 1, i3))
  add(tag('GRAIN_TEMP', 20, i3), `${i3}<MASH_STEPS>`)
  const i5 = '  '.repeat(5)
  for (const step of [...recipe.process].sort((a, b) => a.order - b.order)) {
    const celsius = temperatureTextToCelsius(step.temperature)
    const minutes = parseNumber(step.durationMins)
    add(
      `${i4}<MASH_STEP>`,
      tag('NAME', mashStepLabel(step), i5),
      tag('VERSION', 1, i5),
      tag('TYPE', step.type === 'step-mash' ? 'Temperature' : 'Infusion', i5),
      tag('STEP_TEMP', celsius ?? 0, i5),
      tag('STEP_TIME', minutes ?? 0, i5),
      ...(step.temperature ? [tag('DISPLAY_STEP_TEMP', step.temperature, i5)] : []),
      tag('DESCRIPTION', step.brewersNotes, i5),
      tag('BREWCOMMAND_TYPE', step.type, i5),
      tag('BREWCOMMAND_TEMPERATURE', step.temperature, i5),
      tag('BREWCOMMAND_DURATION', step.durationMins, i5),
      tag('BREWCOMMAND_PH', step.targetpH, i5),
      `${i4}</MASH_STEP>`,
    )
  }
  add(`${i3}</MASH_STEPS>`, `${i2}</MASH>`)
  add(
    tag('NOTES', description, i2),
    tag('OG', roundTo(recipe.originalGravity, 3), i2),
    tag('FG', roundTo(recipe.finalGravity, 3), i2),
    tag('EST_OG', `${roundTo(recipe.originalGravity, 3)} SG`, i2),
    tag('EST_FG', `${roundTo(recipe.finalGravity, 3)} SG`, i2),
    tag('EST_COLOR', `${roundTo(recipe.srm, 1)} SRM`, i2),
    tag('IBU', roundTo(recipe.ibu, 1), i2),
    tag('IBU_METHOD', 'Tinseth', i2),
    tag('EST_ABV', `${roundTo(recipe.abv, 2)} %`, i2),
    '  </RECIPE>',
  )
  return lines.join('\n')
}

/** A BeerXML 1.0 document with one <RECIPE> per entry. */
export function exportBeerXml(recipes: { name: string; description: string; recipe: Recipe }[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- Written by BrewCommand. BREWCOMMAND_* tags keep what BeerXML 1.0 cannot say; other tools ignore them. -->',
    '<RECIPES>',
    ...recipes.map((r) => recipeXml(r.name, r.description, r.recipe)),
    '</RECIPES>',
    '',
  ].join('\n')
}
