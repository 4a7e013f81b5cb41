import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config.ts'
import { openToken, sealToken } from './token-crypto.ts'

const QUICKBOOKS = {
  QUICKBOOKS_CLIENT_ID: 'ABc123',
  QUICKBOOKS_CLIENT_SECRET: 'secret',
  QUICKBOOKS_REDIRECT_URI: 'https://brew.example/secure/settings/integrations/callback/quickbooks',
  QUICKBOOKS_ENVIRONMENT: 'sandbox',
}
const KEY = { ACCOUNTING_TOKEN_KEY: '0f'.repeat(32) }

describe('accounting configuration', () => {
  it('is off without the variables', () => {
    expect(loadConfig({}).accounting).toEqual({ quickbooks: null, xero: null, tokenKey: null })
  })

  it('turns QuickBooks on with all four variables and the token key', () => {
    const { accounting } = loadConfig({ ...QUICKBOOKS, ...KEY })
    expect(accounting.quickbooks).toMatchObject({ clientId: 'ABc123', environment: 'sandbox' })
    expect(accounting.xero).toBeNull()
    expect(accounting.tokenKey?.length).toBe(32)
  })

  it('names what a partial set lacks', () => {
    expect(() => loadConfig({ QUICKBOOKS_CLIENT_ID: 'x', ...KEY })).toThrow(
      /QUICKBOOKS_CLIENT_SECRET: is required[\s\S]*QUICKBOOKS_REDIRECT_URI: is required[\s\S]*QUICKBOOKS_ENVIRONMENT: is required/,
    )
    expect(() => loadConfig({ XERO_CLIENT_ID: 'x', XERO_CLIENT_SECRET: 'y', ...KEY })).toThrow(
      /XERO_REDIRECT_URI: is required when another XERO_\* variable is set/,
    )
    expect(() => loadConfig({ ...QUICKBOOKS })).toThrow(/ACCOUNTING_TOKEN_KEY: is required/)
    // A webhook secret without its app: nothing would read it.
    expect(() => loadConfig({ QUICKBOOKS_WEBHOOK_VERIFIER: 'verifier-token' })).toThrow(
      /QUICKBOOKS_WEBHOOK_VERIFIER: is set but QuickBooks is not/,
    )
    expect(() => loadConfig({ XERO_WEBHOOK_KEY: 'webhook-key-123' })).toThrow(
      /XERO_WEBHOOK_KEY: is set but Xero is not/,
    )
    expect(
      loadConfig({ ...QUICKBOOKS, ...KEY, QUICKBOOKS_WEBHOOK_VERIFIER: 'verifier-token' }).accounting
        .quickbooks,
    ).toMatchObject({ webhookVerifier: 'verifier-token' })
  })

  it('refuses bad values with the variable named', () => {
    expect(() => loadConfig({ ...QUICKBOOKS, ...KEY, QUICKBOOKS_ENVIRONMENT: 'live' })).toThrow(
      /QUICKBOOKS_ENVIRONMENT: must be sandbox or production/,
    )
    expect(() => loadConfig({ ...QUICKBOOKS, ACCOUNTING_TOKEN_KEY: 'short' })).toThrow(
      /ACCOUNTING_TOKEN_KEY: must be 64 hexadecimal characters/,
    )
    expect(() => loadConfig({ ...QUICKBOOKS, ...KEY, QUICKBOOKS_REDIRECT_URI: 'not a url' })).toThrow(
      ConfigError,
    )
  })

  it('seals tokens with AES-256-GCM: opened with the key, refused when altered or with another key', () => {
    const key = Buffer.alloc(32, 7)
    const sealed = sealToken(key, 'access-token-value')
    expect(sealed).not.toContain('access-token-value')
    expect(sealToken(key, 'access-token-value')).not.toBe(sealed)
    expect(openToken(key, sealed)).toBe('access-token-value')
    expect(() => openToken(Buffer.alloc(32, 8), sealed)).toThrow()
    const [v, iv, tag, body] = sealed.split('.')
    const flipped = `${v}.${iv}.${tag}.${body.slice(0, -2)}${body.endsWith('A') ? 'B' : 'A'}${body.slice(-1)}`
    expect(() => openToken(key, flipped)).toThrow()
  })
})
