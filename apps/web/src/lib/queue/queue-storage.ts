import { parseWrite, writeFromRequest, type Write } from '@brewcommand/domain'

/**
 * What survives a reload of a queued write: a plain, serialisable description, with the write it
 * carries out (a typed intent of packages/domain/src/writes/), whose local change is re-applied on start.
 */
export type PersistedRequest = {
  requestId: string
  /** Position in the line: increases with every write, also across reloads and tabs. */
  seq: number
  method: 'POST' | 'PUT' | 'DELETE'
  uri: string
  data?: { metadata: { correlationIdentifier: string } } & Record<string, unknown>
  idempotencyKey: string
  status: 'pending' | 'failed'
  retryCount: number
  error?: string
  /**
   * The write as an intent (docs/decisions/150-writes-are-typed-intents.md). A queue stored by an
   * earlier version has none: `withWrite` reads it back from method, uri and envelope.
   */
  write?: Write
}

/**
 * A stored request with its write: the stored intent when it is a valid one, else the intent read
 * back from the request itself (a queue stored before writes were intents), else none (it is still
 * sent, with no local change).
 */
export function withWrite(request: PersistedRequest): PersistedRequest {
  const { write: stored, ...rest } = request
  const write = (stored === undefined ? null : parseWrite(stored)) ?? writeFromRequest(request)
  return write ? { ...rest, write } : rest
}

/** Where the queue keeps its writes. Every method is synchronous, so a write is stored before enqueue returns. */
export interface QueueStorage {
  load(): PersistedRequest[]
  put(request: PersistedRequest): void
  remove(requestId: string): void
}

/** Kept in memory only (tests, and the fallback when the browser refuses storage). */
export function memoryQueueStorage(initial: PersistedRequest[] = []): QueueStorage & {
  entries: Map<string, PersistedRequest>
} {
  const entries = new Map(initial.map((r) => [r.requestId, structuredClone(r)]))
  return {
    entries,
    load: () => [...entries.values()].map((r) => structuredClone(r)),
    put: (request) => void entries.set(request.requestId, structuredClone(request)),
    remove: (requestId) => void entries.delete(requestId),
  }
}

const isPersistedRequest = (value: unknown): value is PersistedRequest => {
  if (!value || typeof value !== 'object') return false
  const r = value as Record<string, unknown>
  return (
    typeof r.requestId === 'string' &&
    typeof r.seq === 'number' &&
    (r.method === 'POST' || r.method === 'PUT' || r.method === 'DELETE') &&
    typeof r.uri === 'string' &&
    typeof r.idempotencyKey === 'string' &&
    (r.status === 'pending' || r.status === 'failed')
  )
}

/**
 * localStorage, one item per write under `{namespace}:{requestId}`: adding and removing a write never
 * rewrites the others, so two tabs of the same user cannot overwrite each other's writes. Storage that
 * throws (quota, private mode) is reported once and the queue goes on in memory.
 */
export function localQueueStorage(namespace: string, storage: Storage = window.localStorage): QueueStorage {
  const prefix = `${namespace}:`
  let warned = false
  const attempt = (action: () => void) => {
    try {
      action()
    } catch (error) {
      if (!warned) console.warn('The request queue could not be saved in this browser.', error)
      warned = true
    }
  }
  return {
    load() {
      const found: PersistedRequest[] = []
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)
        if (!key?.startsWith(prefix)) continue
        try {
          const value: unknown = JSON.parse(storage.getItem(key) ?? 'null')
          if (isPersistedRequest(value)) found.push(value)
          else console.warn('Ignoring an unreadable queued write', key)
        } catch {
          console.warn('Ignoring an unreadable queued write', key)
        }
      }
      return found
    },
    put: (request) => attempt(() => storage.setItem(prefix + request.requestId, JSON.stringify(request))),
    remove: (requestId) => attempt(() => storage.removeItem(prefix + requestId)),
  }
}

/** The storage namespace of one signed-in user's queue: another user's writes are never sent. */
export const queueNamespace = (subject: string) => `brewcommand:queue:${subject}`
