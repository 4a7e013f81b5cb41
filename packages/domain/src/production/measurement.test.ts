import { describe, expect, it } from 'vitest'
import { brixToGravity, refractometerFermentingGravity } from './brew-day-maths.ts'
import { measuredGallons, measuredGravity, MeasurementInputSchema } from './measurement.ts'

const base = {
  id: crypto.randomUUID(),
  point: 'original-gravity',
  quantity: 'gravity',
  value: 1.05,
  unit: 'SG',
  instrument: 'hydrometer',
  sampleTemperature: { value: 100, unit: 'F' },
} as const

const issues = (input: unknown) =>
  Object.fromEntries(
    (MeasurementInputSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]),
  )

describe('MeasurementInputSchema', () => {
  it('accepts a hydrometer reading and fills the defaults', () => {
    const parsed = MeasurementInputSchema.parse({ ...base, sampleTemperature: undefined })
    expect(parsed).toMatchObject({ sampleTemperature: null, note: '' })
  })
  it('names what is wrong', () => {
    expect(issues({ ...base, value: 'high' })).toEqual({ value: 'Enter a number' })
    expect(issues({ ...base, value: 10.5 })).toEqual({
      value: 'A specific gravity is between 0.980 and 1.200',
    })
    expect(issues({ ...base, unit: 'GAL' })).toEqual({ unit: 'A gravity is in SG, °Plato or °Brix' })
    expect(issues({ ...base, instrument: 'refractometer' })).toEqual({ unit: 'A refractometer reads °Brix' })
    expect(issues({ ...base, quantity: 'volume', point: 'into-fermenter' })).toEqual({
      unit: 'A volume is in gallons, barrels or litres',
    })
    expect(issues({ ...base, point: 'moon' })).toEqual({ point: 'Choose what was measured' })
  })
})

describe('measuredGravity', () => {
  it('corrects a hydrometer for its sample temperature, in °F or °C', () => {
    expect(measuredGravity(base)).toBeCloseTo(1.0561, 4)
    expect(measuredGravity({ ...base, sampleTemperature: { value: 37.7778, unit: 'C' } })).toBeCloseTo(
      1.0561,
      4,
    )
    expect(measuredGravity({ ...base, sampleTemperature: null })).toBe(1.05)
  })
  it('converts a refractometer, with the alcohol correction once fermenting', () => {
    const reading = {
      value: 12.48,
      unit: 'Brix',
      instrument: 'refractometer',
      sampleTemperature: null,
    } as const
    expect(measuredGravity(reading)).toBeCloseTo(brixToGravity(12), 10)
    expect(measuredGravity({ ...reading, value: 8 }, { fermenting: true, originalBrix: 16 })).toBe(
      refractometerFermentingGravity(16, 8),
    )
  })
  it('takes a device gravity as sent', () => {
    expect(
      measuredGravity({
        value: 1.012,
        unit: 'SG',
        instrument: 'device',
        sampleTemperature: { value: 80, unit: 'F' },
      }),
    ).toBe(1.012)
  })
})

describe('measuredGallons', () => {
  it('converts barrels and litres', () => {
    expect(measuredGallons({ value: 2, unit: 'BBL' })).toBe(62)
    expect(measuredGallons({ value: 3.785411784, unit: 'L' })).toBeCloseTo(1, 10)
    expect(measuredGallons({ value: 5, unit: 'SG' })).toBe(0)
  })
})
