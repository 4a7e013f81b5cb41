import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Handler = (...args: unknown[]) => void
type AuthFn = (send: (data: Record<string, unknown>) => void) => void

/** A stand-in for socket.io-client's socket: records its handlers and connect calls. */
class FakeSocket {
  id = 'socket-1'
  handlers = new Map<string, Handler[]>()
  connectCalls = 0
  constructor(readonly auth: AuthFn) {}
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    return this
  }
  onAny() {
    return this
  }
  emit(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args)
  }
  connect() {
    this.connectCalls += 1
    return this
  }
  disconnect() {
    return this
  }
  /** The handshake's auth, as socket.io-client asks for it on each (re)connection. */
  handshake() {
    return new Promise<Record<string, unknown>>((resolve) => this.auth(resolve))
  }
}

const sockets: FakeSocket[] = []
vi.mock('socket.io-client', () => ({
  io: (options: { auth: AuthFn }) => {
    const socket = new FakeSocket(options.auth)
    sockets.push(socket)
    return socket
  },
}))

const { SERVER_CLOSE_RECONNECT_MS, SocketProvider } = await import('./socket-provider.tsx')

beforeEach(() => {
  sockets.length = 0
  vi.useFakeTimers()
})
afterEach(() => vi.useRealTimers())

function renderProvider(props: {
  token: string
  getToken?: () => Promise<string>
  onReconnect?: () => void
}) {
  const view = (p: typeof props) => (
    <SocketProvider entityId="e1" onDataModified={() => undefined} {...p}>
      <p>child</p>
    </SocketProvider>
  )
  const result = render(view(props))
  return { ...result, rerenderWith: (p: typeof props) => result.rerender(view(p)) }
}

describe('SocketProvider', () => {
  it('asks for a fresh token on every (re)connection', async () => {
    const getToken = vi.fn().mockResolvedValueOnce('fresh-1').mockResolvedValueOnce('fresh-2')
    renderProvider({ token: 'stale', getToken })
    expect(await sockets[0].handshake()).toEqual({ token: 'fresh-1' })
    expect(await sockets[0].handshake()).toEqual({ token: 'fresh-2' })
  })

  it('hands the server an empty token when none can be had (signed out), so the handshake is refused', async () => {
    renderProvider({ token: 'stale', getToken: () => Promise.reject(new Error('login_required')) })
    expect(await sockets[0].handshake()).toEqual({ token: '' })
  })

  it('connects again after the server closed the socket (its token expired), not after a client close', () => {
    renderProvider({ token: 't', getToken: () => Promise.resolve('t') })
    const [socket] = sockets
    act(() => socket.emit('disconnect', 'io client disconnect'))
    act(() => void vi.advanceTimersByTime(SERVER_CLOSE_RECONNECT_MS * 2))
    expect(socket.connectCalls).toBe(0)
    act(() => socket.emit('disconnect', 'io server disconnect'))
    act(() => void vi.advanceTimersByTime(SERVER_CLOSE_RECONNECT_MS))
    expect(socket.connectCalls).toBe(1)
  })

  it('reloads after every connection but the first, also when a new token replaced the socket', () => {
    const onReconnect = vi.fn()
    const { rerenderWith } = renderProvider({ token: 'a', onReconnect })
    act(() => sockets[0].emit('connect'))
    expect(onReconnect).not.toHaveBeenCalled()
    act(() => sockets[0].emit('disconnect', 'transport close'))
    act(() => sockets[0].emit('connect'))
    expect(onReconnect).toHaveBeenCalledTimes(1)
    rerenderWith({ token: 'b', onReconnect })
    expect(sockets).toHaveLength(2)
    act(() => sockets[1].emit('connect'))
    expect(onReconnect).toHaveBeenCalledTimes(2)
  })
})
