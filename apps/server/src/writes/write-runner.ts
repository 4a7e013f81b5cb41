import type { DataModifiedEvent } from '@brewcommand/domain'
import type { SQL } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../db/client.ts'
import { AppError } from '../errors.ts'
import { claimKey, requestHash, storeResponse, type Claim } from '../idempotency/idempotency.ts'
import type { Realtime } from '../realtime/realtime.ts'

/** Headers of a queued write (docs/architecture.md "The write path"): its Idempotency-Key and the writer's socket id. */
export const WriteHeadersSchema = z.looseObject({
  'idempotency-key': z.string().trim().min(1).max(128).optional(),
  'x-socket-id': z.string().max(128).optional(),
})

/** What the brewery's room hears after a write: `dataModified` with the record's changed fields. */
export type Broadcast = DataModifiedEvent['payload']

/** One route's write, declared where the route is: the runner does the rest. */
export interface WriteSpec<R> {
  /** The status of the first answer (a replay answers the stored one). */
  status: 200 | 201 | 204
  /** The write, inside the runner's transaction: calls services with plain inputs, throws AppError to refuse. */
  run: (tx: Db) => Promise<R>
  /** The answer's body for the result, stored for replays; none for a 204. */
  body?: (result: R) => unknown
  /**
   * The first answer's body when it must hold a secret shown once (a device's token): sent, never stored, so a
   * replay answers `body` without it.
   */
  shownOnce?: (result: R) => unknown
  /** What the brewery's room hears once the write is committed; never on a replay. May read the database. */
  broadcast?: (result: R) => Broadcast | null | Promise<Broadcast | null>
  /** Work outside the database once committed, before the answer goes out (object storage clean-up). */
  afterCommit?: (result: R) => Promise<void>
  /**
   * Where the key lives: the caller's brewery (default), or `user:{sub}` for a write made before the
   * caller has a brewery (onboarding).
   */
  scope?: string
}

/** Called inside every write's transaction, after the write and before its response is stored. */
export type BeforeCommit = (tx: Db, write: { entityId: string | null }) => Promise<void>
/**
 * The statement every write sends last in its transaction, in one round trip with its stored response
 * (none when it returns null).
 */
export type LastStatement = (write: { entityId: string | null }) => SQL | null

/**
 * Where committed writes go besides the brewery's room: the webhook deliveries (ADR 282). `route` is
 * "METHOD /path" as registered; the payload is the route's broadcast.
 */
export type WritePublisher = {
  publishes(route: string): boolean
  wants(entityId: string): Promise<boolean>
  publish(entityId: string, write: { route: string; status: number; payload: Broadcast }): Promise<void>
}

/**
 * The one way a write runs (docs/architecture.md "The write path"), for every write route:
 *
 * 1. the key: the Idempotency-Key header, else the envelope's correlation identifier;
 * 2. one transaction: the key is claimed first (a replay finds its stored first response here and
 *    nothing else runs; the same key with another request is a 409), then the route's write, then
 *    `beforeCommit`, then its response is stored under the key together with `lastStatement` (one
 *    round trip); a refusal or failure rolls all of it back and keeps no key, so the write may be sent
 *    again;
 * 3. after the commit: `afterCommit`, then the broadcast to the brewery's room (never on a replay);
 * 4. the answer: the route's status and body, or the stored ones.
 */
export function createWriteRunner({
  db,
  realtime,
  beforeCommit,
  lastStatement,
  publisher,
}: {
  db: Db
  realtime: (Pick<Realtime, 'dataModified'> & Partial<Pick<Realtime, 'isHeard'>>) | null
  /** A hook every write shares, in its transaction, before its response is stored. */
  beforeCommit?: BeforeCommit
  /**
   * The statement every write shares, last in its transaction and in the same round trip as its
   * stored response: `bumpBreweryVersionStatement(entityId)` for the per-brewery read cache. One
   * declaration here covers every write route.
   */
  lastStatement?: LastStatement
  /**
   * Hears every committed write of a brewery with its broadcast (the webhooks): the one hook that covers every
   * write route. Called after the room's broadcast, before the answer; it never fails the answer.
   */
  publisher?: WritePublisher
}) {
  return async function runWrite<R>(
    request: FastifyRequest,
    reply: FastifyReply,
    spec: WriteSpec<R>,
  ): Promise<void> {
    const headers = request.headers as Record<string, string | undefined>
    const envelopeKey = (request.body as { metadata?: { correlationIdentifier?: string } } | undefined)
      ?.metadata?.correlationIdentifier
    const key = headers['idempotency-key'] ?? envelopeKey
    const socketId = headers['x-socket-id'] ?? ''
    // Set on every route that is not `tenant: false` (auth/auth.plugin.ts).
    const entityId = (request.tenant as typeof request.tenant | null)?.entityId ?? null
    const scope = spec.scope ?? (entityId ? `entity:${entityId}` : null)
    if (!scope) throw new AppError('FORBIDDEN', 'Finish setting up your brewery first.')
    const claim: Claim | null = key
      ? { scope, key, hash: requestHash(request.method, request.url.split('?')[0], request.body ?? null) }
      : null

    const outcome = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      if (claim) {
        const stored = await claimKey(tx, claim)
        if (stored) return { replayed: true, stored } as const
      }
      const result = await spec.run(tx)
      const body = spec.body ? spec.body(result) : null
      await beforeCommit?.(tx, { entityId })
      const last = lastStatement?.({ entityId }) ?? null
      if (claim) await storeResponse(tx, claim, { statusCode: spec.status, body }, last)
      else if (last) await tx.execute(last)
      return { replayed: false, result, body } as const
    })

    if (outcome.replayed) {
      // Nothing ran and nothing changed: no clean-up, no broadcast.
      const { statusCode, body } = outcome.stored
      await reply.code(statusCode).send(body ?? undefined)
      return
    }
    await spec.afterCommit?.(outcome.result)
    // Prepared only when someone can hear it (its data may take a query): the room, or a webhook endpoint.
    const heard = !!realtime && (realtime.isHeard?.(entityId ?? '') ?? true)
    const route = `${request.method} ${request.routeOptions.url ?? ''}`
    if (entityId && spec.broadcast) {
      // The write is committed: a failed broadcast is logged, never turned into a failed answer.
      try {
        const hooked = !!publisher?.publishes(route) && (await publisher.wants(entityId))
        const payload = heard || hooked ? await spec.broadcast(outcome.result) : null
        if (payload && heard) realtime?.dataModified(entityId, { sourceSocketId: socketId, payload })
        if (payload && hooked) await publisher?.publish(entityId, { route, status: spec.status, payload })
      } catch (error) {
        request.log.error({ err: error }, 'the broadcast of a committed write failed')
      }
    }
    // Awaited until it is sent: the handler's promise must not settle while an async onSend hook still
    // runs, or Fastify would send a second, empty answer.
    const body = spec.shownOnce ? spec.shownOnce(outcome.result) : outcome.body
    await reply.code(spec.status).send(spec.status === 204 ? undefined : body)
  }
}
export type WriteRunner = ReturnType<typeof createWriteRunner>

/** A PUT names its record twice, in the path and in the body; they must agree (400 otherwise). */
export function assertBodyIdIsPathId(bodyId: string, pathId: string, what: string): void {
  if (bodyId === pathId) return
  throw new AppError(
    'VALIDATION_FAILED',
    `The ${what === 'item' ? '' : `${what} `}id in the body differs from the path.`,
    [{ path: 'data.id', message: `Must be the ${what} in the path` }],
  )
}
