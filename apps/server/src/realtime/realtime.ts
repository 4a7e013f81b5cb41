import type { Server as HttpServer } from 'node:http'
import {
  SOCKET_AUTH_ERRORS,
  type DataModifiedEvent,
  type ServerToClientEvents,
  type TeamModifiedEvent,
} from '@brewcommand/domain'
import { createAdapter } from '@socket.io/redis-adapter'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { Server } from 'socket.io'

export type SocketIdentity = {
  sub: string
  entityId: string
  /** When the handshake's access token expires (ms since the epoch): the socket is closed then. */
  expiresAt?: number
  /** The provider grant (sign-in session) the token belongs to, when the issuer says. */
  grantId?: string
}

/** setTimeout's longest delay; a token valid for longer is checked again then. */
const MAX_TIMER_MS = 2_147_483_647

export type RealtimeOptions = {
  /** Verifies the handshake token like a bearer token and finds the caller's brewery. */
  authenticate: (token: string) => Promise<SocketIdentity | null>
  redisUrl?: string
  logger: FastifyBaseLogger
}

/** The brewery's room: sockets join their own brewery's only. */
export const entityRoom = (entityId: string) => `entity:${entityId}`

/** The room of the sockets opened with tokens of one provider grant (one sign-in session). */
const grantRoom = (grantId: string) => `grant:${grantId}`

/** Emits to breweries' rooms; what modules get, so they never touch socket.io directly. */
export interface Realtime {
  dataModified(entityId: string, event: DataModifiedEvent): void
  /**
   * Whether anyone may hear the brewery's room: a socket of it on this instance, or any instance when
   * events travel through Redis. A broadcast nobody can hear need not be prepared.
   */
  isHeard(entityId: string): boolean
  teamModified(entityId: string, event: TeamModifiedEvent): void
  /** Disconnects a removed member's sockets from the brewery's room (on every instance). */
  disconnectMember(entityId: string, sub: string): Promise<void>
  /** Disconnects every socket opened with a token of this grant (on every instance): its session ended. */
  disconnectGrant(grantId: string): Promise<void>
  /** Redis as this instance sees it (`GET /api/health`): 'off' without REDIS_URL. */
  redisStatus(): 'ok' | 'unavailable' | 'off'
  close(): Promise<void>
}

/**
 * socket.io on the API server: the handshake's `auth.token` is verified, the socket joins its brewery's
 * room, and writes are broadcast there. With REDIS_URL the Redis adapter carries events between
 * instances; if Redis is unavailable the instance still serves its own clients.
 */
export async function createRealtime(httpServer: HttpServer, options: RealtimeOptions): Promise<Realtime> {
  const io = new Server<Record<string, never>, ServerToClientEvents, Record<string, never>, SocketIdentity>(
    httpServer,
    { serveClient: false, cors: { origin: false } },
  )
  let pub: Redis | undefined
  let sub: Redis | undefined
  if (options.redisUrl) {
    // Commands wait while Redis reconnects (no rejections inside the adapter); errors are logged, once a
    // second at most.
    pub = new Redis(options.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 3000 })
    sub = pub.duplicate()
    let lastWarning = 0
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => {
        if (Date.now() - lastWarning < 1000) return
        lastWarning = Date.now()
        options.logger.warn({ err: error }, 'realtime: Redis unavailable')
      })
    }
    const ready = (client: Redis) =>
      new Promise<boolean>((resolve) => {
        if (client.status === 'ready') return resolve(true)
        const timer = setTimeout(() => resolve(false), 3000)
        client.once('ready', () => {
          clearTimeout(timer)
          resolve(true)
        })
      })
    if ((await Promise.all([ready(pub), ready(sub)])).every(Boolean)) {
      io.adapter(createAdapter(pub, sub))
    } else {
      // Without Redis at start this instance still syncs its own clients.
      options.logger.warn('realtime: Redis did not answer at start; events stay on this instance')
      pub.disconnect()
      sub.disconnect()
      pub = sub = undefined
    }
  }

  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token
    if (typeof token !== 'string' || token === '') return next(new Error(SOCKET_AUTH_ERRORS.missing))
    options
      .authenticate(token)
      .then((identity) => {
        if (!identity) return next(new Error(SOCKET_AUTH_ERRORS.invalid))
        socket.data = identity
        void socket.join(entityRoom(identity.entityId))
        if (identity.grantId) void socket.join(grantRoom(identity.grantId))
        // A socket lives no longer than its token: at expiry the server closes it, and the client
        // connects again with a fresh token (apps/web/src/lib/socket/socket-provider.tsx).
        if (identity.expiresAt !== undefined) {
          const closeAtExpiry = () => {
            const left = identity.expiresAt! - Date.now()
            if (left <= 0) return void socket.disconnect(true)
            timer = setTimeout(closeAtExpiry, Math.min(left, MAX_TIMER_MS))
          }
          let timer: NodeJS.Timeout | undefined
          closeAtExpiry()
          socket.on('disconnect', () => clearTimeout(timer))
        }
        next()
      })
      .catch(() => next(new Error(SOCKET_AUTH_ERRORS.invalid)))
  })

  return {
    dataModified(entityId, event) {
      io.to(entityRoom(entityId)).emit('dataModified', event)
    },
    teamModified(entityId, event) {
      io.to(entityRoom(entityId)).emit('teamModified', event)
    },
    isHeard(entityId) {
      return pub !== undefined || (io.sockets.adapter.rooms.get(entityRoom(entityId))?.size ?? 0) > 0
    },
    async disconnectMember(entityId, sub) {
      const sockets = await io.in(entityRoom(entityId)).fetchSockets()
      for (const socket of sockets) if (socket.data.sub === sub) socket.disconnect(true)
    },
    async disconnectGrant(grantId) {
      // Through the adapter, so every instance closes its own sockets of the grant.
      io.in(grantRoom(grantId)).disconnectSockets(true)
      return Promise.resolve()
    },
    redisStatus() {
      if (!options.redisUrl) return 'off'
      return pub?.status === 'ready' && sub?.status === 'ready' ? 'ok' : 'unavailable'
    },
    async close() {
      await io.close()
      pub?.disconnect()
      sub?.disconnect()
    },
  }
}
