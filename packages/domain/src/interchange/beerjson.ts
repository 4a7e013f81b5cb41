// BeerJSON 1.0 (beerjson.github.io): the published schema's shapes for what a recipe holds, in zod, so a
// file is checked item by item (a broken hop skips that hop, not the recipe) and every problem names its
// JSON path. Writes files that BrewCommand reads back to the same recipe; `x_brewcommand` members keep
// what BeerJSON cannot say (other tools ignore unknown members).
import { z } from 'zod'
import {
  MASH_STEP_TYPES,
  OTHER_TIME_UNITS,
  type Amount,
  type HopAdditionType,
  type MashStepType,
  type OtherAdditionType,
  type Recipe,
} from '../recipes/recipe.schema.ts'
import { guessStepType } from './beerxml.ts'
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
  ebcToLovibond,
  kgToAmount,
  LITRES_PER_GALLON,
  litresToBatch,
  parseNumber,
  roundTo,
  srmToLovibond,
  temperatureTextToCelsius,
  tidy,
  weightUnitOf,
} from './values.ts'

// Numbers may arrive as strings, with decimal commas, from tools that write them so.
const num = z.preprocess((value) => parseNumber(value) ?? value, z.number().finite())
const unitValue = <U extends z.ZodType>(unit: U) => z.looseObject({ unit, value: num })

/** BeerJSON MassType, VolumeType, TimeType, ColorType, PercentType, TemperatureType (definitions/measureable_units). */
export const MassSchema = unitValue(z.enum(['mg', 'g', 'kg', 'lb', 'oz']))
export const VolumeSchema = unitValue(
  z.enum([
    'ml',
    'l',
    'tsp',
    'tbsp',
    'floz',
    'cup',
    'pt',
    'qt',
    'gal',
    'bbl',
    'ifloz',
    'ipt',
    'iqt',
    'igal',
    'ibbl',
  ]),
)
export const UnitCountSchema = unitValue(z.string())
export const TimeSchema = unitValue(z.enum(['sec', 'min', 'hr', 'day', 'week']))
export const ColorSchema = unitValue(z.enum(['EBC', 'Lovi', 'SRM']))
export const PercentSchema = unitValue(z.literal('%'))
export const TemperatureSchema = unitValue(z.enum(['C', 'F']))
export const AcidityRangeSchema = unitValue(z.literal('pH'))

/** TimingType (definitions/timing). */
export const TimingSchema = z.looseObject({
  time: TimeSchema.optional(),
  duration: TimeSchema.optional(),
  continuous: z.boolean().optional(),
  use: z.enum(['add_to_mash', 'add_to_boil', 'add_to_fermentation', 'add_to_package']).optional(),
  step: z.number().int().optional(),
})

/** FermentableAdditionType (definitions/fermentable). */
export const FermentableAdditionSchema = z.looseObject({
  name: z.string().trim().min(1),
  type: z.string(),
  yield: z
    .looseObject({ fine_grind: PercentSchema.optional(), coarse_grind: PercentSchema.optional() })
    .optional(),
  color: ColorSchema,
  amount: z.union([MassSchema, VolumeSchema, UnitCountSchema]),
  timing: TimingSchema.optional(),
  x_brewcommand: z.looseObject({ id: z.string().optional(), amount: z.string().optional() }).optional(),
})

/** HopAdditionType (definitions/hop). */
export const HopAdditionSchema = z.looseObject({
  name: z.string().trim().min(1),
  alpha_acid: PercentSchema,
  amount: z.union([MassSchema, VolumeSchema, UnitCountSchema]),
  timing: TimingSchema,
  x_brewcommand: z
    .looseObject({
      id: z.string().optional(),
      amount: z.string().optional(),
      addition: z.string().optional(),
    })
    .optional(),
})

/** MiscellaneousAdditionType (definitions/misc). */
export const MiscAdditionSchema = z.looseObject({
  name: z.string().trim().min(1),
  type: z.string(),
  amount: z.union([MassSchema, VolumeSchema, UnitCountSchema]),
  timing: TimingSchema.optional(),
  notes: z.string().optional(),
  x_brewcommand: z
    .looseObject({
      id: z.string().optional(),
      amount: z.string().optional(),
      addition: z.string().optional(),
      type: z.string().optional(),
      fermentable: z.boolean().optional(),
    })
    .optional(),
})

/** CultureAdditionType (definitions/culture). */
export const CultureAdditionSchema = z.looseObject({
  name: z.string().trim().min(1),
  type: z.string(),
  form: z.string().optional(),
  producer: z.string().optional(),
  product_id: z.string().optional(),
  attenuation: PercentSchema.optional(),
  flocculation: z.string().optional(),
  x_brewcommand: z.looseObject({ id: z.string().optional(), type: z.string().optional() }).optional(),
})

/** MashStepType (definitions/mash_step). */
export const MashStepSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  step_temperature: TemperatureSchema,
  step_time: TimeSchema,
  start_ph: AcidityRangeSchema.optional(),
  description: z.string().optional(),
  x_brewcommand: z
    .looseObject({
      type: z.string().optional(),
      temperature: z.string().optional(),
      duration: z.string().optional(),
      ph: z.string().optional(),
    })
    .optional(),
})

/** RecipeType (definitions/recipe): the parts checked before the items. */
export const RecipeHeadSchema = z.looseObject({
  name: z.string().trim(),
  type: z.string(),
  author: z.string().optional(),
  batch_size: VolumeSchema,
  efficiency: z.looseObject({ brewhouse: PercentSchema }),
  style: z
    .looseObject({
      name: z.string().optional(),
      category: z.string().optional(),
      category_number: z.union([z.number(), z.string()]).optional(),
      style_letter: z.string().optional(),
      style_guide: z.string().optional(),
    })
    .optional(),
  ingredients: z.looseObject({
    fermentable_additions: z.array(z.unknown()),
    hop_additions: z.array(z.unknown()).optional(),
    miscellaneous_additions: z.array(z.unknown()).optional(),
    culture_additions: z.array(z.unknown()).optional(),
  }),
  mash: z.looseObject({ mash_steps: z.array(z.unknown()) }).optional(),
  boil: z.looseObject({ boil_time: TimeSchema.optional() }).optional(),
  notes: z.string().optional(),
  x_brewcommand: z
    .looseObject({
      style: z.string().optional(),
      batch: z.string().optional(),
      whirlpool_time: z.number().optional(),
      mash_thickness: z.number().optional(),
      description: z.string().optional(),
    })
    .optional(),
})

/** The document: { beerjson: { version: 1, recipes: [...] } }. */
export const BeerJsonDocumentSchema = z.looseObject({
  beerjson: z.looseObject({ version: num, recipes: z.array(z.unknown()) }),
})

// Reading -----------------------------------------------------------------------------------------------

function jsonPath(base: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    base,
  )
}

function issuesOf(base: string, error: z.ZodError): InterchangeProblem[] {
  return error.issues.map((issue) => ({ path: jsonPath(base, issue.path), reason: issue.message }))
}

const MASS_TO_KG = { mg: 1e-6, g: 1e-3, kg: 1, lb: 1 / 2.20462, oz: 1 / 35.274 } as const
const VOLUME_TO_LITRES: Record<string, number> = {
  ml: 0.001,
  l: 1,
  tsp: 0.00492892,
  tbsp: 0.0147868,
  floz: 0.0295735,
  cup: 0.236588,
  pt: 0.473176,
  qt: 0.946353,
  gal: LITRES_PER_GALLON,
  bbl: LITRES_PER_GALLON * 31,
  ifloz: 0.0284131,
  ipt: 0.568261,
  iqt: 1.13652,
  igal: 4.54609,
  ibbl: 163.659,
}
const UNIT_OF = { g: 'Grams', kg: 'Kilograms', lb: 'Pounds', oz: 'Ounces' } as const

type Notes = { skip: (path: string, reason: string) => void; note: (path: string, reason: string) => void }

/** A BeerJSON amount as ours: mass units map one to one; a volume is taken as 1 kg per litre. */
function readAmount(
  amount: { unit: string; value: number },
  exact: string | undefined,
  path: string,
  name: string,
  notes: Notes,
): Amount | undefined {
  if (exact) {
    const match = /^([\d.eE+-]+)\s+(\w+)$/.exec(exact)
    const unit = match ? weightUnitOf(match[2]) : undefined
    const value = match ? Number(match[1]) : NaN
    if (unit && Number.isFinite(value) && value >= 0) return { value, unit }
  }
  if (amount.value < 0) return void notes.skip(`${path}.amount.value`, 'The amount is negative')
  if (amount.unit in UNIT_OF)
    return { value: amount.value, unit: UNIT_OF[amount.unit as keyof typeof UNIT_OF] }
  if (amount.unit === 'mg') return kgToAmount(amount.value * MASS_TO_KG.mg)
  const litres = VOLUME_TO_LITRES[amount.unit]
  if (litres !== undefined) {
    notes.note(`${path}.amount`, `${name}: the amount is a volume; taken as 1 kg per litre`)
    return kgToAmount(amount.value * litres)
  }
  return void notes.skip(
    `${path}.amount.unit`,
    `${name}: the amount is counted in "${amount.unit}", not a weight`,
  )
}

const minutesOf = (time: { unit: string; value: number } | undefined) =>
  !time
    ? undefined
    : tidy(time.value * ({ sec: 1 / 60, min: 1, hr: 60, day: 1440, week: 10080 }[time.unit] ?? 1))

function lovibondOf(color: { unit: string; value: number }): number {
  if (color.unit === 'Lovi') return color.value
  if (color.unit === 'SRM') return srmToLovibond(color.value)
  return ebcToLovibond(color.value)
}

function readFermentable(raw: unknown, path: string, notes: Notes): NeutralFermentable | undefined {
  const parsed = FermentableAdditionSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const f = parsed.data
  const amount = readAmount(f.amount, f.x_brewcommand?.amount, path, f.name, notes)
  if (!amount) return undefined
  const kind = f.type.toLowerCase()
  if (f.color.unit === 'EBC')
    notes.note(`${path}.color`, `${f.name}: colour ${f.color.value} EBC converted to °L`)
  return {
    path,
    name: f.name,
    kind: ['grain', 'adjunct', 'sugar', 'extract', 'dry extract'].includes(kind)
      ? kind
      : kind === 'honey'
        ? 'sugar'
        : 'grain',
    amount,
    lovibond: Math.max(0, lovibondOf(f.color)),
    ...(f.yield?.fine_grind
      ? { extract: Math.min(1, Math.max(0, tidy(f.yield.fine_grind.value / 100))) }
      : {}),
    ...(f.x_brewcommand?.id ? { catalogueId: f.x_brewcommand.id } : {}),
  }
}

const HOP_ADDITIONS = ['Boil', 'First Wort', 'Whirlpool', 'Dry Hop', 'Mash', 'Hop Back'] as const

function readHop(raw: unknown, path: string, notes: Notes, boilTime: number): NeutralHop | undefined {
  const parsed = HopAdditionSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const h = parsed.data
  const amount = readAmount(h.amount, h.x_brewcommand?.amount, path, h.name, notes)
  if (!amount) return undefined
  const ours = HOP_ADDITIONS.find((a) => a === h.x_brewcommand?.addition)
  const duration = minutesOf(h.timing.duration) ?? minutesOf(h.timing.time)
  let additionType: HopAdditionType
  if (ours) additionType = ours
  else if (h.timing.use === 'add_to_mash') additionType = 'Mash'
  else if (h.timing.use === 'add_to_fermentation' || h.timing.use === 'add_to_package')
    additionType = 'Dry Hop'
  else if (duration === 0) additionType = 'Whirlpool'
  else additionType = 'Boil'
  if (!ours && additionType === 'Boil' && duration === undefined) {
    notes.note(`${path}.timing`, `${h.name}: no boil time given; boiled for the recipe's ${boilTime} minutes`)
  }
  const time =
    additionType === 'Boil'
      ? { value: duration ?? boilTime, unit: 'Minutes' as const }
      : additionType === 'Dry Hop'
        ? { value: tidy((duration ?? 0) / 1440), unit: 'Days' as const }
        : null
  return {
    path,
    name: h.name,
    alphaAcids: Math.min(100, Math.max(0, h.alpha_acid.value)),
    amount,
    additionType,
    time,
    ...(h.x_brewcommand?.id ? { catalogueId: h.x_brewcommand.id } : {}),
  }
}

const OTHER_ADDITIONS = ['CLT', 'HLT', 'Mash', 'Boil', 'Primary', 'Secondary', 'Bright'] as const

function readMisc(raw: unknown, path: string, notes: Notes): NeutralMisc | undefined {
  const parsed = MiscAdditionSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const m = parsed.data
  const amount = readAmount(m.amount, m.x_brewcommand?.amount, path, m.name, notes)
  if (!amount) return undefined
  const ours = OTHER_ADDITIONS.find((a) => a === m.x_brewcommand?.addition)
  const use = m.timing?.use
  const additionType: OtherAdditionType =
    ours ??
    (use === 'add_to_mash'
      ? 'Mash'
      : use === 'add_to_fermentation'
        ? 'Primary'
        : use === 'add_to_package'
          ? 'Bright'
          : 'Boil')
  const minutes = minutesOf(m.timing?.duration) ?? minutesOf(m.timing?.time)
  const unit = OTHER_TIME_UNITS[additionType]
  return {
    path,
    name: m.name,
    kind: (m.x_brewcommand?.type ?? m.type).toLowerCase(),
    amount,
    additionType,
    additionTime: minutes === undefined || !unit ? null : unit === 'Days' ? tidy(minutes / 1440) : minutes,
    ...(m.x_brewcommand?.fermentable === undefined ? {} : { fermentable: m.x_brewcommand.fermentable }),
    notes: m.notes ?? '',
    ...(m.x_brewcommand?.id ? { catalogueId: m.x_brewcommand.id } : {}),
  }
}

function readCulture(raw: unknown, path: string, notes: Notes): NeutralYeast | undefined {
  const parsed = CultureAdditionSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const c = parsed.data
  return {
    path,
    name: c.name,
    kind: (c.x_brewcommand?.type ?? c.type).toLowerCase(),
    laboratory: c.producer,
    productId: c.product_id,
    ...(c.attenuation ? { attenuation: c.attenuation.value } : {}),
    flocculation: c.flocculation ? c.flocculation.replace(/\b[a-z]/g, (x) => x.toUpperCase()) : undefined,
    ...(c.x_brewcommand?.id ? { catalogueId: c.x_brewcommand.id } : {}),
  }
}

function readStep(raw: unknown, path: string, notes: Notes, mashSteps: number): NeutralStep | undefined {
  const parsed = MashStepSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const s = parsed.data
  const x = s.x_brewcommand
  const ours = x?.type && x.type in MASH_STEP_TYPES ? (x.type as MashStepType) : undefined
  const temp = s.step_temperature
  return {
    path,
    name: s.name,
    type: ours ?? guessStepType(s.name, s.type, mashSteps),
    temperature: x?.temperature ?? `${roundTo(temp.value, 1)} °${temp.unit}`,
    durationMins: x?.duration ?? String(minutesOf(s.step_time) ?? ''),
    targetpH: x?.ph ?? (s.start_ph ? String(s.start_ph.value) : ''),
    brewersNotes: s.description ?? '',
  }
}

function readRecipe(
  raw: unknown,
  path: string,
  index: number,
  problems: InterchangeProblem[],
): NeutralRecipe | undefined {
  const head = RecipeHeadSchema.safeParse(raw)
  if (!head.success) {
    problems.push(...issuesOf(path, head.error))
    return undefined
  }
  const r = head.data
  const skipped: InterchangeProblem[] = []
  const notices: InterchangeProblem[] = []
  const notes: Notes = {
    skip: (where, reason) => void skipped.push({ path: where, reason }),
    note: (where, reason) => void notices.push({ path: where, reason }),
  }
  const boilTime = minutesOf(r.boil?.boil_time) ?? 0
  const ing = r.ingredients
  const each = <T>(
    list: unknown[] | undefined,
    name: string,
    fn: (item: unknown, p: string) => T | undefined,
  ) =>
    (list ?? [])
      .map((item, i) => fn(item, `${path}.ingredients.${name}[${i}]`))
      .filter((x): x is T => x !== undefined)

  const cultures = each(ing.culture_additions, 'culture_additions', (c, p) => readCulture(c, p, notes))
  if (cultures.length > 1) {
    notes.note(
      `${path}.ingredients.culture_additions`,
      `The recipe has ${cultures.length} cultures; the first, ${cultures[0].name}, is used`,
    )
  }
  const rawSteps = r.mash?.mash_steps ?? []
  const mashLike = rawSteps.filter(
    (s) => !/out|sparge|lauter|vorlauf|boil|drain/i.test(((s as { name?: unknown })?.name ?? '') as string),
  ).length
  const steps = rawSteps
    .map((s, i) => readStep(s, `${path}.mash.mash_steps[${i}]`, notes, mashLike))
    .filter((s): s is NeutralStep => s !== undefined)

  const hops = each(ing.hop_additions, 'hop_additions', (h, p) => readHop(h, p, notes, boilTime))
  if (r.x_brewcommand?.whirlpool_time === undefined && hops.some((h) => h.additionType === 'Whirlpool')) {
    notes.note(
      `${path}.ingredients.hop_additions`,
      'Hops added at flame-out are read as Whirlpool; BeerJSON gives no whirlpool time, so it is 0 until set in the recipe',
    )
  }
  const litres = r.batch_size.value * (VOLUME_TO_LITRES[r.batch_size.unit] ?? 1)
  const exactBatch = /^([\d.eE+-]+) (GAL|BBL)$/.exec(r.x_brewcommand?.batch ?? '')
  const batch =
    exactBatch && Number.isFinite(Number(exactBatch[1]))
      ? { quantity: Number(exactBatch[1]), unit: exactBatch[2] as 'GAL' | 'BBL' }
      : r.batch_size.unit === 'gal'
        ? { quantity: r.batch_size.value, unit: 'GAL' as const }
        : r.batch_size.unit === 'bbl'
          ? { quantity: r.batch_size.value, unit: 'BBL' as const }
          : litresToBatch(litres)
  const category = r.style?.category_number === undefined ? '' : String(r.style.category_number)
  const name = r.name || `Imported recipe ${index + 1}`
  if (!r.name) notes.note(`${path}.name`, `The recipe has no name; it is called ${name}`)
  return {
    path,
    name,
    notes: r.x_brewcommand?.description ?? r.notes ?? '',
    style: {
      ...(r.style?.name ? { name: r.style.name } : {}),
      ...(category ? { code: `${category}${r.style?.style_letter ?? ''}` } : {}),
      ...(r.x_brewcommand?.style ? { id: r.x_brewcommand.style } : {}),
    },
    batch,
    boilTime,
    whirlpoolTime: Math.max(0, r.x_brewcommand?.whirlpool_time ?? 0),
    mashThickness: Math.max(0, r.x_brewcommand?.mash_thickness ?? 0),
    fermentables: each(ing.fermentable_additions, 'fermentable_additions', (f, p) =>
      readFermentable(f, p, notes),
    ),
    hops,
    miscs: each(ing.miscellaneous_additions, 'miscellaneous_additions', (m, p) => readMisc(m, p, notes)),
    yeast: cultures[0] ?? null,
    steps,
    skipped,
    notices,
  }
}

/** Reads a BeerJSON 1.0 document; problems name the JSON path and the reason. */
export function parseBeerJson(json: string, maxRecipes: number): NeutralFile {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (error) {
    return { recipes: [], problems: [{ path: '$', reason: `Not valid JSON: ${(error as Error).message}` }] }
  }
  const document = BeerJsonDocumentSchema.safeParse(data)
  if (!document.success) return { recipes: [], problems: issuesOf('$', document.error) }
  const all = document.data.beerjson.recipes
  const problems: InterchangeProblem[] = []
  if (all.length === 0) problems.push({ path: '$.beerjson.recipes', reason: 'The file holds no recipes' })
  if (all.length > maxRecipes) {
    problems.push({
      path: `$.beerjson.recipes[${maxRecipes}]`,
      reason: `The file holds ${all.length} recipes; only the first ${maxRecipes} are imported`,
    })
  }
  const recipes = all
    .slice(0, maxRecipes)
    .map((raw, i) => readRecipe(raw, `$.beerjson.recipes[${i}]`, i, problems))
    .filter((r): r is NeutralRecipe => r !== undefined)
  return { recipes, problems }
}

// Writing -----------------------------------------------------------------------------------------------

const MASS_UNIT = { Grams: 'g', Kilograms: 'kg', Pounds: 'lb', Ounces: 'oz' } as const
const mass = (amount: Amount) => ({ unit: MASS_UNIT[amount.unit], value: amount.value })
const exactAmount = (amount: Amount) => `${amount.value} ${MASS_UNIT[amount.unit]}`
const BEERJSON_MISC_TYPES = ['spice', 'fining', 'water agent', 'herb', 'flavor', 'wood', 'other']
const BEERJSON_CULTURE_TYPES = [
  'ale',
  'bacteria',
  'brett',
  'champagne',
  'kveik',
  'lacto',
  'lager',
  'malolactic',
  'mixed-culture',
  'other',
  'pedio',
  'spontaneous',
  'wine',
]

function hopTiming(hop: Recipe['hopsBill'][number], recipe: Recipe) {
  const minutes = (t: typeof hop.time) => (t ? t.value * (t.unit === 'Days' ? 1440 : 1) : 0)
  switch (hop.additionType) {
    case 'Boil':
      return { use: 'add_to_boil', duration: { unit: 'min', value: minutes(hop.time) } }
    case 'First Wort':
      return { use: 'add_to_boil', duration: { unit: 'min', value: recipe.boilTime } }
    case 'Whirlpool':
    case 'Hop Back':
      return { use: 'add_to_boil', duration: { unit: 'min', value: 0 } }
    case 'Dry Hop':
      return {
        use: 'add_to_fermentation',
        duration: {
          unit: 'day',
          value: hop.time?.unit === 'Minutes' ? tidy((hop.time?.value ?? 0) / 1440) : (hop.time?.value ?? 0),
        },
      }
    case 'Mash':
      return { use: 'add_to_mash' }
  }
}

const MISC_USE: Record<OtherAdditionType, string> = {
  CLT: 'add_to_mash',
  HLT: 'add_to_mash',
  Mash: 'add_to_mash',
  Boil: 'add_to_boil',
  Primary: 'add_to_fermentation',
  Secondary: 'add_to_fermentation',
  Bright: 'add_to_package',
}

function recipeJson(name: string, description: string, recipe: Recipe) {
  const style = styleForExport(recipe)
  const code = style ? /^(\d+)([A-Z]?)$/i.exec(style.code) : null
  const hasGrain = recipe.grainBill.some((g) => ['grain', 'adjunct'].includes(String(g.ingredient.type)))
  const hasExtract = recipe.grainBill.some((g) =>
    ['extract', 'dry extract'].includes(String(g.ingredient.type)),
  )
  const gallons = recipe.yield.quantity * (recipe.yield.unit === 'BBL' ? 31 : 1)
  return {
    name,
    type: hasExtract ? (hasGrain ? 'partial mash' : 'extract') : 'all grain',
    author: 'BrewCommand',
    batch_size: { unit: 'gal', value: tidy(gallons) },
    efficiency: { brewhouse: { unit: '%', value: 70 } },
    ...(style
      ? {
          style: {
            name: style.name,
            category: style.category,
            category_number: code ? Number(code[1]) : undefined,
            style_letter: code ? code[2] : undefined,
            style_guide: style.guide,
            type: 'beer',
          },
        }
      : {}),
    ingredients: {
      fermentable_additions: recipe.grainBill.map((g) => ({
        name: ingredientName(g.ingredient),
        type: String(g.ingredient.type || 'grain'),
        yield: { fine_grind: { unit: '%', value: tidy(Number(g.ingredient.extractFgMin ?? 0) * 100) } },
        color: { unit: 'Lovi', value: Number(g.ingredient.lovibond ?? 0) },
        amount: mass(g.amount),
        x_brewcommand: { id: g.ingredient.id, amount: exactAmount(g.amount) },
      })),
      hop_additions: recipe.hopsBill.map((h) => ({
        name: ingredientName(h.ingredient),
        form: 'pellet',
        alpha_acid: { unit: '%', value: Number(h.ingredient.alphaAcids ?? 0) },
        amount: mass(h.amount),
        timing: hopTiming(h, recipe),
        x_brewcommand: { id: h.ingredient.id, amount: exactAmount(h.amount), addition: h.additionType },
      })),
      miscellaneous_additions: recipe.otherIngredients.map((o) => {
        const type = String(o.ingredient.type ?? 'other').toLowerCase()
        const unit = OTHER_TIME_UNITS[o.additionType]
        return {
          name: ingredientName(o.ingredient),
          type: BEERJSON_MISC_TYPES.includes(type) ? type : 'other',
          amount: mass(o.amount),
          timing: {
            use: MISC_USE[o.additionType],
            ...(unit && o.additionTime != null
              ? { duration: { unit: unit === 'Days' ? 'day' : 'min', value: o.additionTime } }
              : {}),
          },
          notes: o.brewersNotes,
          x_brewcommand: {
            id: o.ingredient.id,
            amount: exactAmount(o.amount),
            addition: o.additionType,
            type,
            fermentable: o.ingredient.fermentable === true,
          },
        }
      }),
      culture_additions:
        recipe.yeast && recipe.yeast.name
          ? [
              {
                name: recipe.yeast.name,
                type: BEERJSON_CULTURE_TYPES.includes(String(recipe.yeast.type).toLowerCase())
                  ? String(recipe.yeast.type).toLowerCase()
                  : 'ale',
                form: 'liquid',
                attenuation: { unit: '%', value: recipe.yeast.attenuation },
                flocculation: recipe.yeast.flocculation.toLowerCase(),
                x_brewcommand: { id: recipe.yeast.id, type: recipe.yeast.type },
              },
            ]
          : [],
    },
    mash: {
      name: 'Mash',
      grain_temperature: { unit: 'C', value: 20 },
      mash_steps: [...recipe.process]
        .sort((a, b) => a.order - b.order)
        .map((step) => {
          const celsius = temperatureTextToCelsius(step.temperature)
          const ph = parseNumber(step.targetpH)
          return {
            name: mashStepLabel(step),
            type: step.type.includes('sparge')
              ? 'sparge'
              : step.type === 'step-mash'
                ? 'temperature'
                : 'infusion',
            step_temperature: { unit: 'C', value: celsius ?? 0 },
            step_time: { unit: 'min', value: parseNumber(step.durationMins) ?? 0 },
            ...(ph === undefined ? {} : { start_ph: { unit: 'pH', value: ph } }),
            description: step.brewersNotes,
            x_brewcommand: {
              type: step.type,
              temperature: step.temperature,
              duration: step.durationMins,
              ph: step.targetpH,
            },
          }
        }),
    },
    boil: { boil_time: { unit: 'min', value: recipe.boilTime } },
    notes: description,
    original_gravity: { unit: 'sg', value: roundTo(recipe.originalGravity, 3) },
    final_gravity: { unit: 'sg', value: roundTo(recipe.finalGravity, 3) },
    alcohol_by_volume: { unit: '%', value: roundTo(recipe.abv, 2) },
    ibu_estimate: { method: 'Tinseth' },
    color_estimate: { unit: 'SRM', value: roundTo(recipe.srm, 1) },
    x_brewcommand: {
      style: recipe.style || undefined,
      batch: `${recipe.yield.quantity} ${recipe.yield.unit}`,
      whirlpool_time: recipe.whirlpoolTime,
      mash_thickness: recipe.mashThickness,
      description,
    },
  }
}

/** A BeerJSON 1.0 document with one recipe per entry. */
export function exportBeerJson(recipes: { name: string; description: string; recipe: Recipe }[]): string {
  return `${JSON.stringify({ beerjson: { version: 1, recipes: recipes.map((r) => recipeJson(r.name, r.description, r.recipe)) } }, null, 2)}\n`
}
