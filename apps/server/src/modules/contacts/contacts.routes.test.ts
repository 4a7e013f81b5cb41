import { makeEnvelope } from '@brewcommand/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.ts'
import { createContactRepository } from './contacts.repository.ts'
import { buildTestApp, openTestDatabase, TEST_DATABASES } from '../../testing/test-app.ts'

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

function uniqueEmail(tag = 'ada') {
  return `${tag}-${crypto.randomUUID()}@example.com`
}

function contact(overrides: Record<string, unknown> = {}) {
  return {
    id: crypto.randomUUID(),
    givenName: 'Ada',
    familyName: 'Lovelace',
    emailAddress: uniqueEmail(),
    ...overrides,
  }
}

describe.each(TEST_DATABASES)('POST /api/contacts on %s', (kind) => {
  let database: Database
  let app: TestApp
  // Each request comes from an address of its own unless a test names one, so that the rate limit is
  // only met where it is tested.
  let lastAddress = 0
  const nextAddress = () => `10.0.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`
  const post = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
    app.inject({ method: 'POST', url: '/api/contacts', payload: payload as object, headers, remoteAddress })

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await buildTestApp(database, { CONTACTS_RATE_LIMIT_PER_MINUTE: '3', BODY_LIMIT_BYTES: '4096' })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('stores a valid sign-up and answers it with 201', async () => {
    const data = contact()
    const response = await post(makeEnvelope('contact', data))
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({ data })
  })

  it('keeps one row when the same address signs up twice, in any case', async () => {
    const first = contact()
    expect((await post(makeEnvelope('contact', first))).statusCode).toBe(201)
    const second = contact({ emailAddress: first.emailAddress.toUpperCase(), givenName: 'Augusta' })
    const again = await post(makeEnvelope('contact', second))
    expect(again.statusCode).toBe(201)
    expect(await createContactRepository(database.db).findByEmail(first.emailAddress)).toEqual(first)
  })

  it('answers an already subscribed address exactly as a new one, never with the stored name', async () => {
    const first = contact({ givenName: 'Secret', familyName: 'Subscriber' })
    await post(makeEnvelope('contact', first))
    const probe = contact({ emailAddress: first.emailAddress, givenName: 'Eve', familyName: 'Prober' })
    const existing = await post(makeEnvelope('contact', probe))
    const fresh = contact({ givenName: 'Eve', familyName: 'Prober' })
    const created = await post(makeEnvelope('contact', fresh))
    expect(existing.statusCode).toBe(created.statusCode)
    expect(existing.json()).toEqual({ data: probe })
    expect(created.json()).toEqual({ data: fresh })
    expect(existing.body).not.toContain('Secret')
    expect(existing.body).not.toContain('Subscriber')
  })

  it('refuses a second contact that reuses an id with another address (409)', async () => {
    const first = contact()
    await post(makeEnvelope('contact', first))
    const response = await post(makeEnvelope('contact', contact({ id: first.id })))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } })
  })

  it.each([
    ['givenName', '', 'First name is required.'],
    ['givenName', '   ', 'First name is required.'],
    ['familyName', '', 'Last name is required.'],
    ['emailAddress', '', 'Email address is required.'],
    ['emailAddress', 'not-an-email', 'Invalid email address.'],
    ['emailAddress', 'two@at@signs', 'Invalid email address.'],
    ['id', 'not-a-uuid', 'Invalid UUID'],
  ])('refuses %s = %j with its message', async (field, value, message) => {
    const data = contact({ [field]: value })
    const response = await post(makeEnvelope('contact', data))
    expect(response.statusCode).toBe(400)
    const body = response.json<{
      error: { code: string; message: string; issues: { path: string; message: string }[] }
    }>()
    expect(body.error.code).toBe('VALIDATION_FAILED')
    expect(body.error.issues).toContainEqual({
      path: `data.${field}`,
      message: expect.stringContaining(message) as string,
    })
    expect(body.error.message).toContain(`data.${field}`)
  })

  it('refuses an envelope of another type or version, and a missing correlation identifier', async () => {
    const data = contact()
    const good = makeEnvelope('contact', data)
    for (const bad of [
      { ...good, type: 'product' },
      { ...good, version: '2' },
      { ...good, metadata: {} },
      { ...good, timestamp: 'yesterday' },
      data,
    ]) {
      const response = await post(bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
    }
    // Nothing was stored by the refused requests: the address is still free.
    expect((await post(good)).statusCode).toBe(201)
  })

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await post('{"type": "contact",', { 'content-type': 'application/json' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The request body is not valid JSON.' },
    })
  })

  it('answers a body that is not JSON with a 400', async () => {
    const response = await post('firstName=Ada', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } })
  })

  it('answers an oversized body with a 413', async () => {
    const response = await post(makeEnvelope('contact', contact({ givenName: 'A'.repeat(10_000) })))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
    })
  })

  it('allows a few sign-ups a minute from one address, then answers 429 with a clear message', async () => {
    const from = '192.168.7.7'
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push((await post(makeEnvelope('contact', contact()), {}, from)).statusCode)
    expect(statuses).toEqual([201, 201, 201])
    const refused = await post(makeEnvelope('contact', contact()), {}, from)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many requests from this address\. Try again in/) as string,
      },
    })
    expect(refused.headers['retry-after']).toBeDefined()
    // Another address is not affected.
    expect((await post(makeEnvelope('contact', contact()))).statusCode).toBe(201)
  })
})
