// The server is killed (SIGKILL) in the middle of streams of queued writes, twice, and restarted; the
// clients are the browser's own RequestQueue (apps/web/src/lib/queue), which retries a write with the
// same Idempotency-Key until it is answered. Every write must land exactly once and none may fail. On a
// PostgreSQL of its own, and on the embedded PGlite (the default deployment), whose data folder must
// survive the kills too.
import { makeEnvelope, type Product } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RequestQueue } from '../../apps/web/src/lib/queue/request-queue.ts'
import { launch, newBrewery, pgliteStore, type ServerProcess } from '../support/server.ts'
import { startPostgres, type TempPostgres } from '../support/services.ts'
import { query, sleep, waitFor } from './support.ts'

const QUEUES = 8
const WRITES_PER_QUEUE = 120
const KILLS = 2

describe.each(['postgres', 'pglite'] as const)('on %s', (kind) => {
  let pg: TempPostgres | undefined
  let server: ServerProcess
  let headers: Record<string, string>

  beforeAll(async () => {
    if (kind === 'postgres') pg = await startPostgres()
    const started = await launch(pg ? { kind: 'postgres', url: pg.url } : pgliteStore())
    server = started.server
    headers = (await newBrewery(server.url, started.issuer)).headers
  })
  afterAll(async () => {
    await server?.stop()
    await pg?.destroy()
  })

  it(`every queued write lands exactly once across ${KILLS} SIGKILLs of the server`, async () => {
    const token = headers.authorization.replace('Bearer ', '')
    const recordsBefore = await idempotencyRecords()
    let answered = 0
    let networkErrors = 0
    const countingFetch: typeof fetch = async (input, init) => {
      try {
        const response = await fetch(input, init)
        if (response.ok) answered++
        return response
      } catch (error) {
        networkErrors++
        throw error
      }
    }
    const expected = { notes: new Set<string>(), attributes: new Set<string>(), products: new Set<string>() }
    const finalNames = new Map<string, string>()
    const queues: RequestQueue[] = []
    const base = server.url
    for (let q = 0; q < QUEUES; q++) {
      const queue = new RequestQueue({
        fetch: countingFetch,
        getAccessToken: async () => token,
        // The browser backs off up to a minute; a short fixed delay keeps the test bounded.
        retryDelayMs: () => 150,
        timeoutMs: 10_000,
      })
      queues.push(queue)
      const productId = crypto.randomUUID()
      queue.enqueue({
        method: 'POST',
        uri: `${base}/api/products`,
        data: makeEnvelope('product', { id: productId, name: `Queue ${q}` }),
      })
      expected.products.add(productId)
      finalNames.set(productId, `Queue ${q}`)
      for (let i = 0; i < WRITES_PER_QUEUE; i++) {
        const kind = i % 10
        if (kind < 6) {
          const id = crypto.randomUUID()
          expected.notes.add(id)
          queue.enqueue({
            method: 'POST',
            uri: `${base}/api/products/${productId}/tastingNotes`,
            data: makeEnvelope('product:tastingNote', { id, category: 'Aroma', notes: `q${q} n${i}` }),
          })
        } else if (kind < 8) {
          const id = crypto.randomUUID()
          expected.attributes.add(id)
          queue.enqueue({
            method: 'POST',
            uri: `${base}/api/products/${productId}/attributes`,
            data: makeEnvelope('product:attribute', { id, attribute: 'Color', value: `q${q} a${i}` }),
          })
        } else if (kind < 9) {
          const name = `Queue ${q} v${i}`
          finalNames.set(productId, name)
          queue.enqueue({
            method: 'PUT',
            uri: `${base}/api/products/${productId}`,
            data: makeEnvelope('product', { name }),
          })
        } else {
          const id = crypto.randomUUID()
          expected.products.add(id)
          queue.enqueue({
            method: 'POST',
            uri: `${base}/api/products`,
            data: makeEnvelope('product', { id, name: `Extra q${q} ${i}` }),
          })
        }
      }
    }
    const total = QUEUES * (WRITES_PER_QUEUE + 1)
    for (let kill = 1; kill <= KILLS; kill++) {
      // Kill while writes are streaming: after a share of them has been answered.
      await waitFor(
        'writes to be answered',
        async () => (answered >= (total * kill) / (KILLS + 2) ? true : undefined),
        120_000,
      )
      const inFlight = queues.filter((q) => q.snapshot().isProcessing).length
      await server.stop('SIGKILL')
      console.log(`SIGKILL ${kill} after ${answered}/${total} answered writes, ${inFlight} queues mid-send`)
      await sleep(500)
      await server.start()
    }
    await waitFor(
      'every queue to drain',
      async () =>
        queues.every((q) => q.snapshot().pending.length === 0 && !q.snapshot().isProcessing)
          ? true
          : undefined,
      150_000,
      200,
    )
    // A refusal leaves the queue (ADR 255): none of these writes may be refused.
    const refused = queues.flatMap((q) => q.snapshot().refused.map((r) => `${r.method} ${r.uri}: ${r.error}`))
    console.log(`${total} writes, ${networkErrors} network errors retried, ${refused.length} refused`)
    expect(refused).toEqual([])
    expect(networkErrors).toBeGreaterThan(0)

    // What the server holds, read back through its API (the same for both databases).
    const response = await fetch(`${server.url}/api/products`, {
      headers: { authorization: headers.authorization },
    })
    const products = ((await response.json()) as { data: Product[] }).data
    const stored = {
      products: products.map((p) => p.id),
      notes: products.flatMap((p) => p.tastingNotes.map((n) => n.id)),
      attributes: products.flatMap((p) => p.attributes.map((a) => a.id)),
    }
    for (const key of ['products', 'notes', 'attributes'] as const) {
      expect(stored[key].length).toBe(expected[key].size)
      expect(new Set(stored[key])).toEqual(expected[key])
    }
    const names = new Map(products.map((p) => [p.id, p.name]))
    for (const [id, name] of finalNames) expect(names.get(id)).toBe(name)
    // One idempotency record per write, none twice.
    if (pg) expect((await idempotencyRecords()) - recordsBefore).toBe(total)
  })

  async function idempotencyRecords() {
    if (!pg) return 0
    const [{ count }] = await query<{ count: string }>(
      pg.url,
      'select count(*)::text as count from idempotency_records',
    )
    return Number(count)
  }
})
