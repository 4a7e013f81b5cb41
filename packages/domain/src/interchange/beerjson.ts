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
import { findStyleChoice } from '../styles/styles.ts'
import { ingredientName, mashStepLabel } from './build.ts'
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
export const GravitySchema = unitValue(z.enum(['sg', 'plato', 'brix']))

/** What BrewCommand writes beside an addition: the brewer's measured values of a catalogue line. */
const MeasuredSchema = z.record(z.string(), z.number().finite()).optional()

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
    .looseObject({
      fine_grind: PercentSchema.optional(),
      coarse_grind: PercentSchema.optional(),
      potential: GravitySchema.optional(),
    })
    .optional(),
  color: ColorSchema,
  amount: z.union([MassSchema, VolumeSchema, UnitCountSchema]),
  timing: TimingSchema.optional(),
  x_brewcommand: z
    .looseObject({
      id: z.string().optional(),
      amount: z.string().optional(),
      type: z.string().optional(),
      measured: MeasuredSchema,
    })
    .optional(),
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
      measured: MeasuredSchema,
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
  x_brewcommand: z
    .looseObject({ id: z.string().optional(), type: z.string().optional(), measured: MeasuredSchema })
    .optional(),
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

/** BoilStepType (definitions/boil_step): the parts read. */
export const BoilStepSchema = z.looseObject({ name: z.string(), step_time: TimeSchema.optional() })

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
  mash: z.looseObject({ mash_steps: z.array(z.unknown()), notes: z.string().optional() }).optional(),
  boil: z
    .looseObject({
      boil_time: TimeSchema.optional(),
      notes: z.string().optional(),
      boil_steps: z.array(z.unknown()).optional(),
    })
    .optional(),
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

/** Gravity points per pound per gallon of sucrose, as the gravity calculation counts them (brewing/gravity.ts). */
const SUCROSE_POINTS = 46

/** A potential (1 lb in 1 gal) as an extract fraction of sucrose; °Plato and °Brix are taken as the same scale. */
function potentialToExtract(potential: { unit: string; value: number }): number {
  const plato = potential.value
  const sg = potential.unit === 'sg' ? potential.value : 1 + plato / (258.6 - (plato / 258.2) * 227.1)
  return ((sg - 1) * 1000) / SUCROSE_POINTS
}

/** The measured values BrewCommand wrote for the given fields, if any. */
function measuredOf(written: Record<string, number> | undefined, fields: string[]) {
  const values = Object.fromEntries(
    fields.filter((f) => written?.[f] !== undefined).map((f) => [f, written![f]]),
  )
  return Object.keys(values).length ? { measured: values } : {}
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
  const kind = (f.x_brewcommand?.type ?? f.type).toLowerCase()
  // Yield as a percentage of sucrose (fine grind, else coarse grind), or as a potential gravity (1.037).
  const percent = f.yield?.fine_grind ?? f.yield?.coarse_grind
  const extract = percent
    ? percent.value / 100
    : f.yield?.potential
      ? potentialToExtract(f.yield.potential)
      : undefined
  if (percent === undefined && f.yield?.potential)
    notes.note(
      `${path}.yield.potential`,
      `${f.name}: yield read from its potential, ${f.yield.potential.value} ${f.yield.potential.unit}`,
    )
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
    ...(extract === undefined ? {} : { extract: Math.min(1, Math.max(0, tidy(extract))) }),
    ...(f.x_brewcommand?.id ? { catalogueId: f.x_brewcommand.id } : {}),
    ...measuredOf(f.x_brewcommand?.measured, ['extractFgMin', 'lovibond']),
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
    ...measuredOf(h.x_brewcommand?.measured, ['alphaAcids']),
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
    ...measuredOf(c.x_brewcommand?.measured, ['attenuation']),
  }
}

/**
 * What BrewCommand's BeerJSON export carries in a notes field (the mash's, or the boil's when there is no
 * mash), since the schema allows no extra member on a recipe or a mash step: the mash thickness and each
 * step's own type and free texts. Written as one line `x_brewcommand: {…}`.
 */
const CarriedSchema = z.object({
  mash_thickness: z.number().finite().min(0).optional(),
  steps: z
    .array(
      z.object({
        type: z.string().optional(),
        temperature: z.string().optional(),
        duration: z.string().optional(),
        ph: z.string().optional(),
      }),
    )
    .optional(),
})
type Carried = z.infer<typeof CarriedSchema>
const CARRIED_LINE = /(?:^|\n)x_brewcommand: (\{.*\})[ \t]*$/

/** The carried line of a notes field, if it holds one BrewCommand wrote. */
function carriedOf(notesText: string | undefined): Carried | undefined {
  const line = notesText ? CARRIED_LINE.exec(notesText) : null
  if (!line) return undefined
  try {
    const parsed = CarriedSchema.safeParse(JSON.parse(line[1]))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

/** The carried line, or '' when there is nothing to carry. */
export function carriedLine(carried: Carried): string {
  return `x_brewcommand: ${JSON.stringify(carried)}`
}

function readStep(
  raw: unknown,
  path: string,
  notes: Notes,
  mashSteps: number,
  carried?: NonNullable<Carried['steps']>[number],
): NeutralStep | undefined {
  const parsed = MashStepSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of issuesOf(path, parsed.error)) notes.skip(issue.path, issue.reason)
    return undefined
  }
  const s = parsed.data
  const x = { ...s.x_brewcommand, ...carried }
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
  const carried = carriedOf(r.mash?.notes) ?? carriedOf(r.boil?.notes)
  const rawSteps = r.mash?.mash_steps ?? []
  const mashLike = rawSteps.filter(
    (s) => !/out|sparge|lauter|vorlauf|boil|drain/i.test(((s as { name?: unknown })?.name ?? '') as string),
  ).length
  const steps = rawSteps
    .map((s, i) => readStep(s, `${path}.mash.mash_steps[${i}]`, notes, mashLike, carried?.steps?.[i]))
    .filter((s): s is NeutralStep => s !== undefined)

  const hops = each(ing.hop_additions, 'hop_additions', (h, p) => readHop(h, p, notes, boilTime))
  // A boil step named Whirlpool gives the whirlpool time (BrewCommand writes one).
  const whirlpoolStep = (r.boil?.boil_steps ?? [])
    .map((step) => BoilStepSchema.safeParse(step))
    .find((step) => step.success && /whirlpool/i.test(step.data.name))
  const whirlpoolTime =
    r.x_brewcommand?.whirlpool_time ??
    (whirlpoolStep?.success ? minutesOf(whirlpoolStep.data.step_time) : undefined)
  if (whirlpoolTime === undefined && hops.some((h) => h.additionType === 'Whirlpool')) {
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
      ...(r.style?.style_guide ? { guide: r.style.style_guide } : {}),
      ...(r.x_brewcommand?.style ? { id: r.x_brewcommand.style } : {}),
    },
    batch,
    boilTime,
    whirlpoolTime: Math.max(0, whirlpoolTime ?? 0),
    mashThickness: Math.max(0, r.x_brewcommand?.mash_thickness ?? carried?.mash_thickness ?? 0),
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
const BEERJSON_FERMENTABLE_TYPES = [
  'dry extract',
  'extract',
  'grain',
  'sugar',
  'fruit',
  'juice',
  'honey',
  'other',
]
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

/**
 * A time as BeerJSON's TimeType, whose value is an integer: in the largest of day, hr, min and sec that
 * says it exactly (0.1 day is 144 min); a time finer than a second is rounded to the second.
 */
export function timeJson(minutes: number): { unit: 'day' | 'hr' | 'min' | 'sec'; value: number } {
  for (const [unit, perMinute] of [
    ['day', 1 / 1440],
    ['hr', 1 / 60],
    ['min', 1],
  ] as const) {
    const value = tidy(minutes * perMinute)
    if (Number.isInteger(value)) return { unit, value }
  }
  return { unit: 'sec', value: Math.round(minutes * 60) }
}

function hopTiming(hop: Recipe['hopsBill'][number], recipe: Recipe) {
  const minutes = (t: typeof hop.time) => (t ? t.value * (t.unit === 'Days' ? 1440 : 1) : 0)
  switch (hop.additionType) {
    case 'Boil':
      return { use: 'add_to_boil', duration: timeJson(minutes(hop.time)) }
    case 'First Wort':
      return { use: 'add_to_boil', duration: timeJson(recipe.boilTime) }
    case 'Whirlpool':
    case 'Hop Back':
      return { use: 'add_to_boil', duration: { unit: 'min', value: 0 } }
    case 'Dry Hop':
      return {
        use: 'add_to_fermentation',
        duration: timeJson(minutes(hop.time)),
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

/** x_brewcommand.measured of a catalogue line that carries the brewer's measured values. */
const measuredJson = (ingredient: { measured?: unknown }) =>
  ingredient.measured && typeof ingredient.measured === 'object' && Object.keys(ingredient.measured).length
    ? { measured: ingredient.measured }
    : {}

// The schema forbids extra members on a recipe and a mash step (ADR 100): what BeerJSON has no field for is
// written in standard fields where they say it exactly (batch in gal or bbl, the whirlpool as a boil step, the
// style by name in its guide) and the rest in one carried line of the mash's notes (the boil's without a mash).
function recipeJson(name: string, description: string, recipe: Recipe) {
  const choice = findStyleChoice(recipe.style)
  const style = choice && {
    name: choice.name,
    category: choice.category,
    code: choice.bjcpCode,
    guide: choice.guide,
  }
  const code = style ? /^(\d+)([A-Z]?)$/i.exec(style.code) : null
  const hasGrain = recipe.grainBill.some((g) => ['grain', 'adjunct'].includes(String(g.ingredient.type)))
  const hasExtract = recipe.grainBill.some((g) =>
    ['extract', 'dry extract'].includes(String(g.ingredient.type)),
  )
  const steps = [...recipe.process].sort((a, b) => a.order - b.order)
  const carried = carriedLine({
    ...(recipe.mashThickness ? { mash_thickness: recipe.mashThickness } : {}),
    ...(steps.length
      ? {
          steps: steps.map((step) => ({
            type: step.type,
            temperature: step.temperature,
            duration: step.durationMins,
            ph: step.targetpH,
          })),
        }
      : {}),
  })
  const hasCarried = steps.length > 0 || recipe.mashThickness !== 0
  const whirlpool =
    recipe.whirlpoolTime !== 0 ||
    recipe.hopsBill.some((h) => ['Whirlpool', 'Hop Back'].includes(h.additionType))
  return {
    name,
    type: hasExtract ? (hasGrain ? 'partial mash' : 'extract') : 'all grain',
    author: 'BrewCommand',
    batch_size: { unit: recipe.yield.unit === 'BBL' ? 'bbl' : 'gal', value: recipe.yield.quantity },
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
        type: BEERJSON_FERMENTABLE_TYPES.includes(String(g.ingredient.type))
          ? String(g.ingredient.type)
          : 'grain',
        yield: { fine_grind: { unit: '%', value: tidy(Number(g.ingredient.extractFgMin ?? 0) * 100) } },
        color: { unit: 'Lovi', value: Number(g.ingredient.lovibond ?? 0) },
        amount: mass(g.amount),
        x_brewcommand: {
          id: g.ingredient.id,
          amount: exactAmount(g.amount),
          type: String(g.ingredient.type || 'grain'),
          ...measuredJson(g.ingredient),
        },
      })),
      hop_additions: recipe.hopsBill.map((h) => ({
        name: ingredientName(h.ingredient),
        form: 'pellet',
        alpha_acid: { unit: '%', value: Number(h.ingredient.alphaAcids ?? 0) },
        amount: mass(h.amount),
        timing: hopTiming(h, recipe),
        x_brewcommand: {
          id: h.ingredient.id,
          amount: exactAmount(h.amount),
          addition: h.additionType,
          ...measuredJson(h.ingredient),
        },
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
              ? { duration: timeJson(o.additionTime * (unit === 'Days' ? 1440 : 1)) }
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
                // The schema asks for an amount; recipes hold none for the yeast, so one package is written.
                amount: { unit: 'pkg', value: 1 },
                attenuation: { unit: '%', value: recipe.yeast.attenuation },
                flocculation: recipe.yeast.flocculation.toLowerCase(),
                x_brewcommand: {
                  id: recipe.yeast.id,
                  type: recipe.yeast.type,
                  ...measuredJson(recipe.yeast),
                },
              },
            ]
          : [],
    },
    ...(steps.length
      ? {
          mash: {
            name: 'Mash',
            grain_temperature: { unit: 'C', value: 20 },
            notes: carried,
            mash_steps: steps.map((step) => {
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
                step_time: timeJson(Math.max(0, parseNumber(step.durationMins) ?? 0)),
                ...(ph === undefined ? {} : { start_ph: { unit: 'pH', value: ph } }),
                description: step.brewersNotes,
              }
            }),
          },
        }
      : {}),
    boil: {
      boil_time: timeJson(recipe.boilTime),
      ...(hasCarried && !steps.length ? { notes: carried } : {}),
      ...(whirlpool
        ? { boil_steps: [{ name: 'Whirlpool', step_time: timeJson(recipe.whirlpoolTime) }] }
        : {}),
    },
    notes: description,
    original_gravity: { unit: 'sg', value: roundTo(recipe.originalGravity, 3) },
    final_gravity: { unit: 'sg', value: roundTo(recipe.finalGravity, 3) },
    alcohol_by_volume: { unit: '%', value: roundTo(recipe.abv, 2) },
    ibu_estimate: { method: 'Tinseth' },
    color_estimate: { unit: 'SRM', value: roundTo(recipe.srm, 1) },
  }
}

/** A BeerJSON 1.0 document with one recipe per entry. */
export function exportBeerJson(recipes: { name: string; description: string; recipe: Recipe }[]): string {
  return `${JSON.stringify({ beerjson: { version: 1, recipes: recipes.map((r) => recipeJson(r.name, r.description, r.recipe)) } }, null, 2)}\n`
}
