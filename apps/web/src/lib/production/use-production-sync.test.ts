import { DEFAULT_BREWHOUSE_CONSTANTS, type BatchSummary, type BrewhouseDetail } from '@brewcommand/domain'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { productionKeys } from './production-queries.ts'
import { mergeProductionChange } from './use-production-sync.ts'

const entityId = '00000000-0000-4000-8000-000000000001'
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const brewhouse = (id: string, version = 1): BrewhouseDetail => ({
  id,
  name: 'Ten barrel',
  ...DEFAULT_BREWHOUSE_CONSTANTS,
  version,
  versionId: uuid(90 + version),
  savedAt: '2026-11-24T08:00:00.000Z',
  versions: [],
  calibration: { measuredBrews: 0, proposals: [] },
})
const batch = (id: string, status: BatchSummary['status']): BatchSummary => ({
  id,
  number: '2026-001',
  status,
  productId: uuid(50),
  productName: 'Pale',
  recipeId: uuid(51),
  brewhouse: { id: uuid(1), name: 'Ten barrel', version: 1 },
  plannedBrewDate: '2026-12-01',
  targetVolumeBbl: 5,
  targetVolumeUnit: 'BBL',
  fermenterId: null,
  brewDayStartedAt: null,
  brewDayFinishedAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
})
const event = (objectUri: string, data: { id: string } & Record<string, unknown>) => ({
  sourceSocketId: '',
  payload: { objectUri, data },
})

describe('mergeProductionChange', async () => {
  it('replaces or adds a brewhouse that comes whole, and drops one that went', async () => {
    const client = new QueryClient()
    const key = productionKeys.brewhouses(entityId)
    client.setQueryData(key, [brewhouse(uuid(1))])
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://brewhouses/${uuid(1)}`, brewhouse(uuid(1), 2)),
    )
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://brewhouses/${uuid(2)}`, brewhouse(uuid(2))),
    )
    expect(client.getQueryData<BrewhouseDetail[]>(key)?.map((b) => [b.id, b.version])).toEqual([
      [uuid(1), 2],
      [uuid(2), 1],
    ])
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://brewhouses/${uuid(1)}`, { id: uuid(1), archived: true }),
    )
    expect(client.getQueryData<BrewhouseDetail[]>(key)?.map((b) => b.id)).toEqual([uuid(2)])
  })

  it('puts a batch into the lists whose filter it passes and takes it out of the others', async () => {
    const client = new QueryClient()
    const all = productionKeys.batches(entityId, [])
    const planned = productionKeys.batches(entityId, ['planned'])
    const fermenting = productionKeys.batches(entityId, ['fermenting'])
    client.setQueryData(all, [])
    client.setQueryData(planned, [batch(uuid(3), 'planned')])
    client.setQueryData(fermenting, [])
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://batches/${uuid(3)}`, batch(uuid(3), 'fermenting')),
    )
    expect(client.getQueryData<BatchSummary[]>(all)?.map((b) => b.status)).toEqual(['fermenting'])
    expect(client.getQueryData<BatchSummary[]>(planned)).toEqual([])
    expect(client.getQueryData<BatchSummary[]>(fermenting)?.map((b) => b.id)).toEqual([uuid(3)])
  })

  it('loads a batch list again when the change is not in the list shape', async () => {
    const client = new QueryClient()
    const all = productionKeys.batches(entityId, [])
    client.setQueryData(all, [batch(uuid(3), 'planned')])
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://batches/${uuid(3)}`, { id: uuid(3), steps: [] }),
    )
    expect(client.getQueryState(all)?.isInvalidated).toBe(true)
  })

  it('keeps a pushed brewhouse when a read of the list answered before the change arrives after it', async () => {
    const client = new QueryClient()
    const key = productionKeys.brewhouses(entityId)
    client.setQueryData(key, [brewhouse(uuid(1))])
    let answer!: (list: BrewhouseDetail[]) => void
    const read = client
      .fetchQuery({
        queryKey: key,
        queryFn: () => new Promise<BrewhouseDetail[]>((resolve) => (answer = resolve)),
      })
      .catch(() => 'cancelled')
    await mergeProductionChange(
      client,
      entityId,
      event(`brewcommand://brewhouses/${uuid(1)}`, brewhouse(uuid(1), 2)),
    )
    answer([brewhouse(uuid(1))])
    await read
    expect(client.getQueryData<BrewhouseDetail[]>(key)?.map((b) => b.version)).toEqual([2])
  })
})
