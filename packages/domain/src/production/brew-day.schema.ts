import { z } from 'zod'
import { DEFAULT_EFFICIENCY, originalGravity, totalGravityPoints } from '../brewing/gravity.ts'
import { silentLogger } from '../brewing/logger.ts'
import { capFinite, GALLONS_PER_BBL, positiveOrZero, weightToPounds } from '../brewing/units.ts'
import { AmountSchema, type Recipe } from '../recipes/recipe.schema.ts'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { brewDayClock, BREW_STEP_KINDS, type PlannedBrewStep, type StepClock } from './brew-timeline.ts'
import { efficiencyPercent, gravityFix, volumePlan, type GravityFix } from './brew-day-maths.ts'
import { brewhouseDefaults, mashThicknessOf, type BrewhouseConstants } from './equipment.schema.ts'
import { firstRestTemperatureF, strikeWater } from './strike-water.ts'
import { BATCH_STATUSES, VESSEL_KINDS, VESSEL_STATES } from './equipment.schema.ts'
import { MeasurementInputSchema } from './measurement.ts'

// A batch's brew day as read and written (docs/production.md "brew_step"): the steps generated from the recipe
// snapshot with their stored instants, the measurements, the figures expected on this brewhouse, the vessels the
// wort may go into, and the server's clock. Time is stored, never counted: every screen derives its countdowns
// from these instants and `serverTime` (brewDayClock, serverClockOffsetMs).

/** Who did something: the member's id and the name to show. */
export const PersonSchema = z.object({ id: z.uuid(), name: z.string() })
export type Person = z.infer<typeof PersonSchema>

/** A step as stored: its plan (brewTimeline's PlannedBrewStep, whole) and what happened to it. */
export const BrewStepSchema = z.object({
  key: z.string(),
  position: z.number().int(),
  kind: z.enum(BREW_STEP_KINDS),
  plan: z.custom<PlannedBrewStep>((value) => typeof value === 'object' && value !== null),
  startedAt: z.string().nullable(),
  startedBy: PersonSchema.nullable(),
  completedAt: z.string().nullable(),
  completedBy: PersonSchema.nullable(),
  extendedMinutes: z.number().int().min(0),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: PersonSchema.nullable(),
  /** An addition's amount actually used, and a note. */
  actual: z.object({ amount: AmountSchema.optional(), note: z.string().optional() }).nullable(),
})
export type BrewStep = z.infer<typeof BrewStepSchema>

/** A measurement as stored: as typed, and its standard figure (SG, gallons). */
export const MeasurementSchema = z.object({
  id: z.uuid(),
  point: MeasurementInputSchema.shape.point,
  quantity: z.enum(['gravity', 'volume']),
  value: z.number(),
  unit: z.string(),
  sampleTemperature: z.object({ value: z.number(), unit: z.enum(['F', 'C']) }).nullable(),
  instrument: z.string(),
  note: z.string(),
  gravity: z.number().nullable(),
  gallons: z.number().nullable(),
  takenBy: PersonSchema.nullable(),
  takenAt: z.string(),
})
export type Measurement = z.infer<typeof MeasurementSchema>

/** A vessel the wort may go into at the end of brew day, and whether it can take it now. */
export const FermenterChoiceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(Object.keys(VESSEL_KINDS) as [keyof typeof VESSEL_KINDS, ...(keyof typeof VESSEL_KINDS)[]]),
  state: z.enum(
    Object.keys(VESSEL_STATES) as [keyof typeof VESSEL_STATES, ...(keyof typeof VESSEL_STATES)[]],
  ),
  capacityBbl: z.number(),
  workingCapacityBbl: z.number(),
  /** Empty and in service: no open occupancy, not in use, not out of service. */
  available: z.boolean(),
  /** Why filling it now warns: not cleaned or sanitised within the brewery's windows (cellar-cleaning.ts). */
  cleaningWarnings: z.array(z.string()).default([]),
})
export type FermenterChoice = z.infer<typeof FermenterChoiceSchema>

/** What the brewhouse and the snapshot let a brewer expect (gallons and SG). */
export const BrewDayExpectedSchema = z.object({
  potentialPoints: z.number(),
  brewhouseEfficiency: z.number(),
  mashEfficiency: z.number(),
  boilOffGallonsPerHour: z.number(),
  preBoilGallons: z.number(),
  preBoilGravity: z.number(),
  postBoilGallons: z.number(),
  originalGravity: z.number(),
  intoFermenterGallons: z.number(),
  /** The strike water for the first step (issue 34, defect 4); absent in a copy kept before it was sent. */
  strikeWaterGallons: z.number().optional(),
  /** Its temperature (°F), null when the recipe's first rest gives none. */
  strikeTemperatureF: z.number().nullable().optional(),
})
export type BrewDayExpected = z.infer<typeof BrewDayExpectedSchema>

/** `GET /api/batches/{batchId}/brew-day`, and what the brewery's room hears after every brew-day write. */
export const BrewDaySchema = z.object({
  batchId: z.uuid(),
  number: z.string(),
  status: z.enum(BATCH_STATUSES),
  productName: z.string(),
  brewhouseName: z.string(),
  targetVolumeBbl: z.number(),
  brewDayStartedAt: z.string().nullable(),
  brewDayFinishedAt: z.string().nullable(),
  fermenterId: z.uuid().nullable(),
  steps: z.array(BrewStepSchema),
  measurements: z.array(MeasurementSchema),
  expected: BrewDayExpectedSchema,
  fermenters: z.array(FermenterChoiceSchema),
  /** The server's clock (ISO) when it answered. */
  serverTime: z.string(),
})
export type BrewDay = z.infer<typeof BrewDaySchema>

// ---- what the browser sends (the envelopes' data) ----

/** Starting brew day, starting, completing or acknowledging a step: the path says it all. */
export const BrewDayActionSchema = z.object({})
export const ExtendStepSchema = z.object({
  minutes: z
    .number({ error: 'Enter the minutes to add' })
    .int('Whole minutes')
    .min(1, 'Add at least 1 minute')
    .max(240, 'Add at most 240 minutes'),
})
export const ConfirmAdditionSchema = z.object({
  /** The amount actually used. */
  actual: AmountSchema,
  note: z.string().max(2000, 'The note is too long').default(''),
})
export type ConfirmAddition = z.infer<typeof ConfirmAdditionSchema>
export const FinishBrewDaySchema = z.object({
  fermenterId: z.uuid({ error: 'Choose a fermenter' }),
  /** The person accepts filling a vessel not cleaned or sanitised within the brewery's windows. */
  acceptCleaningWarning: z.boolean({ error: 'acceptCleaningWarning is true or false' }).default(false),
})
export type FinishBrewDay = z.infer<typeof FinishBrewDaySchema>

/** `brewcommand://batches/{id}/brew-day`: what the brewery's room hears after a brew-day write. */
export const brewDayObjectUri = (batchId: string) => `${OBJECT_URI_SCHEME}batches/${batchId}/brew-day`
export function batchIdOfBrewDayUri(objectUri: string): string | null {
  const match = /^brewcommand:\/\/batches\/([^/]+)\/brew-day$/.exec(objectUri)
  return match ? match[1] : null
}
/** The API path of a batch's brew day; every brew-day write goes below it or to its measurements. */
export const brewDayPath = (batchId: string) => `/api/batches/${batchId}/brew-day`
export const brewStepPath = (batchId: string, stepKey: string, verb: string) =>
  `${brewDayPath(batchId)}/steps/${encodeURIComponent(stepKey)}/${verb}`

/** Step keys are the timeline's (`boil`, `mash:{uuid}`, `hop:{uuid}`): letters, digits, `:` and `-`. */
export const StepKeySchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z][a-z-]*(:[0-9a-f-]{36})?$/, 'Not a brew step')

// ---- figures ----

/**
 * What a batch's brew day should measure, on its brewhouse: the grain bill's potential points, the OG its
 * brewhouse efficiency gives at the target volume, and the volume plan's pre-boil volume and gravity and
 * post-boil volume (brew-day-maths.ts `volumePlan`).
 */
export function brewDayExpectations(
  recipe: Pick<Recipe, 'grainBill' | 'otherIngredients' | 'boilTime' | 'mashThickness'> &
    Partial<Pick<Recipe, 'process'>>,
  constants: Pick<
    BrewhouseConstants,
    | 'brewhouseEfficiency'
    | 'mashEfficiency'
    | 'boilOffGallonsPerHour'
    | 'kettleTrubLossGallons'
    | 'chillerLossGallons'
    | 'grainAbsorptionGallonsPerPound'
    | 'mashTunDeadSpaceGallons'
  > &
    Partial<
      Pick<BrewhouseConstants, 'mashThicknessQuartsPerPound' | 'grainTemperatureF' | 'mashTunHeatLossF'>
    >,
  targetVolumeBbl: number,
): BrewDayExpected {
  const silent = silentLogger
  const potentialPoints = totalGravityPoints(recipe.grainBill, recipe.otherIngredients, silent)
  const intoFermenterGallons = capFinite(positiveOrZero(targetVolumeBbl) * GALLONS_PER_BBL)
  const grainPounds = recipe.grainBill.reduce(
    (sum, grain) => sum + weightToPounds(grain.amount?.value, grain.amount?.unit, silent),
    0,
  )
  const og = originalGravity(
    potentialPoints,
    intoFermenterGallons,
    positiveOrZero(constants.brewhouseEfficiency) || DEFAULT_EFFICIENCY,
  )
  const brewhouse = brewhouseDefaults(constants)
  const thickness = mashThicknessOf(recipe.mashThickness, brewhouse.mashThicknessQuartsPerPound)
  const strike = strikeWater({
    grainPounds,
    thicknessQuartsPerPound: thickness,
    targetMashTemperatureF: firstRestTemperatureF(recipe.process ?? []),
    grainTemperatureF: brewhouse.grainTemperatureF,
    mashTunHeatLossF: brewhouse.mashTunHeatLossF,
  })
  const plan = volumePlan({
    ...constants,
    intoFermenterGallons,
    grainPounds,
    mashThicknessQuartsPerPound: thickness,
    boilMinutes: positiveOrZero(recipe.boilTime),
    originalGravity: og,
  })
  return {
    potentialPoints,
    brewhouseEfficiency: positiveOrZero(constants.brewhouseEfficiency),
    mashEfficiency: positiveOrZero(constants.mashEfficiency),
    boilOffGallonsPerHour: positiveOrZero(constants.boilOffGallonsPerHour),
    preBoilGallons: plan.preBoilGallons,
    preBoilGravity: plan.preBoilGravity,
    postBoilGallons: plan.postBoilGallons,
    originalGravity: og,
    intoFermenterGallons,
    strikeWaterGallons: strike.gallons,
    strikeTemperatureF: strike.temperatureF,
  }
}

/** The latest measurement of a point and quantity (measurements in the order taken). */
export function latestMeasurement(
  measurements: readonly Pick<Measurement, 'point' | 'quantity' | 'takenAt' | 'gravity' | 'gallons'>[],
  point: Measurement['point'],
  quantity: Measurement['quantity'],
) {
  let latest: (typeof measurements)[number] | null = null
  for (const m of measurements)
    if (m.point === point && m.quantity === quantity && (!latest || m.takenAt >= latest.takenAt)) latest = m
  return latest
}

/** Expected beside measured for one point, with the efficiency it shows and the fix when the gravity is off. */
export type BrewDayComparison = {
  point: 'pre-boil' | 'post-boil' | 'original-gravity'
  expectedGravity: number | null
  measuredGravity: number | null
  expectedGallons: number
  measuredGallons: number | null
  /** Mash efficiency before the boil, brewhouse efficiency into the fermenter; null until both are measured. */
  efficiencyPercent: number | null
  /** The fix when the gravity is off by more than a point (every figure ≥ 0); null otherwise. */
  fix: GravityFix | null
}

/** Gravity differences below this (SG) are measuring noise: no fix is offered. */
export const GRAVITY_TOLERANCE = 0.002

/**
 * Expected beside measured at each point of the day: pre-boil gravity and volume with the mash efficiency they
 * show; post-boil volume; the OG with the volume into the fermenter and the brewhouse efficiency they show. When
 * a gravity is off, the fix with numbers for the volume measured (or expected): water to dilute, DME to add,
 * minutes of extra boil.
 */
export function compareBrewDay(
  expected: BrewDayExpected,
  measurements: readonly Pick<Measurement, 'point' | 'quantity' | 'takenAt' | 'gravity' | 'gallons'>[],
): BrewDayComparison[] {
  const gravityAt = (point: Measurement['point']) =>
    latestMeasurement(measurements, point, 'gravity')?.gravity ?? null
  const gallonsAt = (point: Measurement['point']) =>
    latestMeasurement(measurements, point, 'volume')?.gallons ?? null
  const compare = (
    point: BrewDayComparison['point'],
    expectedGravity: number | null,
    expectedGallons: number,
    measuredGravity: number | null,
    measuredGallons: number | null,
  ): BrewDayComparison => {
    const efficiency =
      measuredGravity !== null && measuredGallons !== null && expected.potentialPoints > 0
        ? efficiencyPercent(measuredGravity, measuredGallons, expected.potentialPoints)
        : null
    const off =
      measuredGravity !== null &&
      expectedGravity !== null &&
      Math.abs(measuredGravity - expectedGravity) > GRAVITY_TOLERANCE
    return {
      point,
      expectedGravity,
      measuredGravity,
      expectedGallons,
      measuredGallons,
      efficiencyPercent: efficiency,
      fix: off
        ? gravityFix(
            measuredGallons ?? expectedGallons,
            measuredGravity,
            expectedGravity,
            expected.boilOffGallonsPerHour,
          )
        : null,
    }
  }
  return [
    compare(
      'pre-boil',
      expected.preBoilGravity,
      expected.preBoilGallons,
      gravityAt('pre-boil'),
      gallonsAt('pre-boil'),
    ),
    compare('post-boil', null, expected.postBoilGallons, null, gallonsAt('post-boil')),
    compare(
      'original-gravity',
      expected.originalGravity,
      expected.intoFermenterGallons,
      gravityAt('original-gravity'),
      gallonsAt('into-fermenter') ?? gallonsAt('original-gravity'),
    ),
  ]
}

/** The stored state of steps, as brewDayClock reads it. */
export const clockStatesOf = (steps: readonly BrewStep[]) =>
  steps.map((step) => ({
    key: step.key,
    startedAt: step.startedAt,
    completedAt: step.completedAt,
    extendedMinutes: step.extendedMinutes,
  }))

/** Every step's clock at `nowMs` on the server's clock. */
export const brewDayClocks = (steps: readonly BrewStep[], nowMs: number): StepClock[] =>
  brewDayClock(
    steps.map((step) => step.plan),
    clockStatesOf(steps),
    nowMs,
  )

/**
 * The steps whose alarm rings at `nowMs`: a timer whose time is up, an addition due — until a person
 * acknowledges it (or completes it).
 */
export function ringingSteps(steps: readonly BrewStep[], nowMs: number): BrewStep[] {
  const clocks = new Map(brewDayClocks(steps, nowMs).map((clock) => [clock.key, clock]))
  return steps.filter((step) => clocks.get(step.key)?.status === 'due' && step.acknowledgedAt === null)
}
