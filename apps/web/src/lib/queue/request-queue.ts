import { storableWrite, type Write } from '@brewcommand/domain'
import { z } from 'zod'
import { memoryQueueStorage, withWrite, type PersistedRequest, type QueueStorage } from './queue-storage.ts'

/** A write waiting to be sent (docs/product/02-products.md §3 "Queued request"). The token is read at send time. */
export type QueuedRequest = {
  requestId: string
  /** Position in the line; a retried write goes back to its place. */
  seq: number
  method: 'POST' | 'PUT' | 'DELETE'
  uri: string
  /** The change envelope; DELETE has none. */
  data?: { metadata: { correlationIdentifier: string } } & Record<string, unknown>
  /** Idempotency-Key: the envelope's correlation identifier, or the request id for a DELETE. */
  idempotencyKey: string
  /** A refused write is out of the line: kept in memory only, so the screen can say why (never retried). */
  status: 'pending' | 'sending' | 'refused'
  /**
   * The write as a typed intent (packages/domain/src/writes/): its local change (`applyWrite`) is
   * re-applied on top of a remote change merged before the write was sent, and on start after a
   * reload. The queue itself never applies it; it stores it (without its `local` part) and gives it back.
   */
  write?: Write
  retryCount: number
  /** Why the server refused it, in the server's words (its `error.message`). */
  error?: string
}

/**
 * `pending`: the line, sent in order and retried until the server has them. `refused`: writes the server
 * refused (a 4xx other than 401, 408, 429) during this page's life, out of the line and out of storage,
 * their local change undone; kept only so a screen can say why beside the thing (docs/decisions/255-…).
 */
export type QueueSnapshot = { pending: QueuedRequest[]; refused: QueuedRequest[]; isProcessing: boolean }

export type RequestQueueOptions = {
  fetch?: typeof fetch
  /** A valid access token at send time. */
  getAccessToken: () => Promise<string>
  /** A renewed access token, after the API answered 401 (defaults to getAccessToken). */
  renewAccessToken?: () => Promise<string>
  /** The real-time socket's id at send time, or '' (sent as X-Socket-ID). */
  getSocketId?: () => string
  /** Where writes are kept until the server has them (default: memory only). */
  storage?: QueueStorage
  /** Waits before a retry; replaced in tests. */
  sleep?: (ms: number) => Promise<void>
  /** Exponential backoff with jitter, capped at a minute. */
  retryDelayMs?: (retryCount: number, retryAfterMs: number | null) => number
  /** An attempt that has not been answered by then is abandoned and retried (default 30 s). */
  timeoutMs?: number
  onChange?: (snapshot: QueueSnapshot) => void
  /** A write the server refused: it has left the line and storage; its local change must be undone. */
  onRefused?: (request: QueuedRequest) => void
}

/**
 * The server's refusal of a write, in its own words: the `error.message` of its answer
 * (`{ error: { code, message } }`), or a sentence with the status when the answer has none.
 */
export function refusalMessage(status: number, body: string): string {
  // The message is read whatever the code says: a code this version does not know still has its sentence.
  const parsed = RefusalBodySchema.safeParse(safeJson(body))
  if (parsed.success) return parsed.data.error.message
  return `The server refused this change (${status}).`
}

const RefusalBodySchema = z.object({ error: z.object({ message: z.string().trim().min(1) }) })

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Thrown for an answer that retrying cannot fix (a 4xx other than 401, 408 and 429). */
export class RefusedRequestError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(refusalMessage(status, body))
    this.name = 'RefusedRequestError'
  }
}

export const MAX_RETRY_DELAY_MS = 60_000
export const BASE_RETRY_DELAY_MS = 500

/**
 * The wait before retry number `retryCount` (1, 2, …): the server's Retry-After when it gave one, else
 * exponential backoff (0.5 s, 1 s, 2 s, …) with "equal jitter" (half fixed, half random), never above a
 * minute. `random` is injectable for tests.
 */
export function retryDelay(
  retryCount: number,
  retryAfterMs: number | null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_DELAY_MS)
  const base = Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, retryCount - 1))
  return base / 2 + random() * (base / 2)
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  const trimmed = header.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Answers that retrying can fix: 5xx, 408 Request Timeout and 429 Too Many Requests. */
export const isRetryableStatus = (status: number) => status >= 500 || status === 408 || status === 429

let lastSeq = 0
/** Increasing numbers across the page's life and (being time-based) across reloads. */
function nextSeq(): number {
  lastSeq = Math.max(lastSeq + 1, Date.now())
  return lastSeq
}

const bySeq = (a: { seq: number; requestId: string }, b: { seq: number; requestId: string }) =>
  a.seq - b.seq || (a.requestId < b.requestId ? -1 : a.requestId > b.requestId ? 1 : 0)

/**
 * The outgoing write queue (docs/product/02-products.md §4): first in, first out, one request at a time, each sent with
 * the current token, the current socket id and its Idempotency-Key, so a retried write is applied once.
 * Every write is stored (QueueStorage) before enqueue returns and removed once the server has answered,
 * so a reload, a closed tab or a crash loses nothing: `restore()` picks the writes up again.
 * Network failures, timeouts, 5xx, 408 and 429 (with Retry-After) are retried with backoff for as long
 * as the page lives, at once when `wake()` is called (the browser came back online); a 401 first gets a
 * renewed token; any other answer is a refusal: the write leaves the line and storage at once, and
 * `onRefused` gets it with the server's message, so the page undoes its change and says why (ADR 255).
 */
export class RequestQueue {
  private pending: QueuedRequest[] = []
  private refused: QueuedRequest[] = []
  private isProcessing = false
  private wakeUp: (() => void) | null = null
  private readonly options: Required<
    Omit<RequestQueueOptions, 'onChange' | 'renewAccessToken' | 'onRefused'>
  > &
    Pick<RequestQueueOptions, 'onChange' | 'renewAccessToken' | 'onRefused'>

  constructor(options: RequestQueueOptions) {
    this.options = {
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
      getSocketId: options.getSocketId ?? (() => ''),
      storage: options.storage ?? memoryQueueStorage(),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      retryDelayMs: options.retryDelayMs ?? ((count, after) => retryDelay(count, after)),
      timeoutMs: options.timeoutMs ?? 30_000,
      getAccessToken: options.getAccessToken,
      renewAccessToken: options.renewAccessToken,
      onChange: options.onChange,
      onRefused: options.onRefused,
    }
  }

  snapshot(): QueueSnapshot {
    return { pending: [...this.pending], refused: [...this.refused], isProcessing: this.isProcessing }
  }

  /**
   * Loads the writes a previous page left behind, in their order, each with its write intent (read back
   * from the request for a queue stored by an earlier version), and resumes sending. Returns those still to
   * be sent, so the caller can re-apply them to the state it has just loaded from the server. A write an
   * earlier version kept as "failed" was refused by the server: it is dropped from storage and reported
   * as refused (onRefused), never sent again.
   */
  restore(): QueuedRequest[] {
    const known = new Set([...this.pending, ...this.refused].map((r) => r.requestId))
    const restored = this.options.storage
      .load()
      .filter((r) => !known.has(r.requestId))
      .sort(bySeq)
      .map((stored): QueuedRequest => {
        lastSeq = Math.max(lastSeq, stored.seq)
        const { status, ...request } = withWrite(stored)
        return { ...request, status: status === 'failed' ? 'refused' : 'pending' }
      })
    const toSend = restored.filter((request) => request.status === 'pending')
    this.pending.push(...toSend)
    this.pending.sort(bySeq)
    this.changed()
    for (const request of restored) if (request.status === 'refused') this.refuse(request)
    void this.process()
    return toSend
  }

  /** Adds a write at the end of the line, stores it, and starts sending if idle. */
  enqueue(
    request: Pick<QueuedRequest, 'method' | 'uri' | 'data' | 'write'> & { requestId?: string },
  ): QueuedRequest {
    const requestId = request.requestId ?? crypto.randomUUID()
    const stored: PersistedRequest = {
      requestId,
      seq: nextSeq(),
      method: request.method,
      uri: request.uri,
      ...(request.data ? { data: request.data } : {}),
      idempotencyKey: request.data?.metadata.correlationIdentifier ?? requestId,
      status: 'pending',
      retryCount: 0,
    }
    const queued: QueuedRequest = {
      ...stored,
      status: 'pending',
      ...(request.write ? { write: request.write } : {}),
    }
    this.persist(queued)
    this.pending.push(queued)
    this.changed()
    void this.process()
    return queued
  }

  /** Forgets a refusal once the screen that showed it is done with it. */
  dismiss(requestId: string): void {
    const before = this.refused.length
    this.refused = this.refused.filter((r) => r.requestId !== requestId)
    if (this.refused.length !== before) this.changed()
  }

  /** Ends the current backoff wait at once (the browser came back online). */
  wake(): void {
    const wakeUp = this.wakeUp
    this.wakeUp = null
    wakeUp?.()
  }

  /** Resolves once nothing is pending. */
  async drained(): Promise<void> {
    while (this.isProcessing || this.pending.length > 0)
      await new Promise((resolve) => setTimeout(resolve, 10))
  }

  private persist(request: QueuedRequest) {
    const { write, status: _status, ...rest } = request
    this.options.storage.put({
      ...rest,
      ...(write ? { write: storableWrite(write) } : {}),
      status: 'pending',
    })
  }

  /** Takes a refused write out of storage, keeps it for the screen, and tells the page to undo it. */
  private refuse(request: QueuedRequest) {
    this.options.storage.remove(request.requestId)
    this.refused.push(request)
    this.refused.sort(bySeq)
    this.changed()
    this.options.onRefused?.(request)
  }

  private changed() {
    this.options.onChange?.(this.snapshot())
  }

  private async process(): Promise<void> {
    if (this.isProcessing) return
    this.isProcessing = true
    this.changed()
    try {
      while (this.pending.length > 0) {
        const request = this.pending[0]
        request.status = 'sending'
        this.changed()
        let refusal: string | null = null
        try {
          await this.send(request)
        } catch (error) {
          refusal = error instanceof Error ? error.message : String(error)
        }
        const index = this.pending.indexOf(request)
        if (index >= 0) this.pending.splice(index, 1)
        if (refusal === null) {
          this.options.storage.remove(request.requestId)
          this.changed()
        } else {
          this.refuse({ ...request, status: 'refused', error: refusal })
        }
      }
    } finally {
      this.isProcessing = false
      this.changed()
    }
  }

  private async send(request: QueuedRequest): Promise<void> {
    let renewedToken: string | null = null
    for (;;) {
      let response: Response
      try {
        const token = renewedToken ?? (await this.options.getAccessToken())
        response = await this.options.fetch(request.uri, {
          method: request.method,
          headers: {
            authorization: `Bearer ${token}`,
            'idempotency-key': request.idempotencyKey,
            'x-socket-id': this.options.getSocketId(),
            ...(request.data ? { 'content-type': 'application/json' } : {}),
          },
          ...(request.data ? { body: JSON.stringify(request.data) } : {}),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        })
      } catch {
        // Offline, refused, timed out, or no token to be had right now: the write waits and tries again.
        renewedToken = null
        await this.backoff(request, null)
        continue
      }
      if (response.ok) return
      const status = response.status
      if (status === 401) {
        // The token was refused: renew it and try again at once; if a renewed token is refused too,
        // wait like any other retry (the person may have to sign in again; the write is kept).
        const wasRenewed = renewedToken !== null
        renewedToken = null
        if (wasRenewed) await this.backoff(request, null)
        try {
          renewedToken = await (this.options.renewAccessToken ?? this.options.getAccessToken)()
        } catch {
          await this.backoff(request, null)
        }
        continue
      }
      if (isRetryableStatus(status)) {
        await this.backoff(request, retryAfterMs(response.headers.get('retry-after')))
        continue
      }
      throw new RefusedRequestError(status, await response.text().catch(() => ''))
    }
  }

  private async backoff(request: QueuedRequest, retryAfter: number | null) {
    request.retryCount += 1
    this.persist(request)
    this.changed()
    const delay = this.options.retryDelayMs(request.retryCount, retryAfter)
    await Promise.race([
      this.options.sleep(delay),
      new Promise<void>((resolve) => {
        this.wakeUp = resolve
      }),
    ])
    this.wakeUp = null
  }
}
