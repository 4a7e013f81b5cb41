import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local HTTP server for the accounting fakes (tests and journeys): no network to Intuit or Xero here, so their
// APIs are answered in-process with the documented shapes.

export type FakeRequest = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  text: string
  json: () => Record<string, unknown>
  form: () => URLSearchParams
}
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> }
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>

export async function startFakeServer(handle: FakeHandler, port = 0) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const text = Buffer.concat(chunks).toString('utf8')
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        text,
        json: () => (text ? (JSON.parse(text) as Record<string, unknown>) : {}),
        form: () => new URLSearchParams(text),
      }
      void Promise.resolve()
        .then(() => handle(request))
        .catch((error: unknown): FakeAnswer => ({ status: 500, body: { error: String(error) } }))
        .then((answer) => {
          res.writeHead(answer.status, {
            ...(answer.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...answer.headers,
          })
          res.end(answer.body !== undefined ? JSON.stringify(answer.body) : undefined)
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The bearer of a request, or ''. */
export const bearerOf = (request: FakeRequest) =>
  /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? ''

/** The OAuth client of a Basic authorization header, or null. */
export function basicClientOf(request: FakeRequest) {
  const encoded = /^Basic (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1]
  if (!encoded) return null
  const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':')
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
}

/** Issues and checks tokens as an OAuth server does: codes once, access tokens expiring, refresh tokens rotating. */
export function createFakeTokens(client: { id: string; secret: string }) {
  let counter = 0
  const codes = new Map<string, { redirectUri: string }>()
  const access = new Map<string, number>()
  const refresh = new Set<string>()
  const revoked: string[] = []
  const everIssued: string[] = []
  const next = (kind: string) => `${kind}-${++counter}-${crypto.randomUUID()}`

  const issue = (expiresIn = 3600) => {
    const accessToken = next('access')
    const refreshToken = next('refresh')
    access.set(accessToken, Date.now() + expiresIn * 1000)
    refresh.add(refreshToken)
    everIssued.push(accessToken, refreshToken)
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: expiresIn,
      token_type: 'Bearer',
    }
  }

  return {
    /** A code as the provider's consent page would give (the journey's browser or a test). */
    code(redirectUri: string) {
      const code = next('code')
      codes.set(code, { redirectUri })
      return code
    },
    /** The token endpoint (RFC 6749 §4.1.3, §6). */
    token(request: FakeRequest, expiresIn?: number): FakeAnswer {
      const caller = basicClientOf(request)
      if (!caller || caller.id !== client.id || caller.secret !== client.secret)
        return { status: 401, body: { error: 'invalid_client' } }
      const form = request.form()
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '')
        if (!code || code.redirectUri !== form.get('redirect_uri'))
          return { status: 400, body: { error: 'invalid_grant' } }
        codes.delete(form.get('code')!)
        return { status: 200, body: issue(expiresIn) }
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? ''
        if (!refresh.has(token)) return { status: 400, body: { error: 'invalid_grant' } }
        refresh.delete(token)
        return { status: 200, body: issue(expiresIn) }
      }
      return { status: 400, body: { error: 'unsupported_grant_type' } }
    },
    /** Whether an access token is live. */
    live(token: string) {
      const expires = access.get(token)
      return expires !== undefined && expires > Date.now()
    },
    /** Every access token expires now (the next call is a 401, then a refresh). */
    expireAll() {
      for (const token of access.keys()) access.set(token, 0)
    },
    revoke(token: string) {
      revoked.push(token)
      refresh.delete(token)
      access.delete(token)
    },
    revoked,
    /** Every token the fake has issued (a test looks for them in logs and errors). */
    get issued() {
      return [...everIssued]
    },
  }
}
