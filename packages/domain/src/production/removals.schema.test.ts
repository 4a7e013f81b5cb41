import { describe, expect, it } from 'vitest'
import { BulkReceiptInputSchema, BulkRemovalInputSchema } from './cellar.schema.ts'
import { FinishedGoodsMovementSchema } from './inventory.schema.ts'

// What the removal writes accept (the ledger contract): each refusal names its field.

const paths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'))

describe('the removal schemas', () => {
  const movement = { id: crypto.randomUUID(), packageId: crypto.randomUUID(), units: 2 }

  it('asks a tax-free removal its reason, a return its removal and a receipt its brewery', () => {
    expect(paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'sold' }))).toEqual([])
    expect(paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'removed' }))).toEqual([
      'taxFreeReason',
    ])
    expect(
      paths(
        FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'removed', taxFreeReason: 'smuggling' }),
      ),
    ).toEqual(['taxFreeReason'])
    expect(
      paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'sold', taxFreeReason: 'export' })),
    ).toEqual(['taxFreeReason'])
    expect(paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'returned' }))).toEqual([
      'returnOf',
    ])
    expect(
      paths(
        FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'broken', returnOf: crypto.randomUUID() }),
      ),
    ).toEqual(['returnOf'])
    expect(paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'received' }))).toEqual([
      'fromBrewery',
    ])
    expect(
      paths(FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'sold', occurredAt: 'yesterday' })),
    ).toEqual(['occurredAt'])
    expect(
      paths(
        FinishedGoodsMovementSchema.safeParse({ ...movement, kind: 'sold', priorPeriodAdjustment: 'yes' }),
      ),
    ).toEqual(['priorPeriodAdjustment'])
  })

  it('asks a bulk removal its tax and a receipt its batch, vessel and brewery', () => {
    const removal = { id: crypto.randomUUID(), fromVesselId: crypto.randomUUID(), volumeBbl: 3 }
    expect(paths(BulkRemovalInputSchema.safeParse({ ...removal, taxpaid: true }))).toEqual([])
    expect(paths(BulkRemovalInputSchema.safeParse(removal))).toEqual(['taxpaid'])
    expect(paths(BulkRemovalInputSchema.safeParse({ ...removal, taxpaid: false }))).toEqual(['taxFreeReason'])
    expect(paths(BulkRemovalInputSchema.safeParse({ ...removal, taxpaid: true, volumeBbl: 0 }))).toEqual([
      'volumeBbl',
    ])
    const receipt = { id: crypto.randomUUID(), toVesselId: crypto.randomUUID(), volumeBbl: 2 }
    expect(
      paths(BulkReceiptInputSchema.safeParse({ ...receipt, batchId: crypto.randomUUID(), fromBrewery: '' })),
    ).toEqual(['fromBrewery'])
    expect(paths(BulkReceiptInputSchema.safeParse({ ...receipt, fromBrewery: 'Sister' }))).toEqual([
      'batchId',
    ])
  })
})
