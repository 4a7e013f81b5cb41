import type { FastifyInstance } from 'fastify'

/** The upload route, whose body may take up to UPLOAD_TIMEOUT_SECONDS (the server's own request timeout). */
const UPLOAD_ROUTE = '/uploads/*'

/**
 * Every request but an upload must be received whole within `timeoutMs` of its start, or its connection
 * is answered 408 and closed (Node's own `requestTimeout` is one number for the whole server, and the
 * upload route needs a larger one). A handler that takes its time after the body arrived is not cut.
 */
export function enforceRequestTimeout(app: FastifyInstance, timeoutMs: number) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw
    const hasBody =
      Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined
    if (!hasBody || raw.complete || (request.method === 'PUT' && request.routeOptions.url === UPLOAD_ROUTE))
      return done()
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent || raw.socket.destroyed) return
      request.log.info({ timeoutMs }, 'request not received in time')
      const body = JSON.stringify({
        error: { code: 'VALIDATION_FAILED', message: 'The request was not received in time.' },
      })
      if (typeof raw.socket.end !== 'function') return void raw.destroy()
      raw.socket.end(
        `HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
    }, timeoutMs)
    timer.unref()
    const clear = () => clearTimeout(timer)
    raw.once('end', clear)
    raw.once('close', clear)
    done()
  })
}
