import type { HopInput } from './inputs.ts'
import { consoleLogger, type BrewingLogger } from './logger.ts'
import { capFinite, cappedProduct, positiveOrZero, timeToMinutes, weightToOunces } from './units.ts'

/** Boil gravity used for bitterness when the recipe has no gravity of its own (docs/product/02-products.md §9). */
export const DEFAULT_BOIL_GRAVITY = 1.05
/** Hop additions that add bitterness; Dry Hop, Mash and Hop Back add none. */
export const IBU_ADDITION_TYPES = ['Boil', 'First Wort', 'Whirlpool'] as const

/** What a hop's bitterness depends on besides the hop itself. */
export type IbuContext = {
  gallons: number
  boilGravity: number
  /** Minutes; First Wort hops boil this long. */
  boilTime?: number | null
  /** Minutes; Whirlpool hops steep this long. */
  whirlpoolTime?: number | null
}

/** Tinseth utilisation: 1.65 × 0.000125^(G − 1) × (1 − e^(−0.04 × minutes)) / 4.15. */
export function tinsethUtilisation(boilGravity: number, minutes: number): number {
  const gravity = Number.isFinite(boilGravity) ? boilGravity : DEFAULT_BOIL_GRAVITY
  const bigness = 1.65 * Math.pow(0.000125, gravity - 1)
  const boilFactor = (1 - Math.exp(-0.04 * positiveOrZero(minutes))) / 4.15
  const utilisation = bigness * boilFactor
  return Number.isFinite(utilisation) ? utilisation : 0
}

/** Tinseth IBU of one addition: alpha % / 100 × ounces × utilisation × 7490 / gallons (0 without volume). */
export function tinsethIbu(
  alphaPct: number,
  ounces: number,
  minutes: number,
  gallons: number,
  boilGravity: number,
): number {
  const volume = positiveOrZero(gallons)
  if (volume === 0) return 0
  const alphaOunces = cappedProduct(positiveOrZero(alphaPct) / 100, positiveOrZero(ounces))
  return capFinite(cappedProduct(alphaOunces, tinsethUtilisation(boilGravity, minutes), 7490) / volume)
}

/** Minutes a hop counts for: First Wort the boil time, Whirlpool the whirlpool time, Boil its own time, else 0. */
export function hopMinutes(
  hop: HopInput,
  context: Pick<IbuContext, 'boilTime' | 'whirlpoolTime'>,
  logger: BrewingLogger = consoleLogger,
): number {
  switch (hop.additionType) {
    case 'Boil':
      return hop.time ? timeToMinutes(hop.time.value, hop.time.unit, logger) : 0
    case 'First Wort':
      return positiveOrZero(context.boilTime)
    case 'Whirlpool':
      return positiveOrZero(context.whirlpoolTime)
    default:
      return 0
  }
}

/** IBU of one hop entry: only Boil, First Wort and Whirlpool additions with time, alpha and amount above 0. */
export function hopIbu(hop: HopInput, context: IbuContext, logger: BrewingLogger = consoleLogger): number {
  const minutes = hopMinutes(hop, context, logger)
  const alpha = positiveOrZero(hop.ingredient?.alphaAcids)
  if (minutes === 0 || alpha === 0) return 0
  const ounces = weightToOunces(hop.amount?.value, hop.amount?.unit, logger)
  return tinsethIbu(alpha, ounces, minutes, context.gallons, context.boilGravity)
}

/** Total IBU of a hops bill. */
export function totalIbu(
  hopsBill: readonly (HopInput | null | undefined)[],
  context: IbuContext,
  logger: BrewingLogger = consoleLogger,
): number {
  let ibu = 0
  for (const hop of hopsBill) if (hop) ibu += hopIbu(hop, context, logger)
  return capFinite(ibu)
}
