import type { DataModifiedEvent, ServerToClientEvents } from '@brewcommand/domain'
import { SOCKET_AUTH_ERRORS } from '@brewcommand/domain'
import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { io, type Socket } from 'socket.io-client'

export type SocketContextValue = {
  isConnected: boolean
  /** The current socket's id at call time ('' when none), for X-Socket-ID. */
  getSocketId: () => string
  /** Listens to a server event on whichever socket is current; returns the unsubscribe. */
  subscribe: <E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]) => () => void
}

const SocketContext = createContext<SocketContextValue | null>(null)

/** Socket limits of docs/product/01-access.md §7 / docs/product/02-products.md §9. */
export const SOCKET_OPTIONS = {
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  transports: ['websocket', 'polling'],
} as const

/** Wait before connecting again after the server closed the socket (its token expired). */
export const SERVER_CLOSE_RECONNECT_MS = 1000

/**
 * The real-time connection (docs/product/01-access.md §7, docs/product/02-products.md §4): open only with both a brewery id and a token,
 * dropped when either goes, replaced when the token changes; websocket first, then polling.
 *
 * The server closes a socket when its access token expires or its session ends. Every (re)connection
 * therefore asks `getToken` for a valid token (renewed when close to expiry), a socket the server
 * closed connects again by itself, and since changes sent while no socket was open are not replayed,
 * `onReconnect` runs after every connection but the first (the page reloads its data then).
 */
export function SocketProvider({
  entityId,
  token,
  getToken,
  onDataModified,
  onReconnect,
  children,
}: {
  entityId: string | undefined
  token: string | undefined
  /** A valid access token for the handshake; without it, `token` is used as it is. */
  getToken?: () => Promise<string>
  onDataModified: (event: DataModifiedEvent, isOwn: boolean) => void
  /** Called when a connection opens after an earlier one (changes may have been missed meanwhile). */
  onReconnect?: () => void
  children: ReactNode
}) {
  const [isConnected, setIsConnected] = useState(false)
  const socketRef = useRef<Socket<ServerToClientEvents> | null>(null)
  const handler = useRef(onDataModified)
  const reconnected = useRef(onReconnect)
  const tokenSource = useRef(getToken)
  // Across sockets: a replaced socket (new token) may have missed changes as well.
  const hasConnected = useRef(false)
  const listeners = useRef(new Map<string, Set<(...args: never[]) => void>>())
  useEffect(() => {
    handler.current = onDataModified
    reconnected.current = onReconnect
    tokenSource.current = getToken
  })

  useEffect(() => {
    if (!entityId || !token) return
    const socket: Socket<ServerToClientEvents> = io({
      // Called for every (re)connection, so a reconnection never reuses an expired token.
      auth: (send) => {
        const source = tokenSource.current
        if (!source) return send({ token })
        source().then(
          (fresh) => send({ token: fresh }),
          // No token to be had (signed out): the server refuses the handshake.
          () => send({ token: '' }),
        )
      },
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
    })
    socketRef.current = socket
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined
    socket.on('connect', () => {
      setIsConnected(true)
      if (hasConnected.current) reconnected.current?.()
      hasConnected.current = true
    })
    socket.on('disconnect', (reason) => {
      setIsConnected(false)
      // socket.io does not reconnect by itself after the server closed the socket.
      if (reason === 'io server disconnect') {
        reconnectTimer = setTimeout(() => socket.connect(), SERVER_CLOSE_RECONNECT_MS)
      }
    })
    socket.on('connect_error', (error) => {
      if (
        error.message.includes(SOCKET_AUTH_ERRORS.invalid) ||
        error.message.includes(SOCKET_AUTH_ERRORS.missing)
      ) {
        console.error('Real-time authentication failed; please sign in again.', error)
      }
    })
    socket.onAny((event: string, ...args: unknown[]) => {
      for (const listener of listeners.current.get(event) ?? []) listener(...(args as never[]))
    })
    socket.on('dataModified', (event) =>
      handler.current(event, event.sourceSocketId !== '' && event.sourceSocketId === socket.id),
    )
    return () => {
      clearTimeout(reconnectTimer)
      socket.disconnect()
      socketRef.current = null
      setIsConnected(false)
    }
  }, [entityId, token])

  const subscribe = useCallback<SocketContextValue['subscribe']>((event, listener) => {
    const set = listeners.current.get(event) ?? new Set()
    listeners.current.set(event, set)
    set.add(listener)
    return () => void set.delete(listener)
  }, [])
  const value: SocketContextValue = {
    isConnected,
    getSocketId: () => socketRef.current?.id ?? '',
    subscribe,
  }
  return <SocketContext value={value}>{children}</SocketContext>
}

export function useSocket(): SocketContextValue {
  const value = use(SocketContext)
  // Text of docs/product/02-products.md §8.
  if (!value) throw new Error('useSocket must be used within a SocketProvider')
  return value
}
