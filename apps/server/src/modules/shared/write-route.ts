import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../errors.ts'
import type { WriteContext } from '../products/products.service.ts'

/** Headers of a queued write (DESIGN.md "Writes"): its Idempotency-Key and the writer's socket id. */
export const WriteHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(128).optional(),
  'x-socket-id': z.string().max(128).optional(),
})

/**
 * What a service needs to make a write exactly-once and to broadcast it: the key (the Idempotency-Key
 * header, else the envelope's correlation identifier), the writer's socket and the request itself.
 */
export function writeContext(request: FastifyRequest): WriteContext {
  const headers = request.headers as Record<string, string | undefined>
  const envelopeKey = (request.body as { metadata?: { correlationIdentifier?: string } } | undefined)
    ?.metadata?.correlationIdentifier
  return {
    key: headers['idempotency-key'] ?? envelopeKey,
    socketId: headers['x-socket-id'] ?? '',
    method: request.method,
    path: request.url.split('?')[0],
    body: request.body ?? null,
  }
}

/** A PUT names its record twice, in the path and in the body; they must agree (400 otherwise). */
export function assertBodyIdIsPathId(bodyId: string, pathId: string, what: string): void {
  if (bodyId === pathId) return
  throw new AppError(
    'VALIDATION_FAILED',
    `The ${what === 'item' ? '' : `${what} `}id in the body differs from the path.`,
    [{ path: 'data.id', message: `Must be the ${what} in the path` }],
  )
}
