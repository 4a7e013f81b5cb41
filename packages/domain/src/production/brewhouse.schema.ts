import { z } from 'zod'
import { OBJECT_URI_SCHEME } from '../realtime/realtime.ts'
import { weightToPounds } from '../brewing/units.ts'
import { totalGravityPoints } from '../brewing/gravity.ts'
import { silentLogger } from '../brewing/logger.ts'
import type { Recipe } from '../recipes/recipe.schema.ts'
import {
  CALIBRATION_MIN_BREWS,
  proposeCalibration,
  type CalibratedConstant,
  type CalibrationProposal,
  type CurrentConstants,
  type MeasuredBrew,
} from './calibration.ts'
import {
  BrewhouseConstantsSchema,
  BrewhouseSchema,
  VesselSchema,
  type BrewhouseConstants,
} from './equipment.schema.ts'

// Settings → Equipment as the API reads and writes it (docs/production.md "brewhouse", "vessel"): a brewhouse
// with the version in force, its history and what its measured brews propose; vessels as stored.

/** Add Brewhouse: the id from the browser and the constants of version 1 (stored units). */
export const NewBrewhouseSchema = BrewhouseConstantsSchema.extend({ id: z.uuid() })
export type NewBrewhouse = z.infer<typeof NewBrewhouseSchema>

export const BREWHOUSE_VERSION_REASONS = ['created', 'edited', 'calibrated'] as const
export type BrewhouseVersionReason = (typeof BREWHOUSE_VERSION_REASONS)[number]

export const CALIBRATED_CONSTANTS = [
  'brewhouseEfficiency',
  'mashEfficiency',
  'boilOffGallonsPerHour',
  'kettleLossGallons',
] as const satisfies readonly CalibratedConstant[]

export const CalibrationProposalSchema = z.object({
  constant: z.enum(CALIBRATED_CONSTANTS),
  current: z.number(),
  proposed: z.number(),
  batches: z.array(z.object({ batchId: z.string(), batchNumber: z.string(), value: z.number() })),
})

/** One saved version of a brewhouse; a calibrated one names the proposals (and their batches) it took. */
export const BrewhouseVersionSchema = z.object({
  id: z.uuid(),
  version: z.number().int().min(1),
  reason: z.enum(BREWHOUSE_VERSION_REASONS),
  savedAt: z.string(),
  /** Who saved it (a name or an address), '' when unknown. */
  savedBy: z.string(),
  constants: BrewhouseConstantsSchema,
  proposals: z.array(CalibrationProposalSchema).nullable(),
})
export type BrewhouseVersion = z.infer<typeof BrewhouseVersionSchema>

/** A brewhouse as Settings → Equipment reads it. */
export const BrewhouseDetailSchema = BrewhouseSchema.extend({
  versionId: z.uuid(),
  /** Every version, the newest first. */
  versions: z.array(BrewhouseVersionSchema),
  calibration: z.object({
    /** Finished brews of this brewhouse with at least one measurement. */
    measuredBrews: z.number().int().min(0),
    proposals: z.array(CalibrationProposalSchema),
  }),
})
export type BrewhouseDetail = z.infer<typeof BrewhouseDetailSchema>

/**
 * Accepting a calibration: the version it was proposed against and the values the person saw. The server
 * proposes again in its transaction and refuses (409) when the brewhouse or the proposals changed meanwhile.
 */
export const AcceptCalibrationSchema = z.object({
  version: z.number().int().min(1).max(1_000_000),
  proposals: z
    .array(
      z.object({
        constant: z.enum(CALIBRATED_CONSTANTS),
        proposed: z.number().finite().min(0).max(1_000_000),
      }),
    )
    .min(1, 'Choose at least one proposal')
    .max(CALIBRATED_CONSTANTS.length),
})
export type AcceptCalibration = z.infer<typeof AcceptCalibrationSchema>

/** A vessel as read: the stored record. */
export const VesselReadSchema = VesselSchema
export type VesselRead = z.infer<typeof VesselReadSchema>

/** The values calibration compares with: the kettle loss it measures includes the chiller's. */
export function calibrationCurrent(constants: BrewhouseConstants): CurrentConstants {
  return {
    brewhouseEfficiency: constants.brewhouseEfficiency,
    mashEfficiency: constants.mashEfficiency,
    boilOffGallonsPerHour: constants.boilOffGallonsPerHour,
    kettleLossGallons: constants.kettleTrubLossGallons + constants.chillerLossGallons,
  }
}

/**
 * The constants with accepted proposals applied. The measured kettle loss covers kettle, trub and chiller: the
 * chiller's loss is kept and the kettle/trub loss takes the rest (never below 0).
 */
export function applyCalibration(
  constants: BrewhouseConstants,
  accepted: readonly { constant: CalibratedConstant; proposed: number }[],
): BrewhouseConstants {
  const next = { ...constants }
  for (const { constant, proposed } of accepted) {
    if (constant === 'kettleLossGallons')
      next.kettleTrubLossGallons = Math.max(0, +(proposed - constants.chillerLossGallons).toFixed(4))
    else next[constant] = proposed
  }
  return next
}

/** A stored measurement as calibration reads it: its point and standard figures. */
export type StoredMeasurement = {
  point: string
  gravity: number | null
  gallons: number | null
  takenAt: string
}

/** The latest present figure of a point. */
function latest(
  measurements: readonly StoredMeasurement[],
  points: readonly string[],
  figure: 'gravity' | 'gallons',
): number | null {
  const found = measurements
    .filter((m) => points.includes(m.point) && typeof m[figure] === 'number' && Number.isFinite(m[figure]))
    .sort((a, b) => Date.parse(b.takenAt) - Date.parse(a.takenAt))[0]
  return found ? found[figure] : null
}

/**
 * What one finished brew measured, for calibration: pre-boil volume and gravity, post-boil volume, the volume
 * into the fermenter with the original gravity (or a gravity taken into the fermenter), and the grain bill's
 * potential from the batch's snapshot. The latest measurement of a point counts.
 */
export function measuredBrewOf(
  batch: { id: string; number: string; brewedAt: string; snapshot: Recipe },
  measurements: readonly StoredMeasurement[],
): MeasuredBrew {
  return {
    batchId: batch.id,
    batchNumber: batch.number,
    brewedAt: batch.brewedAt,
    potentialPoints: totalGravityPoints(
      batch.snapshot.grainBill,
      batch.snapshot.otherIngredients,
      silentLogger,
    ),
    boilMinutes: batch.snapshot.boilTime,
    preBoil: {
      gallons: latest(measurements, ['pre-boil'], 'gallons'),
      gravity: latest(measurements, ['pre-boil'], 'gravity'),
    },
    postBoilGallons: latest(measurements, ['post-boil'], 'gallons'),
    intoFermenter: {
      gallons: latest(measurements, ['into-fermenter'], 'gallons'),
      gravity:
        latest(measurements, ['original-gravity'], 'gravity') ??
        latest(measurements, ['into-fermenter'], 'gravity'),
    },
  }
}

/** The calibration part of a brewhouse: how many brews were measured, and what they propose. */
export function brewhouseCalibration(
  constants: BrewhouseConstants,
  brews: readonly MeasuredBrew[],
): { measuredBrews: number; proposals: CalibrationProposal[] } {
  return {
    measuredBrews: brews.length,
    proposals:
      brews.length >= CALIBRATION_MIN_BREWS ? proposeCalibration(brews, calibrationCurrent(constants)) : [],
  }
}

/** Pounds of grain in a recipe's grain bill (unknown units count 0). */
export function grainPoundsOf(recipe: Pick<Recipe, 'grainBill'>): number {
  return recipe.grainBill.reduce(
    (sum, grain) => sum + weightToPounds(grain.amount.value, grain.amount.unit, silentLogger),
    0,
  )
}

/** `brewcommand://brewhouses/{id}`: what the brewery's room hears after a brewhouse changed. */
export const brewhouseObjectUri = (id: string) => `${OBJECT_URI_SCHEME}brewhouses/${id}`
/** `brewcommand://vessels/{id}`: what the brewery's room hears after a vessel changed. */
export const vesselObjectUri = (id: string) => `${OBJECT_URI_SCHEME}vessels/${id}`

/** The kind and id of an equipment object URI, or null when it is not one. */
export function equipmentFromObjectUri(
  objectUri: string,
): { kind: 'brewhouse' | 'vessel'; id: string } | null {
  const match = /^brewcommand:\/\/(brewhouses|vessels)\/([^/]+)$/.exec(objectUri)
  if (!match) return null
  return { kind: match[1] === 'brewhouses' ? 'brewhouse' : 'vessel', id: match[2] }
}
