import { z } from 'zod'

// Brewhouses and vessels (docs/production.md). A brewhouse's constants are stored in one unit each — gallons,
// pounds, percent — and shown in the unit the person chose; an edit saves a new version, and a batch keeps the
// version it was planned with. Vessel capacities are barrels, like every volume of beer.

/** The mash thickness (qt/lb) of a recipe that gives none, when its brewhouse gives none either (Palmer's 1.25). */
export const DEFAULT_MASH_THICKNESS_QT_PER_LB = 1.25

const number = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} is too large`)

export const BrewhouseConstantsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
  maxBatchGallons: number('Maximum batch size', 1_000_000).positive('Maximum batch size must be above 0'),
  brewhouseEfficiency: number('Brewhouse efficiency', 100).positive('Brewhouse efficiency must be above 0'),
  mashEfficiency: number('Mash efficiency', 100).positive('Mash efficiency must be above 0'),
  boilOffGallonsPerHour: number('Boil-off per hour', 100_000),
  kettleTrubLossGallons: number('Kettle and trub loss', 100_000),
  chillerLossGallons: number('Chiller loss', 100_000),
  grainAbsorptionGallonsPerPound: number('Grain absorption', 1),
  mashTunDeadSpaceGallons: number('Mash tun dead space', 100_000),
  maxGrainPounds: number('Maximum grain weight', 10_000_000).positive('Maximum grain weight must be above 0'),
  // For the strike water (issue 34, defect 4); a version saved before them reads the defaults (brewhouseDefaults).
  /** The mash thickness a recipe without one is brewed at (qt/lb). */
  mashThicknessQuartsPerPound: number('Mash thickness', 10)
    .positive('Mash thickness must be above 0')
    .default(DEFAULT_MASH_THICKNESS_QT_PER_LB),
  /** The grain's temperature at mash-in (°F): the malt store's. */
  grainTemperatureF: number('Grain temperature', 200).default(65),
  /** Degrees (°F) the mash tun takes from the strike water at mash-in; added to the strike temperature. */
  mashTunHeatLossF: number('Mash tun heat loss', 50).default(0),
})
export type BrewhouseConstants = z.infer<typeof BrewhouseConstantsSchema>
/** Constants as a version stored before the strike-water fields has them (brewhouseDefaults fills them in). */
export type StoredBrewhouseConstants = z.input<typeof BrewhouseConstantsSchema>

/** A brewhouse as read: its id, the version in force and when it was saved. */
export const BrewhouseSchema = BrewhouseConstantsSchema.extend({
  id: z.uuid(),
  version: z.number().int().min(1),
  savedAt: z.string(),
})
export type Brewhouse = z.infer<typeof BrewhouseSchema>

/** Common starting constants for a new brewhouse (a 10 bbl system); every one is edited before use. */
export const DEFAULT_BREWHOUSE_CONSTANTS: Omit<BrewhouseConstants, 'name'> = {
  maxBatchGallons: 310,
  brewhouseEfficiency: 75,
  mashEfficiency: 85,
  boilOffGallonsPerHour: 15,
  kettleTrubLossGallons: 10,
  chillerLossGallons: 2,
  grainAbsorptionGallonsPerPound: 0.1,
  mashTunDeadSpaceGallons: 5,
  maxGrainPounds: 800,
  mashThicknessQuartsPerPound: DEFAULT_MASH_THICKNESS_QT_PER_LB,
  grainTemperatureF: 65,
  mashTunHeatLossF: 0,
}

/** A stored version's constants with the fields added since it was saved read as their defaults. */
export function brewhouseDefaults<T extends Partial<BrewhouseConstants>>(
  constants: T,
): T & Pick<BrewhouseConstants, 'mashThicknessQuartsPerPound' | 'grainTemperatureF' | 'mashTunHeatLossF'> {
  return {
    ...constants,
    mashThicknessQuartsPerPound:
      constants.mashThicknessQuartsPerPound ?? DEFAULT_BREWHOUSE_CONSTANTS.mashThicknessQuartsPerPound,
    grainTemperatureF: constants.grainTemperatureF ?? DEFAULT_BREWHOUSE_CONSTANTS.grainTemperatureF,
    mashTunHeatLossF: constants.mashTunHeatLossF ?? DEFAULT_BREWHOUSE_CONSTANTS.mashTunHeatLossF,
  }
}

/** The thickness a recipe is brewed at: its own, else its brewhouse's, else 1.25 qt/lb. */
export function mashThicknessOf(recipeQuartsPerPound: number, brewhouseQuartsPerPound?: number): number {
  if (Number.isFinite(recipeQuartsPerPound) && recipeQuartsPerPound > 0) return recipeQuartsPerPound
  if (
    brewhouseQuartsPerPound !== undefined &&
    Number.isFinite(brewhouseQuartsPerPound) &&
    brewhouseQuartsPerPound > 0
  )
    return brewhouseQuartsPerPound
  return DEFAULT_MASH_THICKNESS_QT_PER_LB
}

export const VESSEL_KINDS = {
  'hot-liquor-tank': 'Hot liquor tank',
  'mash-tun': 'Mash tun',
  kettle: 'Kettle',
  fermenter: 'Fermenter',
  unitank: 'Unitank',
  'brite-tank': 'Brite tank',
  'serving-tank': 'Serving tank',
  barrel: 'Barrel',
} as const
export type VesselKind = keyof typeof VESSEL_KINDS
/** Vessels a batch can ferment in. */
export const FERMENTING_VESSEL_KINDS: readonly VesselKind[] = ['fermenter', 'unitank']

export const VESSEL_STATES = {
  clean: 'Clean',
  dirty: 'Dirty',
  sanitised: 'Sanitised',
  'in-use': 'In use',
  'out-of-service': 'Out of service',
} as const
export type VesselState = keyof typeof VESSEL_STATES

const keysOf = <T extends Record<string, string>>(record: T) =>
  Object.keys(record) as [keyof T & string, ...(keyof T & string)[]]

export const VesselInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name is too long'),
    kind: z.enum(keysOf(VESSEL_KINDS), { error: 'Choose the kind of vessel' }),
    capacityBbl: number('Capacity', 100_000).positive('Capacity must be above 0'),
    workingCapacityBbl: number('Working capacity', 100_000).positive('Working capacity must be above 0'),
    state: z.enum(keysOf(VESSEL_STATES), { error: 'Choose the state of the vessel' }),
  })
  .refine((vessel) => vessel.workingCapacityBbl <= vessel.capacityBbl, {
    path: ['workingCapacityBbl'],
    message: 'Working capacity cannot exceed the capacity',
  })
export type VesselInput = z.infer<typeof VesselInputSchema>

export const VesselSchema = VesselInputSchema.safeExtend({ id: z.uuid() })
export type Vessel = z.infer<typeof VesselSchema>

export const BATCH_STATUSES = [
  'planned',
  'brewing',
  'fermenting',
  'conditioning',
  'packaging',
  'completed',
  'dumped',
] as const
export type BatchStatus = (typeof BATCH_STATUSES)[number]

/** A batch's readable number within its brewery: the year and a three-digit sequence, `2026-014`. */
export function formatBatchNumber(year: number, sequence: number): string {
  return `${Math.trunc(year)}-${String(Math.max(1, Math.trunc(sequence))).padStart(3, '0')}`
}

/** The year and sequence of a batch number, or null when it is not one. */
export function parseBatchNumber(text: string): { year: number; sequence: number } | null {
  const match = /^(\d{4})-(\d{3,})$/.exec(text.trim())
  return match ? { year: Number(match[1]), sequence: Number(match[2]) } : null
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Enter the date as YYYY-MM-DD', abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
  }, 'That date does not exist')
  .refine((value) => value >= '1900' && value < '3000', 'Enter a year between 1900 and 2999')

/** What Plan Batch sends: the recipe to brew, on which brewhouse, when and how much. */
export const PlanBatchSchema = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  recipeId: z.uuid(),
  brewhouseId: z.uuid({ error: 'Choose a brewhouse' }),
  plannedBrewDate: isoDate,
  targetVolume: z.object({
    quantity: number('Target volume', 1_000_000).positive('Target volume must be above 0'),
    unit: z.enum(['BBL', 'GAL']),
  }),
  /**
   * The batch conditions in its fermenter (no brite tank booked): its fermentation booking covers the
   * conditioning days too (ADR 251).
   */
  conditionInFermenter: z.boolean().optional(),
})
export type PlanBatch = z.infer<typeof PlanBatchSchema>
