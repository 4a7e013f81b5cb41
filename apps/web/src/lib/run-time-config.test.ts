import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppConfigSchema } from '@brewcommand/domain'
import { loadRunTimeConfig, parseAppConfig, STORED_CONFIG_KEY } from './run-time-config.ts'

const VALID = {
  publicUrl: 'https://brew.example',
  environment: 'production',
  oidc: { issuer: 'https://brew.example/idp', clientId: 'web', audience: 'api', builtIn: true },
  payments: { mode: 'stripe', publishableKey: 'pk_test_1' },
  plans: [
    { id: 'monthly', priceId: 'price_1' },
    { id: 'annual', priceId: 'price_2' },
  ],
}

describe('parseAppConfig', () => {
  it('reads what AppConfigSchema reads, dropping unknown keys', () => {
    const sent = { ...VALID, extra: 1, oidc: { ...VALID.oidc, more: 'x' } }
    expect(parseAppConfig(sent)).toEqual(AppConfigSchema.parse(sent))
    const test = { ...VALID, payments: { mode: 'test', publishableKey: null }, plans: [] }
    expect(parseAppConfig(test)).toEqual(AppConfigSchema.parse(test))
  })

  it.each([
    ['no object', null, 'data'],
    ['a missing field', { ...VALID, publicUrl: undefined }, 'publicUrl'],
    ['an unknown environment', { ...VALID, environment: 'staging' }, 'environment'],
    ['oidc.builtIn not a boolean', { ...VALID, oidc: { ...VALID.oidc, builtIn: 'yes' } }, 'oidc.builtIn'],
    [
      'a number for a key',
      { ...VALID, payments: { mode: 'test', publishableKey: 1 } },
      'payments.publishableKey',
    ],
    ['an unknown plan', { ...VALID, plans: [{ id: 'weekly', priceId: 'p' }] }, 'plans.0.id'],
    ['plans not a list', { ...VALID, plans: {} }, 'plans'],
  ])('refuses %s, as the schema does, naming the field', (_case, sent, field) => {
    expect(AppConfigSchema.safeParse(sent).success).toBe(false)
    expect(() => parseAppConfig(sent)).toThrow(field)
  })
})

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
    await expect(loadRunTimeConfig()).rejects.toThrow('Could not reach the server')
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify({ ...CONFIG, oidc: null }))
    await expect(loadRunTimeConfig()).rejects.toThrow('Could not reach the server')
    localStorage.setItem(STORED_CONFIG_KEY, '{not json')
    await expect(loadRunTimeConfig()).rejects.toThrow('Could not reach the server')
  })

  it('does not hide a server error behind the kept copy', async () => {
    localStorage.setItem(STORED_CONFIG_KEY, JSON.stringify(CONFIG))
    vi.stubGlobal('fetch', answer(500, { error: { code: 'INTERNAL', message: 'Broken' } }))
    await expect(loadRunTimeConfig()).rejects.toThrow('answered 500')
  })
})
