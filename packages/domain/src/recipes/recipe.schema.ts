import { z } from 'zod'
import { ColdCrashTemperatureSchema } from '../production/cold-crash.ts'
import { TIME_UNITS, VOLUME_UNITS, WEIGHT_UNITS, type TimeUnit } from '../brewing/units.ts'

// The unit lists live with their conversions in brewing/units.ts; re-exported here for older imports.
export { TIME_UNITS, VOLUME_UNITS, WEIGHT_UNITS }

/** Hop addition types (docs/product/02-products.md §9). */
export const HOP_ADDITION_TYPES = ['Boil', 'First Wort', 'Whirlpool', 'Dry Hop', 'Mash', 'Hop Back'] as const
export type HopAdditionType = (typeof HOP_ADDITION_TYPES)[number]
/** Other-ingredient addition types (docs/product/02-products.md §9). */
export const OTHER_ADDITION_TYPES = ['CLT', 'HLT', 'Mash', 'Boil', 'Primary', 'Secondary', 'Bright'] as const
export type OtherAdditionType = (typeof OTHER_ADDITION_TYPES)[number]
/** Hop additions that take a time, and its unit; the others have none (docs/product/02-products.md §4, §5). */
export const HOP_TIME_UNITS: Partial<Record<HopAdditionType, TimeUnit>> = {
  Boil: 'Minutes',
  'Dry Hop': 'Days',
}
/** Other-ingredient additions that take a time, and its unit (docs/product/02-products.md §5). */
export const OTHER_TIME_UNITS: Partial<Record<OtherAdditionType, TimeUnit>> = {
  Boil: 'Minutes',
  Primary: 'Days',
  Secondary: 'Days',
}
/** Mash step types as the spec's slugs, with their labels. */
export const MASH_STEP_TYPES = {
  'infusion-mash': 'Single Infusion Mash',
  'step-mash': 'Step Mash',
  vorlauf: 'Vorlauf',
  'mash-out': 'Mash Out',
  lautering: 'Lautering',
  'fly-sparge': 'Fly Sparge',
  'batch-sparge': 'Batch Sparge',
  'ramp-to-boil': 'Ramp to Boil',
} as const
export type MashStepType = keyof typeof MASH_STEP_TYPES

const text = (max: number) => z.string().max(max)
const quantity = z.number().finite().min(0).max(1_000_000)

/** A catalogue item as an ingredient entry carries it (docs/product/02-products.md §3): id and type, plus its own fields. */
export const CatalogueRefSchema = z.looseObject({ id: z.string().min(1).max(200), type: z.string().max(100) })
export type CatalogueRef = z.infer<typeof CatalogueRefSchema>

/**
 * Bounds of the fields an ingredient carries beyond the ones checked here (catalogue fields, an imported
 * file's own values; ADR 134): a line stays a line, not a store for arbitrary documents.
 */
export const EXTRA_FIELD_LIMITS = {
  /** Keys in the whole ingredient, nested ones included. */
  keys: 60,
  /** Levels of objects and arrays inside one extra field (`{ a: { b: 1 } }` is 2). */
  depth: 4,
  /** Characters of one string. */
  stringLength: 10_000,
  /** Characters of all extra fields together, about their JSON size. */
  totalSize: 32_768,
}

/**
 * The first problem of the extra fields of `value` (those not in `known`), with the key it is under.
 * Iterative and stopping at the depth limit, so no input can exhaust the stack.
 */
export function extraFieldProblem(
  value: Record<string, unknown>,
  known: ReadonlySet<string>,
): { key: string | null; message: string } | null {
  const { keys, depth, stringLength, totalSize } = EXTRA_FIELD_LIMITS
  let keyCount = Object.keys(value).length
  let size = 0
  for (const [key, field] of Object.entries(value)) {
    if (known.has(key)) continue
    size += key.length
    const stack: [unknown, number][] = [[field, 0]]
    while (stack.length > 0) {
      const [node, level] = stack.pop()!
      if (typeof node === 'string') {
        if (node.length > stringLength) return { key, message: `Text of at most ${stringLength} characters` }
        size += node.length + 2
      } else if (node !== null && typeof node === 'object') {
        if (level + 1 > depth) return { key, message: `Nested at most ${depth} levels deep` }
        const entries = Array.isArray(node) ? node.map((item) => ['', item] as const) : Object.entries(node)
        if (!Array.isArray(node)) keyCount += entries.length
        if (keyCount > keys) return { key: null, message: `At most ${keys} fields in one ingredient` }
        for (const [name, item] of entries) {
          size += name.length + 1
          stack.push([item, level + 1])
        }
      } else {
        size += String(node).length
      }
      if (size > totalSize) return { key, message: `Extra fields of at most ${totalSize} characters in all` }
    }
  }
  if (keyCount > keys) return { key: null, message: `At most ${keys} fields in one ingredient` }
  return null
}

/** The schema with its extra (unchecked) fields bounded; a problem is an issue naming the field. */
function boundedExtras<T extends z.ZodObject>(schema: T): T {
  const known = new Set(Object.keys(schema.shape))
  return schema.superRefine((value, ctx) => {
    const problem = extraFieldProblem(value, known)
    if (problem)
      ctx.addIssue({ code: 'custom', message: problem.message, path: problem.key ? [problem.key] : [] })
  })
}

/** An ingredient amount: a number and a weight unit. */
export const AmountSchema = z.object({ value: quantity, unit: z.enum(WEIGHT_UNITS) })
export type Amount = z.infer<typeof AmountSchema>

const extractFgMin = z.number().finite().min(0).max(1)
const lovibond = z.number().finite().min(0).max(1000)
const alphaAcids = z.number().finite().min(0).max(100)
const attenuation = z.number().finite().min(0).max(100)

/**
 * What the brewer measured for a catalogue ingredient (an imported file's alpha acids, attenuation, yield or
 * colour, ADR 101): kept beside the catalogue id, so the line can use either the measured value or the
 * catalogue's. The ingredient's own field holds the value in use.
 */
export const MeasuredGrainSchema = z.object({
  extractFgMin: extractFgMin.optional(),
  lovibond: lovibond.optional(),
})
export const MeasuredHopSchema = z.object({ alphaAcids: alphaAcids.optional() })
export const MeasuredYeastSchema = z.object({ attenuation: attenuation.optional() })

export const GrainEntrySchema = z.object({
  id: z.uuid(),
  ingredient: boundedExtras(
    CatalogueRefSchema.extend({
      extractFgMin: extractFgMin.optional(),
      lovibond: lovibond.optional(),
      measured: MeasuredGrainSchema.optional(),
    }),
  ),
  amount: AmountSchema,
})
export type GrainEntry = z.infer<typeof GrainEntrySchema>

export const HopEntrySchema = z.object({
  id: z.uuid(),
  ingredient: boundedExtras(
    CatalogueRefSchema.extend({ alphaAcids: alphaAcids.optional(), measured: MeasuredHopSchema.optional() }),
  ),
  amount: AmountSchema,
  additionType: z.enum(HOP_ADDITION_TYPES),
  time: z
    .object({ value: quantity, unit: z.enum(TIME_UNITS) })
    .nullable()
    .optional(),
})
export type HopEntry = z.infer<typeof HopEntrySchema>

export const OtherEntrySchema = z.object({
  id: z.uuid(),
  ingredient: boundedExtras(CatalogueRefSchema.extend({ fermentable: z.boolean().optional() })),
  amount: AmountSchema,
  additionType: z.enum(OTHER_ADDITION_TYPES),
  additionTime: quantity.nullable().optional(),
  brewersNotes: text(2000).default(''),
})
export type OtherEntry = z.infer<typeof OtherEntrySchema>

/** Temperature, duration and pH are free text on the screen (docs/product/02-products.md §5). */
export const MashStepSchema = z.object({
  id: z.uuid(),
  order: z.number().int().min(1).max(100),
  type: z.enum(Object.keys(MASH_STEP_TYPES) as [MashStepType, ...MashStepType[]]),
  temperature: text(40).default(''),
  durationMins: text(40).default(''),
  targetpH: text(40).default(''),
  brewersNotes: text(2000).default(''),
})
export type MashStep = z.infer<typeof MashStepSchema>

/** The recipe's yeast (docs/product/02-products.md §3); an empty id means none chosen yet. Attenuation is a percentage. */
export const YeastRefSchema = z.looseObject({
  type: z.string().max(100),
  id: z.string().max(200),
  name: z.string().max(200),
  attenuation,
  flocculation: z.string().max(50),
  measured: MeasuredYeastSchema.optional(),
  tolerance: z.union([z.number(), z.string()]).nullable().optional(),
})
export type YeastRef = z.infer<typeof YeastRefSchema>

/** A recipe (docs/product/02-products.md §3); ids come from the browser. Calculated figures are stored as last shown. */
export const RecipeSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  yield: z.object({ quantity, unit: z.enum(VOLUME_UNITS) }),
  grainBill: z.array(GrainEntrySchema).max(200),
  hopsBill: z.array(HopEntrySchema).max(200),
  otherIngredients: z.array(OtherEntrySchema).max(200),
  process: z.array(MashStepSchema).max(100),
  yeast: boundedExtras(YeastRefSchema).nullable(),
  /** The style's id (styles/styles.ts), '' when none is chosen. */
  style: z.string().max(200).default(''),
  ibu: z.number().finite().min(0).default(0),
  abv: z.number().finite().min(0).default(0),
  srm: z.number().finite().min(0).default(0),
  originalGravity: z.number().finite().min(0).default(1),
  finalGravity: z.number().finite().min(0).default(1),
  boilTime: quantity.default(0),
  whirlpoolTime: quantity.default(0),
  mashThickness: quantity.default(0),
  /** The temperature its beer is cold crashed at, when the recipe says one (ADR 340); the cellar suggests it. */
  coldCrashTemperature: ColdCrashTemperatureSchema.nullable().optional(),
})
export type Recipe = z.infer<typeof RecipeSchema>

/** The default yeast flocculation of a new recipe (docs/product/02-products.md §3). */
export const DEFAULT_YEAST_FLOCCULATION = 'Very Low'

/** The yeast of a new recipe: none chosen yet, flocculation Very Low. */
export function noYeast(): YeastRef {
  return {
    type: '',
    id: '',
    name: '',
    attenuation: 0,
    flocculation: DEFAULT_YEAST_FLOCCULATION,
    tolerance: null,
  }
}

/** A new recipe with the spec's defaults: yield 0 BBL, yeast flocculation Very Low, boil time and mash thickness 0. */
export function newRecipe(productId: string, id: string = crypto.randomUUID()): Recipe {
  return {
    id,
    productId,
    yield: { quantity: 0, unit: 'BBL' },
    grainBill: [],
    hopsBill: [],
    otherIngredients: [],
    process: [],
    yeast: noYeast(),
    style: '',
    ibu: 0,
    abv: 0,
    srm: 0,
    originalGravity: 1,
    finalGravity: 1,
    boilTime: 0,
    whirlpoolTime: 0,
    mashThickness: 0,
  }
}

/** A hop entry with a new addition type: Boil takes Minutes, Dry Hop Days, any other type clears the time (docs/product/02-products.md §4). */
export function withHopAdditionType(hop: HopEntry, additionType: HopAdditionType): HopEntry {
  const unit = HOP_TIME_UNITS[additionType]
  return { ...hop, additionType, time: unit ? { value: hop.time?.value ?? 0, unit } : null }
}
