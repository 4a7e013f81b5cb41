import { describe, expect, it } from 'vitest'
import { makeEnvelope } from '../envelope.ts'
import type { Product } from '../products/product.schema.ts'
import { newRecipe } from '../recipes/recipe.schema.ts'
import { writeFromRequest } from './legacy.ts'
import { PRODUCT_COLLECTIONS } from './product-collections.ts'
import {
  applyWrite,
  describeWrite,
  envelopeOfWrite,
  parseWrite,
  permissionOf,
  requestOf,
  storableWrite,
  type Write,
  type WriteState,
} from './writes.ts'

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
const state: WriteState = { entityId, products: [product] }
const fixed = { correlationIdentifier: 'k', now: new Date('2026-11-24T00:00:00.000Z') }

describe('writes', () => {
  it('build the same request and envelope the queue sent before writes were intents', () => {
    const id = '00000000-0000-4000-8000-0000000000bb'
    expect(
      requestOf({ kind: 'product:create', product: { id, name: 'L', description: '', recipes: [] } }, fixed),
    ).toEqual({
      method: 'POST',
      uri: '/api/products',
      data: makeEnvelope(
        'product',
        { id, name: 'L', description: '', recipes: [] },
        { objectUri: `brewcommand://products/${id}`, ...fixed },
      ),
    })
    expect(requestOf({ kind: 'product:rename', productId, name: 'X' }, fixed)).toEqual({
      method: 'PUT',
      uri: `/api/products/${productId}`,
      data: makeEnvelope(
        'product',
        { name: 'X' },
        { objectUri: `brewcommand://products/${productId}`, ...fixed },
      ),
    })
    const note = { id: 'n2', category: 'Body', notes: 'Full' }
    expect(
      requestOf({ kind: 'item:change', productId, collection: 'tastingNotes', item: note }, fixed),
    ).toEqual({
      method: 'PUT',
      uri: `/api/products/${productId}/tastingNotes/n2`,
      data: makeEnvelope('product:tastingNote', note, {
        objectUri: `brewcommand://products/${productId}/tastingNotes/n2`,
        ...fixed,
      }),
    })
    expect(requestOf({ kind: 'item:delete', productId, collection: 'files', itemId: 'f1' })).toEqual({
      method: 'DELETE',
      uri: `/api/products/${productId}/files/f1`,
    })
  })

  it('never send or store a local preview', () => {
    const file = { id: 'f1', name: 'a.png', description: '', s3Key: 'k', fileType: 'image/png', size: 1 }
    const write: Write = {
      kind: 'item:add',
      productId,
      collection: 'files',
      item: file,
      local: { previewUrl: 'blob:x' },
    }
    expect(requestOf(write).data?.data).toEqual(file)
    expect(applyWrite(state, write).products[0].files).toEqual([{ ...file, url: 'blob:x' }])
    expect(storableWrite(write)).not.toHaveProperty('local')
  })

  it('rebuild a new product, and leave one that is there alone', () => {
    const id = '00000000-0000-4000-8000-0000000000bb'
    const write: Write = {
      kind: 'product:create',
      product: { id, name: 'Lager', description: '', recipes: [] },
    }
    const after = applyWrite(state, write)
    expect(after.products.map((p) => p.name)).toEqual(['Hazy Daze', 'Lager'])
    expect(after.products[1]).toMatchObject({ entityId, files: [], packagingTypes: [], attributes: [] })
    expect(applyWrite(after, write)).toBe(after)
  })

  it('rename, describe and delete a product', () => {
    const renamed = applyWrite(state, { kind: 'product:rename', productId, name: 'Hazier' })
    expect(renamed.products[0]).toMatchObject({ name: 'Hazier', description: 'Soft' })
    const described = applyWrite(renamed, { kind: 'product:describe', productId, description: 'Bright' })
    expect(described.products[0]).toMatchObject({ name: 'Hazier', description: 'Bright' })
    expect(applyWrite(described, { kind: 'product:delete', productId }).products).toEqual([])
  })

  it('add, replace and remove items of every sub-collection', () => {
    const cases = [
      ['recipes', { id: 'r1', productId, name: 'v1' }, { id: 'r1', productId, name: 'v2' }],
      ['packages', { id: 'p1', sku: 'A' }, { id: 'p1', sku: 'B' }],
      ['tastingNotes', { id: 't1', notes: 'a' }, { id: 't1', notes: 'b' }],
      ['attributes', { id: 'a1', value: 'x' }, { id: 'a1', value: 'y' }],
      ['files', { id: 'f1', name: 'x.png' }, { id: 'f1', name: 'y.png' }],
    ] as const
    for (const [collection, added, changed] of cases) {
      const field = PRODUCT_COLLECTIONS[collection].field
      const add = { kind: 'item:add', productId, collection, item: added } as unknown as Write
      const withItem = applyWrite(state, add)
      expect(withItem.products[0][field]).toContainEqual(added)
      const change = { kind: 'item:change', productId, collection, item: changed } as unknown as Write
      const edited = applyWrite(withItem, change)
      expect(edited.products[0][field]).toContainEqual(changed)
      expect(edited.products[0][field]).toHaveLength(withItem.products[0][field].length)
      const removed = applyWrite(edited, { kind: 'item:delete', productId, collection, itemId: added.id })
      expect(removed.products[0][field]).toEqual(state.products[0][field])
    }
  })

  it('change nothing for a product that is not there', () => {
    const other = '00000000-0000-4000-8000-0000000000cc'
    expect(applyWrite(state, { kind: 'product:rename', productId: other, name: 'X' })).toBe(state)
    expect(
      applyWrite(state, { kind: 'item:delete', productId: other, collection: 'tastingNotes', itemId: 'n1' }),
    ).toBe(state)
  })

  it('name the permission of the permission table each route enforces', () => {
    const item = (collection: keyof typeof PRODUCT_COLLECTIONS) =>
      permissionOf({ kind: 'item:delete', productId, collection, itemId: 'x' })
    expect(permissionOf({ kind: 'product:delete', productId })).toBe('manageProducts')
    expect(
      permissionOf({ kind: 'product:create', product: { id: 'x', name: 'x', description: '', recipes: [] } }),
    ).toBe('createProductWithRecipe')
    expect(item('recipes')).toBe('editRecipes')
    expect(item('tastingNotes')).toBe('editRecipes')
    expect(item('packages')).toBe('manageProducts')
    expect(item('attributes')).toBe('manageProducts')
    expect(item('files')).toBe('manageProducts')
  })

  it('carry the data schema the server checks the envelope with', () => {
    const recipe = newRecipe(productId)
    const write: Write = { kind: 'item:add', productId, collection: 'recipes', item: recipe }
    const envelope = envelopeOfWrite(write)
    expect(envelope?.type).toBe('recipe')
    expect(envelope?.schema.safeParse(requestOf(write).data?.data).success).toBe(true)
    expect(envelopeOfWrite({ kind: 'product:delete', productId })).toBeNull()
    expect(
      envelopeOfWrite({ kind: 'product:rename', productId, name: '' })?.schema.safeParse({ name: '' })
        .success,
    ).toBe(false)
  })

  it('read as a person reads them', () => {
    const id = 'x'
    expect(
      describeWrite({
        kind: 'product:create',
        product: { id, name: ' Hazy ', description: '', recipes: [] },
      }),
    ).toBe('New product “Hazy”')
    expect(describeWrite({ kind: 'item:change', productId, collection: 'recipes', item: { id: 'r' } })).toBe(
      'Change to recipe',
    )
    expect(describeWrite({ kind: 'item:delete', productId, collection: 'tastingNotes', itemId: 'n' })).toBe(
      'Delete tasting note',
    )
    expect(
      describeWrite({
        kind: 'item:add',
        productId,
        collection: 'packages',
        item: { id: 'p', type: 'Can', typeId: 't', sku: '', upc: '' },
      }),
    ).toBe('New packaging')
  })

  it('refuse a stored write of an unknown kind or collection', () => {
    expect(parseWrite({ kind: 'product:rename', productId, name: 'X' })).not.toBeNull()
    expect(parseWrite({ kind: 'product:explode', productId })).toBeNull()
    expect(parseWrite({ kind: 'item:delete', productId, collection: 'unknown', itemId: 'x' })).toBeNull()
    expect(
      parseWrite({ kind: 'item:add', productId, collection: 'files', item: { name: 'no id' } }),
    ).toBeNull()
    expect(parseWrite('product:delete')).toBeNull()
  })
})

describe('writeFromRequest (a queue stored before writes were intents)', () => {
  const envelope = (data: unknown) => makeEnvelope('x', data)
  it('reads every product write back as its intent', () => {
    const id = '00000000-0000-4000-8000-0000000000bb'
    expect(
      writeFromRequest({ method: 'POST', uri: '/api/products', data: envelope({ id, name: 'L' }) }),
    ).toEqual({
      kind: 'product:create',
      product: { id, name: 'L', description: '', recipes: [] },
    })
    expect(
      writeFromRequest({ method: 'PUT', uri: `/api/products/${productId}`, data: envelope({ name: 'N' }) }),
    ).toEqual({ kind: 'product:rename', productId, name: 'N' })
    expect(
      writeFromRequest({
        method: 'PUT',
        uri: `/api/products/${productId}`,
        data: envelope({ description: 'D' }),
      }),
    ).toEqual({ kind: 'product:describe', productId, description: 'D' })
    expect(writeFromRequest({ method: 'DELETE', uri: `/api/products/${productId}` })).toEqual({
      kind: 'product:delete',
      productId,
    })
    expect(
      writeFromRequest({
        method: 'POST',
        uri: `/api/products/${productId}/packages`,
        data: envelope({ id: 'p1', sku: 'A' }),
      }),
    ).toEqual({ kind: 'item:add', productId, collection: 'packages', item: { id: 'p1', sku: 'A' } })
    expect(
      writeFromRequest({
        method: 'PUT',
        uri: `/api/products/${productId}/files/f%201`,
        data: envelope({ name: 'b' }),
      }),
    ).toEqual({ kind: 'item:change', productId, collection: 'files', item: { name: 'b', id: 'f 1' } })
    expect(writeFromRequest({ method: 'DELETE', uri: `/api/products/${productId}/recipes/r1` })).toEqual({
      kind: 'item:delete',
      productId,
      collection: 'recipes',
      itemId: 'r1',
    })
  })

  it('gives null for anything else', () => {
    expect(writeFromRequest({ method: 'POST', uri: '/api/contacts', data: envelope({}) })).toBeNull()
    expect(
      writeFromRequest({
        method: 'POST',
        uri: `/api/products/${productId}/unknown`,
        data: envelope({ id: 'z' }),
      }),
    ).toBeNull()
    expect(writeFromRequest({ method: 'PUT', uri: `/api/products/${productId}/packages` })).toBeNull()
    expect(
      writeFromRequest({ method: 'DELETE', uri: `/api/products/${productId}/packages/%E0%A4%A` }),
    ).toBeNull()
  })
})
