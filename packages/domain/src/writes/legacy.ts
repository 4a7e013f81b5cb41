import { isProductCollection } from './product-collections.ts'
import { parseWrite, type Write } from './writes.ts'

/**
 * The write of a request queued before writes were intents (a browser's queue stored by an earlier
 * version holds only method, uri and envelope; docs/decisions/150-writes-are-typed-intents.md). Used
 * once, when such a queue is loaded; null when the request is not a product write (it is still sent,
 * with no local change).
 */
export function writeFromRequest(request: { method: string; uri: string; data?: unknown }): Write | null {
  const path = request.uri.split(/[?#]/)[0].replace(/\/+$/, '')
  const match = /^\/api\/products(?:\/([^/]+)(?:\/([^/]+)(?:\/([^/]+))?)?)?$/.exec(path)
  if (!match) return null
  const [, rawProductId, collection, rawItemId] = match
  const decode = (part: string | undefined) => {
    if (part === undefined) return undefined
    try {
      return decodeURIComponent(part)
    } catch {
      return undefined
    }
  }
  const productId = decode(rawProductId)
  const itemId = decode(rawItemId)
  const envelope = request.data as { data?: unknown } | undefined
  const body = (envelope && typeof envelope === 'object' ? envelope.data : undefined) as
    Record<string, unknown> | undefined
  const isObject = body !== undefined && body !== null && typeof body === 'object'

  let candidate: unknown = null
  if (productId === undefined) {
    if (request.method === 'POST' && isObject)
      candidate = {
        kind: 'product:create',
        product: {
          ...body,
          description: typeof body.description === 'string' ? body.description : '',
          recipes: Array.isArray(body.recipes) ? body.recipes : [],
        },
      }
  } else if (collection === undefined) {
    if (request.method === 'DELETE') candidate = { kind: 'product:delete', productId }
    else if (request.method === 'PUT' && isObject && typeof body.name === 'string')
      candidate = { kind: 'product:rename', productId, name: body.name }
    else if (request.method === 'PUT' && isObject && typeof body.description === 'string')
      candidate = { kind: 'product:describe', productId, description: body.description }
  } else if (isProductCollection(collection)) {
    if (request.method === 'POST' && itemId === undefined && isObject)
      candidate = { kind: 'item:add', productId, collection, item: body }
    else if (request.method === 'PUT' && itemId !== undefined && isObject)
      candidate = { kind: 'item:change', productId, collection, item: { ...body, id: itemId } }
    else if (request.method === 'DELETE' && itemId !== undefined)
      candidate = { kind: 'item:delete', productId, collection, itemId }
  }
  return candidate === null ? null : parseWrite(candidate)
}
