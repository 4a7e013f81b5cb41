// API keys (issue 39, ADR 281), driven with a key only: a read-only key reads and is refused a write naming the
// scope, a write key writes, a revoked key is a 401 at once, a key of one brewery sees nothing of another's,
// no key reaches the people-only routes, every use is in the audit list, and the secret is stored only hashed
// and shown once.
import { makeEnvelope, type ApiKey, type CreatedApiKey } from '@brewcommand/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiKeys, idempotencyRecords, users } from '../../db/schema/index.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { TEST_DATABASES } from '../../testing/test-app.ts'
import { hashOfSecret } from './api-keys.service.ts'

describe.each(TEST_DATABASES)('API keys on %s', (kind) => {
  let p: ProductionApp
  let a: Members
  let b: Members

  beforeAll(async () => {
    p = await startProductionApp(kind)
    a = await p.brewery()
    b = await p.brewery()
  })
  afterAll(async () => p.close())

  const newKey = async (members: Members, scopes: string[], extra: object = {}) => {
    const response = await p.write(members.Admin, 'POST', '/api/api-keys', 'api-key', {
      id: crypto.randomUUID(),
      name: `Key ${scopes.join(' ')}`,
      scopes,
      expiresOn: null,
      ...extra,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<{ data: CreatedApiKey }>().data
  }
  const withKey = (
    secret: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    p.t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': crypto.randomUUID() },
    })
  const productEnvelope = () =>
    makeEnvelope('product', { id: crypto.randomUUID(), name: 'Key Pale', description: '', recipes: [] })

  it('shows the secret once, stores only its hash, and a replay answers without it', async () => {
    const id = crypto.randomUUID()
    const envelope = makeEnvelope('api-key', { id, name: 'POS', scopes: ['products:read'], expiresOn: null })
    const first = await p.call(a.Admin, 'POST', '/api/api-keys', envelope)
    const { secret } = first.json<{ data: CreatedApiKey }>().data
    expect(secret).toMatch(/^bck_[A-Za-z0-9_-]{43}$/)
    const [row] = await p.testDb.db.select().from(apiKeys).where(eq(apiKeys.id, id))
    expect(row.secretHash).toBe(hashOfSecret(secret!))
    expect(JSON.stringify(row)).not.toContain(secret!.slice(4))
    const stored = await p.testDb.db.select().from(idempotencyRecords)
    expect(JSON.stringify(stored)).not.toContain(secret!.slice(4))
    const replay = await p.call(a.Admin, 'POST', '/api/api-keys', envelope)
    expect(replay.statusCode).toBe(201)
    expect(replay.json<{ data: CreatedApiKey }>().data.secret).toBeUndefined()
  })

  it('a read-only key reads products and is refused a write, naming the scope', async () => {
    const { secret } = await newKey(a, ['products:read'])
    const read = await withKey(secret!, 'GET', '/api/products')
    expect(read.statusCode, read.body).toBe(200)
    const write = await withKey(secret!, 'POST', '/api/products', productEnvelope())
    expect(write.statusCode).toBe(403)
    expect(write.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'This API key lacks the scope products:write.' },
    })
    const other = await withKey(secret!, 'GET', '/api/inventory/items')
    expect(other.statusCode).toBe(403)
    expect(other.json<{ error: { message: string } }>().error.message).toContain('inventory:read')
  })

  it('a write key creates a product, recorded under the Admin who made the key', async () => {
    const { secret } = await newKey(a, ['products:write'])
    const envelope = productEnvelope()
    const response = await withKey(secret!, 'POST', '/api/products', envelope)
    expect(response.statusCode, response.body).toBe(201)
    const list = await p.call(a.Manager, 'GET', '/api/products')
    expect(list.json<{ data: { id: string }[] }>().data.map((x) => x.id)).toContain(envelope.data.id)
  })

  it('sends the standard RateLimit headers with every answer to a key', async () => {
    const { secret } = await newKey(a, ['inventory:read', 'products:read'])
    const response = await withKey(secret!, 'GET', '/api/inventory/items')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['ratelimit-limit']).toBe('600')
    expect(Number(response.headers['ratelimit-remaining'])).toBe(599)
    expect(response.headers['ratelimit-reset']).toBeDefined()
    // The product list is served from the brewery's cache, precompressed: the headers are there too.
    const cached = await withKey(secret!, 'GET', '/api/products')
    expect(cached.headers['ratelimit-remaining']).toBe('598')
  })

  it('a revoked key is refused at once', async () => {
    const key = await newKey(a, ['products:read'])
    expect((await withKey(key.secret!, 'GET', '/api/products')).statusCode).toBe(200)
    const revoke = await p.write(a.Admin, 'POST', `/api/api-keys/${key.id}/revoke`, 'api-key', {})
    expect(revoke.statusCode, revoke.body).toBe(200)
    expect(revoke.json<{ data: ApiKey }>().data.revokedAt).not.toBeNull()
    const after = await withKey(key.secret!, 'GET', '/api/products')
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Invalid, expired or revoked API key' },
    })
  })

  it('an unknown key and an expired one are 401s', async () => {
    const unknown = await withKey(`bck_${'x'.repeat(43)}`, 'GET', '/api/products')
    expect(unknown.statusCode).toBe(401)
    const key = await newKey(a, ['products:read'])
    await p.testDb.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id))
    expect((await withKey(key.secret!, 'GET', '/api/products')).statusCode).toBe(401)
  })

  it('a key stops when the Admin who made it leaves the brewery', async () => {
    const admin = crypto.randomUUID()
    await p.testDb.db
      .insert(users)
      .values({ idpIdentifier: admin, entityId: a.entityId, role: 'Admin', email: `${admin}@example.com` })
    const made = await p.write(admin, 'POST', '/api/api-keys', 'api-key', {
      id: crypto.randomUUID(),
      name: 'Leaver',
      scopes: ['products:read'],
      expiresOn: null,
    })
    const { secret } = made.json<{ data: CreatedApiKey }>().data
    expect((await withKey(secret!, 'GET', '/api/products')).statusCode).toBe(200)
    await p.testDb.db.update(users).set({ entityId: null }).where(eq(users.idpIdentifier, admin))
    expect((await withKey(secret!, 'GET', '/api/products')).statusCode).toBe(401)
  })

  it("a key of one brewery sees none of another's data", async () => {
    const theirs = await p.product(b)
    const { secret } = await newKey(a, ['products:read', 'products:write'])
    const read = await withKey(secret!, 'GET', `/api/products/${theirs.id}`)
    expect(read.statusCode).toBe(404)
    const list = await withKey(secret!, 'GET', '/api/products')
    expect(list.json<{ data: { id: string }[] }>().data.map((x) => x.id)).not.toContain(theirs.id)
  })

  it('never reaches the people-only routes: team, billing, bootstrap, the keys themselves', async () => {
    const { secret } = await newKey(a, [
      'products:write',
      'production:write',
      'inventory:write',
      'sales:write',
      'reports:write',
    ])
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['GET', '/api/users/bootstrap'],
      ['GET', `/api/entities/${a.entityId}/users`],
      ['GET', '/api/billing'],
    ] as const) {
      const response = await withKey(secret!, method, url)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(response.json<{ error: { message: string } }>().error.message).toContain('API keys cannot')
    }
  })

  it('an Admin-only action is refused to a key with a sentence, though its scope matches', async () => {
    const { secret } = await newKey(a, ['production:write'])
    const response = await withKey(
      secret!,
      'POST',
      '/api/equipment/vessels',
      makeEnvelope('vessel', {
        id: crypto.randomUUID(),
        name: 'FV9',
        kind: 'fermenter',
        capacityBbl: 10,
        workingCapacityBbl: 9,
        state: 'clean',
      }),
    )
    expect(response.statusCode, response.body).toBe(403)
    expect(response.json<{ error: { message: string } }>().error.message).toBe(
      'An API key may not do this: it needs an Admin signed in.',
    )
  })

  it('lists every use for an Admin, with key, route, status and address; others may not read it', async () => {
    const key = await newKey(a, ['products:read'])
    await withKey(key.secret!, 'GET', '/api/products')
    await withKey(key.secret!, 'POST', '/api/products', productEnvelope())
    // A use is written after its response has gone (the onResponse hook), so the list catches up a moment later.
    const usesOfKey = async () =>
      (await p.call(a.Admin, 'GET', '/api/api-keys/uses'))
        .json<{ data: { keyId: string; method: string; route: string; status: number; address: string }[] }>()
        .data.filter((use) => use.keyId === key.id)
    await expect.poll(async () => (await usesOfKey()).length).toBe(2)
    const mine = await usesOfKey()
    expect(mine.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: 'POST', route: '/api/products', status: 403 },
      { method: 'GET', route: '/api/products', status: 200 },
    ])
    expect(mine[0].address).toBe('127.0.0.1')
    const list = await p.call(a.Admin, 'GET', '/api/api-keys')
    const listed = list.json<{ data: ApiKey[] }>().data.find((k) => k.id === key.id)!
    expect(listed.lastUsedAt).not.toBeNull()
    expect(listed.hint).toBe(key.secret!.slice(0, 10))
    expect(JSON.stringify(list.json())).not.toContain(key.secret!.slice(10))
    expect((await p.call(a.Manager, 'GET', '/api/api-keys/uses')).statusCode).toBe(403)
    expect((await p.call(b.Admin, 'GET', '/api/api-keys/uses')).json<{ data: unknown[] }>().data).toEqual([])
  })

  it('refuses bad input with the field named', async () => {
    const response = await p.write(a.Admin, 'POST', '/api/api-keys', 'api-key', {
      id: crypto.randomUUID(),
      name: ' ',
      scopes: ['products:admin'],
      expiresOn: '2001-01-01',
    })
    expect(response.statusCode).toBe(400)
    const paths = response.json<{ error: { issues: { path: string }[] } }>().error.issues.map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['data.name', 'data.scopes.0']))
    const past = await p.write(a.Admin, 'POST', '/api/api-keys', 'api-key', {
      id: crypto.randomUUID(),
      name: 'Old',
      scopes: ['products:read'],
      expiresOn: '2001-01-01',
    })
    expect(past.statusCode).toBe(400)
    expect(past.json<{ error: { message: string } }>().error.message).toBe(
      'Choose an expiry date after today.',
    )
  })
})
