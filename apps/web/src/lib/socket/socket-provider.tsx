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

/**
 * The real-time connection (docs/product/01-access.md §7, docs/product/02-products.md §4): open only with both a brewery id and a token,
 * dropped when either goes, replaced when the token changes; websocket first, then polling.
 */
export function SocketProvider({
  entityId,
  token,
  onDataModified,
  children,
}: {
  entityId: string | undefined
  token: string | undefined
  onDataModified: (event: DataModifiedEvent, isOwn: boolean) => void
  children: ReactNode
}) {
  const [isConnected, setIsConnected] = useState(false)
  const socketRef = useRef<Socket<ServerToClientEvents> | null>(null)
  const handler = useRef(onDataModified)
  const listeners = useRef(new Map<string, Set<(...args: never[]) => void>>())
  useEffect(() => {
    handler.current = onDataModified
  })

  useEffect(() => {
    if (!entityId || !token) return
    const socket: Socket<ServerToClientEvents> = io({
      auth: { token },
      ...SOCKET_OPTIONS,
      transports: [...SOCKET_OPTIONS.transports],
    })
    socketRef.current = socket
    socket.on('connect', () => setIsConnected(true))
    socket.on('disconnect', () => setIsConnected(false))
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
