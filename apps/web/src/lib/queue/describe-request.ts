import type { QueuedRequest } from './request-queue.ts'

const NOUNS: Record<string, string> = {
  products: 'product',
  recipes: 'recipe',
  packages: 'packaging',
  tastingNotes: 'tasting note',
  attributes: 'attribute',
  files: 'file',
}

/** A queued write as a person reads it: "New product “Hazy Daze”", "Change to recipe", "Delete packaging". */
export function describeRequest(request: Pick<QueuedRequest, 'method' | 'uri' | 'data'>): string {
  const path = request.uri.split(/[?#]/)[0].replace(/\/+$/, '')
  const parts = path.split('/').filter(Boolean)
  // /api/<collection>[/<id>[/<collection>[/<id>]]]: the last collection named is the thing written.
  const collections = parts.filter((_, index) => index % 2 === 1)
  const collection = collections.at(-1) ?? ''
  const noun = NOUNS[collection] ?? collection.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const body = request.data?.data as Record<string, unknown> | undefined
  const name = body && typeof body.name === 'string' && body.name.trim() ? ` “${body.name.trim()}”` : ''
  if (request.method === 'DELETE') return `Delete ${noun}`
  if (request.method === 'POST') return `New ${noun}${name}`
  return `Change to ${noun}${name}`
}
