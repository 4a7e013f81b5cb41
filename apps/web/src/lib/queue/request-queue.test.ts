import { describe, expect, it, vi } from 'vitest'
import { RequestQueue } from './request-queue.ts'

const envelope = (id: string) => ({
  type: 'product',
  version: '1',
  metadata: { correlationIdentifier: id },
  data: { id },
})

function answer(status: number, body = '', headers: Record<string, string> = {}) {
  return new Response(body, { status, headers })
}

function makeQueue(responses: (Response | Error)[]) {
  const calls: { uri: string; init: RequestInit }[] = []
  const fetchMock = vi.fn((uri: string | URL | Request, init?: RequestInit) => {
    calls.push({
      uri: typeof uri === 'string' ? uri : uri instanceof URL ? uri.href : uri.url,
      init: init ?? {},
    })
    const next = responses.shift() ?? answer(200)
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
  })
  const sleep = vi.fn(() => Promise.resolve())
  let token = 0
  const queue = new RequestQueue({
    fetch: fetchMock,
    getAccessToken: () => Promise.resolve(`token-${++token}`),
    getSocketId: () => 'socket-1',
    sleep,
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
    expect(queue.snapshot()).toEqual({ pending: [], failed: [], isProcessing: false })
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
    expect(queue.snapshot().failed).toEqual([])
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

  it('moves a refused write to the failed list with the server answer, and goes on with the next', async () => {
    const { queue, calls } = makeQueue([answer(400, '{"error":{"message":"bad"}}'), answer(200)])
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('b') })
    await queue.drained()
    expect(calls).toHaveLength(2)
    const { failed } = queue.snapshot()
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({
      status: 'failed',
      idempotencyKey: 'a',
      error: 'Server responded with an error: 400 - {"error":{"message":"bad"}}',
    })
  })

  it('can retry or discard a failed write', async () => {
    const { queue, calls } = makeQueue([answer(409, 'conflict'), answer(200)])
    const request = queue.enqueue({ method: 'POST', uri: '/api/products', data: envelope('a') })
    await queue.drained()
    queue.retry(request.requestId)
    await queue.drained()
    expect(calls).toHaveLength(2)
    expect(queue.snapshot().failed).toEqual([])
    expect(queue.discard('nope')).toBeUndefined()
  })
})
