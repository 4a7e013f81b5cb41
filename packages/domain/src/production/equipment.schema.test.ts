import { describe, expect, it } from 'vitest'
import {
  BrewhouseConstantsSchema,
  DEFAULT_BREWHOUSE_CONSTANTS,
  formatBatchNumber,
  parseBatchNumber,
  PlanBatchSchema,
  VesselInputSchema,
} from './equipment.schema.ts'

const messages = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]))

describe('brewhouse constants', () => {
  it('accepts the defaults with a name', () => {
    expect(
      BrewhouseConstantsSchema.safeParse({ name: 'Main 10 bbl', ...DEFAULT_BREWHOUSE_CONSTANTS }).success,
    ).toBe(true)
  })
  it('names each bad field', () => {
    const result = BrewhouseConstantsSchema.safeParse({
      ...DEFAULT_BREWHOUSE_CONSTANTS,
      name: '  ',
      brewhouseEfficiency: 120,
      boilOffGallonsPerHour: -1,
      kettleTrubLossGallons: 'ten',
      maxBatchGallons: Number.NaN,
    })
    expect(messages(result)).toEqual({
      name: 'Name is required',
      brewhouseEfficiency: 'Brewhouse efficiency is too large',
      boilOffGallonsPerHour: 'Boil-off per hour cannot be negative',
      kettleTrubLossGallons: 'Kettle and trub loss must be a number',
      maxBatchGallons: 'Maximum batch size must be a number',
    })
  })
})

describe('vessels', () => {
  const vessel = { name: 'FV3', kind: 'fermenter', capacityBbl: 12, workingCapacityBbl: 10, state: 'clean' }
  it('accepts a fermenter', () => {
    expect(VesselInputSchema.safeParse(vessel).success).toBe(true)
  })
  it('refuses a working capacity above the capacity, an unknown kind and state', () => {
    expect(messages(VesselInputSchema.safeParse({ ...vessel, workingCapacityBbl: 13 }))).toEqual({
      workingCapacityBbl: 'Working capacity cannot exceed the capacity',
    })
    expect(messages(VesselInputSchema.safeParse({ ...vessel, kind: 'bucket', state: 'shiny' }))).toEqual({
      kind: 'Choose the kind of vessel',
      state: 'Choose the state of the vessel',
    })
  })
})

describe('batch numbers', () => {
  it('reads as year and a three-digit sequence', () => {
    expect(formatBatchNumber(2026, 14)).toBe('2026-014')
    expect(formatBatchNumber(2026, 1234)).toBe('2026-1234')
    expect(parseBatchNumber('2026-014')).toEqual({ year: 2026, sequence: 14 })
    expect(parseBatchNumber('26-14')).toBeNull()
  })
})

describe('Plan Batch', () => {
  const plan = {
    id: crypto.randomUUID(),
    productId: crypto.randomUUID(),
    recipeId: crypto.randomUUID(),
    brewhouseId: crypto.randomUUID(),
    plannedBrewDate: '2026-12-01',
    targetVolume: { quantity: 10, unit: 'BBL' },
  }
  it('accepts a plan', () => {
    expect(PlanBatchSchema.safeParse(plan).success).toBe(true)
  })
  it('refuses dates that do not exist and volumes not above 0', () => {
    expect(
      messages(
        PlanBatchSchema.safeParse({
          ...plan,
          plannedBrewDate: '2026-02-30',
          targetVolume: { quantity: 0, unit: 'BBL' },
        }),
      ),
    ).toEqual({
      plannedBrewDate: 'That date does not exist',
      'targetVolume.quantity': 'Target volume must be above 0',
    })
    expect(messages(PlanBatchSchema.safeParse({ ...plan, plannedBrewDate: '1/12/2026' }))).toEqual({
      plannedBrewDate: 'Enter the date as YYYY-MM-DD',
    })
  })
})
