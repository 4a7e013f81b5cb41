import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.ts'
import { STRIPE_ENV } from '../testing/stripe.ts'

describe('Stripe configuration', () => {
  it('is off without any STRIPE_* variable (the built-in test checkout)', () => {
    expect(loadConfig({}).stripe).toBeNull()
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeNull()
  })

  it('is on with all five', () => {
    expect(loadConfig(STRIPE_ENV).stripe).toEqual({
      secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
      publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY,
      priceMonthly: STRIPE_ENV.STRIPE_PRICE_MONTHLY,
      priceAnnual: STRIPE_ENV.STRIPE_PRICE_ANNUAL,
      webhookSecret: STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
    })
  })

  it.each(Object.keys(STRIPE_ENV))(
    'refuses to start without %s when the others are set, naming it',
    (name) => {
      const env: Record<string, string> = { ...STRIPE_ENV }
      delete env[name]
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: is required`))
    },
  )

  it('names every missing variable of a partial set', () => {
    let message = ''
    try {
      loadConfig({ STRIPE_SECRET_KEY: STRIPE_ENV.STRIPE_SECRET_KEY })
    } catch (error) {
      message = (error as Error).message
    }
    for (const name of [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_ANNUAL',
      'STRIPE_WEBHOOK_SECRET',
    ])
      expect(message).toContain(`${name}: is required`)
    expect(message).not.toContain('STRIPE_SECRET_KEY:')
  })

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_wrongkind'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_test_secret'],
    ['STRIPE_PRICE_MONTHLY', 'prod_123'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
  ])('refuses a malformed %s, naming it', (name, value) => {
    expect(() => loadConfig({ ...STRIPE_ENV, [name]: value })).toThrow(new RegExp(`${name}: must be`))
  })

  it('refuses the same price for both plans, and keys of different modes', () => {
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_PRICE_ANNUAL: STRIPE_ENV.STRIPE_PRICE_MONTHLY })).toThrow(
      /STRIPE_PRICE_ANNUAL: must differ/,
    )
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be of the same mode/,
    )
  })
})
