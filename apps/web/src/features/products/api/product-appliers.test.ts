import { makeEnvelope, type Product } from '@brewcommand/domain'
import { describe, expect, it } from 'vitest'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { applierFor } from '@/lib/queue/appliers.ts'
import { registerProductAppliers } from './product-appliers.ts'

registerProductAppliers()

const entityId = '00000000-0000-4000-8000-000000000001'
const productId = '00000000-0000-4000-8000-0000000000aa'
const product: Product = {
  id: productId,
  entityId,
  name: 'Hazy Daze',
  description: 'Soft',
  recipes: [],
  files: [],
  packagingTypes: [],
  tastingNotes: [{ id: 'n1', category: 'Aroma', notes: 'Mango' }],
  attributes: [],
}
const entity = { entityId, products: [product], packagingTypes: [] } as BootstrapEntity

const apply = (state: BootstrapEntity, method: 'POST' | 'PUT' | 'DELETE', uri: string, data?: unknown) => {
  const envelope = data === undefined ? undefined : makeEnvelope('x', data)
  const applier = applierFor({ method, uri, ...(envelope ? { data: envelope } : {}) })
  expect(applier, `${method} ${uri}`).toBeDefined()
  return applier!(state as never) as BootstrapEntity
}

describe('product appliers', () => {
  it('rebuild a new product, and leave one the server already has alone', () => {
    const id = '00000000-0000-4000-8000-0000000000bb'
    const after = apply(entity, 'POST', '/api/products', { id, name: 'Lager', description: '', recipes: [] })
    expect(after.products.map((p) => p.name)).toEqual(['Hazy Daze', 'Lager'])
    expect(after.products[1]).toMatchObject({ entityId, files: [], packagingTypes: [], attributes: [] })
    expect(apply(after, 'POST', '/api/products', { id, name: 'Lager' })).toBe(after)
  })

  it('rename, describe and delete a product', () => {
    const renamed = apply(entity, 'PUT', `/api/products/${productId}`, { name: 'Hazier' })
    expect(renamed.products[0]).toMatchObject({ name: 'Hazier', description: 'Soft' })
    const described = apply(renamed, 'PUT', `/api/products/${productId}`, { description: 'Bright' })
    expect(described.products[0]).toMatchObject({ name: 'Hazier', description: 'Bright' })
    expect(apply(described, 'DELETE', `/api/products/${productId}`).products).toEqual([])
  })

  it('add, replace and remove items of every sub-collection, recipes and files included', () => {
    const cases = [
      ['recipes', 'recipes', { id: 'r1', productId, name: 'v1' }, { id: 'r1', productId, name: 'v2' }],
      ['packages', 'packagingTypes', { id: 'p1', sku: 'A' }, { id: 'p1', sku: 'B' }],
      ['tastingNotes', 'tastingNotes', { id: 't1', notes: 'a' }, { id: 't1', notes: 'b' }],
      ['attributes', 'attributes', { id: 'a1', value: 'x' }, { id: 'a1', value: 'y' }],
      ['files', 'files', { id: 'f1', name: 'x.png' }, { id: 'f1', name: 'y.png' }],
    ] as const
    for (const [collection, field, added, changed] of cases) {
      const base = `/api/products/${productId}/${collection}`
      const withItem = apply(entity, 'POST', base, added)
      expect(withItem.products[0][field]).toContainEqual(added)
      const edited = apply(withItem, 'PUT', `${base}/${added.id}`, changed)
      expect(edited.products[0][field]).toContainEqual(changed)
      expect(edited.products[0][field]).toHaveLength(withItem.products[0][field].length)
      const removed = apply(edited, 'DELETE', `${base}/${added.id}`)
      expect(removed.products[0][field]).toEqual(entity.products[0][field])
    }
  })

  it('change nothing for an unknown product or collection', () => {
    const other = '00000000-0000-4000-8000-0000000000cc'
    expect(apply(entity, 'PUT', `/api/products/${other}`, { name: 'X' })).toBe(entity)
    expect(apply(entity, 'POST', `/api/products/${productId}/unknown`, { id: 'z' })).toBe(entity)
    expect(apply(entity, 'DELETE', `/api/products/${other}/tastingNotes/n1`)).toBe(entity)
  })
})
