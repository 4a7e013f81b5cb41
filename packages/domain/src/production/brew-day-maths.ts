import { POINTS_PER_POUND } from '../brewing/gravity.ts'
import { capFinite, GALLONS_PER_BBL, positiveOrZero } from '../brewing/units.ts'

// The brew-day formulas of the production side (docs/production.md): water volumes from a brewhouse's
// constants, the efficiency a brew really reached, the fixes when a measurement is off, and the
// instrument corrections. Gallons (US), pounds and °F throughout, as the recipe maths uses; every result
// is finite for every input (NaN, ±Infinity and negatives count as 0), so a half-typed field never shows NaN.

export const LITRES_PER_GALLON = 3.785411784
export const QUARTS_PER_GALLON = 4
/** Gravity points per pound per gallon of dry malt extract (the figure brewing software commonly uses). */
export const DME_POINTS_PER_POUND = 44
/** A hydrometer's usual calibration temperature, °F. */
export const HYDROMETER_CALIBRATION_F = 60
/** A refractometer's usual wort correction factor (Brix of a wort read ÷ its true Brix). */
export const DEFAULT_WORT_CORRECTION_FACTOR = 1.04

const finite = (value: number): number => (Number.isFinite(value) ? value : 0)

export const fahrenheitToCelsius = (f: number): number => finite((finite(f) - 32) * (5 / 9))
export const celsiusToFahrenheit = (c: number): number => finite(finite(c) * (9 / 5) + 32)
export const gallonsToLitres = (gallons: number): number =>
  capFinite(positiveOrZero(gallons) * LITRES_PER_GALLON)
export const litresToGallons = (litres: number): number =>
  capFinite(positiveOrZero(litres) / LITRES_PER_GALLON)
export const barrelsToGallons = (barrels: number): number =>
  capFinite(positiveOrZero(barrels) * GALLONS_PER_BBL)
export const gallonsToBarrels = (gallons: number): number =>
  capFinite(positiveOrZero(gallons) / GALLONS_PER_BBL)

/** Gravity points of a specific gravity: (SG − 1) × 1000, never negative. */
export const gravityPoints = (specificGravity: number): number =>
  capFinite(positiveOrZero(specificGravity - 1) * 1000)
/** Specific gravity of a number of gravity points per gallon. */
export const gravityFromPoints = (points: number): number => 1 + capFinite(positiveOrZero(points)) / 1000

/** The process constants of a brewhouse that the volume plan needs (gallons, pounds, percent). */
export type VolumePlanConstants = {
  /** Gallons boiled off per hour. */
  boilOffGallonsPerHour: number
  /** Gallons left in the kettle with the trub. */
  kettleTrubLossGallons: number
  /** Gallons lost in the chiller and its lines. */
  chillerLossGallons: number
  /** Gallons of water the grain keeps, per pound. */
  grainAbsorptionGallonsPerPound: number
  /** Gallons below the mash tun's false bottom that never reach the kettle. */
  mashTunDeadSpaceGallons: number
}

export type VolumePlanInput = VolumePlanConstants & {
  /** Gallons wanted in the fermenter (the batch's target volume). */
  intoFermenterGallons: number
  /** Pounds of grain in the mash. */
  grainPounds: number
  /** Mash thickness in quarts of water per pound of grain. */
  mashThicknessQuartsPerPound: number
  boilMinutes: number
  /** The original gravity expected in the fermenter. */
  originalGravity: number
}

export type VolumePlan = {
  strikeWaterGallons: number
  spargeWaterGallons: number
  totalWaterGallons: number
  grainAbsorptionGallons: number
  preBoilGallons: number
  preBoilGravity: number
  boilOffGallons: number
  postBoilGallons: number
  intoFermenterGallons: number
}

/**
 * The water and wort volumes of one brew, worked back from the fermenter:
 * post-boil = into fermenter + kettle/trub loss + chiller loss; pre-boil = post-boil + boil-off per hour × hours;
 * total water = pre-boil + grain absorption + mash tun dead space; strike = grain × thickness ÷ 4 (quarts to
 * gallons, never more than the total); sparge = total − strike. Pre-boil gravity keeps the same sugar in more
 * wort: 1 + (OG − 1) × post-boil ÷ pre-boil. Cooling shrinkage is left to the losses.
 */
export function volumePlan(input: VolumePlanInput): VolumePlan {
  const intoFermenterGallons = capFinite(positiveOrZero(input.intoFermenterGallons))
  const postBoilGallons = capFinite(
    intoFermenterGallons +
      positiveOrZero(input.kettleTrubLossGallons) +
      positiveOrZero(input.chillerLossGallons),
  )
  const boilOffGallons = capFinite(
    (positiveOrZero(input.boilOffGallonsPerHour) * positiveOrZero(input.boilMinutes)) / 60,
  )
  const preBoilGallons = capFinite(postBoilGallons + boilOffGallons)
  const grainAbsorptionGallons = capFinite(
    positiveOrZero(input.grainPounds) * positiveOrZero(input.grainAbsorptionGallonsPerPound),
  )
  const totalWaterGallons = capFinite(
    preBoilGallons + grainAbsorptionGallons + positiveOrZero(input.mashTunDeadSpaceGallons),
  )
  const strikeWaterGallons = Math.min(
    totalWaterGallons,
    capFinite(
      (positiveOrZero(input.grainPounds) * positiveOrZero(input.mashThicknessQuartsPerPound)) /
        QUARTS_PER_GALLON,
    ),
  )
  const preBoilGravity =
    preBoilGallons > 0
      ? gravityFromPoints((gravityPoints(input.originalGravity) * postBoilGallons) / preBoilGallons)
      : 1
  return {
    strikeWaterGallons,
    spargeWaterGallons: capFinite(totalWaterGallons - strikeWaterGallons),
    totalWaterGallons,
    grainAbsorptionGallons,
    preBoilGallons,
    preBoilGravity,
    boilOffGallons,
    postBoilGallons,
    intoFermenterGallons,
  }
}

/**
 * Strike water temperature (°F) from Palmer's infusion equation (How to Brew, "Calculating strike water
 * temperature"): Tw = (0.2 ÷ r)(T2 − T1) + T2, with r the mash thickness in quarts per pound, T1 the grain's and
 * T2 the target mash temperature. Without a thickness the target itself is returned.
 */
export function strikeWaterTemperatureF(
  mashThicknessQuartsPerPound: number,
  grainTemperatureF: number,
  targetMashTemperatureF: number,
): number {
  const ratio = positiveOrZero(mashThicknessQuartsPerPound)
  const target = finite(targetMashTemperatureF)
  if (ratio === 0) return target
  return finite((0.2 / ratio) * (target - finite(grainTemperatureF)) + target)
}

/**
 * The efficiency (%) a measured gravity and volume show against the grain bill's potential points (46 ×
 * extract × pounds, as the recipe maths counts them): gravity points × gallons ÷ potential × 100. Measured
 * into the fermenter it is the brewhouse efficiency; measured before the boil, the mash efficiency. 0 when
 * there is no potential.
 */
export function efficiencyPercent(measuredGravity: number, gallons: number, potentialPoints: number): number {
  const potential = positiveOrZero(potentialPoints)
  if (potential === 0) return 0
  return capFinite(((gravityPoints(measuredGravity) * positiveOrZero(gallons)) / potential) * 100)
}

/** Gallons of water to add to bring a wort from a gravity down to a target: V × (G1 − 1) ÷ (G2 − 1) − V. */
export function dilutionWaterGallons(gallons: number, gravity: number, targetGravity: number): number {
  const target = gravityPoints(targetGravity)
  if (target === 0) return 0
  return capFinite((positiveOrZero(gallons) * gravityPoints(gravity)) / target - positiveOrZero(gallons))
}

/** Pounds of dry malt extract to raise a wort to a target gravity: (G2 − G1) points × gallons ÷ 44 ppg. */
export function dryMaltExtractPounds(gallons: number, gravity: number, targetGravity: number): number {
  const missingPoints = positiveOrZero(gravityPoints(targetGravity) - gravityPoints(gravity))
  return capFinite((missingPoints * positiveOrZero(gallons)) / DME_POINTS_PER_POUND)
}

/**
 * Extra minutes of boil that concentrate a wort to a target gravity: the volume that holds the same sugar at
 * the target is V × (G1 − 1) ÷ (G2 − 1); the difference boils off at the brewhouse's rate. 0 when the wort is
 * already at or above the target, or nothing boils off.
 */
export function extraBoilMinutes(
  gallons: number,
  gravity: number,
  targetGravity: number,
  boilOffGallonsPerHour: number,
): number {
  const rate = positiveOrZero(boilOffGallonsPerHour)
  const target = gravityPoints(targetGravity)
  if (rate === 0 || target === 0) return 0
  const volume = positiveOrZero(gallons)
  const concentrated = (volume * gravityPoints(gravity)) / target
  return capFinite(((volume - Math.min(volume, concentrated)) / rate) * 60)
}

/** The fixes offered when a measured gravity or volume is off (every figure ≥ 0; 0 means "not needed"). */
export type GravityFix = {
  dilutionWaterGallons: number
  dryMaltExtractPounds: number
  extraBoilMinutes: number
}

/** What to do about a measured gravity against the expected one: dilute when high, add DME or boil longer when low. */
export function gravityFix(
  gallons: number,
  measuredGravity: number,
  expectedGravity: number,
  boilOffGallonsPerHour: number,
): GravityFix {
  return {
    dilutionWaterGallons: dilutionWaterGallons(gallons, measuredGravity, expectedGravity),
    dryMaltExtractPounds: dryMaltExtractPounds(gallons, measuredGravity, expectedGravity),
    extraBoilMinutes: extraBoilMinutes(gallons, measuredGravity, expectedGravity, boilOffGallonsPerHour),
  }
}

const hydrometerDensityTerm = (f: number) =>
  1.00130346 - 0.000134722124 * f + 0.00000204052596 * f ** 2 - 0.00000000232820948 * f ** 3

/**
 * A hydrometer reading corrected for the sample's temperature (°F), for an instrument calibrated at
 * `calibrationF` (60 °F by default), by the density polynomial brewing calculators use:
 * SG × d(T sample) ÷ d(T calibration). 1.050 read at 100 °F is 1.056. Temperatures are held to 32–212 °F,
 * where water is liquid and the polynomial holds.
 */
export function hydrometerCorrection(
  readingGravity: number,
  sampleTemperatureF: number,
  calibrationF = HYDROMETER_CALIBRATION_F,
): number {
  const clamp = (f: number) => Math.min(212, Math.max(32, finite(f)))
  return capFinite(
    positiveOrZero(readingGravity) *
      (hydrometerDensityTerm(clamp(sampleTemperatureF)) / hydrometerDensityTerm(clamp(calibrationF))),
  )
}

/** Specific gravity of a sugar solution in °Brix or °Plato: 1 + B ÷ (258.6 − (B ÷ 258.2) × 227.1). */
export function brixToGravity(brix: number): number {
  const b = Math.min(positiveOrZero(brix), 100)
  return 1 + b / (258.6 - (b / 258.2) * 227.1)
}

/** °Plato of a specific gravity: −616.868 + 1111.14 SG − 630.272 SG² + 135.997 SG³ (never below 0). */
export function gravityToPlato(specificGravity: number): number {
  const sg = Math.min(Math.max(finite(specificGravity), 1), 2)
  return positiveOrZero(-616.868 + 1111.14 * sg - 630.272 * sg ** 2 + 135.997 * sg ** 3)
}

/** A refractometer's reading of unfermented wort as gravity: Brix ÷ the wort correction factor, then brixToGravity. */
export function refractometerWortGravity(
  brixReading: number,
  wortCorrectionFactor = DEFAULT_WORT_CORRECTION_FACTOR,
): number {
  const factor = positiveOrZero(wortCorrectionFactor) || DEFAULT_WORT_CORRECTION_FACTOR
  return brixToGravity(positiveOrZero(brixReading) / factor)
}

/**
 * A refractometer's reading once fermentation has started, corrected for the alcohol with Sean Terrill's cubic
 * (2011): FG = 1 − 0.0044993 OB + 0.011774 FB + 0.00027581 OB² − 0.0012717 FB² − 0.0000072800 OB³ + 0.000063293 FB³,
 * OB and FB being the original and current readings in °Brix divided by the wort correction factor.
 */
export function refractometerFermentingGravity(
  originalBrixReading: number,
  currentBrixReading: number,
  wortCorrectionFactor = DEFAULT_WORT_CORRECTION_FACTOR,
): number {
  const factor = positiveOrZero(wortCorrectionFactor) || DEFAULT_WORT_CORRECTION_FACTOR
  const ob = Math.min(positiveOrZero(originalBrixReading), 60) / factor
  const fb = Math.min(positiveOrZero(currentBrixReading), 60) / factor
  return finite(
    1 -
      0.0044993 * ob +
      0.011774 * fb +
      0.00027581 * ob ** 2 -
      0.0012717 * fb ** 2 -
      0.00000728 * ob ** 3 +
      0.000063293 * fb ** 3,
  )
}

/** Potential gravity points of pounds of grain at an extract fraction, as the recipe maths counts them (46 ppg × extract). */
export const potentialPoints = (pounds: number, extractFraction: number): number =>
  capFinite(POINTS_PER_POUND * positiveOrZero(extractFraction) * positiveOrZero(pounds))
