import { describe, expect, it } from 'vitest'
import { deepMerge } from './merge.ts'

describe('deepMerge', () => {
  it('merges nested objects and replaces arrays and scalars', () => {
    const product = { id: 'p', name: 'Old', meta: { a: 1, b: 2 }, tastingNotes: [{ id: 'n1' }, { id: 'n2' }] }
    expect(deepMerge(product, { name: 'New', meta: { b: 3 }, tastingNotes: [{ id: 'n2' }] })).toEqual({
      id: 'p',
      name: 'New',
      meta: { a: 1, b: 3 },
      tastingNotes: [{ id: 'n2' }],
    })
  })
  it('does not change its input', () => {
    const product = { id: 'p', meta: { a: 1 } }
    deepMerge(product, { meta: { a: 2 } })
    expect(product).toEqual({ id: 'p', meta: { a: 1 } })
  })
})
