import { z } from 'zod'
import { capFinite, GALLONS_PER_BBL, positiveOrZero } from '../brewing/units.ts'
import {
  brixToGravity,
  celsiusToFahrenheit,
  hydrometerCorrection,
  LITRES_PER_GALLON,
  refractometerFermentingGravity,
  refractometerWortGravity,
} from './brew-day-maths.ts'
import { MEASUREMENT_POINTS } from './brew-timeline.ts'

// A brew-day or cellar measurement as a person types it (docs/production.md, "measurement"): the value in the
// unit of the instrument, the sample's temperature, and what the app makes of it — a gravity corrected for
// temperature (hydrometer) or converted from Brix (refractometer, with the alcohol correction once fermentation
// has started), a volume in gallons.

export const GRAVITY_UNITS = ['SG', 'Plato', 'Brix'] as const
export type GravityUnit = (typeof GRAVITY_UNITS)[number]
export const MEASURED_VOLUME_UNITS = ['GAL', 'BBL', 'L'] as const
export type MeasuredVolumeUnit = (typeof MEASURED_VOLUME_UNITS)[number]
export const TEMPERATURE_UNITS = ['F', 'C'] as const
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number]
export const INSTRUMENTS = ['hydrometer', 'refractometer', 'device', 'meter'] as const
export type Instrument = (typeof INSTRUMENTS)[number]

const value = z
  .number({ error: 'Enter a number' })
  .finite('Enter a number')
  .min(0, 'The value cannot be negative')
  .max(1_000_000, 'The value is too large')

export const MeasurementInputSchema = z
  .object({
    id: z.uuid(),
    point: z.enum(MEASUREMENT_POINTS, { error: 'Choose what was measured' }),
    quantity: z.enum(['gravity', 'volume'], { error: 'Choose gravity or volume' }),
    value,
    unit: z.enum([...GRAVITY_UNITS, ...MEASURED_VOLUME_UNITS], { error: 'Choose a unit' }),
    sampleTemperature: z
      .object({
        value: z.number({ error: 'Enter a number' }).finite('Enter a number').min(-50).max(250),
        unit: z.enum(TEMPERATURE_UNITS),
      })
      .nullable()
      .default(null),
    instrument: z.enum(INSTRUMENTS, { error: 'Choose the instrument' }),
    note: z.string().max(2000, 'The note is too long').default(''),
  })
  .superRefine((m, ctx) => {
    const gravityUnit = (GRAVITY_UNITS as readonly string[]).includes(m.unit)
    if (m.quantity === 'gravity' && !gravityUnit)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A gravity is in SG, °Plato or °Brix' })
    if (m.quantity === 'volume' && gravityUnit)
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A volume is in gallons, barrels or litres' })
    if (m.quantity === 'gravity' && m.instrument === 'refractometer' && m.unit !== 'Brix')
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A refractometer reads °Brix' })
    if (m.quantity === 'gravity' && m.unit === 'SG' && (m.value < 0.98 || m.value > 1.2))
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A specific gravity is between 0.980 and 1.200',
      })
    if (m.quantity === 'gravity' && m.unit !== 'SG' && m.value > 50)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A reading in degrees is between 0 and 50' })
  })
export type MeasurementInput = z.infer<typeof MeasurementInputSchema>

/** What a gravity reading needs besides itself: the batch's original refractometer reading once it ferments. */
export type GravityContext = {
  originalBrix?: number | null
  fermenting?: boolean
  wortCorrectionFactor?: number
}

/**
 * The specific gravity a reading stands for: a hydrometer's SG corrected for the sample temperature (calibrated
 * at 60 °F), °Plato converted, a refractometer's °Brix through the wort correction factor — and, once
 * fermentation has started and the original reading is known, Terrill's alcohol correction. A device's gravity
 * is taken as sent.
 */
export function measuredGravity(
  m: Pick<MeasurementInput, 'value' | 'unit' | 'instrument' | 'sampleTemperature'>,
  context: GravityContext = {},
): number {
  if (m.unit === 'Brix' && m.instrument === 'refractometer') {
    if (context.fermenting && positiveOrZero(context.originalBrix) > 0)
      return refractometerFermentingGravity(context.originalBrix ?? 0, m.value, context.wortCorrectionFactor)
    return refractometerWortGravity(m.value, context.wortCorrectionFactor)
  }
  const gravity = m.unit === 'SG' ? positiveOrZero(m.value) : brixToGravity(m.value)
  if (m.instrument !== 'hydrometer' || !m.sampleTemperature) return gravity
  const fahrenheit =
    m.sampleTemperature.unit === 'F'
      ? m.sampleTemperature.value
      : celsiusToFahrenheit(m.sampleTemperature.value)
  return hydrometerCorrection(gravity, fahrenheit)
}

/** Gallons in a measured volume. */
export function measuredGallons(m: Pick<MeasurementInput, 'value' | 'unit'>): number {
  const v = positiveOrZero(m.value)
  if (m.unit === 'BBL') return capFinite(v * GALLONS_PER_BBL)
  if (m.unit === 'L') return capFinite(v / LITRES_PER_GALLON)
  return m.unit === 'GAL' ? v : 0
}
