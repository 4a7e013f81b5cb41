import { describe, expect, it } from 'vitest'
import {
  expiryIsCurrent,
  passesLuhn,
  TEST_CARD_DECLINED,
  TEST_CARD_PAID,
  TestCardSchema,
} from './test-card.ts'

const valid = { number: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' }

describe('passesLuhn', () => {
  it.each([
    [TEST_CARD_PAID, true],
    [TEST_CARD_DECLINED, true],
    ['4242424242424241', false],
    ['79927398713', true],
    ['', false],
    ['4242x42424242424', false],
  ])('%s → %s', (digits, expected) => {
    expect(passesLuhn(digits)).toBe(expected)
  })
})

describe('expiryIsCurrent', () => {
  const now = new Date('2026-11-23T00:00:00Z')
  it.each([
    ['11/26', true],
    ['12 / 26', true],
    ['10/26', false],
    ['01/27', true],
    ['13/27', false],
    ['00/27', false],
    ['1127', false],
  ])('%s → %s', (expiry, expected) => {
    expect(expiryIsCurrent(expiry, now)).toBe(expected)
  })
})

describe('TestCardSchema', () => {
  it('accepts the test card with spaces and keeps only its digits', () => {
    expect(TestCardSchema.parse(valid).number).toBe(TEST_CARD_PAID)
  })

  it.each([
    [{ number: '' }, 'number', 'Enter your card number.'],
    [{ number: '4242 4242' }, 'number', 'Your card number is incomplete.'],
    [{ number: '4242 4242 4242 4241' }, 'number', 'Your card number is invalid.'],
    [{ expiry: '' }, 'expiry', 'Enter the expiry date.'],
    [{ expiry: '13/30' }, 'expiry', 'Your card’s expiry date is invalid.'],
    [{ expiry: '01/20' }, 'expiry', 'Your card’s expiry date is in the past.'],
    [{ cvc: '12' }, 'cvc', 'Your card’s security code is incomplete.'],
    [{ name: ' ' }, 'name', 'Enter the name on the card.'],
  ])('refuses %j with its message', (override, field, message) => {
    const result = TestCardSchema.safeParse({ ...valid, ...override })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })])
  })
})
