import { describe, expect, it } from 'vitest'
import { parseDevicePayload } from './device-payloads.ts'

// Payloads as the devices send them (iSpindel firmware 7's generic HTTP, Brewfather's custom stream documentation,
// TiltBridge's Brewfather target).
const ISPINDEL = {
  name: 'iSpindel000',
  ID: 1234567,
  token: '',
  angle: 64.50209,
  temperature: 22.6875,
  temp_units: 'C',
  battery: 4.078335,
  gravity: 1.0452,
  interval: 900,
  RSSI: -72,
}
const BREWFATHER = {
  name: 'YourDeviceName',
  temp: 20.32,
  aux_temp: 15.61,
  ext_temp: 6.51,
  temp_unit: 'C',
  gravity: 1.042,
  gravity_unit: 'G',
  pressure: 10,
  pressure_unit: 'PSI',
  ph: 4.12,
  bpm: 123,
  comment: 'Hello World',
  beer: 'Pale Ale',
  battery: 4.98,
}

describe('device payloads', () => {
  it("reads iSpindel's generic HTTP JSON", () => {
    const result = parseDevicePayload(ISPINDEL)
    expect(result).toMatchObject({
      ok: true,
      reading: {
        format: 'ispindel',
        gravitySg: 1.0452,
        temperatureC: 22.6875,
        battery: 4.078335,
        angle: 64.50209,
        rssi: -72,
        intervalSeconds: 900,
        deviceName: 'iSpindel000',
      },
    })
  })

  it('reads an iSpindel set up for °Plato and °F', () => {
    const result = parseDevicePayload({ ...ISPINDEL, gravity: 12, temperature: 68, temp_units: 'F' })
    if (!result.ok) throw new Error(result.problem.message)
    expect(result.reading.gravitySg).toBeCloseTo(1.0484, 3)
    expect(result.reading.temperatureC).toBeCloseTo(20, 6)
  })

  it('reads the Brewfather custom stream, in G and in P', () => {
    expect(parseDevicePayload(BREWFATHER)).toMatchObject({
      ok: true,
      reading: {
        format: 'brewfather',
        gravitySg: 1.042,
        temperatureC: 20.32,
        ph: 4.12,
        note: 'Hello World',
        battery: 4.98,
      },
    })
    const plato = parseDevicePayload({ ...BREWFATHER, gravity: 10.5, gravity_unit: 'P' })
    if (!plato.ok) throw new Error(plato.problem.message)
    expect(plato.reading.gravitySg).toBeCloseTo(1.042, 3)
  })

  it("reads a Tilt bridge's Brewfather stream in °F", () => {
    const result = parseDevicePayload({
      name: 'Red',
      temp: 68,
      temp_unit: 'F',
      gravity: 1.05,
      gravity_unit: 'G',
    })
    if (!result.ok) throw new Error(result.problem.message)
    expect(result.reading.temperatureC).toBeCloseTo(20, 6)
    expect(result.reading.gravitySg).toBe(1.05)
  })

  it('reads a plain { gravity, temperature }', () => {
    expect(parseDevicePayload({ gravity: 1.012, temperature: 18.5 })).toMatchObject({
      ok: true,
      reading: { format: 'plain', gravitySg: 1.012, temperatureC: 18.5, ph: null },
    })
    expect(parseDevicePayload({ gravity: '1.012' })).toMatchObject({
      ok: true,
      reading: { gravitySg: 1.012 },
    })
  })

  it('refuses what it cannot read, naming the field as the device spelt it', () => {
    const problem = (body: unknown) => {
      const result = parseDevicePayload(body)
      return result.ok ? null : result.problem.field
    }
    expect(problem(null)).toBe('body')
    expect(problem([1, 2])).toBe('body')
    expect(problem({})).toBe('gravity')
    expect(problem({ gravity: 'heavy' })).toBe('gravity')
    expect(problem({ gravity: 80 })).toBe('gravity')
    expect(problem({ gravity: 0.5 })).toBe('gravity')
    expect(problem({ ...BREWFATHER, gravity_unit: 'X' })).toBe('gravity_unit')
    expect(problem({ ...BREWFATHER, temp: 'warm' })).toBe('temp')
    expect(problem({ ...BREWFATHER, temp_unit: 'R' })).toBe('temp_unit')
    expect(problem({ ...BREWFATHER, ph: 15 })).toBe('ph')
    expect(problem({ ...ISPINDEL, temperature: 400 })).toBe('temperature')
    expect(problem({ ...ISPINDEL, angle: {} })).toBe('angle')
    expect(problem({ ...ISPINDEL, temp_units: 'X' })).toBe('temp_units')
  })
})
