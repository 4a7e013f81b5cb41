import type { ApiErrorBody } from '@brewcommand/domain'

/**
 * A failed API call: the status and the server's error body (or one made up for a network failure).
 * In its own module without zod, so the landing page's offline check (lib/offline-bootstrap.ts) can
 * recognise it without loading the schemas (docs/decisions/171-compression-and-a-smaller-first-visit.md).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody['error'],
  ) {
    super(body.message)
    this.name = 'ApiError'
  }
}
