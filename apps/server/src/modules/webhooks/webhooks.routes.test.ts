// Webhooks (issue 39, ADR 282): a local receiver gets a Standard Webhooks delivery within seconds of a write and
// verifies it with the reference library; a 500 is retried; a redirect is a failure; nothing arrives after the
// endpoint is deleted; brewery B's writes never reach A's endpoint; the secret is shown once, stored encrypted,
// never read back; Send Test Event and Resend; the last failed retry turns the endpoint off and mails the Admins.
// The receiver is on 127.0.0.1, so this app allows private addresses (the refusal is tested in address-check.test.ts
// and below with the service's own policy); retries wait 1 s here instead of 5 s, 5 min, ….
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  makeEnvelope,
  WEBHOOK_ROUTES,
  type CreatedWebhookEndpoint,
  type WebhookAttempt,
  type WebhookEndpoint,
} from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idempotencyRecords, users, webhookEndpoints } from '../../db/schema/index.ts'
import { loadConfig } from '../../config.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { startReceiver, type Receiver } from '../../testing/webhook-receiver.ts'
import { AppError } from '../../errors.ts'
import { decryptSecret } from './secret-box.ts'
import { createWebhookService } from './webhooks.service.ts'

const ENV = {
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  WEBHOOKS_ALLOW_HTTP: 'true',
  JOB_POLL_SECONDS: '0.5',
  WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,1',
}

describe.each(TEST_DATABASES)('webhooks on %s', (kind) => {
  let p: ProductionApp
  let a: Members
  let b: Members
  let receiver: Receiver

  beforeAll(async () => {
    // Its own database: its job queue's workers must not take other files' jobs, nor theirs its (ADR 424).
    p = await startProductionApp(kind, ENV, { ownDatabase: true })
    await p.t.app.jobs.start()
    a = await p.brewery()
    b = await p.brewery()
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await p.close()
    await receiver.close()
  })

  const envelope = (data: object) => makeEnvelope('webhook-endpoint', data)
  const addEndpoint = async (members: Members, url: string, eventTypes: string[] = ['product.created']) => {
    const response = await p.call(
      members.Admin,
      'POST',
      '/api/webhook-endpoints',
      envelope({ id: crypto.randomUUID(), url, description: 'Test receiver', eventTypes }),
    )
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ data: CreatedWebhookEndpoint }>().data
  }
  const remove = async (members: Members, id: string) => {
    const response = await p.call(members.Admin, 'DELETE', `/api/webhook-endpoints/${id}`)
    expect(response.statusCode, response.body).toBe(204)
  }
  const attempts = async (members: Members, id: string) => {
    const response = await p.call(members.Admin, 'GET', `/api/webhook-endpoints/${id}/attempts`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ data: WebhookAttempt[] }>().data
  }
  const waitForAttempts = async (members: Members, id: string, count: number) => {
    const until = Date.now() + 15_000
    for (;;) {
      const log = await attempts(members, id)
      if (log.length >= count) return log
      if (Date.now() > until) throw new Error(`${log.length} of ${count} attempts logged`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  const fresh = () => receiver.received.splice(0)

  it('shows the whsec_ secret once, stores it encrypted and never answers it again', async () => {
    const id = crypto.randomUUID()
    const body = envelope({ id, url: receiver.url, description: 'Once', eventTypes: ['order.created'] })
    const first = await p.call(a.Admin, 'POST', '/api/webhook-endpoints', body)
    expect(first.statusCode, first.body).toBe(201)
    const { secret, secretHint } = first.json<{ data: CreatedWebhookEndpoint }>().data
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(secret!.startsWith(secretHint)).toBe(true)
    const [row] = await p.testDb.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))
    expect(JSON.stringify(row)).not.toContain(secret!.slice(6, 30))
    expect(row.secretCiphertext).toMatch(/^v1:/)
    const key = loadConfig({ ...ENV, DATA_DIR: p.t.dataDir }).webhooks.secretKey
    expect(decryptSecret(key, row.secretCiphertext, id)).toBe(secret)
    // Not under another row's id either (the id is the associated data).
    expect(() => decryptSecret(key, row.secretCiphertext, crypto.randomUUID())).toThrow()
    const stored = await p.testDb.db.select().from(idempotencyRecords)
    expect(JSON.stringify(stored)).not.toContain(secret!.slice(6, 30))
    const replay = await p.call(a.Admin, 'POST', '/api/webhook-endpoints', body)
    expect(replay.statusCode).toBe(201)
    expect(replay.json<{ data: CreatedWebhookEndpoint }>().data.secret).toBeUndefined()
    const list = await p.call(a.Admin, 'GET', '/api/webhook-endpoints')
    expect(list.body).not.toContain(secret!.slice(6, 30))
    expect(list.json<{ data: WebhookEndpoint[] }>().data.map((e) => e.id)).toContain(id)
    await remove(a, id)
  })

  it('delivers a signed product.created within seconds of the write; the reference library verifies it', async () => {
    fresh()
    const endpoint = await addEndpoint(a, receiver.url)
    const product = await p.product(a)
    const [delivery] = await receiver.waitFor(1, 5_000)
    const headers = delivery.headers as Record<string, string>
    expect(headers['webhook-id']).toMatch(/^msg_/)
    expect(headers['webhook-signature']).toMatch(/^v1,/)
    const verified = new Webhook(endpoint.secret!).verify(delivery.body, headers) as {
      type: string
      data: { id: string; objectUri: string }
    }
    expect(verified.type).toBe('product.created')
    expect(verified.data.id).toBe(product.id)
    expect(verified.data.objectUri).toBe(`brewcommand://products/${product.id}`)
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, headers),
    ).toThrow()
    const log = await waitForAttempts(a, endpoint.id, 1)
    expect(log[0]).toMatchObject({
      status: 'succeeded',
      statusCode: 200,
      eventType: 'product.created',
      attempt: 1,
    })
    expect(log[0].responseExcerpt).toBe('ok')
    await remove(a, endpoint.id)
  })

  it('retries after the receiver answers 500, with the same webhook-id', async () => {
    fresh()
    receiver.answer((response, index) => {
      response.statusCode = index === 0 ? 500 : 200
      response.end(index === 0 ? 'busy' : 'ok')
    })
    const endpoint = await addEndpoint(a, receiver.url)
    await p.product(a)
    const [first, second] = await receiver.waitFor(2, 10_000)
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
    expect(second.at - first.at).toBeGreaterThanOrEqual(900)
    const log = await waitForAttempts(a, endpoint.id, 2)
    expect(log.map((x) => [x.attempt, x.status, x.statusCode])).toEqual([
      [2, 'succeeded', 200],
      [1, 'failed', 500],
    ])
    expect(log[1].responseExcerpt).toBe('busy')
    receiver.answer((response) => response.end('ok'))
    await remove(a, endpoint.id)
  })

  it('a redirect is a failure, never followed', async () => {
    fresh()
    receiver.answer((response) => {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' })
      response.end()
    })
    const endpoint = await addEndpoint(a, receiver.url)
    await p.product(a)
    const log = await waitForAttempts(a, endpoint.id, 1)
    expect(log[0]).toMatchObject({ status: 'failed', statusCode: 302 })
    expect(log[0].error).toContain('redirects are not followed')
    // Only the endpoint itself was asked.
    expect(receiver.received.every((r) => r.headers.host === `127.0.0.1:${receiver.port}`)).toBe(true)
    receiver.answer((response) => response.end('ok'))
    await remove(a, endpoint.id)
  })

  it('sends nothing after the endpoint is deleted', async () => {
    fresh()
    const endpoint = await addEndpoint(a, receiver.url)
    await remove(a, endpoint.id)
    await p.product(a)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(receiver.received).toEqual([])
  })

  it("brewery B's writes never reach A's endpoint, and B cannot see it", async () => {
    fresh()
    const endpoint = await addEndpoint(a, receiver.url)
    const theirs = await p.product(b)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(receiver.received).toEqual([])
    const ours = await p.product(a)
    const [delivery] = await receiver.waitFor(1)
    expect(delivery.body).toContain(ours.id)
    expect(delivery.body).not.toContain(theirs.id)
    expect(delivery.body).not.toContain(b.entityId)
    for (const [method, url] of [
      ['GET', `/api/webhook-endpoints/${endpoint.id}/attempts`],
      ['DELETE', `/api/webhook-endpoints/${endpoint.id}`],
    ] as const) {
      const response = await p.call(b.Admin, method, url)
      expect(response.statusCode, url).toBe(404)
    }
    const list = await p.call(b.Admin, 'GET', '/api/webhook-endpoints')
    expect(list.json<{ data: unknown[] }>().data).toEqual([])
    await remove(a, endpoint.id)
  })

  it('Send Test Event and Resend deliver to this endpoint only, Resend with the same webhook-id', async () => {
    fresh()
    const endpoint = await addEndpoint(a, receiver.url, ['order.created'])
    const test = await p.call(a.Admin, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, envelope({}))
    expect(test.statusCode, test.body).toBe(201)
    const [delivery] = await receiver.waitFor(1)
    const verified = new Webhook(endpoint.secret!).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    )
    expect(verified).toMatchObject({ type: 'webhook.test', data: { id: endpoint.id } })
    const [logged] = await waitForAttempts(a, endpoint.id, 1)
    const resend = await p.call(
      a.Admin,
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${logged.deliveryId}/resend`,
      envelope({}),
    )
    expect(resend.statusCode, resend.body).toBe(200)
    const [, again] = await receiver.waitFor(2)
    expect(again.headers['webhook-id']).toBe(delivery.headers['webhook-id'])
    await remove(a, endpoint.id)
  })

  it('Rotate secret: the next delivery is signed with the new secret only', async () => {
    fresh()
    const endpoint = await addEndpoint(a, receiver.url)
    const rotated = await p.call(
      a.Admin,
      'POST',
      `/api/webhook-endpoints/${endpoint.id}/rotate-secret`,
      envelope({}),
    )
    expect(rotated.statusCode, rotated.body).toBe(200)
    const { secret } = rotated.json<{ data: CreatedWebhookEndpoint }>().data
    expect(secret).not.toBe(endpoint.secret)
    await p.product(a)
    const [delivery] = await receiver.waitFor(1)
    const headers = delivery.headers as Record<string, string>
    expect(() => new Webhook(secret!).verify(delivery.body, headers)).not.toThrow()
    expect(() => new Webhook(endpoint.secret!).verify(delivery.body, headers)).toThrow()
    await remove(a, endpoint.id)
  })

  it('turns the endpoint off after its last retry fails and mails the Admins', async () => {
    fresh()
    await p.testDb.db
      .update(users)
      .set({ email: 'admin-a@example.com' })
      .where(eq(users.idpIdentifier, a.Admin))
    receiver.answer((response) => {
      response.statusCode = 503
      response.end('down')
    })
    const endpoint = await addEndpoint(a, receiver.url)
    await p.product(a)
    // The first attempt and two retries a second apart.
    await receiver.waitFor(3, 15_000)
    const until = Date.now() + 10_000
    let after: WebhookEndpoint | undefined
    while (Date.now() < until) {
      const list = await p.call(a.Admin, 'GET', '/api/webhook-endpoints')
      after = list.json<{ data: WebhookEndpoint[] }>().data.find((e) => e.id === endpoint.id)
      if (after && !after.enabled) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(after).toMatchObject({ enabled: false, failureCount: 3 })
    expect(after!.disabledReason).toContain('Turned off after every delivery attempt failed')
    // The mail goes out just after the endpoint is turned off.
    let mail: string | undefined
    for (const stop = Date.now() + 5_000; !mail && Date.now() < stop;) {
      // Only finished messages: the mailer writes a hidden `.partial` file first and renames it.
      const files = (await readdir(p.t.outboxDir).catch(() => [])).filter((file) => file.endsWith('.eml'))
      const mails = await Promise.all(files.map((file) => readFile(join(p.t.outboxDir, file), 'utf8')))
      mail = mails.find((text) => text.includes('Webhook endpoint turned off'))
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(mail).toContain('admin-a@example.com')
    // Off: a write sends nothing; on again, the failure count starts over.
    fresh()
    await p.product(a)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(receiver.received).toEqual([])
    receiver.answer((response) => response.end('ok'))
    const on = await p.call(
      a.Admin,
      'PUT',
      `/api/webhook-endpoints/${endpoint.id}`,
      envelope({ url: endpoint.url, description: '', eventTypes: ['product.created'], enabled: true }),
    )
    expect(on.statusCode, on.body).toBe(200)
    expect(on.json<{ data: WebhookEndpoint }>().data).toMatchObject({
      enabled: true,
      failureCount: 0,
      disabledReason: null,
    })
    await remove(a, endpoint.id)
  })

  it('is for Admins only: a Manager gets 403, an API key 403', async () => {
    const manager = await p.call(a.Manager, 'GET', '/api/webhook-endpoints')
    expect(manager.statusCode).toBe(403)
    const key = await p.write(a.Admin, 'POST', '/api/api-keys', 'api-key', {
      id: crypto.randomUUID(),
      name: 'Everything',
      scopes: ['products:write', 'production:write', 'inventory:write', 'sales:write', 'reports:read'],
      expiresOn: null,
    })
    const { secret } = key.json<{ data: { secret: string } }>().data
    const withKey = await p.t.app.inject({
      method: 'GET',
      url: '/api/webhook-endpoints',
      headers: { authorization: `Bearer ${secret}` },
    })
    expect(withKey.statusCode).toBe(403)
  })

  it('without WEBHOOKS_ALLOW_PRIVATE, Add Endpoint refuses 127.0.0.1, 169.254.169.254 and localhost', async () => {
    const strict = createWebhookService({
      db: p.testDb.db,
      secretKey: Buffer.alloc(32, 1),
      policy: { allowHttp: false, allowPrivate: false },
    })
    const tenant = { entityId: a.entityId, role: 'Admin' as const, userId: crypto.randomUUID(), sub: a.Admin }
    for (const [url, range] of [
      ['https://127.0.0.1/hook', 'loopback'],
      ['https://169.254.169.254/latest/meta-data', 'link-local'],
      ['https://localhost/hook', 'loopback'],
    ]) {
      const refusal = await strict
        .create(p.testDb.db, tenant, {
          id: crypto.randomUUID(),
          url,
          description: '',
          eventTypes: ['product.created'],
        })
        .catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(AppError)
      expect((refusal as AppError).statusCode).toBe(400)
      expect((refusal as AppError).message).toContain(range)
      expect((refusal as AppError).issues).toEqual([
        { path: 'data.url', message: (refusal as AppError).message },
      ])
    }
  })

  it('every route the event table names is a route of the server', () => {
    for (const route of WEBHOOK_ROUTES) {
      const [method, url] = route.split(' ')
      expect(p.t.app.hasRoute({ method: method, url }), route).toBe(true)
    }
  })

  it('refuses bad input with sentences', async () => {
    const cases: [object, string][] = [
      [{ url: 'not a url', eventTypes: ['product.created'] }, 'Enter a full URL'],
      [{ url: receiver.url, eventTypes: [] }, 'Choose at least one event'],
      [{ url: receiver.url, eventTypes: ['beer.poured'] }, 'Not an event type'],
      [{ url: 'ftp://example.com/hook', eventTypes: ['product.created'] }, 'must start with https://'],
      [{ url: 'https://user:pw@127.0.0.1/hook', eventTypes: ['product.created'] }, 'user name or password'],
    ]
    for (const [data, message] of cases) {
      const response = await p.call(
        a.Admin,
        'POST',
        '/api/webhook-endpoints',
        envelope({ id: crypto.randomUUID(), description: '', ...data }),
      )
      expect(response.statusCode, JSON.stringify(data)).toBe(400)
      expect(response.body).toContain(message)
    }
  })
})
