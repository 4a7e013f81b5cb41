import type { Readable } from 'node:stream'

/** What storage knows about a stored object. */
export type StoredObject = { size: number; contentType: string }

/** How a signed read is answered: the bytes themselves (local disk) or a redirect to the store (S3). */
export type ObjectRead =
  { kind: 'stream'; stream: Readable; size: number; contentType: string } | { kind: 'redirect'; url: string }

/**
 * Where product media lives (docs/architecture.md "Files"). Keys are made by the server only
 * (`{entityId}/{productId}/{uuid}.{ext}`); the media service checks tenancy before calling any method.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3'
  /** An origin the browser talks to directly (CSP connect-src/img-src), or null for this app's own. */
  readonly browserOrigin: string | null
  /**
   * A URL the browser PUTs the raw file to, with exactly this Content-Type, until it expires. With
   * `size` the store may hold the upload to exactly that many bytes.
   */
  presignUpload(
    key: string,
    contentType: string,
    options: { expiresInSeconds: number; size?: number },
  ): Promise<string>
  /** The object's size and type, or null when nothing is stored under the key. */
  stat(key: string): Promise<StoredObject | null>
  /** Opens the object for a signed read, or null when it is not there. */
  read(key: string): Promise<ObjectRead | null>
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>
}
