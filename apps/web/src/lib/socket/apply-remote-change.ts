import { productIdFromObjectUri, type DataModifiedEvent, type Product } from '@brewcommand/domain'
import { deepMerge } from './merge.ts'

/**
 * The products after a remote change (docs/architecture.md "The real-time contract"): a deleted product goes, a known
 * one is deep-merged, and a whole new product (one with a name and its brewery) is added. Anything else
 * cannot be merged: the products stay as they are and null says so.
 */
export function applyRemoteChange(products: Product[], event: DataModifiedEvent): Product[] | null {
  const productId = productIdFromObjectUri(event.payload.objectUri)
  const { data } = event.payload
  if (!productId || data.id !== productId) return null
  if (data.deleted === true) return products.filter((p) => p.id !== productId)
  const index = products.findIndex((p) => p.id === productId)
  if (index >= 0) return products.map((p, i) => (i === index ? deepMerge(p, data) : p))
  if (typeof data.name === 'string' && typeof data.entityId === 'string')
    return [...products, data as unknown as Product]
  return null
}
