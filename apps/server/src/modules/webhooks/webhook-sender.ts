import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { checkEndpointUrl, EndpointRefused, type AddressPolicy } from './address-check.ts'

// One attempt of one delivery (ADR 282): Standard Webhooks headers signed with the endpoint's secret by the
// reference library, the body as stored, a POST to the address checked just before (node:http(s) with a lookup
// that answers that address, so a DNS answer changed since the check is not followed), 10 seconds at most, and
// no redirect followed: a 3xx is a failure.

export const DELIVERY_TIMEOUT_MS = 10_000
/** The part of the receiver's answer the log keeps. */
export const EXCERPT_BYTES = 1024

export type SendOutcome = {
  ok: boolean
  statusCode: number | null
  error: string | null
  durationMs: number
  responseExcerpt: string | null
}

export type OutgoingMessage = { messageId: string; payload: string; secret: string; url: string }

/** The three Standard Webhooks headers for a message sent now. */
export function signedHeaders(secret: string, messageId: string, payload: string, now = new Date()) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, payload),
  }
}

export async function sendDelivery(
  message: OutgoingMessage,
  policy: AddressPolicy,
  { timeoutMs = DELIVERY_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<SendOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let checked
  try {
    checked = await checkEndpointUrl(message.url, policy)
  } catch (error) {
    const text = error instanceof EndpointRefused ? error.message : 'The endpoint URL could not be checked.'
    return { ok: false, statusCode: null, error: text, durationMs: elapsed(), responseExcerpt: null }
  }
  const [pinned] = checked.addresses
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      ;(callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [pinned])
    } else callback(null, pinned.address, pinned.family)
  }
  const body = Buffer.from(message.payload)
  const headers = {
    ...signedHeaders(message.secret, message.messageId, message.payload),
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': 'BrewCommand-Webhooks/1',
  }
  const client = checked.url.protocol === 'https:' ? https : http
  return new Promise<SendOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...outcome, durationMs: elapsed() })
    }
    const request = client.request(
      checked.url,
      { method: 'POST', headers, lookup, agent: false },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk)
          size += chunk.length
          // Enough for the log: the rest is not read.
          if (size >= 64 * 1024) response.destroy()
        })
        const done = () => {
          const statusCode = response.statusCode ?? 0
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8')
          const ok = statusCode >= 200 && statusCode < 300
          const redirect = statusCode >= 300 && statusCode < 400
          finish({
            ok,
            statusCode,
            error: redirect
              ? `The endpoint answered a redirect (${statusCode}${response.headers.location ? ` to ${response.headers.location.slice(0, 200)}` : ''}); redirects are not followed.`
              : ok
                ? null
                : `The endpoint answered ${statusCode}.`,
            responseExcerpt: excerpt || null,
          })
        }
        response.on('end', done)
        response.on('close', done)
        response.on('error', done)
      },
    )
    const timer = setTimeout(() => {
      request.destroy()
      finish({
        ok: false,
        statusCode: null,
        error: `The endpoint did not answer within ${Math.round(timeoutMs / 1000)} seconds.`,
        responseExcerpt: null,
      })
    }, timeoutMs)
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        ok: false,
        statusCode: null,
        error: `The connection failed: ${error.code ?? error.message}.`,
        responseExcerpt: null,
      })
    })
    request.end(body)
  })
}
