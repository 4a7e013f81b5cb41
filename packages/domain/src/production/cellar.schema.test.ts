import { describe, expect, it } from 'vitest'
import {
  CellarSettingsSchema,
  DeviceInputSchema,
  LiquidEventInputSchema,
  PackagingRunInputSchema,
  ReadingInputSchema,
} from './cellar.schema.ts'

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'))

describe('the cellar schemas', () => {
  it('takes no token from the browser with a new device: the server makes it', () => {
    const parsed = DeviceInputSchema.parse({
      id: crypto.randomUUID(),
      name: 'iSpindel blue',
      kind: 'ispindel',
      token: 'A'.repeat(43),
    })
    expect(parsed).not.toHaveProperty('token')
  })

  it('needs a gravity, temperature or pH in a reading, in range for its unit', () => {
    const base = { id: crypto.randomUUID(), vesselId: crypto.randomUUID() }
    expect(paths(ReadingInputSchema.safeParse(base))).toEqual(['gravity'])
    expect(paths(ReadingInputSchema.safeParse({ ...base, gravity: { value: 12, unit: 'SG' } }))).toEqual([
      'gravity.value',
    ])
    expect(ReadingInputSchema.safeParse({ ...base, gravity: { value: 12, unit: 'Plato' } }).success).toBe(
      true,
    )
    expect(paths(ReadingInputSchema.safeParse({ ...base, ph: 15 }))).toEqual(['ph'])
  })

  it('asks a dump or loss for its reason and a transfer for another vessel', () => {
    const base = { id: crypto.randomUUID(), fromVesselId: crypto.randomUUID(), volumeBbl: 1 }
    expect(paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'lost' }))).toEqual(['reason'])
    expect(paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'dumped', reason: 'Infected' }))).toEqual(
      [],
    )
    expect(paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'transferred' }))).toEqual(['toVesselId'])
    expect(
      paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'sampled', purpose: 'lab', volumeBbl: 0 })),
    ).toEqual(['volumeBbl'])
    // A sample names its purpose (lab: without tax; tasting: consumed on premises); nothing else has one.
    expect(paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'sampled' }))).toEqual(['purpose'])
    expect(
      paths(LiquidEventInputSchema.safeParse({ ...base, kind: 'dumped', reason: 'x', purpose: 'lab' })),
    ).toEqual(['purpose'])
    // A correction may cancel an event with 0.
    expect(
      LiquidEventInputSchema.safeParse({
        ...base,
        kind: 'sampled',
        purpose: 'tasting',
        volumeBbl: 0,
        supersedesId: crypto.randomUUID(),
      }).success,
    ).toBe(true)
  })

  it('takes whole units per packaging option and settings within their bounds', () => {
    const run = { id: crypto.randomUUID(), fromVesselId: crypto.randomUUID() }
    expect(paths(PackagingRunInputSchema.safeParse({ ...run, lines: [] }))).toEqual(['lines'])
    expect(
      paths(
        PackagingRunInputSchema.safeParse({
          ...run,
          lines: [{ id: crypto.randomUUID(), packageId: crypto.randomUUID(), units: 1.5 }],
        }),
      ),
    ).toEqual(['lines.0.units'])
    expect(
      paths(
        CellarSettingsSchema.safeParse({
          cleanWindowHours: 24,
          sanitiseWindowHours: 4,
          alertRoles: ['Admin', 'Admin'],
        }),
      ),
    ).toEqual(['alertRoles'])
  })
})
