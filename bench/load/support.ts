// Helpers shared by the load and fault tests: HTTP writes with the browser's headers, and a direct
// connection to the test's own PostgreSQL to count what really landed.
import type { makeEnvelope } from '@brewcommand/domain'
import pg from 'pg'

export type Headers = Record<string, string>

export type Outcome = { status: number } | { error: string }

/** Sends one write as the browser's queue does: envelope body, Idempotency-Key = correlation id. */
export async function send(
  url: string,
  headers: Headers,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  envelope?: ReturnType<typeof makeEnvelope>,
  key?: string,
): Promise<Outcome> {
  // As the browser's queue: a JSON content type only with a body (Fastify refuses an empty JSON body).
  const { 'content-type': _contentType, ...rest } = headers
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...rest,
        'idempotency-key': key ?? envelope?.metadata.correlationIdentifier ?? crypto.randomUUID(),
        ...(envelope ? { 'content-type': 'application/json' } : {}),
      },
      ...(envelope ? { body: JSON.stringify(envelope) } : {}),
      signal: AbortSignal.timeout(30_000),
    })
    await response.arrayBuffer()
    return { status: response.status }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

/** Runs `sql` on the test's database and returns the rows. */
export async function query<T extends Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  everyMs = 50,
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(everyMs)
  }
}
