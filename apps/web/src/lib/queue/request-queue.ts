/** A write waiting to be sent (spec 02 §3 "Queued request"). The token is read at send time. */
export type QueuedRequest = {
  requestId: string
  method: 'POST' | 'PUT' | 'DELETE'
  uri: string
  /** The change envelope; DELETE has none. */
  data?: { metadata: { correlationIdentifier: string } } & Record<string, unknown>
  /** Idempotency-Key: the envelope's correlation identifier, or the request id for a DELETE. */
  idempotencyKey: string
  status: 'pending' | 'sending' | 'failed'
  /**
   * The local change this write made, so it can be re-applied on top of a remote change merged before
   * the write was sent (DESIGN.md "After every write"). Typed loosely: the queue does not know the state.
   */
  reapply?: (state: never) => unknown
  retryCount: number
  /** Why the last attempt failed, as a person reads it. */
  error?: string
}

export type QueueSnapshot = { pending: QueuedRequest[]; failed: QueuedRequest[]; isProcessing: boolean }

export type RequestQueueOptions = {
  fetch?: typeof fetch
  /** A valid access token at send time. */
  getAccessToken: () => Promise<string>
  /** The real-time socket's id at send time, or '' (sent as X-Socket-ID). */
  getSocketId?: () => string
  /** Waits before a retry; replaced in tests. */
  sleep?: (ms: number) => Promise<void>
  /** Exponential backoff with jitter, capped at a minute. */
  retryDelayMs?: (retryCount: number, retryAfterMs: number | null) => number
  onChange?: (snapshot: QueueSnapshot) => void
}

/** Thrown for an answer that retrying cannot fix (a 4xx other than 401, 408 and 429). */
export class PermanentRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Server responded with an error: ${status} - ${body}`)
    this.name = 'PermanentRequestError'
  }
}

const defaultDelay = (retryCount: number, retryAfterMs: number | null) => {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, 60_000)
  const base = Math.min(60_000, 500 * 2 ** retryCount)
  return base / 2 + Math.random() * (base / 2)
}

function retryAfter(response: Response): number | null {
  const header = response.headers.get('retry-after')
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now())
}

/**
 * The outgoing write queue (spec 02 §4): first in, first out, one request at a time, each sent with
 * the current token, the current socket id and its Idempotency-Key, so a retried write is applied once.
 * Network failures, 5xx, 408 and 429 are retried with backoff; a 401 first gets a fresh token; any other
 * refusal moves the request to the failed list with the server's answer.
 */
export class RequestQueue {
  private pending: QueuedRequest[] = []
  private failed: QueuedRequest[] = []
  private isProcessing = false
  private readonly options: Required<Omit<RequestQueueOptions, 'onChange'>> &
    Pick<RequestQueueOptions, 'onChange'>

  constructor(options: RequestQueueOptions) {
    this.options = {
      fetch: options.fetch ?? ((...args) => globalThis.fetch(...args)),
      getSocketId: options.getSocketId ?? (() => ''),
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      retryDelayMs: options.retryDelayMs ?? defaultDelay,
      getAccessToken: options.getAccessToken,
      onChange: options.onChange,
    }
  }

  snapshot(): QueueSnapshot {
    return { pending: [...this.pending], failed: [...this.failed], isProcessing: this.isProcessing }
  }

  /** Adds a write at the end of the line and starts sending if idle. */
  enqueue(
    request: Pick<QueuedRequest, 'method' | 'uri' | 'data' | 'reapply'> & { requestId?: string },
  ): QueuedRequest {
    const requestId = request.requestId ?? crypto.randomUUID()
    const queued: QueuedRequest = {
      requestId,
      method: request.method,
      uri: request.uri,
      ...(request.data ? { data: request.data } : {}),
      ...(request.reapply ? { reapply: request.reapply } : {}),
      idempotencyKey: request.data?.metadata.correlationIdentifier ?? requestId,
      status: 'pending',
      retryCount: 0,
    }
    this.pending.push(queued)
    this.changed()
    void this.process()
    return queued
  }

  /** Puts a failed request back at the end of the line. */
  retry(requestId: string): void {
    const index = this.failed.findIndex((r) => r.requestId === requestId)
    if (index < 0) return
    const [request] = this.failed.splice(index, 1)
    this.pending.push({ ...request, status: 'pending', retryCount: 0 })
    this.changed()
    void this.process()
  }

  /** Forgets a failed request. */
  discard(requestId: string): QueuedRequest | undefined {
    const index = this.failed.findIndex((r) => r.requestId === requestId)
    if (index < 0) return undefined
    const [request] = this.failed.splice(index, 1)
    this.changed()
    return request
  }

  /** Resolves once nothing is pending (failed requests stay failed). */
  async drained(): Promise<void> {
    while (this.isProcessing || this.pending.length > 0)
      await new Promise((resolve) => setTimeout(resolve, 10))
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
        try {
          await this.send(request)
          this.pending.shift()
        } catch (error) {
          this.pending.shift()
          this.failed.push({
            ...request,
            status: 'failed',
            error: error instanceof Error ? error.message : String(error),
          })
        }
        this.changed()
      }
    } finally {
      this.isProcessing = false
      this.changed()
    }
  }

  private async send(request: QueuedRequest): Promise<void> {
    let hasRenewedToken = false
    for (;;) {
      let response: Response
      try {
        response = await this.options.fetch(request.uri, {
          method: request.method,
          headers: {
            authorization: `Bearer ${await this.options.getAccessToken()}`,
            'idempotency-key': request.idempotencyKey,
            'x-socket-id': this.options.getSocketId(),
            ...(request.data ? { 'content-type': 'application/json' } : {}),
          },
          ...(request.data ? { body: JSON.stringify(request.data) } : {}),
        })
      } catch {
        await this.backoff(request, null)
        continue
      }
      if (response.ok) return
      const status = response.status
      if (status === 401 && !hasRenewedToken) {
        // getAccessToken renews a token that is about to expire; one more try with it.
        hasRenewedToken = true
        continue
      }
      if (status >= 500 || status === 408 || status === 429) {
        await this.backoff(request, retryAfter(response))
        continue
      }
      throw new PermanentRequestError(status, await response.text().catch(() => ''))
    }
  }

  private async backoff(request: QueuedRequest, retryAfterMs: number | null) {
    request.retryCount += 1
    this.changed()
    await this.options.sleep(this.options.retryDelayMs(request.retryCount, retryAfterMs))
  }
}
