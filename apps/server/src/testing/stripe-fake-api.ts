import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { StripeApiAddress } from '../payments/stripe-gateway.ts'

/** One call the fake received, decoded (Stripe's SDK sends form-encoded bodies with bracketed keys). */
export type FakeStripeCall = {
  method: string
  path: string
  params: Record<string, string>
  headers: IncomingMessage['headers']
}

type FakeSession = {
  id: string
  object: 'checkout.session'
  client_secret: string
  client_reference_id: string | null
  created: number
  customer: string | null
  customer_email: string | null
  subscription: string | null
  metadata: Record<string, string>
  mode: string
  ui_mode: string
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  return_url: string | null
}

/** A Stripe error answer, exactly as Stripe's API shapes it. */
export type FakeStripeError = {
  status: number
  error: { type: string; code?: string; message: string; param?: string }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`

/**
 * A small HTTP server that answers like Stripe's API for the calls BrewCommand makes: create and read
 * Checkout Sessions, create customer-portal sessions. The SDK is pointed at it with its host, port and
 * protocol options. `failNext` makes the next call answer one of Stripe's error bodies.
 */
export async function startFakeStripeApi() {
  const sessions = new Map<string, FakeSession>()
  const calls: FakeStripeCall[] = []
  const failures: FakeStripeError[] = []
  const customers = new Set<string>()

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake')
      const body = Buffer.concat(chunks).toString('utf8')
      const params = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : body))
      calls.push({ method: request.method ?? 'GET', path: url.pathname, params, headers: request.headers })
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') })
        response.end(JSON.stringify(payload))
      }
      const failure = failures.shift()
      if (failure) return send(failure.status, { error: failure.error })
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' },
        })
      }

      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const price = params['line_items[0][price]']
        if (!price || !knownPrices.has(price)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such price: '${price}'`,
              param: 'line_items[0][price]',
            },
          })
        }
        const sessionId = id('cs_test')
        const metadata = Object.fromEntries(
          Object.entries(params)
            .filter(([key]) => /^metadata\[\w+\]$/.test(key))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        )
        const session: FakeSession = {
          id: sessionId,
          object: 'checkout.session',
          client_secret: `${sessionId}_secret_${randomBytes(16).toString('hex')}`,
          client_reference_id: params.client_reference_id ?? null,
          created: Math.floor(Date.now() / 1000),
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          subscription: null,
          metadata,
          mode: params.mode ?? 'payment',
          ui_mode: params.ui_mode ?? 'hosted_page',
          payment_status: 'unpaid',
          status: 'open',
          return_url: params.return_url ?? null,
        }
        sessions.set(sessionId, session)
        return send(200, session)
      }

      const expireMatch = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname)
      if (request.method === 'POST' && expireMatch) {
        const session = sessions.get(decodeURIComponent(expireMatch[1]))
        if (!session || session.status !== 'open') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session?.status ?? 'unknown'}".`,
            },
          })
        }
        session.status = 'expired'
        return send(200, session)
      }

      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)
      if (request.method === 'GET' && sessionMatch) {
        const session = sessions.get(decodeURIComponent(sessionMatch[1]))
        if (!session) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such checkout.session: '${sessionMatch[1]}'`,
              param: 'session',
            },
          })
        }
        return send(200, session)
      }

      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!params.customer || !customers.has(params.customer)) {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such customer: '${params.customer}'`,
              param: 'customer',
            },
          })
        }
        return send(200, {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/${id('test')}`,
        })
      }

      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname}).`,
        },
      })
    })
  })
  let secretKey = 'sk_test_fake'
  const knownPrices = new Set<string>()

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    address: { host: '127.0.0.1', port, protocol: 'http' } satisfies StripeApiAddress,
    calls,
    sessions,
    /** The key the fake accepts and the prices it knows. */
    configure(options: { secretKey: string; prices: string[] }) {
      secretKey = options.secretKey
      for (const price of options.prices) knownPrices.add(price)
    },
    /** The next call answers this Stripe error. */
    failNext(failure: FakeStripeError) {
      failures.push(failure)
    },
    /** What Stripe does when the customer pays: the session completes with a customer and a subscription. */
    complete(sessionId: string, paymentStatus: FakeSession['payment_status'] = 'paid') {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      session.status = 'complete'
      session.payment_status = paymentStatus
      session.customer ??= id('cus')
      session.subscription = id('sub')
      customers.add(session.customer)
      return session
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type FakeStripeApi = Awaited<ReturnType<typeof startFakeStripeApi>>
