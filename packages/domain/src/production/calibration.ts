import { capFinite, positiveOrZero } from '../brewing/units.ts'
import { efficiencyPercent } from './brew-day-maths.ts'

// Self-calibration of a brewhouse (docs/production.md): after enough measured brews, the figures a brewhouse
// really reaches replace the constants it was set up with. Each proposal names the batches behind it, and
// nothing changes until a person accepts it (which saves a new brewhouse version).

/** Brews a proposal needs before it is offered. */
export const CALIBRATION_MIN_BREWS = 3
/** The most recent brews a proposal averages. */
export const CALIBRATION_MAX_BREWS = 10

/** What one finished brew day measured, with what its grain bill could give. */
export type MeasuredBrew = {
  batchId: string
  batchNumber: string
  /** When the brew finished (ISO); the most recent brews count. */
  brewedAt: string
  /** The grain bill's potential points (46 × extract × pounds). */
  potentialPoints: number
  boilMinutes: number
  preBoil?: { gallons?: number | null; gravity?: number | null } | null
  postBoilGallons?: number | null
  intoFermenter?: { gallons?: number | null; gravity?: number | null } | null
}

export type CalibratedConstant =
  'brewhouseEfficiency' | 'mashEfficiency' | 'boilOffGallonsPerHour' | 'kettleLossGallons'

/** A proposed value with the brews behind it. */
export type CalibrationProposal = {
  constant: CalibratedConstant
  current: number
  proposed: number
  batches: { batchId: string; batchNumber: string; value: number }[]
}

export type CurrentConstants = Record<CalibratedConstant, number>

const present = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals

/**
 * Proposals for the constants that at least three of the brewhouse's most recent measured brews tell:
 * brewhouse efficiency (OG and volume into the fermenter), mash efficiency (pre-boil gravity and volume),
 * boil-off per hour ((pre-boil − post-boil) ÷ boil hours) and kettle loss (post-boil − into the fermenter, the
 * chiller's share included). Each is the mean of those brews, rounded as a brewer writes it; a constant whose
 * mean equals the current value within that rounding is not proposed.
 */
export function proposeCalibration(
  brews: readonly MeasuredBrew[],
  current: CurrentConstants,
): CalibrationProposal[] {
  const recent = [...brews]
    .filter((brew) => Number.isFinite(Date.parse(brew.brewedAt)))
    .sort((a, b) => Date.parse(b.brewedAt) - Date.parse(a.brewedAt))
    .slice(0, CALIBRATION_MAX_BREWS)
  const measures: Record<
    CalibratedConstant,
    { decimals: number; of: (brew: MeasuredBrew) => number | null }
  > = {
    brewhouseEfficiency: {
      decimals: 1,
      of: (brew) =>
        present(brew.intoFermenter?.gallons) &&
        present(brew.intoFermenter.gravity) &&
        present(brew.potentialPoints)
          ? efficiencyPercent(brew.intoFermenter.gravity, brew.intoFermenter.gallons, brew.potentialPoints)
          : null,
    },
    mashEfficiency: {
      decimals: 1,
      of: (brew) =>
        present(brew.preBoil?.gallons) && present(brew.preBoil.gravity) && present(brew.potentialPoints)
          ? efficiencyPercent(brew.preBoil.gravity, brew.preBoil.gallons, brew.potentialPoints)
          : null,
    },
    boilOffGallonsPerHour: {
      decimals: 2,
      of: (brew) =>
        present(brew.preBoil?.gallons) && present(brew.postBoilGallons) && present(brew.boilMinutes)
          ? capFinite(positiveOrZero(brew.preBoil.gallons - brew.postBoilGallons) / (brew.boilMinutes / 60))
          : null,
    },
    kettleLossGallons: {
      decimals: 2,
      of: (brew) =>
        present(brew.postBoilGallons) && present(brew.intoFermenter?.gallons)
          ? positiveOrZero(brew.postBoilGallons - brew.intoFermenter.gallons)
          : null,
    },
  }
  const proposals: CalibrationProposal[] = []
  for (const constant of Object.keys(measures) as CalibratedConstant[]) {
    const { decimals, of } = measures[constant]
    const batches = recent.flatMap((brew) => {
      const value = of(brew)
      return value === null ? [] : [{ batchId: brew.batchId, batchNumber: brew.batchNumber, value }]
    })
    if (batches.length < CALIBRATION_MIN_BREWS) continue
    const proposed = round(batches.reduce((sum, batch) => sum + batch.value, 0) / batches.length, decimals)
    const currentValue = positiveOrZero(current[constant])
    if (round(currentValue, decimals) === proposed) continue
    proposals.push({ constant, current: currentValue, proposed, batches })
  }
  return proposals
}
