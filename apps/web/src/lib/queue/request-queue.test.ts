import { describe, expect, it, vi } from 'vitest'
import { applyWrite, requestOf, type Write, type WriteState } from '@brewcommand/domain'
import { localQueueStorage, memoryQueueStorage, type QueueStorage } from './queue-storage.ts'
import { RequestQueue, retryAfterMs, retryDelay, type QueuedRequest } from './request-queue.ts'

const envelope = (id: string) => ({
  type: 'product',
  version: '1',
  metadata: { correlationIdentifier: id },
  data: { id },
})

function answer(status: number, body = '', headers: Record<string, string> = {}) {
  return new Response(body, { status, headers })
}

function makeQueue(
  responses: (Response | Error | DOMException)[],
  extra: {
    storage?: QueueStorage
    renewAccessToken?: () => Promise<string>
    onRefused?: (request: QueuedRequest) => void
  } = {},
) {
  const calls: { uri: string; init: RequestInit }[] = []
  const fetchMock = vi.fn((uri: string | URL | Request, init?: RequestInit) => {
    calls.push({
      uri: typeof uri === 'string' ? uri : uri instanceof URL ? uri.href : uri.url,
      init: init ?? {},
    })
    const next = responses.shift() ?? answer(200)
    return next instanceof Response ? Promise.resolve(next) : Promise.reject(next)
  })
  const sleep = vi.fn(() => Promise.resolve())
  let token = 0
  const queue = new RequestQueue({
    fetch: fetchMock,
    getAccessToken: () => Promise.resolve(`token-${++token}`),
    getSocketId: () => 'socket-1',
    sleep,
    ...extra,
  })
  return { queue, calls, sleep }
}

describe('RequestQueue', () => {
  it('sends writes one at a time, first in first out, with token, socket id and idempotency key', async () => {
    const { queue, calls } = makeQueue([])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    queue.enqueue({ method: 'PUT', uri: '/api/products/a', data: envelope('b') })
    queue.enqueue({ method: 'DELETE', uri: '/api/products/a', requestId: 'del-1' })
    await queue.drained()
    expect(calls.map((c) => `${c.init.method} ${c.uri}`)).toEqual([
      'POST /api/products',
      'PUT /api/products/a',
      'DELETE /api/products/a',
    ])
    const headers = calls[0].init.headers as Record<string, string>
    expect(headers.authorization).toBe('Bearer token-1')
    expect(headers['x-socket-id']).toBe('socket-1')
    expect(headers['idempotency-key']).toBe('a')
    expect(JSON.parse(calls[0].init.body as string)).toEqual(envelope('a'))
    expect((calls[2].init.headers as Record<string, string>)['idempotency-key']).toBe('del-1')
    expect(calls[2].init.body).toBeUndefined()
    expect(queue.snapshot()).toEqual({ pending: [], refused: [], isProcessing: false })
  })

  it('retries network failures, 5xx and 429 (honouring Retry-After) with the same idempotency key', async () => {
    const { queue, calls, sleep } = makeQueue([
      new TypeError('Failed to fetch'),
      answer(503),
      answer(429, '', { 'retry-after': '2' }),
      answer(201),
    ])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    await queue.drained()
    expect(calls).toHaveLength(4)
    expect(new Set(calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key']))).toEqual(
      new Set(['a']),
    )
    expect(sleep).toHaveBeenCalledTimes(3)
    expect(sleep).toHaveBeenLastCalledWith(2000)
    expect(queue.snapshot().refused).toEqual([])
  })

  it('renews the token once on a 401, then retries', async () => {
    const { queue, calls } = makeQueue([answer(401), answer(200)])
    queue.enqueue({ method: 'PUT', uri: '/api/products/a', data: envelope('a') })
    await queue.drained()
    expect(calls.map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ])
  })

  // Issue 34, defect 3 (ADR 255): a refusal was kept as a failed, retryable change and shown as
  // "Server responded with an error: 409 - {json}".
  it("drops a refused write from the line and storage, tells it in the server's words, and goes on", async () => {
    const storage = memoryQueueStorage()
    const refusals: string[] = []
    const { queue, calls } = makeQueue(
      [
        answer(409, '{"error":{"code":"CONFLICT","message":"FV1 is booked for batch 2026-001."}}'),
        answer(200),
      ],
      { storage, onRefused: (r) => refusals.push(`${r.idempotencyKey}: ${r.error}`) },
    )
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('b') })
    await queue.drained()
    expect(calls).toHaveLength(2)
    expect(refusals).toEqual(['a: FV1 is booked for batch 2026-001.'])
    expect(queue.snapshot()).toMatchObject({
      pending: [],
      refused: [{ status: 'refused', idempotencyKey: 'a', error: 'FV1 is booked for batch 2026-001.' }],
    })
    expect(storage.entries.size).toBe(0)
    // Nothing about it can be retried; the screen that showed it dismisses it.
    expect('retry' in queue).toBe(false)
    queue.dismiss(queue.snapshot().refused[0].requestId)
    expect(queue.snapshot().refused).toEqual([])
  })
})

describe('retry policy', () => {
  it('backs off exponentially with jitter (half fixed, half random), capped at a minute', () => {
    expect(retryDelay(1, null, () => 0)).toBe(250)
    expect(retryDelay(1, null, () => 1)).toBe(500)
    expect(retryDelay(2, null, () => 0)).toBe(500)
    expect(retryDelay(4, null, () => 1)).toBe(4000)
    for (let n = 1; n < 40; n += 1) {
      const low = retryDelay(n, null, () => 0)
      const high = retryDelay(n, null, () => 0.999999)
      expect(high).toBeLessThanOrEqual(60_000)
      expect(low).toBeGreaterThanOrEqual(Math.min(30_000, 250 * 2 ** (n - 1)))
    }
    expect(retryDelay(30, null, () => 1)).toBe(60_000)
    expect(retryDelay(30, null, () => 0)).toBe(30_000)
    // Different random draws give different waits, so many clients do not retry in step.
    expect(retryDelay(5, null, () => 0.1)).not.toBe(retryDelay(5, null, () => 0.9))
  })

  it('waits as long as Retry-After says (seconds or a date), but never more than a minute', () => {
    expect(retryDelay(3, 2000)).toBe(2000)
    expect(retryDelay(3, 600_000)).toBe(60_000)
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs(' 0 ')).toBe(0)
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon')).toBeNull()
    expect(retryAfterMs(null)).toBeNull()
  })

  it('retries timeouts and 408 like network failures', async () => {
    const timeout = new DOMException('The operation timed out.', 'TimeoutError')
    const { queue, calls } = makeQueue([timeout, answer(408), answer(201)])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    await queue.drained()
    expect(calls).toHaveLength(3)
    expect(calls[0].init.signal).toBeInstanceOf(AbortSignal)
    expect(queue.snapshot().refused).toEqual([])
  })

  it('on a 401 renews the token and retries with it at once; a refused renewed token waits and renews again', async () => {
    let renewed = 0
    const renewAccessToken = vi.fn(() => Promise.resolve(`renewed-${++renewed}`))
    const { queue, calls, sleep } = makeQueue([answer(401), answer(401), answer(200)], {
      renewAccessToken,
    })
    queue.enqueue({ method: 'PUT', uri: '/api/products/a', data: envelope('a') })
    await queue.drained()
    expect(calls.map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual([
      'Bearer token-1',
      'Bearer renewed-1',
      'Bearer renewed-2',
    ])
    expect(renewAccessToken).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledTimes(1)
    expect(queue.snapshot().refused).toEqual([])
  })

  it('keeps a write while no token can be had (e.g. offline renewal) and sends it once one can', async () => {
    const calls: string[] = []
    let tokenCalls = 0
    const queue = new RequestQueue({
      fetch: (_uri, init) => {
        calls.push((init?.headers as Record<string, string>).authorization)
        return Promise.resolve(answer(200))
      },
      getAccessToken: () =>
        ++tokenCalls < 3 ? Promise.reject(new Error('Get access token failed')) : Promise.resolve('t'),
      sleep: () => Promise.resolve(),
    })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    await queue.drained()
    expect(calls).toEqual(['Bearer t'])
  })

  it("refuses a 402 (the brewery has not paid) at once with the server's message, without retrying it", async () => {
    const body = '{"error":{"code":"PAYMENT_REQUIRED","message":"Finish paying in Settings → Billing."}}'
    const { queue, calls, sleep } = makeQueue([answer(402, body), answer(200)])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('unpaid') })
    await queue.drained()
    expect(calls).toHaveLength(1)
    expect(sleep).not.toHaveBeenCalled()
    expect(queue.snapshot()).toMatchObject({
      pending: [],
      refused: [{ idempotencyKey: 'unpaid', error: 'Finish paying in Settings → Billing.' }],
    })
  })

  it('refuses other 4xx answers alike (403, 404, 409, 422), in words even without an error body or with a code it does not know', async () => {
    const error = (message: string) => JSON.stringify({ error: { code: 'CONFLICT', message } })
    const { queue } = makeQueue([
      answer(403, error('Brewers cannot do this.')),
      answer(404, ''),
      answer(409, 'taken'),
      answer(422, '{"error":{"code":"A_CODE_NOT_KNOWN_YET","message":"Name is required"}}'),
    ])
    for (const id of ['a', 'b', 'c', 'd'])
      queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope(id) })
    await queue.drained()
    expect(queue.snapshot().refused.map((r) => r.error)).toEqual([
      'Brewers cannot do this.',
      'The server refused this change (404).',
      'The server refused this change (409).',
      'Name is required',
    ])
  })

  it('retries at once when woken (the browser came back online)', async () => {
    const responses = [new TypeError('Failed to fetch'), answer(201)]
    const calls: number[] = []
    const queue = new RequestQueue({
      fetch: () => {
        calls.push(Date.now())
        const next = responses.shift()!
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
      },
      getAccessToken: () => Promise.resolve('t'),
      // A wait that would never end by itself.
      sleep: () => new Promise(() => undefined),
    })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    await vi.waitFor(() => expect(queue.snapshot().pending[0]?.retryCount).toBe(1))
    expect(calls).toHaveLength(1)
    queue.wake()
    await queue.drained()
    expect(calls).toHaveLength(2)
  })
})

describe('ordering', () => {
  it('sends a create and the edits made before it was sent in order, even across retries', async () => {
    const { queue, calls } = makeQueue([answer(503), answer(503), answer(201), answer(200), answer(200)])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('create') })
    queue.enqueue({ method: 'PUT', uri: '/api/products/p', data: envelope('edit-1') })
    queue.enqueue({ method: 'PUT', uri: '/api/products/p', data: envelope('edit-2') })
    await queue.drained()
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key'])).toEqual([
      'create',
      'create',
      'create',
      'edit-1',
      'edit-2',
    ])
  })
})

describe('persistence and restore', () => {
  it('stores a write before enqueue returns, keeps its retries, and forgets it once the server has it', async () => {
    const storage = memoryQueueStorage()
    let answerNow: (r: Response) => void = () => undefined
    const queue = new RequestQueue({
      fetch: () => new Promise<Response>((resolve) => (answerNow = resolve)),
      getAccessToken: () => Promise.resolve('t'),
      storage,
      sleep: () => Promise.resolve(),
    })
    const request = queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    expect([...storage.entries.values()]).toEqual([
      {
        requestId: request.requestId,
        seq: request.seq,
        method: 'POST',
        uri: '/api/products',
        data: envelope('a'),
        idempotencyKey: 'a',
        status: 'pending',
        retryCount: 0,
      },
    ])
    await vi.waitFor(() => expect(queue.snapshot().pending[0].status).toBe('sending'))
    answerNow(answer(503))
    await vi.waitFor(() => expect(storage.entries.get(request.requestId)?.retryCount).toBe(1))
    answerNow(answer(201))
    await queue.drained()
    expect(storage.entries.size).toBe(0)
  })

  it('restores pending writes in order, rebuilds their local changes and sends them with the same keys; a write an earlier version kept as failed is reported refused, not sent', async () => {
    const storage = memoryQueueStorage()
    // A page that went away before anything was sent (its fetch never answers).
    const before = new RequestQueue({
      fetch: () => new Promise<Response>(() => undefined),
      getAccessToken: () => Promise.resolve('t'),
      storage,
    })
    const write = (w: Write, key: string) => ({ ...requestOf(w, { correlationIdentifier: key }), write: w })
    before.enqueue(
      write(
        { kind: 'product:create', product: { id: 'x', name: 'One', description: '', recipes: [] } },
        'create',
      ),
    )
    before.enqueue(write({ kind: 'product:rename', productId: 'x', name: 'Two' }, 'edit'))
    before.enqueue({
      ...requestOf({ kind: 'item:delete', productId: 'x', collection: 'tastingNotes', itemId: 'y' }),
      write: { kind: 'item:delete', productId: 'x', collection: 'tastingNotes', itemId: 'y' },
      requestId: 'remove-part',
    })
    const failed = [...storage.entries.values()].find((r) => r.idempotencyKey === 'edit')!
    storage.put({ ...failed, status: 'failed', error: 'Server responded with an error: 409 - taken' })

    const refusals: string[] = []
    const { queue, calls } = makeQueue([], { storage, onRefused: (r) => refusals.push(r.error ?? '') })
    const restored = queue.restore()
    expect(restored.map((r) => r.idempotencyKey)).toEqual(['create', 'remove-part'])
    expect(refusals).toEqual(['Server responded with an error: 409 - taken'])
    const local = restored.reduce<WriteState>((state, r) => (r.write ? applyWrite(state, r.write) : state), {
      entityId: 'e',
      products: [],
    })
    expect(local.products).toMatchObject([{ id: 'x', name: 'One', tastingNotes: [] }])
    await queue.drained()
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['idempotency-key'])).toEqual([
      'create',
      'remove-part',
    ])
    expect(queue.snapshot().refused.map((r) => r.idempotencyKey)).toEqual(['edit'])
    expect(storage.entries.size).toBe(0)
    // Restoring twice does not duplicate anything.
    expect(queue.restore()).toEqual([])
  })

  it('orders writes made after a restore behind the restored ones', () => {
    // Written by a page whose clock was ahead.
    const future = Date.now() + 60_000
    const storage = memoryQueueStorage([
      {
        requestId: 'old',
        seq: future,
        method: 'PUT',
        uri: '/api/products/p',
        data: envelope('old'),
        idempotencyKey: 'old',
        status: 'pending',
        retryCount: 3,
      },
    ])
    const queue = new RequestQueue({
      fetch: () => new Promise<Response>(() => undefined),
      getAccessToken: () => Promise.resolve('t'),
      storage,
    })
    queue.restore()
    const next = queue.enqueue({ method: 'PUT', uri: '/api/products/p', data: envelope('new') })
    expect(next.seq).toBeGreaterThan(future)
    expect(queue.snapshot().pending.map((r) => r.requestId)).toEqual(['old', next.requestId])
  })

  it('keeps one localStorage item per write, per user, and skips unreadable items', () => {
    localStorage.clear()
    const ada = localQueueStorage('brewcommand:queue:ada')
    const bob = localQueueStorage('brewcommand:queue:bob')
    const write = (requestId: string, seq: number) => ({
      requestId,
      seq,
      method: 'PUT' as const,
      uri: '/api/products/p',
      idempotencyKey: requestId,
      status: 'pending' as const,
      retryCount: 0,
    })
    ada.put(write('1', 1))
    ada.put(write('2', 2))
    bob.put(write('3', 3))
    localStorage.setItem('brewcommand:queue:ada:broken', '{nope')
    localStorage.setItem('brewcommand:queue:ada:odd', '{"requestId":1}')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(
      ada
        .load()
        .map((r) => r.requestId)
        .sort(),
    ).toEqual(['1', '2'])
    expect(warn).toHaveBeenCalledTimes(2)
    ada.remove('1')
    expect(localStorage.getItem('brewcommand:queue:ada:1')).toBeNull()
    expect(JSON.parse(localStorage.getItem('brewcommand:queue:ada:2')!)).toEqual(write('2', 2))
    expect(bob.load().map((r) => r.requestId)).toEqual(['3'])
    warn.mockRestore()
    localStorage.clear()
  })

  it('goes on in memory when the browser refuses to store', async () => {
    const full = {
      length: 0,
      key: () => null,
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => undefined,
      clear: () => undefined,
    } satisfies Storage
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { queue, calls } = makeQueue([], { storage: localQueueStorage('ns', full) })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('b') })
    await queue.drained()
    expect(calls).toHaveLength(2)
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
