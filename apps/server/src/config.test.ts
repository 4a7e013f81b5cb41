import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, configTableMarkdown, loadConfig } from './config.ts'

describe('loadConfig', () => {
  it('works with no environment at all (the embedded set-up)', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/data$/)
    expect(config.contactsRateLimitPerMinute).toBe(10)
  })

  it('derives PUBLIC_URL from PORT and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100')
    expect(loadConfig({ PUBLIC_URL: 'https://brew.example.com/' }).publicUrl).toBe('https://brew.example.com')
  })

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000)
  })

  it('uses the built-in identity provider unless OIDC_ISSUER names another one', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://brew.example.com' }).oidc).toEqual({
      issuer: 'https://brew.example.com/idp',
      clientId: 'brewcommand-web',
      audience: 'https://brew.example.com/api',
      isBuiltIn: true,
    })
    // The built-in issuer has no trailing slash, however it is written.
    expect(
      loadConfig({ PUBLIC_URL: 'https://brew.example.com', OIDC_ISSUER: 'https://brew.example.com/idp/' })
        .oidc,
    ).toMatchObject({ issuer: 'https://brew.example.com/idp', isBuiltIn: true })
    // An external issuer is kept exactly (Auth0's ends with a slash, and `iss` must match it).
    expect(
      loadConfig({
        OIDC_ISSUER: 'https://brewery.eu.auth0.com/',
        OIDC_CLIENT_ID: 'abc123',
        OIDC_AUDIENCE: 'https://api.brew.example.com',
      }).oidc,
    ).toEqual({
      issuer: 'https://brewery.eu.auth0.com/',
      clientId: 'abc123',
      audience: 'https://api.brew.example.com',
      isBuiltIn: false,
    })
  })

  it('reads the sign-in limits of the built-in provider', () => {
    expect(loadConfig({}).signInLimits).toEqual({
      maxFailuresPerAddress: 20,
      maxFailuresPerAccount: 5,
      maxFailuresPerAccountTotal: 50,
      maxAccountRequestsPerAddress: 10,
      windowMs: 15 * 60_000,
    })
    expect(
      loadConfig({
        SIGN_IN_MAX_FAILURES_PER_ADDRESS: '100',
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT_TOTAL: '30',
        SIGN_UP_MAX_PER_ADDRESS: '4',
        SIGN_IN_WINDOW_MINUTES: '60',
      }).signInLimits,
    ).toEqual({
      maxFailuresPerAddress: 100,
      maxFailuresPerAccount: 3,
      maxFailuresPerAccountTotal: 30,
      maxAccountRequestsPerAddress: 4,
      windowMs: 60 * 60_000,
    })
  })

  it('reads TRUST_PROXY as false, a hop count or a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'fd00::/8',
    ])
  })

  it.each([
    ['true', /TRUST_PROXY: true would trust every X-Forwarded-For hop/],
    ['11', /TRUST_PROXY: must be at most 10 proxy hops/],
    ['10.0.0.0/33', /TRUST_PROXY: must be false, a number .* not an address: "10.0.0.0\/33"/],
    ['loadbalancer.local', /not an address: "loadbalancer.local"/],
    ['10.0.0.1,', /not an address: ""/],
  ])('refuses TRUST_PROXY=%s with a clear start-up message', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ BODY_LIMIT_BYTES: '-1' }, 'BODY_LIMIT_BYTES'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ OIDC_ISSUER: 'not a url' }, 'OIDC_ISSUER'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '0' }, 'SIGN_IN_MAX_FAILURES_PER_ACCOUNT'],
    [{ SIGN_UP_MAX_PER_ADDRESS: '0' }, 'SIGN_UP_MAX_PER_ADDRESS'],
    [{ SIGN_IN_WINDOW_MINUTES: '2000' }, 'SIGN_IN_WINDOW_MINUTES'],
    [{ WEBHOOK_SECRET_KEY: 'too-short' }, 'WEBHOOK_SECRET_KEY'],
    [{ WEBHOOKS_ALLOW_PRIVATE: 'yes' }, 'WEBHOOKS_ALLOW_PRIVATE'],
    [{ WEBHOOKS_ALLOW_HTTP: 'sometimes' }, 'WEBHOOKS_ALLOW_HTTP'],
    [{ WEBHOOK_RETRY_SCHEDULE_SECONDS: '5, 5 min' }, 'WEBHOOK_RETRY_SCHEDULE_SECONDS'],
  ])('refuses %j, naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n {2}${name}: `))
  })

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT: .*\n {2}LOG_LEVEL: /s)
  })
})

describe('the webhook settings (ADR 282)', () => {
  it('reads WEBHOOK_SECRET_KEY as 32 bytes, or derives a stable key from the database when unset', () => {
    const key = 'ab'.repeat(32)
    expect(loadConfig({ WEBHOOK_SECRET_KEY: key }).webhooks).toMatchObject({
      secretKey: Buffer.from(key, 'hex'),
      secretKeyDerived: false,
      allowPrivate: false,
      retryDelaysSeconds: [5, 300, 1800, 7200, 18_000, 36_000, 36_000],
    })
    const derived = loadConfig({ DATA_DIR: '/tmp/a' }).webhooks
    expect(derived.secretKeyDerived).toBe(true)
    expect(derived.secretKey).toHaveLength(32)
    expect(loadConfig({ DATA_DIR: '/tmp/a' }).webhooks.secretKey).toEqual(derived.secretKey)
    expect(loadConfig({ DATA_DIR: '/tmp/b' }).webhooks.secretKey).not.toEqual(derived.secretKey)
  })

  it('reads the retry schedule and the address switches', () => {
    expect(
      loadConfig({
        WEBHOOK_RETRY_SCHEDULE_SECONDS: '1,2',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOKS_ALLOW_HTTP: '1',
      }).webhooks,
    ).toMatchObject({ retryDelaysSeconds: [1, 2], allowPrivate: true, allowHttp: true })
  })
})

describe('the README', () => {
  it('carries the configuration table generated from the code', () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8')
    expect(readme).toContain(configTableMarkdown())
  })
})
