import { AppConfigSchema } from '@brewcommand/domain'
import { parseAppConfig } from './run-time-config.ts'

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
