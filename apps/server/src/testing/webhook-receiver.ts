import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What a test receiver got: one request's headers and raw body. */
export type Received = { headers: IncomingHttpHeaders; body: string; at: number }

/**
 * A webhook receiver for tests: a local HTTP server that keeps every request and answers with `respond`
 * (200 unless told otherwise).
 */
export async function startReceiver() {
  const received: Received[] = []
  let respond: (response: ServerResponse, index: number) => void = (response) => response.end('ok')
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      })
      respond(response, received.length - 1)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** How the next requests are answered. */
    answer(next: typeof respond) {
      respond = next
    },
    /** Waits until `count` requests have arrived (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
      const until = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} of ${count} deliveries`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>
