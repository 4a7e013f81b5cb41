import { describe, expect, it } from 'vitest'
import { can } from '../access/roles.ts'
import { pendingProductionWrites, PRODUCTION_WRITES } from '../writes/production-writes.ts'
import { describeWrite, envelopeOfWrite, permissionOf, requestOf, storableWrite } from '../writes/writes.ts'
import { brewDayPath, brewStepPath } from './brew-day.schema.ts'
import { BREW_DAY_WRITES } from './brew-day.writes.ts'

const batchId = '00000000-0000-4000-8000-0000000000b1'
const fixed = { correlationIdentifier: 'k', now: new Date('2026-11-24T00:00:00.000Z') }

describe('brew-day writes', () => {
  it('are every one a Brewer may make, and part of the production table', () => {
    for (const [action, row] of Object.entries(BREW_DAY_WRITES)) {
      expect(action).toMatch(/^brew-day:[a-z-]+$/)
      expect(PRODUCTION_WRITES).toHaveProperty(action)
      expect(can('Brewer', row.permission)).toBe(true)
      expect(row.method).toBe('POST')
    }
  })

  it('queue a step start as a POST to its path with an empty envelope, named by the step', () => {
    const write = {
      kind: 'production',
      action: 'brew-day:start-step',
      uri: brewStepPath(batchId, 'mash:00000000-0000-4000-8000-0000000000c1', 'start'),
      data: {},
      name: 'Mash',
    } as const
    const request = requestOf(write, fixed)
    expect(request.method).toBe('POST')
    expect(request.uri).toBe(
      `/api/batches/${batchId}/brew-day/steps/mash%3A00000000-0000-4000-8000-0000000000c1/start`,
    )
    expect(request.data).toMatchObject({ type: 'brew-step', version: '1', data: {} })
    expect(describeWrite(write)).toBe('New step start “Mash”')
    expect(permissionOf(write)).toBe('runBrewDay')
  })

  it('check an extension, an addition and a measurement with the shared schemas', () => {
    const extend = {
      kind: 'production',
      action: 'brew-day:extend-step',
      uri: brewStepPath(batchId, 'boil', 'extend'),
    } as const
    const schema = envelopeOfWrite(extend)!.schema
    expect(schema.safeParse({ minutes: 5 }).success).toBe(true)
    expect(schema.safeParse({ minutes: 0 }).success).toBe(false)
    expect(schema.safeParse({ minutes: 2.5 }).success).toBe(false)
    const confirm = envelopeOfWrite({
      kind: 'production',
      action: 'brew-day:confirm-addition',
      uri: brewStepPath(batchId, 'boil', 'confirm'),
    })!.schema
    expect(confirm.safeParse({ actual: { value: 2, unit: 'Pounds' } }).success).toBe(true)
    expect(confirm.safeParse({ actual: { value: -2, unit: 'Pounds' } }).success).toBe(false)
    const measure = envelopeOfWrite({
      kind: 'production',
      action: 'brew-day:record-measurement',
      uri: `/api/batches/${batchId}/measurements`,
    })!.schema
    const og = {
      id: '00000000-0000-4000-8000-0000000000d1',
      point: 'original-gravity',
      quantity: 'gravity',
      value: 1.052,
      unit: 'SG',
      instrument: 'hydrometer',
    }
    expect(measure.safeParse(og).success).toBe(true)
    expect(measure.safeParse({ ...og, unit: 'GAL' }).success).toBe(false)
  })

  it('are stored and found again as the pending writes of their batch', () => {
    const write = {
      kind: 'production',
      action: 'brew-day:finish',
      uri: `${brewDayPath(batchId)}/finish`,
      data: { fermenterId: '00000000-0000-4000-8000-0000000000f1' },
      name: '2026-001',
    } as const
    expect(storableWrite(write)).toEqual(write)
    const queued = [{ write }, { write: { kind: 'item:delete' } }]
    expect(pendingProductionWrites(queued, brewDayPath(batchId))).toHaveLength(1)
    expect(pendingProductionWrites(queued, brewDayPath('other'))).toHaveLength(0)
  })
})
