import { brixToGravity, fahrenheitToCelsius } from './brew-day-maths.ts'

// What fermentation devices really send to `POST /api/ingest/{deviceToken}` (docs/production.md "Rules
// everywhere"): iSpindel's generic HTTP JSON, the Brewfather custom-stream JSON (which Tilt bridges such as
// TiltBridge and TiltPi also send), and a plain `{ "gravity": 1.012, "temperature": 18.5 }`. Each is read into one
// reading: gravity as SG, temperature in °C, pH, battery; or refused naming the field as the device spelt it.

export const DEVICE_FORMATS = ['ispindel', 'brewfather', 'plain'] as const
export type DeviceFormat = (typeof DEVICE_FORMATS)[number]

export type DeviceReading = {
  format: DeviceFormat
  /** Specific gravity (°Plato converted). */
  gravitySg: number | null
  temperatureC: number | null
  ph: number | null
  /** Volts (iSpindel, Brewfather's `battery`). */
  battery: number | null
  /** iSpindel's tilt angle in degrees, its signal strength and reporting interval in seconds. */
  angle: number | null
  rssi: number | null
  intervalSeconds: number | null
  /** The name the device calls itself, and a comment it sent. */
  deviceName: string
  note: string
}

export type DevicePayloadProblem = { field: string; message: string }
export type DevicePayloadResult =
  { ok: true; reading: DeviceReading } | { ok: false; problem: DevicePayloadProblem }

/** A specific gravity is read between these; a number above 1.2 and at most 50 is taken as °Plato. */
const SG_RANGE = [0.98, 1.2] as const
const PLATO_MAX = 50
const TEMPERATURE_C_RANGE = [-30, 110] as const

class Refused extends Error {
  constructor(readonly problem: DevicePayloadProblem) {
    super(problem.message)
  }
}
const refuse = (field: string, message: string): never => {
  throw new Refused({ field, message })
}

/** A number, or a number in a string (some firmwares quote them); absent → null. */
function numberAt(body: Record<string, unknown>, field: string): number | null {
  const value = body[field]
  if (value === undefined || value === null || value === '') return null
  const number = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number))
    return refuse(field, `${field} must be a number`)
  return number
}

function textAt(body: Record<string, unknown>, field: string, max = 200): string {
  const value = body[field]
  if (value === undefined || value === null) return ''
  if (typeof value !== 'string' && typeof value !== 'number') return refuse(field, `${field} must be text`)
  return (
    String(value)
      // eslint-disable-next-line no-control-regex -- control characters are what it removes
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .slice(0, max)
  )
}

/** SG from a gravity in the unit given, or guessed (above 1.2 it is °Plato, as iSpindels are often set up). */
function gravityOf(field: string, value: number | null, unit: 'SG' | 'P' | 'guess'): number | null {
  if (value === null) return null
  const isPlato = unit === 'P' || (unit === 'guess' && value > SG_RANGE[1])
  if (isPlato) {
    if (value < 0 || value > PLATO_MAX) refuse(field, `${field} in °Plato must be between 0 and ${PLATO_MAX}`)
    return brixToGravity(value)
  }
  if (value < SG_RANGE[0] || value > SG_RANGE[1])
    refuse(field, `${field} must be a specific gravity between ${SG_RANGE[0]} and ${SG_RANGE[1]}`)
  return value
}

function temperatureOf(field: string, value: number | null, unitField: string, unit: string): number | null {
  if (value === null) return null
  const normalised = unit.trim().toUpperCase().replace('°', '')
  let celsius: number
  if (normalised === '' || normalised === 'C') celsius = value
  else if (normalised === 'F') celsius = fahrenheitToCelsius(value)
  else if (normalised === 'K') celsius = value - 273.15
  else return refuse(unitField, `${unitField} must be C, F or K`)
  if (celsius < TEMPERATURE_C_RANGE[0] || celsius > TEMPERATURE_C_RANGE[1])
    refuse(field, `${field} is outside what a fermenter can be`)
  return celsius
}

function phOf(body: Record<string, unknown>, field: string): number | null {
  const ph = numberAt(body, field)
  if (ph !== null && (ph < 0 || ph > 14)) refuse(field, `${field} must be between 0 and 14`)
  return ph
}

/** Which format a body is: iSpindel's has `angle`, `ID` or `temp_units`; Brewfather's `temp`, `temp_unit` or `gravity_unit`. */
export function deviceFormatOf(body: Record<string, unknown>): DeviceFormat {
  if ('angle' in body || 'ID' in body || 'temp_units' in body) return 'ispindel'
  if ('temp' in body || 'temp_unit' in body || 'gravity_unit' in body) return 'brewfather'
  return 'plain'
}

/** Reads a device's JSON body into a reading, or the first problem naming the field. */
export function parseDevicePayload(body: unknown): DevicePayloadResult {
  try {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      refuse('body', 'The body must be a JSON object')
    const record = body as Record<string, unknown>
    const format = deviceFormatOf(record)
    let reading: DeviceReading
    if (format === 'ispindel') {
      reading = {
        format,
        gravitySg: gravityOf('gravity', numberAt(record, 'gravity'), 'guess'),
        temperatureC: temperatureOf(
          'temperature',
          numberAt(record, 'temperature'),
          'temp_units',
          textAt(record, 'temp_units', 4),
        ),
        ph: null,
        battery: numberAt(record, 'battery'),
        angle: numberAt(record, 'angle'),
        rssi: numberAt(record, 'RSSI'),
        intervalSeconds: numberAt(record, 'interval'),
        deviceName: textAt(record, 'name', 100),
        note: '',
      }
    } else if (format === 'brewfather') {
      const unit = textAt(record, 'gravity_unit', 4).trim().toUpperCase()
      if (unit !== '' && unit !== 'G' && unit !== 'P')
        refuse('gravity_unit', 'gravity_unit must be "G" or "P"')
      reading = {
        format,
        gravitySg: gravityOf(
          'gravity',
          numberAt(record, 'gravity'),
          unit === 'P' ? 'P' : unit === 'G' ? 'SG' : 'guess',
        ),
        temperatureC: temperatureOf(
          'temp',
          numberAt(record, 'temp'),
          'temp_unit',
          textAt(record, 'temp_unit', 4),
        ),
        ph: phOf(record, 'ph'),
        battery: numberAt(record, 'battery'),
        angle: null,
        rssi: null,
        intervalSeconds: null,
        deviceName: textAt(record, 'name', 100),
        note: textAt(record, 'comment', 500),
      }
    } else {
      const unitField = 'temperature_unit' in record ? 'temperature_unit' : 'temp_unit'
      reading = {
        format,
        gravitySg: gravityOf('gravity', numberAt(record, 'gravity'), 'guess'),
        temperatureC: temperatureOf(
          'temperature',
          numberAt(record, 'temperature'),
          unitField,
          textAt(record, unitField, 4),
        ),
        ph: phOf(record, 'ph'),
        battery: numberAt(record, 'battery'),
        angle: null,
        rssi: null,
        intervalSeconds: null,
        deviceName: textAt(record, 'name', 100),
        note: textAt(record, 'comment', 500),
      }
    }
    if (reading.gravitySg === null && reading.temperatureC === null && reading.ph === null)
      refuse('gravity', 'A reading needs a gravity, a temperature or a pH')
    return { ok: true, reading }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem }
    throw error
  }
}
