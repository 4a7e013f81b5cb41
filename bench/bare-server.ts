// The yardstick of api.bench.ts and production.bench.ts: a bare Fastify process serving fixed JSON from memory.
// Reads `{ "<path>": <file with the body> }` from argv[2] ("POST <path>" answers the body with 201 after reading
// the request's JSON, the bare twin of a write), listens on argv[3], prints READY.
import { readFileSync } from 'node:fs'
import Fastify from 'fastify'

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Record<string, string>
const app = Fastify({ logger: false })
for (const [route, file] of Object.entries(routes)) {
  const body = readFileSync(file, 'utf8')
  if (route.startsWith('POST ')) {
    app.post(route.slice(5), (_request, reply) => {
      void reply.code(201).type('application/json; charset=utf-8').send(body)
    })
    continue
  }
  app.get(route, (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(body)
  })
}
await app.listen({ port: Number(process.argv[3]), host: '127.0.0.1' })
console.log('READY')
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
