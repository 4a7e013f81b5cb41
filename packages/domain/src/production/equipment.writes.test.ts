import { describe, expect, it } from 'vitest'
import { describeWrite, envelopeOfWrite, permissionOf, requestOf, type Write } from '../writes/writes.ts'
import { DEFAULT_BREWHOUSE_CONSTANTS } from './equipment.schema.ts'

const brewhouseId = '7d4f9a52-0c1e-4a53-9d1b-3f2a3c3a0b11'
const addBrewhouse: Write = {
  kind: 'production',
  action: 'equipment:add-brewhouse',
  uri: '/api/equipment/brewhouses',
  data: { id: brewhouseId, name: 'Ten barrel', ...DEFAULT_BREWHOUSE_CONSTANTS },
  name: 'Ten barrel',
}

describe('equipment writes', () => {
  it('sends Add Brewhouse as a POST of a brewhouse envelope to its path', () => {
    const now = new Date('2026-11-24T08:00:00Z')
    const request = requestOf(addBrewhouse, { correlationIdentifier: 'c-1', now })
    expect(request).toEqual({
      method: 'POST',
      uri: '/api/equipment/brewhouses',
      data: {
        type: 'brewhouse',
        version: '1',
        objectUri: '/api/equipment/brewhouses',
        timestamp: '2026-11-24T08:00:00.000Z',
        metadata: { correlationIdentifier: 'c-1' },
        data: addBrewhouse.data,
      },
    })
  })

  it('names the write in the save status and needs the Admin’s permission', () => {
    expect(describeWrite(addBrewhouse)).toBe('New brewhouse “Ten barrel”')
    expect(permissionOf(addBrewhouse)).toBe('manageEquipment')
  })

  it('validates its data with the same schema the server uses', () => {
    const envelope = envelopeOfWrite(addBrewhouse)!
    expect(envelope.type).toBe('brewhouse')
    expect(envelope.schema.safeParse(addBrewhouse.data).success).toBe(true)
    const bad = envelope.schema.safeParse({ ...addBrewhouse.data, brewhouseEfficiency: 120 })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['brewhouseEfficiency'],
      message: 'Brewhouse efficiency is too large',
    })
  })

  it('plans a batch as a Manager and removes a vessel without a body', () => {
    const plan: Write = {
      kind: 'production',
      action: 'equipment:plan-batch',
      uri: '/api/batches',
      data: {},
      name: '',
    }
    expect(permissionOf(plan)).toBe('planProduction')
    expect(describeWrite(plan)).toBe('New batch')
    const remove: Write = {
      kind: 'production',
      action: 'equipment:remove-vessel',
      uri: `/api/equipment/vessels/${brewhouseId}`,
      name: 'FV1',
    }
    expect(requestOf(remove)).toEqual({ method: 'DELETE', uri: `/api/equipment/vessels/${brewhouseId}` })
    expect(describeWrite(remove)).toBe('Delete vessel')
  })
})
