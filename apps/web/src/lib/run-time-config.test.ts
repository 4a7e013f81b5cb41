import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client.ts'
import { loadRunTimeConfig, STORED_CONFIG_KEY } from './run-time-config.ts'

const CONFIG = {
  publicUrl: 'http://localhost:3000',
  environment: 'test',
  oidc: { issuer: 'http://localhost:3000/idp', clientId: 'web', audience: 'api', builtIn: true },
  payments: { mode: 'test', publishableKey: null },
  plans: [{ id: 'monthly', priceId: 'price_monthly' }],
} as const

const answer = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  )

describe('loadRunTimeConfig', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it('returns the server settings and keeps a copy for starting offline', async () => {
    vi.stubGlobal('fetch', answer(200, { data: CONFIG }))
    await expect(loadRunTimeConfig()).resolves.toEqual(CONFIG)
    expect(JSON.parse(localStorage.getItem(STORED_CONFIG_KEY)!)).toEqual(CONFIG)
  })

  it('starts from the kept copy when the server cannot be reached', async () => {
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify(CONFIG))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(loadRunTimeConfig()).resolves.toEqual(CONFIG)
  })

  it('fails offline without a copy, or with a copy that is not valid settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    await expect(loadRunTimeConfig()).rejects.toBeInstanceOf(ApiError)
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify({ ...CONFIG, oidc: null }))
    await expect(loadRunTimeConfig()).rejects.toMatchObject({ status: 0 })
    localStorage.setItem(STORED_CONFIG_KEY, '{not json')
    await expect(loadRunTimeConfig()).rejects.toMatchObject({ status: 0 })
  })

  it('does not hide a server error behind the kept copy', async () => {
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify(CONFIG))
    vi.stubGlobal('fetch', answer(500, { error: { code: 'INTERNAL', message: 'Broken' } }))
    await expect(loadRunTimeConfig()).rejects.toMatchObject({ status: 500 })
  })
})
