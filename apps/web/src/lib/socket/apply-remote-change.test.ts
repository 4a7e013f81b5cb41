import type { Product } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import { applyRemoteChange } from './apply-remote-change.ts'

const product = (id: string, name = 'Pale'): Product => ({
  id,
  entityId: 'e1',
  name,
  description: '',
  recipes: [],
  files: [],
  packagingTypes: [],
  tastingNotes: [{ id: 'n1', category: 'Aroma', notes: 'Pine' }],
  attributes: [],
})
const event = (id: string, data: Record<string, unknown>) => ({
  sourceSocketId: 'other',
  payload: { objectUri: `brewcommand://products/${id}`, data: { id, ...data } },
})

describe('applyRemoteChange', () => {
  const products = [product('a'), product('b')]
  it('merges a partial product, replacing whole arrays', () => {
    const next = applyRemoteChange(products, event('a', { name: 'Hazy', tastingNotes: [] }))
    expect(next?.[0]).toMatchObject({ name: 'Hazy', tastingNotes: [] })
    expect(next?.[1]).toBe(products[1])
  })
  it('removes a deleted product', () => {
    expect(applyRemoteChange(products, event('b', { deleted: true }))?.map((p) => p.id)).toEqual(['a'])
  })
  it('adds a whole new product', () => {
    expect(applyRemoteChange(products, event('c', { ...product('c', 'New') }))?.map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
    ])
  })
  it('cannot merge a partial change of an unknown product, or a mismatched URI', () => {
    expect(applyRemoteChange(products, event('zzz', { name: 'x' }))).toBeNull()
    expect(
      applyRemoteChange(products, {
        sourceSocketId: '',
        payload: { objectUri: 'brewcommand://products/a', data: { id: 'b' } },
      }),
    ).toBeNull()
  })
})
