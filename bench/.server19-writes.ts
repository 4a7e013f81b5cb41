// Temporary: the write mix of api.bench.ts only (not committed).
import { makeEnvelope } from '@brewcommand/domain'
import autocannon from 'autocannon'
import { launch, newBrewery, pgliteStore, seedProducts, type Store } from './support/server.ts'
import { startPostgres } from './support/services.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
async function run(label: string, store: Store) {
  const { server, issuer } = await launch(store)
  try {
    const brewery = await newBrewery(server.url, issuer)
    const productIds = await seedProducts(server.url, brewery.headers, { count: 100, recipes: 3, lines: 12 })
    let n = 0
    const req = (method: string, pathOf: (id: string) => string, envelope: () => ReturnType<typeof makeEnvelope>) => ({
      method,
      setupRequest: (request: Record<string, unknown>) => {
        const id = productIds[n++ % productIds.length]
        const data = envelope()
        return { ...request, path: pathOf(id), headers: { ...brewery.headers, 'idempotency-key': data.metadata.correlationIdentifier }, body: JSON.stringify(data) }
      },
    })
    const opts = {
      url: server.url,
      connections: 32,
      requests: [
        req('PUT', (id) => `/api/products/${id}`, () => makeEnvelope('product', { name: `Renamed ${n}` })),
        req('POST', (id) => `/api/products/${id}/tastingNotes`, () => makeEnvelope('product:tastingNote', { id: crypto.randomUUID(), category: 'Aroma', notes: `Note ${n}` })),
      ],
    }
    await autocannon({ ...opts, duration: 2 } as never)
    const r = await autocannon({ ...opts, duration: SECONDS } as never)
    console.log(label, 'writes/s', Math.round(r['2xx'] / SECONDS), 'p50', r.latency.p50, 'p99', r.latency.p99, 'failed', r.non2xx + r.errors + r.timeouts)
  } finally {
    await server.stop()
  }
}
await run('pglite', pgliteStore())
if (process.env.PG !== '0') {
  const pg = await startPostgres()
  try { await run('postgres', { kind: 'postgres', url: pg.url }) } finally { await pg.destroy() }
}
process.exit(0)
