import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { startProductionApp, type Members, type ProductionApp } from '../../testing/production-harness.ts'
import { quickbooksEndpointsAt, xeroEndpointsAt } from './connection.service.ts'
import {
  FAKE_QUICKBOOKS_CLIENT,
  startFakeQuickBooks,
  type FakeQuickBooks,
} from './testing/fake-quickbooks.ts'

// What Settings → Integrations needs beside ADR 310's routes (ADR 360): Sync now (`POST /api/accounting/sync`, the
// brewery's sweep at once), and QUICKBOOKS_BASE_URL / XERO_BASE_URL, which point the adapters at one origin answering
// the providers' paths (the local fakes the journeys run against). Here the server reaches the fake QuickBooks only
// through QUICKBOOKS_BASE_URL, as the e2e server does.

const QB_REDIRECT = 'http://localhost:3000/secure/settings/integrations/callback/quickbooks'
const QUICKBOOKS = {
  QUICKBOOKS_CLIENT_ID: FAKE_QUICKBOOKS_CLIENT.id,
  QUICKBOOKS_CLIENT_SECRET: FAKE_QUICKBOOKS_CLIENT.secret,
  QUICKBOOKS_REDIRECT_URI: QB_REDIRECT,
  QUICKBOOKS_ENVIRONMENT: 'sandbox',
  ACCOUNTING_TOKEN_KEY: 'cd'.repeat(32),
}

describe('the providers’ base URLs', () => {
  it('put every path of Intuit and Xero on the one origin given', () => {
    expect(quickbooksEndpointsAt('http://127.0.0.1:4001/')).toEqual({
      authorize: 'http://127.0.0.1:4001/connect/oauth2',
      token: 'http://127.0.0.1:4001/oauth2/v1/tokens/bearer',
      revoke: 'http://127.0.0.1:4001/v2/oauth2/tokens/revoke',
      api: 'http://127.0.0.1:4001',
    })
    expect(xeroEndpointsAt('http://127.0.0.1:4002')).toEqual({
      authorize: 'http://127.0.0.1:4002/identity/connect/authorize',
      token: 'http://127.0.0.1:4002/connect/token',
      revoke: 'http://127.0.0.1:4002/connect/revocation',
      connections: 'http://127.0.0.1:4002/connections',
      api: 'http://127.0.0.1:4002/api.xro/2.0',
    })
  })

  it('are read from the configuration, and a bad one is refused with the variable named', () => {
    expect(
      loadConfig({ ...QUICKBOOKS, QUICKBOOKS_BASE_URL: 'http://127.0.0.1:4001' }).accounting.quickbooks,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4001' })
    expect(loadConfig({ ...QUICKBOOKS }).accounting.quickbooks?.baseUrl).toBeUndefined()
    expect(() => loadConfig({ ...QUICKBOOKS, QUICKBOOKS_BASE_URL: 'not a url' })).toThrow(
      /QUICKBOOKS_BASE_URL: must be an http\(s\) URL/,
    )
    expect(() => loadConfig({ XERO_BASE_URL: 'ftp://fake' })).toThrow(
      /XERO_BASE_URL: must be an http\(s\) URL/,
    )
  })
})

describe('Sync now', () => {
  let app: ProductionApp
  let fake: FakeQuickBooks
  let members: Members

  beforeAll(async () => {
    fake = await startFakeQuickBooks({ redirectUri: QB_REDIRECT })
    app = await startProductionApp('pglite', { ...QUICKBOOKS, QUICKBOOKS_BASE_URL: fake.url })
    members = await app.brewery()
  })
  afterAll(async () => {
    await app?.close()
    await fake?.close()
  })

  it('is refused to a Manager and a Brewer (Admins only)', async () => {
    for (const sub of [members.Manager, members.Brewer])
      expect((await app.call(sub, 'POST', '/api/accounting/sync')).statusCode).toBe(403)
  })

  it('says so when the brewery is not connected', async () => {
    const refused = await app.call(members.Admin, 'POST', '/api/accounting/sync')
    expect(refused.statusCode).toBe(409)
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'The brewery is not connected to an accounting system; connect QuickBooks Online or Xero first.',
    )
  })

  it('queues the sweep once connected (through QUICKBOOKS_BASE_URL to the fake)', async () => {
    const started = await app.call(members.Admin, 'POST', '/api/accounting/connect/quickbooks')
    expect(started.statusCode, started.body).toBe(200)
    const authorizeUrl = started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl
    expect(authorizeUrl.startsWith(`${fake.url}/connect/oauth2?`)).toBe(true)
    const back = new URL((await fetch(authorizeUrl, { redirect: 'manual' })).headers.get('location')!)
    const finished = await app.call(members.Admin, 'POST', '/api/accounting/callback', {
      provider: 'quickbooks',
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      realmId: back.searchParams.get('realmId'),
    })
    expect(finished.statusCode, finished.body).toBe(200)
    const synced = await app.call(members.Admin, 'POST', '/api/accounting/sync')
    expect(synced.statusCode, synced.body).toBe(202)
    expect(synced.json()).toEqual({ data: { queued: true } })
  })
})
