/** The scheme of every object URI (docs/architecture.md "The write path"). */
export const OBJECT_URI_SCHEME = 'brewcommand://'

/** `brewcommand://products/{id}[/{collection}/{itemId}]`. */
export function productObjectUri(productId: string, collection?: string, itemId?: string): string {
  const base = `${OBJECT_URI_SCHEME}products/${productId}`
  return collection ? `${base}/${collection}${itemId ? `/${itemId}` : ''}` : base
}

/** The product id inside a product object URI, or null when it is not one. */
export function productIdFromObjectUri(objectUri: string): string | null {
  const match = /^brewcommand:\/\/products\/([^/]+)/.exec(objectUri)
  return match ? match[1] : null
}

/** What the server emits to a brewery's room after every successful write (docs/architecture.md "The real-time contract"). */
export type DataModifiedEvent = {
  /** The X-Socket-ID of the request that made the change, read at send time; '' when none. */
  sourceSocketId: string
  payload: {
    objectUri: string
    /** A partial product: arrays are whole; a deleted product is `{ id, deleted: true }`. */
    data: { id: string } & Record<string, unknown>
  }
}

/** What the server emits to a brewery's room after its team changed (invite, role, removal, join). */
export type TeamModifiedEvent = {
  /** The X-Socket-ID of the request that made the change; '' when none. */
  sourceSocketId: string
  payload: {
    change: 'invited' | 'updated' | 'removed' | 'joined' | 'revoked' | 'resent'
    /** The member or invitation concerned. */
    userId: string
  }
}

/** Events the server sends to browsers. */
export interface ServerToClientEvents {
  dataModified: (event: DataModifiedEvent) => void
  teamModified: (event: TeamModifiedEvent) => void
}

/** Socket handshake errors, word for word (docs/product/01-access.md §8, issue "Live collaboration"). */
export const SOCKET_AUTH_ERRORS = {
  missing: 'Authentication token required',
  invalid: 'Authentication failed',
} as const
