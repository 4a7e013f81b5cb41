import { YEASTS } from '../catalog/catalog.ts'
import { silentLogger } from '../brewing/logger.ts'
import { calculateRecipeStats } from '../brewing/stats.ts'
import type { Recipe } from '../recipes/recipe.schema.ts'
import { fahrenheitToCelsius } from './brew-day-maths.ts'

// Fermentation as the cellar follows it (docs/production.md, "device", "reading"): what the recipe snapshot
// expects (final gravity, the yeast's temperature band), how far a batch has come (apparent attenuation, day N),
// and the alert rules the cellar's job evaluates — pure functions over readings.

export type FermentationReading = {
  takenAt: string
  gravitySg: number | null
  temperatureC: number | null
}

export type TemperatureBand = { minC: number; maxC: number }

/** The expected final gravity of a snapshot: its stored figure, else the recipe's calculated one; null when unknown. */
export function expectedFinalGravity(snapshot: Recipe | null): number | null {
  if (!snapshot) return null
  if (snapshot.finalGravity > 1) return snapshot.finalGravity
  try {
    const stats = calculateRecipeStats(snapshot, { logger: silentLogger })
    return stats.finalGravity > 1 ? stats.finalGravity : null
  } catch {
    return null
  }
}

/** The original gravity a snapshot expects (stored, else calculated); null when unknown. */
export function expectedOriginalGravity(snapshot: Recipe | null): number | null {
  if (!snapshot) return null
  if (snapshot.originalGravity > 1) return snapshot.originalGravity
  try {
    const stats = calculateRecipeStats(snapshot, { logger: silentLogger })
    return stats.originalGravity > 1 ? stats.originalGravity : null
  } catch {
    return null
  }
}

/**
 * The fermentation temperature band of a snapshot: the yeast's range (°F in the catalogue, kept on the recipe's
 * yeast or looked up by its id), in °C; null when the yeast has none.
 */
export function fermentationBand(snapshot: Recipe | null): TemperatureBand | null {
  const yeast = snapshot?.yeast as (Record<string, unknown> & { id?: string }) | null | undefined
  if (!yeast) return null
  const own = yeast.temperatureRangeF
  const range = Array.isArray(own) ? own : YEASTS.find((entry) => entry.id === yeast.id)?.temperatureRangeF
  if (!Array.isArray(range) || range.length !== 2) return null
  const [low, high] = range.map(Number)
  if (!Number.isFinite(low) || !Number.isFinite(high) || low > high) return null
  return { minC: fahrenheitToCelsius(low), maxC: fahrenheitToCelsius(high) }
}

/** Apparent attenuation (%) from the original to the current gravity: (OG − SG) ÷ (OG − 1) × 100. */
export function apparentAttenuation(originalGravity: number, currentGravity: number): number | null {
  if (!(originalGravity > 1)) return null
  return ((originalGravity - currentGravity) / (originalGravity - 1)) * 100
}

/** Day N of fermentation: day 1 is the day it went into the fermenter (whole days since, plus one). */
export function fermentationDay(startedAt: string, now: Date): number {
  const start = new Date(startedAt).getTime()
  if (!Number.isFinite(start)) return 1
  return Math.max(1, Math.floor((now.getTime() - start) / 86_400_000) + 1)
}

/** The direction of the last readings of a quantity: up, down or steady (within `tolerance`). */
export function trendOf(values: readonly number[], tolerance: number): 'up' | 'down' | 'steady' | null {
  if (values.length < 2) return null
  const delta = values[values.length - 1] - values[0]
  if (Math.abs(delta) <= tolerance) return 'steady'
  return delta > 0 ? 'up' : 'down'
}

export const ALERT_KINDS = {
  'gravity-stable': 'Gravity stable',
  'temperature-out-of-band': 'Temperature out of range',
  'device-silent': 'Device silent',
  'fg-reached': 'Expected FG reached',
  // Raised by inventory's par-level check into the same bell (docs/decisions/212-par-level-alerts.md).
  'below-par': 'Below par level',
  // Raised by the kegs' daily check (docs/decisions/290-kegs.md).
  'kegs-overdue': 'Kegs out too long',
  // Raised when a push or pull with QuickBooks or Xero fails twice (docs/decisions/310-accounting-sync.md).
  'accounting-sync-failed': 'Accounting sync failed',
} as const
export type AlertKind = keyof typeof ALERT_KINDS

/** The rules' thresholds (docs/production.md "device", "reading"). */
export const ALERT_RULES = {
  stableWithinSg: 0.001,
  stableForHours: 48,
  silentAfterHours: 2,
} as const

export type FermentationAlert = { kind: AlertKind; message: string }

/**
 * The alerts a batch's readings raise now: gravity stable within 0.001 for 48 hours (readings that cover the
 * whole window), the latest temperature outside the band, the latest gravity at or below the expected FG.
 */
export function fermentationAlerts(input: {
  readings: readonly FermentationReading[]
  expectedFg: number | null
  band: TemperatureBand | null
  now: Date
}): FermentationAlert[] {
  const alerts: FermentationAlert[] = []
  const sorted = [...input.readings].sort((a, b) => a.takenAt.localeCompare(b.takenAt))
  const gravities = sorted.filter((reading) => reading.gravitySg !== null)
  const windowStart = input.now.getTime() - ALERT_RULES.stableForHours * 3_600_000
  const before = gravities.filter((reading) => new Date(reading.takenAt).getTime() <= windowStart).at(-1)
  const inWindow = gravities.filter((reading) => new Date(reading.takenAt).getTime() > windowStart)
  if (before && inWindow.length > 0) {
    const values = [before, ...inWindow].map((reading) => reading.gravitySg!)
    if (Math.max(...values) - Math.min(...values) <= ALERT_RULES.stableWithinSg + 1e-9)
      alerts.push({
        kind: 'gravity-stable',
        message: `Gravity has held at ${values.at(-1)!.toFixed(3)} for ${ALERT_RULES.stableForHours} hours`,
      })
  }
  const latestTemperature = sorted.filter((reading) => reading.temperatureC !== null).at(-1)
  if (input.band && latestTemperature) {
    const t = latestTemperature.temperatureC!
    if (t < input.band.minC - 1e-9 || t > input.band.maxC + 1e-9)
      alerts.push({
        kind: 'temperature-out-of-band',
        message: `Temperature ${t.toFixed(1)} °C is outside ${input.band.minC.toFixed(1)}–${input.band.maxC.toFixed(1)} °C`,
      })
  }
  const latestGravity = gravities.at(-1)
  if (input.expectedFg !== null && latestGravity && latestGravity.gravitySg! <= input.expectedFg + 1e-9)
    alerts.push({
      kind: 'fg-reached',
      message: `Gravity ${latestGravity.gravitySg!.toFixed(3)} has reached the expected FG ${input.expectedFg.toFixed(3)}`,
    })
  return alerts
}

/** True when a device that has posted before has been silent for 2 hours. */
export function isDeviceSilent(lastSeenAt: string | null, now: Date): boolean {
  if (!lastSeenAt) return false
  return now.getTime() - new Date(lastSeenAt).getTime() >= ALERT_RULES.silentAfterHours * 3_600_000
}
