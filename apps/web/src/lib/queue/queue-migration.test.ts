import { applyWrite, type Product, type WriteState } from '@brewcommand/domain'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localQueueStorage, queueNamespace } from './queue-storage.ts'
import { RequestQueue } from './request-queue.ts'

const entityId = '00000000-0000-4000-8000-000000000001'
const productId = '7f1c1d3e-5b7a-4c1e-9a43-2f0d4e8b9c11'
const product: Product = {
  id: productId,
  entityId,
  name: 'Hazy Daze',
  description: 'Soft',
  recipes: [],
  files: [],
  packagingTypes: [],
  tastingNotes: [{ id: '3b0a5c2e-6f1d-4d7a-8e2b-9c4f1a6d7e21', category: 'Aroma', notes: 'Mango' }],
  attributes: [],
}

// Items exactly as the queue of the version before typed writes stored them (queue-storage.ts at
// 4403fbf: `{ ...rest, status }`, one localStorage item per write under `{namespace}:{requestId}`).
const STORED_BEFORE_INTENTS = {
  'brewcommand:queue:ada:4b6f0e1a-1d2c-4e3f-8a9b-0c1d2e3f4a5b': `{"requestId":"4b6f0e1a-1d2c-4e3f-8a9b-0c1d2e3f4a5b","seq":1763942400000,"method":"PUT","uri":"/api/products/${productId}","data":{"type":"product","version":"1","objectUri":"brewcommand://products/${productId}","timestamp":"2026-11-24T00:00:00.000Z","metadata":{"correlationIdentifier":"c0ffee00-0000-4000-8000-000000000001"},"data":{"name":"Hazier Daze"}},"idempotencyKey":"c0ffee00-0000-4000-8000-000000000001","retryCount":2,"status":"pending"}`,
  'brewcommand:queue:ada:5c7f1f2b-2e3d-4f40-9bac-1d2e3f4a5b6c': `{"requestId":"5c7f1f2b-2e3d-4f40-9bac-1d2e3f4a5b6c","seq":1763942400001,"method":"POST","uri":"/api/products/${productId}/attributes","data":{"type":"product:attribute","version":"1","objectUri":"brewcommand://products/${productId}/attributes/9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a","timestamp":"2026-11-24T00:00:01.000Z","metadata":{"correlationIdentifier":"c0ffee00-0000-4000-8000-000000000002"},"data":{"id":"9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a","attribute":"IBU","value":"45"}},"idempotencyKey":"c0ffee00-0000-4000-8000-000000000002","retryCount":0,"status":"pending"}`,
  'brewcommand:queue:ada:6d8a2a3c-3f4e-4a51-8cbd-2e3f4a5b6c7d': `{"requestId":"6d8a2a3c-3f4e-4a51-8cbd-2e3f4a5b6c7d","seq":1763942400002,"method":"DELETE","uri":"/api/products/${productId}/tastingNotes/3b0a5c2e-6f1d-4d7a-8e2b-9c4f1a6d7e21","idempotencyKey":"6d8a2a3c-3f4e-4a51-8cbd-2e3f4a5b6c7d","retryCount":0,"status":"failed","error":"Server responded with an error: 403 - no"}`,
  'brewcommand:queue:ada:7e9b3b4d-4a5f-4b62-9dce-3f4a5b6c7d8e': `{"requestId":"7e9b3b4d-4a5f-4b62-9dce-3f4a5b6c7d8e","seq":1763942400003,"method":"POST","uri":"/api/contacts","data":{"type":"contact","version":"1","timestamp":"2026-11-24T00:00:03.000Z","metadata":{"correlationIdentifier":"c0ffee00-0000-4000-8000-000000000004"},"data":{"email":"a@b.co"}},"idempotencyKey":"c0ffee00-0000-4000-8000-000000000004","retryCount":0,"status":"pending"}`,
}

afterEach(() => localStorage.clear())

describe('a queue stored by the version before typed writes', () => {
  it('is re-applied to the page and delivered in order, with the same keys and bodies', async () => {
    for (const [key, value] of Object.entries(STORED_BEFORE_INTENTS)) localStorage.setItem(key, value)
    const calls: { uri: string; init: RequestInit }[] = []
    const queue = new RequestQueue({
      fetch: (uri, init) => {
        calls.push({ uri: uri as string, init: init ?? {} })
        return Promise.resolve(new Response('{}', { status: 200 }))
      },
      getAccessToken: () => Promise.resolve('token'),
      getSocketId: () => 'socket-1',
      storage: localQueueStorage(queueNamespace('ada')),
    })

    const restored = queue.restore()

    // Each product write is read back as its intent; its local change shows on the state just loaded. The
    // one kept as failed was refused by the server: it is not re-applied (ADR 255).
    expect(restored.map((r) => r.write?.kind)).toEqual(['product:rename', 'item:add', undefined])
    const loaded: WriteState = { entityId, products: [product] }
    const shown = restored.reduce((state, r) => (r.write ? applyWrite(state, r.write) : state), loaded)
    expect(shown.products[0]).toMatchObject({
      name: 'Hazier Daze',
      attributes: [{ id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', attribute: 'IBU', value: '45' }],
      tastingNotes: [{ id: '3b0a5c2e-6f1d-4d7a-8e2b-9c4f1a6d7e21' }],
    })

    // Sent as they were stored: same order, method, path, body and Idempotency-Key; the failed one never.
    await queue.drained()
    const stored = Object.values(STORED_BEFORE_INTENTS).map((v) => JSON.parse(v) as Record<string, string>)
    const expected = stored.filter((r) => r.status === 'pending')
    expect(calls.map((c) => `${c.init.method} ${c.uri}`)).toEqual(expected.map((r) => `${r.method} ${r.uri}`))
    calls.forEach((call, index) => {
      const headers = call.init.headers as Record<string, string>
      expect(headers['idempotency-key']).toBe(expected[index].idempotencyKey)
      expect(headers.authorization).toBe('Bearer token')
      expect(headers['x-socket-id']).toBe('socket-1')
      expect(JSON.parse(call.init.body as string)).toEqual(expected[index].data)
    })
    expect(queue.snapshot().refused.map((r) => [r.requestId, r.write?.kind])).toEqual([
      ['6d8a2a3c-3f4e-4a51-8cbd-2e3f4a5b6c7d', 'item:delete'],
    ])
    expect(Object.keys(localStorage)).toEqual([])
  })

  it('stores a pending old write in the new format once it is retried, and ignores a stored intent it cannot read', async () => {
    const odd = JSON.parse(
      STORED_BEFORE_INTENTS['brewcommand:queue:ada:4b6f0e1a-1d2c-4e3f-8a9b-0c1d2e3f4a5b'],
    ) as { requestId: string }
    localStorage.setItem(
      `brewcommand:queue:ada:${odd.requestId}`,
      JSON.stringify({ ...odd, write: { kind: 'product:explode' } }),
    )
    let answered = 0
    const queue = new RequestQueue({
      fetch: () => Promise.resolve(new Response('', { status: answered++ === 0 ? 503 : 200 })),
      getAccessToken: () => Promise.resolve('token'),
      storage: localQueueStorage(queueNamespace('ada')),
      sleep: () => new Promise<void>(() => undefined),
    })
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const restored = queue.restore()
    // An unreadable intent is read back from the request instead, and stored so at the next attempt.
    expect(restored.map((r) => r.write)).toEqual([{ kind: 'product:rename', productId, name: 'Hazier Daze' }])
    await vi.waitFor(() =>
      expect(
        JSON.parse(localStorage.getItem(`brewcommand:queue:ada:${odd.requestId}`)!) as Record<
          string,
          unknown
        >,
      ).toMatchObject({ status: 'pending', retryCount: 3, write: restored[0].write }),
    )
  })
})
