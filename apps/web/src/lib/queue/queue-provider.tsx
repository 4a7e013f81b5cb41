import {
  createContext,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { localQueueStorage, queueNamespace } from './queue-storage.ts'
import { RequestQueue, type QueuedRequest, type QueueSnapshot } from './request-queue.ts'

export type QueueContextValue = {
  /** Queues a write; the change must already be applied locally. */
  enqueue: RequestQueue['enqueue']
  /** Forgets a refusal a screen has shown (snapshot.refused). */
  dismiss: (requestId: string) => void
  snapshot: QueueSnapshot
  /** The browser's own view of the network (navigator.onLine). */
  isOnline: boolean
}

const QueueContext = createContext<QueueContextValue | null>(null)

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

/**
 * The request queue for the secure area; the token and socket id are read at send time. The queue is
 * kept in localStorage under the signed-in user (`subject`): writes a closed tab, a reload or a crash
 * left behind are restored on start (`onRestored` gets them, in order, to re-apply to the state just
 * loaded) and sent. It retries at once when the browser comes back online, and leaving the page while
 * writes are unsent asks for confirmation.
 */
export function QueueProvider({
  subject,
  getAccessToken,
  renewAccessToken,
  getSocketId,
  onRefused,
  onRestored,
  children,
}: {
  /** The signed-in user: each user's queue is stored apart (omit to keep it in memory only). */
  subject?: string
  getAccessToken: () => Promise<string>
  renewAccessToken?: () => Promise<string>
  getSocketId?: () => string
  /** A write the server refused (its message in `error`): it has left the queue; undo its local change. */
  onRefused?: (request: QueuedRequest) => void
  onRestored?: (requests: QueuedRequest[]) => void
  children: ReactNode
}) {
  const callbacks = useRef({ getAccessToken, renewAccessToken, getSocketId, onRefused, onRestored })
  useEffect(() => {
    callbacks.current = { getAccessToken, renewAccessToken, getSocketId, onRefused, onRestored }
  })
  const [snapshot, setSnapshot] = useState<QueueSnapshot>({ pending: [], refused: [], isProcessing: false })
  const [queue] = useState(
    () =>
      new RequestQueue({
        getAccessToken: () => callbacks.current.getAccessToken(),
        renewAccessToken: () => (callbacks.current.renewAccessToken ?? callbacks.current.getAccessToken)(),
        getSocketId: () => callbacks.current.getSocketId?.() ?? '',
        ...(subject !== undefined ? { storage: localQueueStorage(queueNamespace(subject)) } : {}),
        onChange: setSnapshot,
        onRefused: (request) => callbacks.current.onRefused?.(request),
      }),
  )

  // Once per queue: pick up what an earlier page left behind.
  useEffect(() => {
    const restored = queue.restore()
    if (restored.length > 0) callbacks.current.onRestored?.(restored)
  }, [queue])

  const isOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  )
  useEffect(() => {
    if (isOnline) queue.wake()
  }, [isOnline, queue])

  // Asks before the page goes while writes are unsent. The queue is read when the page is about to go,
  // not from React state, so a write answered a moment ago never prompts.
  useEffect(() => {
    const confirmLeave = (event: BeforeUnloadEvent) => {
      if (queue.snapshot().pending.length === 0) return
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', confirmLeave)
    return () => window.removeEventListener('beforeunload', confirmLeave)
  }, [queue])

  const value = useMemo<QueueContextValue>(
    () => ({
      enqueue: (request) => queue.enqueue(request),
      dismiss: (id) => queue.dismiss(id),
      snapshot,
      isOnline,
    }),
    [queue, snapshot, isOnline],
  )
  return <QueueContext value={value}>{children}</QueueContext>
}

export function useQueue(): QueueContextValue {
  const value = use(QueueContext)
  // Text of docs/product/02-products.md §8.
  if (!value) throw new Error('useQueue must be used within a QueueProvider')
  return value
}
