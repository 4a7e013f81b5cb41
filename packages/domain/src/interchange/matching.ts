// Matching the names other tools write to the catalogue: case-, accent- and punctuation-insensitive,
// word order free, with the aliases brewers and tools use, and supplier words ignored when that helps.
import {
  FERMENTABLES,
  HOPS,
  OTHER_INGREDIENTS,
  YEASTS,
  type Fermentable,
  type Hop,
  type OtherIngredient,
  type Yeast,
} from '../catalog/catalog.ts'
import { STYLE_CHOICES, type StyleChoice } from '../styles/styles.ts'

/** Lower case, accents dropped, & as "and", every other non-letter/digit removed. */
export function normaliseName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '')
}

// Words that say nothing about which ingredient it is.
const NOISE = new Set([
  'malt',
  'malts',
  'the',
  'a',
  'of',
  'and',
  'pellet',
  'pellets',
  'leaf',
  'whole',
  'hops',
  'hop',
  'type',
  'us',
  'usa',
  'uk',
  'ger',
  'de',
  'bel',
  'be',
  'cz',
  'nz',
  'au',
  'american',
  'german',
  'english',
  'belgian',
  'row',
])
// Suppliers and laboratories; a name without them is tried when the full name finds nothing.
const SUPPLIERS = new Set([
  'briess',
  'weyermann',
  'simpsons',
  'muntons',
  'crisp',
  'dingemans',
  'bestmalz',
  'best',
  'castle',
  'chateau',
  'fawcett',
  'thomas',
  'rahr',
  'gambrinus',
  'avangard',
  'viking',
  'great',
  'western',
  'malteurop',
  'canada',
  'proximity',
  'fermentis',
  'dcl',
  'lallemand',
  'lalbrew',
  'danstar',
  'wyeast',
  'labs',
  'lab',
  'white',
  'omega',
  'imperial',
  'mangrove',
  'jacks',
  'jack',
  'yeast',
])

function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/(\d)\s*-?\s*row/g, '$1row')
    .replace(/(\d+)\s*°?\s*l\b/g, '$1l')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** The word-order-free key of a name: its meaningful words, sorted. */
function tokenKey(name: string, dropSuppliers = false): string {
  const kept = words(name).filter((w) => !NOISE.has(w) && !(dropSuppliers && SUPPLIERS.has(w)))
  return [...new Set(kept)].sort().join(' ')
}

const withoutParentheses = (name: string) => name.replace(/\([^)]*\)/g, ' ').trim()
const parentheses = (name: string) => [...name.matchAll(/\(([^)]*)\)/g)].map((m) => m[1])

type Keyed<T> = {
  exact: Map<string, T[]>
  loose: Map<string, T[]>
  tokens: Map<string, T[]>
  bare: Map<string, T[]>
}

function add<T>(map: Map<string, T[]>, key: string, item: T) {
  if (!key) return
  const list = map.get(key) ?? []
  if (!list.includes(item)) list.push(item)
  map.set(key, list)
}

function buildIndex<T>(items: readonly T[], namesOf: (item: T) => string[]): Keyed<T> {
  const index: Keyed<T> = { exact: new Map(), loose: new Map(), tokens: new Map(), bare: new Map() }
  for (const item of items) {
    for (const name of namesOf(item)) {
      add(index.exact, normaliseName(name), item)
      for (const variant of [name, withoutParentheses(name), ...parentheses(name)]) {
        add(index.loose, normaliseName(variant), item)
        add(index.tokens, tokenKey(variant), item)
        add(index.bare, tokenKey(variant, true), item)
      }
    }
  }
  return index
}

const single = <T>(list: T[] | undefined): T | undefined => (list?.length === 1 ? list[0] : undefined)

function lookup<T>(index: Keyed<T>, name: string, aliases: Record<string, string>, byId: Map<string, T>) {
  const candidates = [name, withoutParentheses(name), ...parentheses(name)].filter((n) => n.trim())
  // A catalogue item's own name wins over an alias; then aliases; then the looser keys.
  for (const candidate of candidates) {
    const exact = single(index.exact.get(normaliseName(candidate)))
    if (exact) return exact
  }
  for (const candidate of candidates) {
    const aliased = aliases[normaliseName(candidate)]
    if (aliased && byId.has(aliased)) return byId.get(aliased)
  }
  for (const candidate of candidates) {
    const loose = single(index.loose.get(normaliseName(candidate)))
    if (loose) return loose
  }
  for (const candidate of candidates) {
    const byTokens = single(index.tokens.get(tokenKey(candidate)))
    if (byTokens) return byTokens
  }
  for (const candidate of candidates) {
    const bare = single(index.bare.get(tokenKey(candidate, true)))
    if (bare) return bare
  }
  return undefined
}

// Common names real tools write for catalogue items (normalised name → catalogue id).
const FERMENTABLE_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries({
    'Pale Malt (2 Row) US': 'pale-2-row-malt',
    '2-Row': 'pale-2-row-malt',
    'Brewers Malt': 'pale-2-row-malt',
    'Two-Row': 'pale-2-row-malt',
    'Pale Malt (6 Row) US': 'pale-6-row-malt',
    '6-Row': 'pale-6-row-malt',
    'Maris Otter': 'maris-otter-pale-ale-malt',
    'Pale Malt, Maris Otter': 'maris-otter-pale-ale-malt',
    'Pale Malt (2 Row) UK': 'pale-ale-malt-uk',
    'Pale Ale Malt': 'pale-ale-malt-uk',
    'Golden Promise': 'golden-promise-pale-ale-malt',
    'Pilsner (2 Row) Ger': 'pilsner-malt-germany',
    'Pilsner (2 Row) Bel': 'pilsner-malt-belgium',
    'Pilsner (2 Row) UK': 'pilsner-malt-uk',
    Pilsner: 'pilsner-malt-germany',
    Pils: 'pilsner-malt-germany',
    'Pilsner Malt': 'pilsner-malt-germany',
    'Munich Malt': 'munich-malt-germany',
    Munich: 'munich-malt-germany',
    'Vienna Malt': 'vienna-malt',
    'Wheat Malt, Ger': 'wheat-malt-germany',
    'Wheat Malt, Bel': 'wheat-malt-belgium',
    'Wheat Malt': 'wheat-malt-germany',
    'White Wheat': 'white-wheat-malt',
    Carapils: 'briess-carapils-malt',
    'Cara-Pils/Dextrine': 'briess-carapils-malt',
    'Cara-Pils': 'briess-carapils-malt',
    Dextrine: 'dextrine-malt',
    Carafoam: 'weyermann-carafoam',
    'Black (Patent) Malt': 'black-patent-malt',
    'Black Malt': 'black-patent-malt',
    'Black Patent': 'black-patent-malt',
    'Chocolate Malt': 'chocolate-malt-us',
    'Pale Chocolate Malt': 'chocolate-malt-uk',
    'Victory Malt': 'briess-victory-malt',
    Victory: 'briess-victory-malt',
    'Special Roast': 'briess-special-roast-malt',
    'Caramunich Malt': 'caramunich-malt-belgium',
    'Caravienne Malt': 'caravienne-malt-belgium',
    'Smoked Malt': 'rauch-malt-beech-smoked',
    Rauchmalt: 'rauch-malt-beech-smoked',
    'Acid Malt': 'acidulated-malt',
    Sauermalz: 'acidulated-malt',
    'Oats, Flaked': 'flaked-oats',
    'Corn, Flaked': 'flaked-corn-maize',
    'Barley, Flaked': 'flaked-barley',
    'Wheat, Flaked': 'flaked-wheat',
    'Rice, Flaked': 'flaked-rice',
    'Rye, Flaked': 'flaked-rye',
    'Wheat, Torrified': 'torrified-wheat',
    'Barley, Torrified': 'torrified-barley',
    'Oats, Golden Naked': 'golden-naked-oats',
    'Corn Sugar': 'corn-sugar-dextrose',
    Dextrose: 'corn-sugar-dextrose',
    'Cane (Beet) Sugar': 'table-sugar-sucrose',
    'Cane Sugar': 'table-sugar-sucrose',
    'Table Sugar': 'table-sugar-sucrose',
    Sucrose: 'table-sugar-sucrose',
    'Candi Sugar, Clear': 'belgian-candi-sugar-clear',
    'Candi Sugar, Amber': 'belgian-candi-sugar-amber',
    'Candi Sugar, Dark': 'belgian-candi-sugar-dark',
    'Milk Sugar (Lactose)': 'lactose-milk-sugar',
    Lactose: 'lactose-milk-sugar',
    'Extra Light Dry Extract': 'dry-malt-extract-dme-extra-light',
    'Light Dry Extract': 'dry-malt-extract-dme-light',
    'Pale Dry Extract': 'dry-malt-extract-dme-light',
    'Amber Dry Extract': 'dry-malt-extract-dme-amber',
    'Dark Dry Extract': 'dry-malt-extract-dme-dark',
    'Wheat Dry Extract': 'dry-malt-extract-dme-wheat',
    'Light DME': 'dry-malt-extract-dme-light',
    'Extra Light DME': 'dry-malt-extract-dme-extra-light',
    'Pale Liquid Extract': 'liquid-malt-extract-lme-pale',
    'Light Liquid Extract': 'liquid-malt-extract-lme-pale',
    'Pilsner Liquid Extract': 'liquid-malt-extract-lme-pilsner',
    'Amber Liquid Extract': 'liquid-malt-extract-lme-amber',
    'Dark Liquid Extract': 'liquid-malt-extract-lme-dark',
    'Wheat Liquid Extract': 'liquid-malt-extract-lme-wheat',
    'Light LME': 'liquid-malt-extract-lme-pale',
  }).map(([name, id]) => [normaliseName(name), id]),
)

const HOP_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries({
    'Goldings, East Kent': 'east-kent-goldings',
    Tomahawk: 'columbus',
    'Hallertauer Mittelfrueh': 'hallertau-mittelfruh',
    Hallertau: 'hallertau-mittelfruh',
    Hallertauer: 'hallertau-mittelfruh',
    Tettnang: 'tettnanger',
    Magnum: 'magnum-gr',
  }).map(([name, id]) => [normaliseName(name), id]),
)

const MISC_ALIASES: Record<string, string> = Object.fromEntries(
  Object.entries({
    Whirlfloc: 'whirlfloc-tablet',
    'Whirlfloc Tablets': 'whirlfloc-tablet',
    'Campden Tablets': 'campden-tablet-potassium-metabisulfite',
    Gypsum: 'gypsum-calcium-sulfate',
    'Calcium Sulfate': 'gypsum-calcium-sulfate',
    'Epsom Salt': 'epsom-salt-magnesium-sulfate',
    'Coriander Seeds': 'coriander-seed',
    Coriander: 'coriander-seed',
    'Orange Peel, Bitter': 'bitter-orange-peel-curacao',
    'Orange Peel, Sweet': 'sweet-orange-peel',
    'Yeast Nutrient': 'yeast-nutrient',
    'Lactic Acid 88%': 'lactic-acid',
  }).map(([name, id]) => [normaliseName(name), id]),
)

/** The alias tables (normalised name → catalogue id), for the test that keeps them in step with the data. */
export const NAME_ALIASES = {
  fermentables: FERMENTABLE_ALIASES,
  hops: HOP_ALIASES,
  otherIngredients: MISC_ALIASES,
}

// The alias tables name ids that may change with the data files; unknown ones are simply not used.
const FERMENTABLE_INDEX = buildIndex(FERMENTABLES, (f) => [f.name])
const FERMENTABLE_BY_ID = new Map(FERMENTABLES.map((f) => [f.id, f]))
const HOP_INDEX = buildIndex(HOPS, (h) => [h.name, ...(h.aliases ?? [])])
const HOP_BY_ID = new Map(HOPS.map((h) => [h.id, h]))
const MISC_INDEX = buildIndex(OTHER_INGREDIENTS, (o) => [o.name])
const MISC_BY_ID = new Map(OTHER_INGREDIENTS.map((o) => [o.id, o]))
const YEAST_BY_ID = new Map(YEASTS.map((y) => [y.id, y]))
const YEAST_INDEX = buildIndex(YEASTS, (y) => [y.name, y.productName, `${y.laboratory} ${y.productName}`])

// An id BrewCommand wrote into its own file decides: a catalogue id is that item, any other id was a
// custom ingredient and stays one (even when its name is also a catalogue name).

/** The catalogue fermentable for a name from a file (or the id BrewCommand wrote), if any. */
export function matchFermentable(name: string, catalogueId?: string): Fermentable | undefined {
  if (catalogueId) return FERMENTABLE_BY_ID.get(catalogueId)
  const found = lookup(FERMENTABLE_INDEX, name, FERMENTABLE_ALIASES, FERMENTABLE_BY_ID)
  if (found) return found
  // "Caramel/Crystal Malt - 60L", "Crystal 60", "C-60", "Caramel 40L" → Crystal Malt 60L when it exists.
  const crystal =
    /\b(?:crystal|caramel|cara|c)\s*[-/]?\s*(?:malt\s*)?[-–]?\s*(\d{1,3})\s*(?:l|°l|lovibond)?\b/i.exec(
      name.replace(/caramel\s*\/\s*crystal/i, 'crystal'),
    )
  if (crystal) return FERMENTABLE_BY_ID.get(`crystal-malt-${crystal[1]}l`)
  return undefined
}

/** The catalogue hop for a name from a file, if any. */
export function matchHop(name: string, catalogueId?: string): Hop | undefined {
  if (catalogueId) return HOP_BY_ID.get(catalogueId)
  return lookup(HOP_INDEX, name, HOP_ALIASES, HOP_BY_ID)
}

/** The catalogue other ingredient for a name from a file, if any. */
export function matchOtherIngredient(name: string, catalogueId?: string): OtherIngredient | undefined {
  if (catalogueId) return MISC_BY_ID.get(catalogueId)
  return lookup(MISC_INDEX, name, MISC_ALIASES, MISC_BY_ID)
}

// Laboratories under their other names (brands, former owners), as normalised words.
const LAB_ALIASES: Record<string, string> = {
  danstar: 'lallemand',
  lalbrew: 'lallemand',
  dcl: 'fermentis',
  safale: 'fermentis',
  saflager: 'fermentis',
  safbrew: 'fermentis',
  safbrewing: 'fermentis',
  mangrove: 'mangrovejacks',
  jacks: 'mangrovejacks',
}
const LAB_NOISE = new Set([
  'yeast',
  'yeasts',
  'labs',
  'lab',
  'laboratories',
  'inc',
  'co',
  'company',
  'organic',
  'the',
])
const labWords = (lab: string) =>
  new Set(
    words(lab)
      .filter((w) => !LAB_NOISE.has(w))
      .map((w) => LAB_ALIASES[w] ?? w),
  )

/** False when the file names a laboratory that is not the catalogue yeast's (brand names count as theirs). */
function sameLaboratory(fileLab: string | undefined, yeast: Yeast): boolean {
  const theirs = labWords(yeast.laboratory)
  const ours = labWords(fileLab ?? '')
  if (ours.size === 0) return true
  const joined = normaliseName(yeast.laboratory)
  return [...ours].some((w) => theirs.has(w) || joined.includes(w))
}

/** False when the file gives a product id that is not the catalogue yeast's ("WLP001" and "001" agree). */
function sameProduct(fileId: string | undefined, yeast: Yeast): boolean {
  const ours = normaliseName(fileId ?? '')
  if (ours.length < 2) return true
  const theirs = normaliseName(yeast.productId)
  return ours === theirs || ours.includes(theirs) || theirs.includes(ours)
}

/**
 * The catalogue yeast for a file's yeast: by BrewCommand's id, by the product code in PRODUCT_ID or in
 * the name ("California Ale (White Labs #WLP001)", "Safale US-05"), then by name. A yeast whose product id
 * or laboratory contradicts the file's is another strain: then there is no match.
 */
export function matchYeast(
  yeast: { name: string; laboratory?: string; productId?: string },
  catalogueId?: string,
): Yeast | undefined {
  if (catalogueId) return YEAST_BY_ID.get(catalogueId)
  const codes = [
    yeast.productId ?? '',
    ...(yeast.name.match(/#\s*([A-Za-z0-9-/]+)/g) ?? []).map((c) => c.slice(1)),
  ]
  for (const word of yeast.name.split(/[\s()]+/)) if (/\d/.test(word)) codes.push(word)
  const agrees = (y: Yeast) => sameProduct(yeast.productId, y) && sameLaboratory(yeast.laboratory, y)
  for (const code of codes.map(normaliseName).filter((c) => c.length >= 2)) {
    const byCode = YEASTS.filter((y) => normaliseName(y.productId) === code && agrees(y))
    const chosen =
      byCode.length === 1
        ? byCode[0]
        : byCode.find((y) => yeast.laboratory && sameLaboratory(yeast.laboratory, y))
    if (chosen) return chosen
  }
  const byName = lookup(YEAST_INDEX, yeast.name, {}, YEAST_BY_ID)
  return byName && agrees(byName) ? byName : undefined
}

// A style's words in any order; unlike ingredient names, "American" or "English" tell styles apart.
const styleKey = (name: string) =>
  [...new Set(words(name).filter((w) => !['the', 'and', 'of', 'a', 'style'].includes(w)))].sort().join(' ')
const STYLE_KEYS = new Map<string, StyleChoice[]>()
for (const s of STYLE_CHOICES) add(STYLE_KEYS, styleKey(s.name), s)
const STYLE_BY_ID = new Map(STYLE_CHOICES.map((s) => [s.id, s]))
/** The guide whose codes and names the style list holds. */
export const STYLE_GUIDE = 'BJCP 2021'

// Styles that earlier BJCP guides named otherwise (normalised old name → BJCP 2021 id).
const STYLE_RENAMES: Record<string, string> = Object.fromEntries(
  Object.entries({
    'Dry Stout': 'irish-stout',
    'Irish Dry Stout': 'irish-stout',
    'Trappist Single': 'belgian-single',
    'Imperial IPA': 'double-ipa',
    'Weizen/Weissbier': 'weissbier',
    Weizen: 'weissbier',
    'Robust Porter': 'american-porter',
    'Brown Porter': 'english-porter',
    'Special/Best/Premium Bitter': 'best-bitter',
    'Extra Special/Strong Bitter (English Pale Ale)': 'strong-bitter',
    Dunkelweizen: 'dunkles-weissbier',
    'Classic Rauchbier': 'rauchbier',
    'English Best Bitter': 'best-bitter',
  }).map(([name, id]) => [normaliseName(name), id]),
)

/** The style names of the renames table, for the test that keeps it in step with the data. */
export const STYLE_RENAME_IDS = Object.values(STYLE_RENAMES)

/** True when the file's style guide is the one our style list follows (or says nothing else). */
export const isOurStyleGuide = (guide: string | undefined) =>
  !!guide && normaliseName(guide) === normaliseName(STYLE_GUIDE)

/**
 * The style for a file's style, within the file's guide: BrewCommand's own id first; then the name (and
 * the names earlier BJCP guides used for a style); the code ("21A", "Cat 21 A") only when the file's guide is
 * BJCP 2021, since codes moved between guides (BJCP 1999 1A is not BJCP 2021 1A). undefined when no match is
 * sure.
 */
export function matchStyle(style: {
  name?: string
  code?: string
  id?: string
  guide?: string
}): StyleChoice | undefined {
  if (style.id) {
    const byId = STYLE_BY_ID.get(style.id)
    if (byId) return byId
  }
  if (style.name) {
    const candidates = [style.name, withoutParentheses(style.name), ...parentheses(style.name)].filter((n) =>
      n.trim(),
    )
    for (const candidate of candidates) {
      const byName = single(STYLE_KEYS.get(styleKey(candidate)))
      if (byName) return byName
    }
    for (const candidate of candidates) {
      const renamed = STYLE_BY_ID.get(STYLE_RENAMES[normaliseName(candidate)] ?? '')
      if (renamed) return renamed
    }
  }
  if (style.code && (isOurStyleGuide(style.guide) || (!style.guide && !style.name))) {
    const code = normaliseName(style.code).replace(/^0+/, '')
    const byCode = STYLE_CHOICES.filter((s) => normaliseName(s.bjcpCode) === code)
    if (byCode.length === 1) return byCode[0]
  }
  return undefined
}
