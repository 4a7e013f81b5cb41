import { describeChange, describeWrite, isProductCollection, PRODUCT_COLLECTIONS } from '@brewcommand/domain'
import type { QueuedRequest } from './request-queue.ts'

/**
 * A queued write as a person reads it: "New product “Hazy Daze”", "Change to recipe", "Delete packaging".
 * A write with its intent reads as the domain says (describeWrite); any other request by its path's
 * last collection.
 */
export function describeRequest(request: Pick<QueuedRequest, 'method' | 'uri' | 'data' | 'write'>): string {
  if (request.write) return describeWrite(request.write)
  const path = request.uri.split(/[?#]/)[0].replace(/\/+$/, '')
  // /api/<collection>[/<id>[/<collection>[/<id>]]]: the last collection named is the thing written.
  const collection =
    path
      .split('/')
      .filter((_, index) => index > 0 && index % 2 === 0)
      .at(-1) ?? ''
  const noun =
    collection === 'products'
      ? 'product'
      : isProductCollection(collection)
        ? PRODUCT_COLLECTIONS[collection].noun
        : collection.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const body = request.data?.data as Record<string, unknown> | undefined
  return describeChange(request.method, noun, body?.name)
}
