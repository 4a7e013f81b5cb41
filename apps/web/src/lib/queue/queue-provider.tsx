import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { RequestQueue, type QueuedRequest, type QueueSnapshot } from './request-queue.ts'

export type QueueContextValue = {
  /** Queues a write; the change must already be applied locally. */
  enqueue: RequestQueue['enqueue']
  retry: (requestId: string) => void
  discard: (requestId: string) => QueuedRequest | undefined
  snapshot: QueueSnapshot
}

const QueueContext = createContext<QueueContextValue | null>(null)

/** The request queue for the secure area; the token and socket id are read at send time. */
export function QueueProvider({
  getAccessToken,
  getSocketId,
  onFailed,
  children,
}: {
  getAccessToken: () => Promise<string>
  getSocketId?: () => string
  onFailed?: (request: QueuedRequest) => void
  children: ReactNode
}) {
  const callbacks = useRef({ getAccessToken, getSocketId, onFailed })
  useEffect(() => {
    callbacks.current = { getAccessToken, getSocketId, onFailed }
  })
  const [snapshot, setSnapshot] = useState<QueueSnapshot>({ pending: [], failed: [], isProcessing: false })
  const [queue] = useState(() => {
    let failedCount = 0
    return new RequestQueue({
      getAccessToken: () => callbacks.current.getAccessToken(),
      getSocketId: () => callbacks.current.getSocketId?.() ?? '',
      onChange: (next) => {
        setSnapshot(next)
        if (next.failed.length > failedCount) callbacks.current.onFailed?.(next.failed.at(-1)!)
        failedCount = next.failed.length
      },
    })
  })
  const value = useMemo<QueueContextValue>(
    () => ({
      enqueue: (request) => queue.enqueue(request),
      retry: (id) => queue.retry(id),
      discard: (id) => queue.discard(id),
      snapshot,
    }),
    [queue, snapshot],
  )
  return <QueueContext value={value}>{children}</QueueContext>
}

export function useQueue(): QueueContextValue {
  const value = use(QueueContext)
  // Text of spec 02 §8.
  if (!value) throw new Error('useQueue must be used within a QueueProvider')
  return value
}
