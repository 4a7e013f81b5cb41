import { DEFAULT_BREWHOUSE_CONSTANTS, type BrewhouseDetail, type ProductionWrite } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { brewhousesWithPending, vesselsWithPending } from './pending-equipment.ts'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const stored: BrewhouseDetail = {
  id: uuid(1),
  name: 'Ten barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  version: 1,
  versionId: uuid(11),
  savedAt: '2026-11-24T08:00:00.000Z',
  versions: [],
  calibration: { measuredBrews: 0, proposals: [] },
}
const w = (write: Omit<ProductionWrite, 'kind'>, failed = false) => ({
  write: { kind: 'production', ...write } as ProductionWrite,
  failed,
})

describe('equipment with the queue’s unsent writes', () => {
  it('shows an added brewhouse at once and an edit over the stored one, marked as saving', () => {
    const list = brewhousesWithPending(
      [stored],
      [
        w({
          action: 'equipment:add-brewhouse',
          uri: '/api/equipment/brewhouses',
          data: { id: uuid(2), name: 'Pilot', ...DEFAULT_BREWHOUSE_CONSTANTS },
        }),
        w({
          action: 'equipment:change-brewhouse',
          uri: `/api/equipment/brewhouses/${uuid(1)}`,
          data: { ...stored, brewhouseEfficiency: 70 },
        }),
      ],
    )
    expect(list.map((b) => [b.name, b.version, b.brewhouseEfficiency, b.pending])).toEqual([
      ['Ten barrel', 1, 70, 'saving'],
      ['Pilot', 1, 75, 'saving'],
    ])
  })

  it('hides a vessel being removed, and shows it as not saved when the server refused', () => {
    const vessel = {
      id: uuid(5),
      name: 'FV1',
      kind: 'fermenter',
      capacityBbl: 12,
      workingCapacityBbl: 10,
      state: 'clean',
    } as const
    const remove = { action: 'equipment:remove-vessel', uri: `/api/equipment/vessels/${uuid(5)}` } as const
    expect(vesselsWithPending([vessel], [w(remove)])).toEqual([])
    expect(vesselsWithPending([vessel], [w(remove, true)])).toEqual([{ ...vessel, pending: 'failed' }])
  })
})
